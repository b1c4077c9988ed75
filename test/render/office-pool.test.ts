// The LibreOffice pool with real LibreOffice: its sandbox (not root, no network at all), its limits (a
// conversion past its time limit is killed and its process replaced), turns between accounts (a second
// account's document converts while the first account's runs to its time limit), and replacement after N
// conversions. Documents are made by docx (test/helpers/office-documents.ts); PDFs read by poppler.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { OfficeError } from '../../src/office/converter.js';
import { OfficePool } from '../../src/office/office-pool.js';
import { processTree } from '../../src/render/process-memory.js';
import { withPdfFile } from '../helpers/pdf.js';
import { letterDocx, remoteReferencesDocx } from '../helpers/office-documents.js';
import { waitFor, waitUntil } from '../helpers/wait.js';

const pages = (pdf: Buffer) =>
  Number(/Pages:\s+(\d+)/.exec(withPdfFile(pdf, (f) => execFileSync('pdfinfo', [f], { encoding: 'utf8' })))![1]);

/** A CSV that LibreOffice takes seconds to lay out (about 5 s for 60,000 rows on this machine, more when it is loaded). */
const slowCsv = (rows = 60000) =>
  Buffer.from(Array.from({ length: rows }, (_, i) => `${i},alpha ${i},beta ${i},${i * 3.5},gamma delta epsilon ${i}`).join('\n'));

/** How long a conversion runs before its account no longer takes the last free process (the pool's default). */
const SLOW_MS = 2000;

/** A pool of one process that is replaced as soon as it dies (the crash tests' pool). */
const onePool = () =>
  new OfficePool({ size: 1, maxConversionsPerProcess: 5, memoryMb: 3072, user: 'folio-office', sofficePath: null, replaceAfterMs: 0 });

describe('the LibreOffice pool', () => {
  let pool: OfficePool;
  let letter: Buffer;
  const convert = (accountId: string, fileName: string, bytes: Buffer, timeoutMs = 30_000) =>
    pool.convert({ accountId, fileName, bytes, options: {}, timeoutMs, maxOutputBytes: null });
  /** Conversions the pool's processes have begun (a conversion counts on its process as it starts). */
  const begun = () => pool.processes().reduce((n, p) => n + p.conversions, 0);

  before(async () => {
    pool = new OfficePool({
      size: 2,
      maxConversionsPerProcess: 5,
      memoryMb: 3072,
      user: 'folio-office',
      sofficePath: null,
      slowMs: SLOW_MS,
    });
    assert.equal(pool.unavailableReason(), null, 'LibreOffice is installed by the set-up');
    letter = await letterDocx();
    // Both processes started before the tests time anything (as a server does at start).
    await pool.warm();
    assert.equal(pool.processes().length, 2);
  });
  after(() => pool.close());

  test('LibreOffice runs as an unprivileged user, and says what converted the document', async () => {
    const r = await convert('acct_a', 'letter.docx', letter);
    assert.equal(pages(r.pdf), 2);
    assert.equal(r.converter.name, 'LibreOffice');
    assert.match(r.converter.version, /^\d+\.\d+/);
    const procs = pool.processes();
    assert.ok(procs.length >= 1);
    for (const p of procs) assert.notEqual(p.uid, 0, 'the bridge and soffice do not run as root');
    // The processes themselves, as the kernel sees them: bubblewrap, which made the namespaces, waits for
    // them as Folio's user; every process it started runs as the office user.
    for (const p of procs) {
      const rows = execFileSync('ps', ['-o', 'uid=,comm=', '-g', String(p.pid)], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .map((line) => line.trim().split(/\s+/));
      const started = rows.filter(([, comm]) => comm !== 'bwrap');
      assert.ok(started.length >= 2, `the bridge and soffice in process group ${p.pid}: ${rows.join(' / ')}`);
      assert.ok(
        started.every(([uid]) => uid !== '0'),
        `process group ${p.pid}: ${rows.join(' / ')}`,
      );
    }
  });

  test('a document that references a local listener reaches nothing: no network at all', async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.end('x');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const r = await convert('acct_a', 'remote.docx', await remoteReferencesDocx(base));
      assert.equal(pages(r.pdf), 2, 'the document itself converts');
      // LibreOffice fetched what it would fetch while it converted: a request of the test's own, sent now,
      // arrives after any of those.
      await fetch(`${base}/after-the-conversion`).then((res) => res.arrayBuffer());
      assert.deepEqual(hits, ['GET /after-the-conversion'], 'the listener saw no request from LibreOffice');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  test("a conversion past its time limit is killed with office_timeout while another account's converts", async () => {
    // 120,000 rows take LibreOffice far longer than the 5 s limit (twice that on an idle machine): the
    // conversion ends only by being stopped, and the other account's letter, a second's work, ends before it.
    const ended: string[] = [];
    const before = begun();
    const slow = convert('acct_slow', 'big.csv', slowCsv(120000), 5000).then(
      () => assert.fail('the slow conversion should have been stopped'),
      (err: unknown) => (ended.push('slow'), err),
    );
    // Started while the slow one runs: it takes the other process.
    await waitUntil('the slow conversion to take a process', () => begun() > before);
    const quick = await convert('acct_quick', 'letter.docx', letter);
    ended.push('quick');
    assert.equal(pages(quick.pdf), 2);
    const err = await slow;
    assert.ok(err instanceof OfficeError, String(err));
    assert.equal(err.code, 'office_timeout');
    assert.match(
      err.message,
      /did not finish within the time limit; LibreOffice was stopped/,
      'stopped at its time limit, not at the end of the work',
    );
    assert.deepEqual(ended, ['quick', 'slow'], 'the second account finished first');
    // The killed process is replaced: the next conversion of the same account works.
    const again = await convert('acct_slow', 'letter.docx', letter);
    assert.equal(pages(again.pdf), 2);
  });

  test('an account whose conversion may hang leaves the last process to the others', async () => {
    // Two slow documents of one account: the second waits rather than taking the last process, so a
    // second account's document started later still converts at once.
    // The first runs until its time limit (7 s): without the rule the other account's document would get a
    // process only when that one is killed, so it would finish after the first one has failed. Judged by
    // that order, not by a time, so a slow machine's conversion time does not decide it.
    await pool.warm(); // the process the last test's time limit killed has been replaced
    assert.equal(pool.processes().length, 2);
    let slowAEnded = false;
    const before = begun();
    const slowA = convert('acct_hog', 'big.csv', slowCsv(120000), 7000)
      .catch((e: unknown) => e)
      .finally(() => (slowAEnded = true));
    await waitUntil("the hog's first conversion to take a process", () => begun() > before);
    // The pool's judgement under test: a conversion running this long may be hanging. (Counted from after it
    // began: the pool counts from when it handed the process over, a moment earlier.)
    await new Promise((r) => setTimeout(r, SLOW_MS));
    // Queued at once (the call checks the input and queues before it awaits anything): it does not take the
    // last process, which the other account's document, sent next, gets.
    const slowB = convert('acct_hog', 'big2.csv', slowCsv(), 4000).catch((e: unknown) => e);
    const quick = await convert('acct_other', 'letter.docx', letter);
    assert.equal(pages(quick.pdf), 2);
    const outcome = async () => {
      const r = await slowA;
      return r instanceof Error ? `${r.name}: ${r.message}` : 'converted';
    };
    if (slowAEnded) assert.fail(`the other account's document ended after the hog's first one (${await outcome()})`);
    await Promise.all([slowA, slowB]);
  });

  test('an account holding every process leaves a spare one to an account that runs none', async () => {
    // Both of the hog's documents take a process before either looks slow; the other account's letter
    // then gets a spare process started for it while both of the hog's still run. The spare is closed once
    // nobody waits: the pool is back to its size.
    await pool.warm();
    let hogEnded = false;
    const before = begun();
    const hogs = [1, 2].map((i) =>
      convert('acct_hog2', `big${i}.csv`, slowCsv(120000), 10_000)
        .catch((e: unknown) => e)
        .finally(() => (hogEnded = true)),
    );
    await waitUntil("both of the hog's conversions to take a process", () => begun() >= before + 2);
    // Its time limit covers the spare's start too: on a machine as loaded as CI's (two heavy test files at
    // once), LibreOffice alone can take 20 s to start.
    const quick = convert('acct_spare', 'letter.docx', letter, 90_000);
    // Judged by what the pool does, not by how long LibreOffice takes on a loaded machine: a third process
    // starts for the letter while both of the hog's documents still hold theirs.
    await waitUntil('a spare process for the other account, or the end of a hog', () => pool.processes().length > 2 || hogEnded);
    assert.equal(hogEnded, false, "the other account's letter waited for the hog's documents");
    assert.equal(pages((await quick).pdf), 2);
    await Promise.all(hogs);
    await waitUntil('the spare process to be closed', () => pool.processes().length <= 2);
  });

  test('a process is replaced after its maximum number of conversions', async () => {
    const seen = new Set<number | undefined>();
    for (let i = 0; i < 12; i++) {
      await convert('acct_a', 'letter.docx', letter);
      for (const p of pool.processes()) {
        assert.ok(p.conversions <= 5, `a process ran ${p.conversions} conversions`);
        seen.add(p.pid);
      }
    }
    assert.ok(seen.size >= 3, `12 conversions at 5 per process used ${seen.size} processes`);
  });

  test('a process that dies while idle is replaced at once, before a document asks', async () => {
    const small = onePool();
    try {
      await small.warm();
      const [first] = small.processes();
      process.kill(-first!.pid!, 'SIGKILL'); // a crash, or the OOM killer
      // A started process has reported its uid (-1 until then).
      const replacement = () => small.processes().find((p) => p.pid !== first!.pid && p.uid > 0);
      assert.ok(await waitFor('a new process started with no conversion asking', replacement, { timeoutMs: 60_000, intervalMs: 100 }));
    } finally {
      await small.close();
    }
  });

  test("LibreOffice crashing under its bridge: the process is replaced, and the next account's document converts", async () => {
    const small = onePool();
    const convertOn = (accountId: string, fileName: string, bytes: Buffer) =>
      small.convert({ accountId, fileName, bytes, options: {}, timeoutMs: 60_000, maxOutputBytes: null });
    /** The soffice.bin below a bridge process. */
    const officeOf = (bridgePid: number) => {
      const office = (processTree(bridgePid) ?? []).filter((pid) => {
        try {
          return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'soffice.bin';
        } catch {
          return false;
        }
      });
      assert.equal(office.length, 1, `one soffice.bin below ${bridgePid}`);
      return office[0]!;
    };
    /** Killed as a crash would end it: the bridge stays up. */
    const crashOffice = (bridgePid: number) => process.kill(officeOf(bridgePid), 'SIGSEGV');
    /** Whether LibreOffice has the document open (it is reading it: the document reached it). */
    const reading = (bridgePid: number, name: string) => {
      const pid = officeOf(bridgePid);
      return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return fs.readlinkSync(`/proc/${pid}/fd/${fd}`).endsWith(name);
        } catch {
          return false;
        }
      });
    };
    try {
      await small.warm();
      // While idle.
      const [first] = small.processes();
      crashOffice(first!.pid!);
      const replaced = () => small.processes().find((p) => p.pid !== first!.pid && p.uid > 0);
      assert.ok(await waitFor('a new process after the crash', replaced, { timeoutMs: 60_000, intervalMs: 100 }));
      assert.equal(pages((await convertOn('b', 'letter.docx', letter)).pdf), 2);
      // During a conversion: that document fails; the next one, of another account, converts.
      const [second] = small.processes();
      const slow = convertOn('a', 'big.csv', slowCsv());
      const failed = assert.rejects(slow, (e: unknown) => e instanceof OfficeError && e.code === 'office_conversion_failed');
      await waitUntil('LibreOffice to read the slow document', () => reading(second!.pid!, 'input.csv'), {
        timeoutMs: 30_000,
        intervalMs: 10,
      });
      crashOffice(second!.pid!);
      await failed;
      for (const account of ['b', 'c']) {
        const r = await convertOn(account, 'letter.docx', letter);
        assert.equal(pages(r.pdf), 2, account);
      }
      assert.ok(!small.processes().some((p) => p.pid === second!.pid), 'the crashed process is gone');
    } finally {
      await small.close();
    }
  });

  test('bad input is refused before LibreOffice reads it', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await assert.rejects(
      convert('acct_a', 'photo.docx', png),
      (e: unknown) => e instanceof OfficeError && e.code === 'office_input_invalid',
    );
    await assert.rejects(
      convert('acct_a', 'notes.txt', png),
      (e: unknown) => e instanceof OfficeError && e.code === 'office_input_invalid' && /binary/.test(e.message),
    );
    await assert.rejects(convert('acct_a', 'x.exe', letter), (e: unknown) => e instanceof OfficeError && e.code === 'office_input_invalid');
  });
});
