// The sandbox (src/sandbox/pool.ts) and the PDF limits checked before expansion (src/pdf/syntax/limits.ts), on
// real sandbox processes and real pdf-lib: a task past its time limit fails alone, is counted in
// folio_sandbox_tasks_killed_total by kind and task, and the pool goes on; accounts take the threads in turn;
// joined PDFs that claim too much are refused with the limit named.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import { Metrics } from '../../src/observability/metrics.js';
import { isPdfError } from '../../src/pdf/errors.js';
import { DEFAULT_PDF_LIMITS, scanPdf } from '../../src/pdf/syntax/limits.js';
import { postProcessPdf } from '../../src/pdf/post-process.js';
import { isSandboxError, isSandboxLimit, SandboxPool } from '../../src/sandbox/pool.js';
import { contentStreamBomb, objectStreamBomb, pageTreeBomb, pdfFromObjects } from '../helpers/hostile-pdfs.js';

async function plainPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]).drawText(`page ${i + 1}`);
  return Buffer.from(await doc.save());
}

describe('PDF limits before expansion', () => {
  test('each bomb is refused with its limit named; an ordinary PDF passes', async () => {
    const inspect = async (pdf: Buffer, maxPages = 5000) => {
      const { inspectJoinedPdf } = await import('../../src/pdf/checks.js');
      return inspectJoinedPdf(pdf, { ...DEFAULT_PDF_LIMITS, maxPages });
    };
    assert.match((await inspect(pageTreeBomb(27))).problem!, /lists object \d+ more than once/);
    assert.match((await inspect(objectStreamBomb(64))).problem!, /object stream \(object 4\) that inflates to more than 16 MiB/);
    assert.match((await inspect(contentStreamBomb(3))).problem!, /stream \(object 4\) that inflates to more than 128 MiB/);
    assert.deepEqual(await inspect(await plainPdf(3)), { problem: null, pages: 3 });
    assert.match((await inspect(await plainPdf(3), 2)).problem!, /more than 2 pages/);
    // A deep tree of single children: depth is its own limit.
    const deep = ['<< /Type /Catalog /Pages 2 0 R >>'];
    for (let l = 0; l < 40; l++) deep.push(`<< /Type /Pages /Kids [${l + 3} 0 R] /Count 1 >>`);
    deep.push('<< /Type /Page /MediaBox [0 0 10 10] >>');
    assert.match((await inspect(pdfFromObjects(deep))).problem!, /deeper than 32 levels/);
  });

  test('the document total: many streams each under the stream limit pass the document limit', () => {
    assert.throws(
      () =>
        scanPdf(contentStreamBomb(2), {
          ...DEFAULT_PDF_LIMITS,
          maxStreamBytes: 300 * 1024 * 1024,
          maxDecompressedBytes: 400 * 1024 * 1024,
        }),
      (err: unknown) => isPdfError(err, 'limit') && err.limit === 'maxDecompressedBytes',
    );
    assert.throws(
      () => scanPdf(contentStreamBomb(1), { ...DEFAULT_PDF_LIMITS, maxObjects: 3 }),
      (err: unknown) => isPdfError(err, 'limit') && err.limit === 'maxObjects',
    );
  });

  test('post-processing refuses a joined PDF over the pages the whole document may have', async () => {
    const printed = await plainPdf(2);
    const req = { standard: 'none' as const, metadata: {}, attachments: [], producer: 'Folio test', date: new Date(0) };
    await assert.rejects(
      postProcessPdf(printed, { ...req, append: [await plainPdf(4)], limits: { maxPages: 5 } }),
      (err: unknown) => isPdfError(err, 'limit') && err.limit === 'maxPages' && /^append\[0\] has more than 3 pages/.test(err.message),
    );
    await assert.rejects(
      postProcessPdf(printed, { ...req, prepend: [pageTreeBomb(17)] }),
      (err: unknown) => isPdfError(err, 'limit') && /^prepend\[0\] has a page tree that lists/.test(err.message),
    );
    const joined = await postProcessPdf(printed, { ...req, append: [await plainPdf(3)], limits: { maxPages: 5 } });
    assert.equal((await PDFDocument.load(joined)).getPageCount(), 5);
  });
});

describe('the sandbox pool', () => {
  const metrics = new Metrics();
  const pool = new SandboxPool({ threads: 1, memoryMb: 64, onKilled: (info) => metrics.sandboxTaskKilled(info) });
  after(() => pool.close());
  const killed = async (labels: { kind: string; task: string }) =>
    (await metrics.sandboxKills.get()).values.find((v) => v.labels.kind === labels.kind && v.labels.task === labels.task)?.value;
  const schema = (pattern: string) => JSON.stringify({ type: 'string', pattern });

  test('a task past its time is stopped (even inside a regular expression) and the next task runs', async () => {
    // A schema from before the RE2 rule (a lookahead) falls back to JavaScript's engine: only the time limit holds it.
    // 40 characters are 2^40 backtracking steps: the check never ends by itself, so an answer at all is the limit's.
    await assert.rejects(
      pool.run(
        'payload.check',
        { key: 'old', schemaJson: schema('^(?=a)(a+)+$'), valueJson: JSON.stringify('a'.repeat(40) + '!') },
        { account: 'h', timeoutMs: 300 },
      ),
      (err: unknown) => isSandboxError(err, 'time') && /longer than 300 ms/.test(err.message),
    );
    assert.equal(await killed({ kind: 'time', task: 'payload.check' }), 1);
    assert.equal(await killed({ kind: 'memory', task: 'payload.check' }), 0);
    assert.deepEqual(
      await pool.run('payload.check', { key: 'ok', schemaJson: schema('^a+$'), valueJson: '"aaa"' }, { account: 'b', timeoutMs: 5000 }),
      [],
    );
  });

  test('on RE2 the same pattern answers at once', async () => {
    // On JavaScript's engine 100,000 characters would never finish: the task would fail at its time limit
    // (a SandboxError of kind time) instead of answering with the mismatch.
    const problems = await pool.run(
      'payload.check',
      { key: 're2', schemaJson: schema('^(a+)+$'), valueJson: JSON.stringify('a'.repeat(100_000) + '!') },
      { account: 'h', timeoutMs: 5000 },
    );
    assert.equal(problems.length, 1);
    assert.match(
      (await pool.run('payload.compile', { schemaJson: schema('(a)\\1') }, { account: 'h', timeoutMs: 5000 }))!,
      /linear-time engine/,
    );
  });

  test('a task past its memory ends its own process; the server process and the pool go on', async () => {
    const rssBefore = process.memoryUsage.rss();
    // About four million small objects: far past the 64 MiB heap of the pool's process.
    const huge = '[' + new Array(4_000_000).fill('{"a":[1,2,3]}').join(',') + ']';
    await assert.rejects(
      pool.run('payload.check', { key: 'mem', schemaJson: '{"type":"array"}', valueJson: huge }, { account: 'h', timeoutMs: 60_000 }),
      (err: unknown) => isSandboxError(err, 'memory') && /64 MiB/.test(err.message),
    );
    assert.equal(await killed({ kind: 'memory', task: 'payload.check' }), 1);
    // The objects were built in the sandbox process: this one holds only the text it sent (~56 MB).
    assert.ok(process.memoryUsage.rss() - rssBefore < 200 * 1024 * 1024);
    assert.deepEqual(
      await pool.run('payload.check', { key: 'ok', schemaJson: schema('^a+$'), valueJson: '"aaa"' }, { account: 'b', timeoutMs: 5000 }),
      [],
    );
  });

  test("a process's start is not counted in its first task's time", async () => {
    // Starting Node and loading the PDF libraries (under tsx here: a second or more) is far longer than this
    // limit; scanning a one-page PDF takes a few ms. Only the task counts.
    const cold = new SandboxPool({ threads: 1, memoryMb: 256 });
    try {
      assert.equal(await cold.run('pdf.scan', { pdf: await plainPdf(1) }, { account: 'c', timeoutMs: 500 }), null);
    } finally {
      await cold.close();
    }
  });

  test('warm() starts one process ahead of the first task and keeps it in the pool', async () => {
    const own = new SandboxPool({ threads: 2, memoryMb: 256 });
    try {
      assert.equal(own.pids().length, 0, 'no process before warm()');
      own.warm();
      const warmed = own.pids();
      assert.equal(warmed.length, 1, 'warm() started one process');
      own.warm();
      assert.deepEqual(own.pids(), warmed, 'a second warm() starts nothing more');
      // The preload holds that process; a task arriving meanwhile takes a second one, and later tasks reuse both.
      assert.equal(await own.run('pdf.scan', { pdf: await plainPdf(1) }, { account: 'c', timeoutMs: 30_000 }), null);
      assert.ok(own.pids().includes(warmed[0]), 'the warmed process is still in the pool');
    } finally {
      await own.close();
    }
  });

  test("a caller's deadline counts the wait for a process: the task gets only what is left of it", async () => {
    const catastrophic = { key: 'dl', schemaJson: schema('^(?=a)(a+)+$'), valueJson: JSON.stringify('a'.repeat(40) + '!') };
    // The one process is held until its task's 1.5 s limit; the second task's caller allows 1 s in all.
    const first = pool.run('payload.check', catastrophic, { account: 'h', timeoutMs: 1500 }).catch((e: unknown) => e);
    await assert.rejects(
      pool.run('payload.check', catastrophic, { account: 'b', timeoutMs: 5000, deadline: performance.now() + 1000 }),
      (err: unknown) => isSandboxError(err, 'time') && /caller's time limit/.test(err.message),
    );
    assert.ok(isSandboxLimit(await first));
  });

  test('close() ends every process of a pool and settles', async () => {
    const own = new SandboxPool({ threads: 2, memoryMb: 64 });
    await Promise.all([1, 2].map(() => own.run('payload.compile', { schemaJson: '{"type":"string"}' }, { account: 'c', timeoutMs: 5000 })));
    const pids = own.pids();
    assert.equal(pids.length, 2);
    await own.close();
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    assert.deepEqual(alive, [], 'every sandbox process has exited once close() settled');
  });

  test('a task that throws keeps its error, and the pool goes on', async () => {
    await assert.rejects(
      pool.run('payload.check', { key: 'bad', schemaJson: '{', valueJson: '1' }, { account: 'h', timeoutMs: 5000 }),
      (err: unknown) => isSandboxError(err, 'task') && err.errorName === 'SyntaxError',
    );
    assert.deepEqual(
      await pool.run('payload.check', { key: 'ok', schemaJson: schema('^a+$'), valueJson: '"aaa"' }, { account: 'b', timeoutMs: 5000 }),
      [],
    );
  });

  test("accounts take the thread in turn: B's task runs after one of H's, not after all of them", async () => {
    const order: string[] = [];
    const slow = (i: number) =>
      pool
        .run(
          'payload.check',
          { key: `s${i}`, schemaJson: schema('^(?=x)(a+)+$'), valueJson: JSON.stringify('a'.repeat(23) + '!') },
          { account: 'h', timeoutMs: 5000 },
        )
        .then(() => order.push(`h${i}`));
    const hs = [0, 1, 2, 3].map(slow);
    const b = pool
      .run('payload.check', { key: 'ok', schemaJson: schema('^a+$'), valueJson: '"a"' }, { account: 'b', timeoutMs: 5000 })
      .then(() => order.push('b'));
    await Promise.all([...hs, b]);
    assert.equal(order.indexOf('b'), 1, order.join(' '));
  });
});
