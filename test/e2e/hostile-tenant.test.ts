// One account can never stop another. A real `folio serve` process; account H sends what a hostile tenant
// would (PDFs that claim millions of pages or inflate to gigabytes, named in render.metadata.pdf.append; a
// payload schema with a catastrophic pattern and an O(n²) uniqueItems; PKCS#12 uploads at the iteration
// limit; a 14 MB e-invoice XML) while account B renders ordinary jobs. Throughout, /healthz is asked every
// 50 ms, and both are held against B's job time alone, measured first in the same file (a loaded machine
// slows that as much): B's jobs keep their usual latency (median < 3× alone), and no /healthz waits as long
// as eight of B's jobs take alone (the most seen is about four, on a loaded machine, while sandbox threads keep
// both cores busy and the 14 MB body is read). Hostile work on the API's own thread stalls it for longer: the
// eight key derivations there, about twelve; a bomb read there, seconds; a catastrophic pattern, for good.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import { file } from '../helpers/bundle.js';
import { openssl } from '../helpers/certificates.js';
import { runFolio } from '../helpers/cli-run.js';
import { contentStreamBomb, objectStreamBomb, pageTreeBomb, pdfFromObjects } from '../helpers/hostile-pdfs.js';
import { asciiHex, deflatedZeros, runLengthRuns } from '../helpers/pdf-encoders.js';
import { processTreeRssBytes } from '../../src/render/process-memory.js';
import { deflateSync } from 'node:zlib';
import { deployOverHttp } from '../helpers/http-deploy.js';
import { client, type Client } from '../helpers/http-client.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const KEY_H = 'folio_sk_HostileTenantKey0000000000000001';
/** A one-page PDF whose page draws one stream of `dict` and `data`. */
const onePagePdf = (dict: string, data: Buffer) =>
  pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]),
  ]);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const PAGE = `<!doctype html><html><head><title>B</title><style>body{font:14px sans-serif}</style></head><body>
<h1>Invoice</h1><p id="n">…</p><script>
fetch('/__payload').then((r) => r.json()).then((p) => { document.getElementById('n').textContent = 'No. ' + p.n; });
</script></body></html>`;

describe('one tenant cannot stall or break another', () => {
  let work: string;
  let server: ServerProcess;
  let h: Client;
  let b: Client;
  let deployB: string;
  let aloneMs = 0;
  const env = () => ({ ...process.env, FOLIO_DATA_DIR: path.join(work, 'data'), FOLIO_LOG_LEVEL: 'warn' });

  /** B's ordinary job, created and long-polled to its end: its wall time from creation. */
  async function jobOfB(n: number): Promise<number> {
    const t0 = performance.now();
    const j = await b.request('POST', '/v1/render-jobs', { json: { deployId: deployB, deployVersionId: 'latest', payload: { n } } });
    assert.equal(j.status, 202, JSON.stringify(j.body));
    const done = await b.request('GET', `/v1/render-jobs/${j.body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body));
    return performance.now() - t0;
  }

  /** Runs `attack` while /healthz is asked every 50 ms and B renders jobs one after another. */
  async function under(
    attack: () => Promise<void>,
  ): Promise<{ worstHealthMs: number; probes: number; bMedianMs: number; bWorstMs: number; bJobs: number }> {
    let stop = false;
    const started = performance.now();
    const health: number[] = [];
    const prober = (async () => {
      while (!stop) {
        const t0 = performance.now();
        const r = await fetch(`${server.url}/healthz`);
        await r.arrayBuffer();
        health.push(performance.now() - t0);
        if (performance.now() - t0 > 100)
          console.log(`slow /healthz: ${(performance.now() - t0).toFixed(0)} ms at ${(t0 - started).toFixed(0)} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const bTimes: number[] = [];
    const bLoop = (async () => {
      for (let i = 0; !stop || bTimes.length < 3; i++) bTimes.push(await jobOfB(1000 + i));
    })();
    try {
      await attack();
    } finally {
      stop = true;
      await prober;
      await bLoop;
    }
    return {
      worstHealthMs: Math.max(...health),
      probes: health.length,
      bMedianMs: median(bTimes),
      bWorstMs: Math.max(...bTimes),
      bJobs: bTimes.length,
    };
  }

  function assertFair(r: Awaited<ReturnType<typeof under>>, what: string) {
    console.log(
      `${what}: /healthz worst ${r.worstHealthMs.toFixed(0)} ms over ${r.probes} probes; B median ${r.bMedianMs.toFixed(0)} ms over ${r.bJobs} jobs (alone ${aloneMs.toFixed(0)} ms)`,
    );
    assert.ok(
      r.worstHealthMs < 8 * aloneMs,
      `${what}: /healthz took ${r.worstHealthMs.toFixed(0)} ms at worst (${r.probes} probes), B's job ${aloneMs.toFixed(0)} ms alone`,
    );
    assert.ok(
      r.bMedianMs < 3 * aloneMs,
      `${what}: B's jobs took ${r.bMedianMs.toFixed(0)} ms (median of ${r.bJobs}) against ${aloneMs.toFixed(0)} ms alone`,
    );
  }

  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'folio-hostile-'));
    server = await startServerProcess({ FOLIO_DATA_DIR: path.join(work, 'data'), FOLIO_BOOTSTRAP_API_KEY: KEY_H });
    const made = await runFolio(['accounts', 'create', '--name', 'Bravo'], { cwd: work, env: env() });
    assert.equal(made.code, 0, made.stderr);
    const keyB = /API key (\S+)/.exec(made.stdout)![1];
    h = client(server.url, KEY_H);
    b = client(server.url, keyB);
    deployB = (await deployOverHttp(b, 'bravo', [file('/index.html', PAGE)])).deployId;
    await jobOfB(0); // Chromium started
    const alone: number[] = [];
    for (let i = 1; i <= 5; i++) alone.push(await jobOfB(i));
    aloneMs = median(alone);
  });
  after(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  test('renders of one account that hang hold no slot another account needs', async () => {
    // Two of H's pages wait for an element that never comes, until their 10 s render timeout: they take
    // both of the worker's slots (FOLIO_RENDER_CONCURRENCY, 2). B has no render running, so its jobs take
    // the spare slot and keep their latency; without it they would wait out H's timeout.
    const hang = (await deployOverHttp(h, 'hang', [file('/index.html', '<p>never ready</p>')], { render: { renderTimeoutMs: 10_000 } }))
      .deployId;
    const r = await under(async () => {
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const j = await h.request('POST', '/v1/render-jobs', {
          json: { deployId: hang, deployVersionId: 'latest', waitFor: { selector: '#never' } },
        });
        assert.equal(j.status, 202, JSON.stringify(j.body));
        ids.push(j.body.job.id);
      }
      for (const id of ids) {
        const done = await h.request('GET', `/v1/render-jobs/${id}?waitSeconds=30`);
        assert.equal(done.body.job.status, 'failed', JSON.stringify(done.body));
        assert.equal(done.body.job.errorCode, 'render_timeout_exceeded');
      }
    });
    assertFair(r, 'hanging renders');
    // The median alone would pass if B's first job waited out H's timeout and the rest ran after it.
    assert.ok(r.bWorstMs < 8_000, `a job of B waited ${r.bWorstMs.toFixed(0)} ms: for H's renders to time out (10 s)`);
  });

  test('PDF bombs named in render.metadata.pdf.append are refused at commit, naming the file and the limit', async () => {
    const bombs: Array<[string, Buffer, RegExp]> = [
      ['/tree27.pdf', pageTreeBomb(27), /lists object \d+ more than once/],
      ['/tree17.pdf', pageTreeBomb(17), /lists object \d+ more than once/],
      ['/objstm.pdf', objectStreamBomb(256), /object stream .* more than 16 MiB/],
      ['/content.pdf', contentStreamBomb(40), /inflates to more than 128 MiB/],
    ];
    // Each is refused at the limit it passes, named: expanded past it, it would take gigabytes first.
    const r = await under(async () => {
      for (const [name, pdf, why] of bombs) {
        const err = await deployOverHttp(h, `bomb-${name.slice(1, -4)}`, [file('/index.html', '<p>x</p>'), file(name, pdf)], {
          metadata: { pdf: { append: [name] } },
        }).then(
          () => null,
          (e: Error) => e.message,
        );
        assert.ok(err?.startsWith('commit: 400'), `${name}: ${err}`);
        assert.match(err!, new RegExp(`render\\.metadata\\.pdf\\.append\\[0\\]: ${name.replace('.', '\\.')} `));
        assert.match(err!, why);
      }
    });
    assertFair(r, 'PDF bombs');
  });

  test('uploads whose streams inflate at every level of their filters are refused, and the server stays small', async () => {
    // Each is a few KB to a few MB that inflates to hundreds of MiB through a chain of filters (or a
    // RunLength stream of repeated runs). The server process tree (the API and worker, Chromium, sandbox
    // processes, qpdf) is sampled throughout: what it gains over the start stays under 1 GB.
    const pid = server.child.pid!;
    const idle = processTreeRssBytes(pid)!;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, processTreeRssBytes(pid) ?? 0)), 50);
    const bombs: Array<[string, Buffer]> = [
      ['Flate inside Flate', onePagePdf('/Filter [/FlateDecode /FlateDecode]', deflateSync(deflatedZeros(600)))],
      ['ASCIIHex, then Flate', onePagePdf('/Filter [/ASCIIHexDecode /FlateDecode]', asciiHex(deflatedZeros(600)))],
      ['RunLength', onePagePdf('/Filter /RunLengthDecode', runLengthRuns(2_200_000))],
    ];
    try {
      const r = await under(async () => {
        for (const [what, pdf] of bombs) {
          const res = await h.request('POST', '/v1/pdfs', { body: pdf, headers: { 'content-type': 'application/pdf' } });
          assert.equal(res.status, 422, `${what}: ${JSON.stringify(res.body)}`);
          assert.equal(res.body.error, 'pdf_invalid');
          assert.match(res.body.message, /inflates to more than \d+ MiB/, what);
        }
      });
      assertFair(r, 'upload bombs');
    } finally {
      clearInterval(sampler);
    }
    console.log(`upload bombs: the server's process tree peaked ${((peak - idle) / 2 ** 20).toFixed(0)} MiB above its start`);
    assert.ok(peak - idle < 2 ** 30, `the server's process tree grew by ${((peak - idle) / 2 ** 20).toFixed(0)} MiB`);
  });

  test('a catastrophic pattern and an O(n²) uniqueItems cost the API nothing', async () => {
    const schema = {
      type: 'object',
      properties: {
        code: { type: 'string', pattern: '^(a+)+$' },
        rows: { type: 'array', uniqueItems: true, items: { type: 'object' } },
      },
    };
    const d = await deployOverHttp(h, 'regex', [file('/index.html', '<p>x</p>'), file('/payload.schema.json', JSON.stringify(schema))]);
    const r = await under(async () => {
      for (let i = 0; i < 5; i++) {
        const j = await h.request('POST', '/v1/render-jobs', {
          json: { deployId: d.deployId, deployVersionId: 'latest', payload: { code: 'a'.repeat(40) + '!' } },
        });
        assert.equal(j.status, 400, JSON.stringify(j.body));
        assert.equal(j.body.error, 'payload_invalid');
        // Answered by the check (RE2, linear time), not by the check's time limit, which says so instead.
        assert.match(j.body.message, /does not match the version's payload\.schema\.json/, JSON.stringify(j.body));
        assert.ok(j.body.details.problems.length > 0, JSON.stringify(j.body));
      }
      const rows = Array.from({ length: 8000 }, (_, i) => ({ i, pad: 'x'.repeat(8) }));
      const j = await h.request('POST', '/v1/render-jobs', {
        json: { deployId: d.deployId, deployVersionId: 'latest', payload: { rows } },
      });
      // Within the check's time limit it passes (202); past it, a 400 that says so. Either way, bounded.
      assert.ok(j.status === 202 || (j.status === 400 && j.body.error === 'payload_invalid'), JSON.stringify(j.body).slice(0, 300));
    });
    assertFair(r, 'payload schemas');
  });

  test('a joined PDF that brings the document past 5,000 pages fails its job with pdf_limit_exceeded', async () => {
    // 4,998 pages pass the commit (room is left for printed pages); three printed pages make 5,001.
    const doc = await PDFDocument.create();
    for (let i = 0; i < 4998; i++) doc.addPage([100, 100]);
    const big = Buffer.from(await doc.save());
    const threePages = '<!doctype html><div>1</div><div style="break-before: page">2</div><div style="break-before: page">3</div>';
    const d = await deployOverHttp(h, 'long-terms', [file('/index.html', threePages), file('/terms.pdf', big)], {
      metadata: { pdf: { append: ['/terms.pdf'] } },
    });
    const j = await h.request('POST', '/v1/render-jobs', { json: { deployId: d.deployId, deployVersionId: 'latest' } });
    assert.equal(j.status, 202, JSON.stringify(j.body));
    const done = await h.request('GET', `/v1/render-jobs/${j.body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'failed', JSON.stringify(done.body));
    assert.equal(done.body.job.errorCode, 'pdf_limit_exceeded');
    assert.match(done.body.job.errorMessage, /append\[0\] has more than 4997 pages \(the limit\)/);
  });

  test('a schema pattern RE2 cannot run is refused at commit', async () => {
    const schema = { type: 'string', pattern: '^(?=a)(a+)+$' };
    const err = await deployOverHttp(h, 'lookahead', [
      file('/index.html', '<p>x</p>'),
      file('/payload.schema.json', JSON.stringify(schema)),
    ]).then(
      () => null,
      (e: Error) => e.message,
    );
    assert.match(err ?? '', /^commit: 400 .*payload\.schema\.json.*linear-time engine/);
  });

  test('8 PKCS#12 uploads at the iteration limit at once, and a 14 MB e-invoice XML', async () => {
    openssl(
      work,
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'k.pem',
      '-out',
      'c.pem',
      '-days',
      '30',
      '-subj',
      '/CN=Hostile',
    );
    openssl(work, 'pkcs12', '-export', '-inkey', 'k.pem', '-in', 'c.pem', '-passout', 'pass:pw', '-iter', '16000', '-out', 'c.p12');
    const pkcs12 = readFileSync(path.join(work, 'c.p12')).toString('base64');
    const invoice = `<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">${'<rsm:Note a="1">text of a note</rsm:Note>'.repeat(360_000)}</rsm:CrossIndustryInvoice>`;
    assert.ok(invoice.length > 14_000_000);
    const d = await deployOverHttp(h, 'xml', [file('/index.html', '<p>x</p>')]);
    const r = await under(async () => {
      const uploads = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          h.request('POST', '/v1/signing-certificates', { json: { name: `c${i}`, pkcs12, passphrase: 'pw' } }),
        ),
      );
      for (const u of uploads) assert.equal(u.status, 201, JSON.stringify(u.body));
      const x = await h.request('POST', '/v1/render-jobs', {
        json: { deployId: d.deployId, deployVersionId: 'latest', eInvoice: { standard: 'factur-x', profile: 'EN 16931', xml: invoice } },
      });
      assert.ok([202, 400, 413].includes(x.status), JSON.stringify(x.body).slice(0, 300));
    });
    assertFair(r, 'certificates and XML');
  });
});
