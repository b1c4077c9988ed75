// The client CLI as a user runs it: `bin/folio` processes against a real `folio serve` process (SQLite,
// files, Chromium), configured through FOLIO_API_URL/FOLIO_API_KEY or `folio login`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { tempDir } from '../helpers/app.js';
import { PASSPHRASE, selfSigned } from '../helpers/certificates.js';
import { pdfText } from '../helpers/pdf.js';
import { encrypted, pagesPdf } from '../helpers/outside-pdfs.js';
import { runFolio, type Run } from '../helpers/cli-run.js';
import { ROOT, startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const KEY = 'folio_sk_clitest00000000000000000000000000000001';

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><style>@page { size: A5; margin: 12mm; }</style>
<link rel="stylesheet" href="css/style-000.css"><script>window.folio.waitForReady = true;</script></head>
<body><h1 id="t">Loading</h1><script>
fetch(window.folio.payloadUrl).then((r) => r.json())
  .then((p) => { document.getElementById('t').textContent = 'Statement for ' + p.customer + ', total ' + p.total; })
  .finally(() => window.folio.ready());
</script></body></html>`;

describe('folio client CLI against a server process', () => {
  let server: ServerProcess;
  const work = tempDir('folio-cli-');
  // `-o` never creates folders (a typo in a path is an error): the outputs' folder exists.
  fs.mkdirSync(path.join(work, 'out'));
  const dataDir = path.join(work, 'data');
  const configHome = path.join(work, 'config');
  const site = path.join(work, 'Quarterly Statement');

  function folio(
    args: string[],
    opts: { env?: Record<string, string | undefined>; input?: string; noApiEnv?: boolean; process?: boolean } = {},
  ): Promise<Run> {
    const env: Record<string, string | undefined> = {
      ...process.env,
      XDG_CONFIG_HOME: configHome,
      FOLIO_API_URL: server.url,
      FOLIO_API_KEY: KEY,
      ...opts.env,
    };
    if (opts.noApiEnv) {
      delete env.FOLIO_API_URL;
      delete env.FOLIO_API_KEY;
    }
    // In this process (helpers/cli-run.ts) unless `process` or standard input: the first deploy, `render -`
    // and `login` are real `bin/folio` launches.
    return runFolio(args, { cwd: work, env, input: opts.input, process: opts.process });
  }
  const json = (r: Run) => {
    assert.equal(r.code, 0, `exit ${r.code}\n${r.stderr}`);
    return JSON.parse(r.stdout);
  };

  before(async () => {
    fs.mkdirSync(path.join(site, 'css'), { recursive: true });
    fs.mkdirSync(path.join(site, 'data'), { recursive: true });
    fs.writeFileSync(path.join(site, 'index.html'), PAGE);
    for (let i = 0; i < 150; i++)
      fs.writeFileSync(path.join(site, 'css', `style-${String(i).padStart(3, '0')}.css`), `.c${i} { margin: ${i}px; }\n`);
    for (let i = 0; i < 149; i++)
      fs.writeFileSync(
        path.join(site, 'data', `row-${String(i).padStart(3, '0')}.json`),
        JSON.stringify({ row: i, text: 'x'.repeat(100 + i) }),
      );
    // Left out by default, like a deploy of a real project folder.
    fs.writeFileSync(path.join(site, '.env'), 'SECRET=do-not-upload');
    fs.mkdirSync(path.join(site, 'node_modules', 'lib'), { recursive: true });
    fs.writeFileSync(path.join(site, 'node_modules', 'lib', 'index.js'), 'module.exports = 1;');
    fs.writeFileSync(path.join(work, 'payload.json'), JSON.stringify({ customer: 'Ada Lovelace', total: '1,815.00 EUR' }));
    server = await startServerProcess({ FOLIO_DATA_DIR: dataDir, FOLIO_BOOTSTRAP_API_KEY: KEY });
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('deploy of a 300-file folder shows progress and uploads everything; one changed file sends one blob', async () => {
    const first = await folio(['deploy', site, '--alias', 'production'], { process: true });
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^300 files, 300 new blobs, \d+\.\d KB sent, version v1$/m);
    assert.match(first.stdout, /created deploy quarterly-statement \(dep_\w+\): version v1-[0-9a-f]{7} \(ver_\w+\), alias production/);
    // Not a terminal: plain progress lines on stderr, ending at the totals.
    assert.match(first.stderr, /^300 files in .*Quarterly Statement/m);
    assert.match(first.stderr, /^hashing: 0\/300 files/m);
    assert.match(first.stderr, /^hashing: 300\/300 files/m);
    assert.match(first.stderr, /^uploading: 300\/300 blobs/m);
    assert.match(first.stderr, /^committing…$/m);

    const deploys = await fetch(`${server.url}/v1/deploys`, { headers: { authorization: `Bearer ${KEY}` } }).then((r) => r.json());
    const deploy = deploys.items.find((d: { slug: string }) => d.slug === 'quarterly-statement');
    const versions = await fetch(`${server.url}/v1/deploys/${deploy.id}/versions`, { headers: { authorization: `Bearer ${KEY}` } }).then(
      (r) => r.json(),
    );
    const files = await fetch(`${server.url}/v1/deploys/${deploy.id}/versions/${versions.items[0].id}/files`, {
      headers: { authorization: `Bearer ${KEY}` },
    }).then((r) => r.json());
    assert.equal(files.items.length, 300);
    assert.ok(
      !files.items.some((f: { path: string }) => f.path.includes('node_modules') || f.path.includes('/.')),
      'dotfiles and node_modules stay home',
    );

    fs.writeFileSync(path.join(site, 'css', 'style-042.css'), '.c42 { margin: 4.2px; }\n');
    const second = await folio(['deploy', site]);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /^300 files, 1 new blob, 24 B sent, version v2$/m);
    assert.match(second.stderr, /^uploading: 1\/1 blobs/m);

    // The same folder again answers the latest version: no copy with the next number.
    const third = json(await folio(['deploy', site, '--json']));
    assert.equal(third.files, 300);
    assert.equal(third.newBlobs, 0);
    assert.equal(third.bytesSent, 0);
    assert.equal(third.version, 2);
    assert.equal(third.unchanged, true);
    assert.equal(third.slug, 'quarterly-statement');
    const again = await folio(['deploy', site]);
    assert.match(
      again.stdout,
      /^300 files, 0 new blobs, 0 B sent, version v2 \(unchanged: identical to the latest version; --new-version makes a new one\)$/m,
    );
    const forced = json(await folio(['deploy', site, '--new-version', '--json']));
    assert.equal(forced.version, 3);
    assert.equal(forced.unchanged, false);

    // A forced bar draws in place with carriage returns.
    const bar = await folio(['deploy', site, '--slug', 'bar-demo', '--progress', 'bar']);
    assert.equal(bar.code, 0, bar.stderr);
    assert.match(bar.stderr, /\r\x1b\[2Khashing +\[█+\] 100% 300\/300 files/);
    assert.match(bar.stdout, /^300 files, 0 new blobs, 0 B sent, version v1$/m, 'another deploy of the same account reuses every blob');
  });

  test('render … -o out.pdf --wait writes a PDF whose text contains the payload', async () => {
    const out = path.join(work, 'out', 'statement.pdf');
    const r = await folio(['render', 'quarterly-statement', '--version', 'production', '--payload', 'payload.json', '-o', out, '--wait']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stdout,
      new RegExp(`^wrote ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(1 page, [\\d.]+ KB\\) from job job_\\w+$`, 'm'),
    );
    assert.match(r.stderr, /: queued/);
    assert.match(r.stderr, /: succeeded/);
    const pdf = fs.readFileSync(out);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.match(pdfText(pdf), /Statement for Ada Lovelace,\s+total 1,815\.00 EUR/);

    // The payload from standard input, kept as a managed PDF.
    const managed = json(
      await folio(['render', 'quarterly-statement', '--payload', '-', '--managed', '--wait', '--json'], {
        input: '{"customer":"Grace Hopper","total":"7.00 EUR"}',
      }),
    );
    assert.equal(managed.job.status, 'succeeded');
    assert.equal(managed.job.deployVersionNo, 3, 'latest by default');
    const pdfId = managed.pdf.id;

    const list = json(await folio(['pdfs', 'list', '--json']));
    assert.deepEqual(
      list.items.map((p: { id: string }) => p.id),
      [pdfId],
    );
    const link = await folio(['pdfs', 'link', pdfId]);
    assert.equal(link.code, 0, link.stderr);
    const url = link.stdout.trim();
    assert.match(url, /\/p\/\w+$/);
    const viaLink = Buffer.from(await (await fetch(url)).arrayBuffer());
    assert.match(pdfText(viaLink), /Statement for Grace Hopper/);
    const del = await folio(['pdfs', 'delete', pdfId]);
    assert.equal(del.code, 0, del.stderr);
    assert.equal((await fetch(url)).status, 404);

    const jobs = json(await folio(['jobs', 'list', '--deploy', 'quarterly-statement', '--json']));
    assert.equal(jobs.items.length, 2);
    const got = await folio(['jobs', 'get', jobs.items[1].id]);
    assert.match(got.stdout, /^status +succeeded$/m);
    assert.match(got.stdout, /^output +out_\w+, 1 page, /m);
    const cancel = await folio(['jobs', 'cancel', jobs.items[1].id]);
    assert.equal(cancel.code, 1);
    assert.match(cancel.stderr, /^error: render_job_not_cancelable: /m);
  });

  // Argument mistakes (exit 2) are checked in-process in test/unit/cli-arguments.test.ts; one per command
  // family stays here, so bin/folio's own exit code and stderr are checked too.
  test('errors print the code and message and exit non-zero: bad key, unknown deploy, missing payload file', async () => {
    const badKey = await folio(['usage'], { env: { FOLIO_API_KEY: 'folio_sk_wrong000000000000000000000000000000000' } });
    assert.equal(badKey.code, 1);
    assert.match(badKey.stderr, /^error: unauthorized: .+/m);
    assert.match(badKey.stderr, /folio login/);

    const unknown = await folio(['render', 'no-such-deploy', '--payload', 'payload.json', '--wait']);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /^error: deploy_not_found: no deploy has the id or slug "no-such-deploy"$/m);

    const missing = await folio(['render', 'quarterly-statement', '--payload', 'missing.json']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^error: usage: payload file not found: missing\.json$/m);

    const badVersion = await folio(['render', 'quarterly-statement', '--version', 'staging', '--json']);
    assert.equal(badVersion.code, 1);
    const body = JSON.parse(badVersion.stderr);
    assert.equal(body.error, 'deploy_version_not_found');
    assert.equal(body.status, 404);

    const noConfig = await folio(['jobs', 'list'], { noApiEnv: true, env: { XDG_CONFIG_HOME: path.join(work, 'empty-config') } });
    assert.equal(noConfig.code, 2);
    assert.match(noConfig.stderr, /no API URL configured: set FOLIO_API_URL and FOLIO_API_KEY, or run `folio login`/);

    const badFlag = await folio(['deploy', site, '--nonsense']);
    assert.equal(badFlag.code, 2);
    assert.match(badFlag.stderr, /Unknown option '--nonsense'/);
  });

  test('login checks the key, stores URL and key with 0600 permissions, and later commands use them', async () => {
    const wrong = await folio(['login', '--url', server.url, '--key', 'folio_sk_wrong000000000000000000000000000000000'], {
      noApiEnv: true,
    });
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /error: unauthorized/);
    const file = path.join(configHome, 'folio', 'config.json');
    assert.equal(fs.existsSync(file), false, 'nothing stored for a rejected key');

    const ok = await folio(['login', '--url', server.url], { noApiEnv: true, input: `${KEY}\n` });
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /logged in to http:\/\/127\.0\.0\.1:\d+ as account acct_\w+; saved to /);
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), { apiUrl: server.url, apiKey: KEY });

    const usage = await folio(['usage'], { noApiEnv: true });
    assert.equal(usage.code, 0, usage.stderr);
    assert.match(usage.stdout, /^Plan: /m);
    assert.match(usage.stdout, /^deploy commits +\d+ +unlimited/m);
    assert.match(usage.stdout, /^render jobs +\d+ +unlimited/m);

    const alias = await folio(['aliases', 'set', 'quarterly-statement', 'preview', 'v2'], { noApiEnv: true });
    assert.equal(alias.code, 0, alias.stderr);
    assert.match(alias.stdout, /^quarterly-statement: preview → ver_\w+$/m);
    const aliases = json(await folio(['aliases', 'list', 'quarterly-statement', '--json'], { noApiEnv: true }));
    assert.deepEqual(
      aliases.items.map((a: { alias: string }) => a.alias),
      ['preview', 'production'],
    );
  });

  test('render --e-invoice --attach: a Factur-X PDF/A-3b with both files embedded', async () => {
    const csv = path.join(work, 'lines.csv');
    fs.writeFileSync(csv, 'item,amount\nConsulting,1815.00\n');
    const xml = path.join(ROOT, 'examples/invoice/factur-x-sample.xml');
    const out = path.join(work, 'out', 'e-invoice.pdf');
    const r = await folio([
      'render',
      'quarterly-statement',
      '--payload',
      'payload.json',
      '-o',
      out,
      '--e-invoice',
      xml,
      '--e-invoice-profile',
      'MINIMUM',
      '--attach',
      `${csv}:Data`,
    ]);
    assert.equal(r.code, 0, r.stderr);
    const list = execFileSync('pdfdetach', ['-list', out], { encoding: 'utf8' });
    assert.match(list, /factur-x\.xml/);
    assert.match(list, /lines\.csv/);
    const saved = path.join(work, 'out', 'detached');
    fs.mkdirSync(saved);
    execFileSync('pdfdetach', ['-saveall', '-o', saved, out]);
    assert.deepEqual(fs.readFileSync(path.join(saved, 'factur-x.xml')), fs.readFileSync(xml), 'the XML comes back byte for byte');
    assert.deepEqual(fs.readFileSync(path.join(saved, 'lines.csv')), fs.readFileSync(csv));
    assert.match(execFileSync('pdfinfo', ['-meta', out], { encoding: 'utf8' }), /pdfaid:part>3</);
    const jobId = /from job (job_\w+)/.exec(r.stdout)?.[1];
    const shown = await folio(['jobs', 'get', jobId!]);
    assert.match(shown.stdout, /^pdf standard +pdf\/a-3b$/m);
    assert.match(shown.stdout, /^e-invoice +Factur-X MINIMUM \(factur-x\.xml, /m);
    assert.match(shown.stdout, /^attachment +lines\.csv \(Data, text\/csv, /m);
  });

  test('render --owner-password env:NAME --password --deny: an AES-256 PDF; jobs get shows the protection', async () => {
    const out = path.join(work, 'out', 'protected.pdf');
    const r = await folio(
      [
        'render',
        'quarterly-statement',
        '--payload',
        'payload.json',
        '-o',
        out,
        '--owner-password',
        'env:PDF_OWNER',
        '--password',
        'open-me',
        '--deny',
        'copy,Modify',
      ],
      { env: { PDF_OWNER: 'owner-from-env' } },
    );
    assert.equal(r.code, 0, r.stderr);
    const shown = execFileSync('qpdf', ['--show-encryption', '--password=owner-from-env', out], { encoding: 'utf8' });
    assert.match(shown, /^R = 6$/m);
    assert.match(shown, /extract for any purpose: not allowed/);
    assert.match(shown, /modify other: not allowed/);
    assert.match(shown, /print high resolution: allowed/);
    assert.match(execFileSync('pdftotext', ['-upw', 'open-me', out, '-'], { encoding: 'utf8' }), /\S/);
    const jobId = /from job (job_\w+)/.exec(r.stdout)?.[1];
    const got = await folio(['jobs', 'get', jobId!]);
    assert.match(got.stdout, /^protection +AES-256, a password opens it; refused: copy, modify$/m);
    assert.doesNotMatch(got.stdout + r.stdout + r.stderr, /owner-from-env|open-me/);
    assert.match(r.stderr, /warning: --password on the command line is visible/);
    assert.doesNotMatch(r.stderr, /--owner-password on the command line/, 'env:NAME gives no warning');
  });

  test('render --sign CERT_ID --sign-reason: pdfsig finds a valid signature; jobs get names the signer', async () => {
    const made = selfSigned(work, 'cli-signer', ['-newkey', 'rsa:2048'], '/CN=CLI Signer/O=Folio');
    const uploaded = await fetch(`${server.url}/v1/signing-certificates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'CLI', pkcs12: made.p12.toString('base64'), passphrase: PASSPHRASE }),
    }).then((r) => r.json());
    const certificateId = uploaded.signingCertificate.id as string;
    const out = path.join(work, 'out', 'signed.pdf');
    const r = await folio([
      'render',
      'quarterly-statement',
      '--payload',
      'payload.json',
      '-o',
      out,
      '--sign',
      certificateId,
      '--sign-reason',
      'Approved',
      '--sign-visible',
      '1:36,36,200x50',
    ]);
    assert.equal(r.code, 0, r.stderr);
    const report = execFileSync('pdfsig', [out], { encoding: 'utf8' });
    assert.match(report, /Signer Certificate Common Name: CLI Signer/);
    assert.match(report, /Signature Validation: Signature is Valid\./);
    const jobId = /from job (job_\w+)/.exec(r.stdout)?.[1];
    assert.match(
      (await folio(['jobs', 'get', jobId!])).stdout,
      new RegExp(`^signature +PAdES, CN=CLI Signer, O=Folio \\(${certificateId}\\), visible on page 1$`, 'm'),
    );
  });

  test('pdfs merge joins managed PDFs and job outputs in order, with page selections', async () => {
    const made = json(await folio(['render', 'quarterly-statement', '--payload', 'payload.json', '--managed', '--wait', '--json']));
    const pdfId = made.pdf.id;
    const merged = json(await folio(['pdfs', 'merge', pdfId, `${made.job.id}@1`, pdfId, '--file-name', 'bundle.pdf', '--json']));
    assert.equal(merged.pdf.pageCount, 3);
    assert.equal(merged.pdf.fileName, 'bundle.pdf');
    const text = await folio(['pdfs', 'merge', `${pdfId}@1`]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^merged 1 source into pdf_\w+ \(1 page, /);
    const bad = await folio(['pdfs', 'merge', 'out_123']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /neither a managed PDF id/);
  });

  test('pdfs upload, info and run: a PDF from outside stamped, split and downloaded', async () => {
    const src = path.join(work, 'outside.pdf');
    fs.writeFileSync(src, encrypted(await pagesPdf(4), 'user-pw', 'owner-pw'));
    const refused = await folio(['pdfs', 'upload', src]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /pdf_password_required/);
    const up = await folio(['pdfs', 'upload', src, '--password-env', 'OUTSIDE_PW'], { env: { OUTSIDE_PW: 'user-pw' } });
    assert.equal(up.code, 0, up.stderr);
    assert.match(up.stdout, /^uploaded pdf_\w+ \(4 pages, [\d.]+ KB, decrypted\) from /m);
    const pdfId = /uploaded (pdf_\w+)/.exec(up.stdout)![1]!;
    const info = await folio(['pdfs', 'info', pdfId]);
    assert.equal(info.code, 0, info.stderr);
    assert.match(info.stdout, /^4 pages, page 1 \d+ × \d+ pt$/m);
    fs.writeFileSync(
      path.join(work, 'steps.json'),
      JSON.stringify([
        { type: 'stamp', text: 'PAID', pages: '1' },
        { type: 'split', every: 2 },
      ]),
    );
    // A folder that does not exist yet: -o makes it.
    const outDir = path.join(work, 'out', 'steps');
    const run = await folio(['pdfs', 'run', path.join(work, 'steps.json'), pdfId, '-o', outDir]);
    assert.equal(run.code, 0, run.stderr);
    const made = [...run.stdout.matchAll(/^made pdf_\w+ \(2 pages, .*\) → (.+)$/gm)].map((m) => m[1]!);
    assert.equal(made.length, 2, run.stdout);
    assert.match(pdfText(fs.readFileSync(made[0]!)).replace(/\s+/g, ''), /PAID/);
    assert.doesNotMatch(pdfText(fs.readFileSync(made[1]!)).replace(/\s+/g, ''), /PAID/);
    const bad = await folio(['pdfs', 'run', path.join(work, 'steps.json'), 'out_123']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /neither a managed PDF \(pdf_…\), a render job \(job_…\) nor a PDF or image file/);
    // A local PDF file as the source: uploaded, then stepped (one of the parts made above).
    const local = await folio(['pdfs', 'run', path.join(work, 'stamp-only.json'), made[1]!, '--file-name', 'local-stamped']);
    assert.equal(local.code, 2, 'the steps file does not exist yet');
    fs.writeFileSync(path.join(work, 'stamp-only.json'), JSON.stringify([{ type: 'stamp', text: 'LOCAL', pages: '1' }]));
    const fromFile = await folio([
      'pdfs',
      'run',
      path.join(work, 'stamp-only.json'),
      made[1]!,
      '-o',
      outDir,
      '--file-name',
      'local-stamped',
    ]);
    assert.equal(fromFile.code, 0, fromFile.stderr);
    assert.match(fromFile.stdout, /^uploaded .* as pdf_\w+$/m);
    assert.match(pdfText(fs.readFileSync(path.join(outDir, 'local-stamped.pdf'))).replace(/\s+/g, ''), /LOCAL/);

    // Steps that read: the text written beside the PDF into a folder made for it; validate's exit code.
    fs.writeFileSync(path.join(work, 'redact.json'), JSON.stringify([{ type: 'redact', text: ['Page 3'] }, { type: 'extractText' }]));
    const fresh = path.join(work, 'out', 'not-yet');
    const redacted = await folio(['pdfs', 'run', path.join(work, 'redact.json'), pdfId, '-o', fresh, '--file-name', 'clean']);
    assert.equal(redacted.code, 0, redacted.stderr);
    assert.match(redacted.stdout, /extractText: 4 pages of text → .*clean\.txt/);
    const extracted = fs.readFileSync(path.join(fresh, 'clean.txt'), 'utf8');
    assert.match(extracted, /Page 2/);
    assert.doesNotMatch(extracted, /Page 3/);
    assert.doesNotMatch(pdfText(fs.readFileSync(path.join(fresh, 'clean.pdf'))), /Page 3/);
    fs.writeFileSync(path.join(work, 'validate.json'), JSON.stringify([{ type: 'validate', standards: ['pdf/a-2b'] }]));
    const checked = await folio(['pdfs', 'run', path.join(work, 'validate.json'), pdfId]);
    assert.equal(checked.code, 1, 'an upload that claims no PDF/A does not pass');
    assert.match(checked.stdout, /steps\[0\] pdf\/a-2b: not passed \(\d+ clauses checked\)\n {2}ISO 19005-2 /);
  });

  test('render --html with --assets: inline sources in one request, the CSS applied', async () => {
    const site = path.join(work, 'inline');
    fs.mkdirSync(path.join(site, 'css'), { recursive: true });
    fs.writeFileSync(path.join(site, 'css', 'site.css'), 'h1::after { content: " styled from css/site.css"; }');
    const page = path.join(site, 'page.html');
    fs.writeFileSync(page, '<!doctype html><link rel="stylesheet" href="css/site.css"><h1>Inline page</h1>');
    const out = path.join(work, 'out', 'inline.pdf');
    const r = await folio(['render', '--html', page, '--assets', site, '-o', out]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^wrote .*inline\.pdf \(1 page, /m);
    assert.match(pdfText(fs.readFileSync(out)), /Inline page styled from css\/site\.css/);
    // --steps: the printed page stamped in the same job.
    const steps = path.join(work, 'render-steps.json');
    fs.writeFileSync(steps, JSON.stringify([{ type: 'stamp', text: 'COPY', position: 'top-right' }]));
    const stamped = path.join(work, 'out', 'stamped.pdf');
    const s = await folio(['render', '--html', page, '--assets', site, '--steps', steps, '-o', stamped]);
    assert.equal(s.code, 0, s.stderr);
    assert.match(pdfText(fs.readFileSync(stamped)), /COPY/);
  });

  test('render --html FILE.hbs with its partials and a payload, --md FILE, and the flag mistakes', async () => {
    const dir = path.join(work, 'templates');
    fs.mkdirSync(path.join(dir, 'partials'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'partials', 'line.hbs'), '<li>{{name}}: {{formatCurrency price "EUR"}}</li>');
    const hbs = path.join(work, 'invoice.hbs');
    fs.writeFileSync(hbs, '<h1>Invoice for {{customer}}</h1><ul>{{#each lines}}{{> line}}{{/each}}</ul>');
    fs.writeFileSync(
      path.join(work, 'inv.json'),
      JSON.stringify({
        customer: 'Ada',
        locale: 'en-US',
        lines: [
          { name: 'Tea', price: 3.5 },
          { name: 'Cake', price: 12 },
        ],
      }),
    );
    const out = path.join(work, 'out', 'hbs.pdf');
    const r = await folio(['render', '--html', hbs, '--assets', dir, '--payload', path.join(work, 'inv.json'), '-o', out]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(pdfText(fs.readFileSync(out)), /Invoice for Ada\s+•?\s*Tea: €3\.50\s+•?\s*Cake: €12\.00/);

    const md = path.join(work, 'notes.md');
    fs.writeFileSync(md, '---\ntitle: Notes\n---\n# Team notes\n\n| Who | What |\n|---|---|\n| Ada | engines |\n');
    const mdOut = path.join(work, 'out', 'notes.pdf');
    const m = await folio(['render', '--md', md, '-o', mdOut]);
    assert.equal(m.code, 0, m.stderr);
    assert.match(pdfText(fs.readFileSync(mdOut)), /Team notes\s+Who\s+What\s+Ada\s+engines/);

    for (const [args, message] of [
      [['render', '--md', md, '--html', hbs, '-o', mdOut], /--html and --md: give one of them/],
      [['render', '--md', md, '--engine', 'liquid', '-o', mdOut], /--engine goes with --html: a --md file is Markdown/],
      [['render', '--html', hbs, '--engine', 'liquid', '-o', mdOut], /--engine liquid, but invoice\.hbs is a handlebars template/],
      [['render', '--html', hbs, '--engine', 'ejs', '-o', mdOut], /--engine must be one of html, handlebars/],
      [['render', 'quarterly-statement', '--engine', 'liquid', '-o', mdOut], /--engine goes with --html FILE/],
    ] as const) {
      const bad = await folio([...args]);
      assert.equal(bad.code, 2, `${args.join(' ')}: ${bad.stderr}`);
      assert.match(bad.stderr, message);
    }
    // A template error comes back from the server with its place: exit 1.
    fs.writeFileSync(path.join(work, 'broken.hbs'), '<p>\n{{#each lines}}</p>');
    const broken = await folio(['render', '--html', path.join(work, 'broken.hbs'), '-o', mdOut]);
    assert.equal(broken.code, 1, broken.stderr);
    assert.match(broken.stderr, /template_syntax_error: index\.html:2/);
  });

  test('batch renders a JSONL file into PDFs named by business key; a re-run attaches to the same batch', async () => {
    const customers = ['Ada Lovelace', 'Grace Hopper', 'Edsger Dijkstra', 'Barbara Liskov', 'Donald Knuth'];
    const lines = customers.map((customer, i) =>
      JSON.stringify({ businessKey: `ST-${i + 1}`, payload: { customer, total: `${i + 1}.00 EUR` } }),
    );
    fs.writeFileSync(path.join(work, 'payloads.jsonl'), `${lines.join('\n')}\n`);
    const dir = path.join(work, 'batch-out');
    const first = await folio(['batch', 'quarterly-statement', 'payloads.jsonl', '--out', dir]);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, /^batch bat_\w+: 0\/5 succeeded, 0 failed, 5 to go$/m, 'plain progress lines when not a terminal');
    assert.match(first.stderr, /^batch bat_\w+: 5\/5 succeeded, 0 failed, 0 to go$/m);
    assert.match(first.stdout, /^5 PDFs downloaded to /m);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['ST-1.pdf', 'ST-2.pdf', 'ST-3.pdf', 'ST-4.pdf', 'ST-5.pdf']);
    for (const [i, customer] of customers.entries())
      assert.match(pdfText(fs.readFileSync(path.join(dir, `ST-${i + 1}.pdf`))), new RegExp(`Statement for ${customer},`));
    const firstId = /batch (bat_\w+)/.exec(first.stdout)![1];

    const mtimes = fs.readdirSync(dir).map((f) => fs.statSync(path.join(dir, f)).mtimeMs);
    const again = json(await folio(['batch', 'quarterly-statement', 'payloads.jsonl', '--out', dir, '--json']));
    assert.equal(again.batch.id, firstId, 'the same command attaches to the same batch');
    assert.equal(again.batch.counts.succeeded, 5);
    assert.equal(again.downloaded, 0);
    assert.equal(again.kept, 5);
    assert.deepEqual(
      fs.readdirSync(dir).map((f) => fs.statSync(path.join(dir, f)).mtimeMs),
      mtimes,
      'nothing downloaded again',
    );

    // Plain payload lines (no item wrapper): the files are named by position.
    fs.writeFileSync(
      path.join(work, 'plain.jsonl'),
      '{"customer": "Alan Turing", "total": "1 EUR"}\n\n{"customer": "Kurt Gödel", "total": "2 EUR"}\n',
    );
    const plainDir = path.join(work, 'batch-plain');
    const plain = await folio(['batch', 'quarterly-statement', 'plain.jsonl', '--out', plainDir]);
    assert.equal(plain.code, 0, plain.stderr);
    assert.deepEqual(fs.readdirSync(plainDir).sort(), ['0001.pdf', '0002.pdf']);
    assert.match(pdfText(fs.readFileSync(path.join(plainDir, '0002.pdf'))), /Statement for Kurt Gödel,/);

    // A re-run of a finished batch reports where it is, not "0 of N" as it was created.
    const rerun = await folio(['batch', 'quarterly-statement', 'payloads.jsonl', '--out', dir]);
    assert.equal(rerun.code, 0, rerun.stderr);
    assert.doesNotMatch(rerun.stderr, /0\/5 succeeded/);
    assert.match(rerun.stderr, /^batch bat_\w+: 5\/5 succeeded, 0 failed, 0 to go$/m);
  });

  // Each command's own --help: test/unit/cli-arguments.test.ts.
  test('folio --help lists the client, process and operator commands', async () => {
    const top = await folio(['--help'], { process: true });
    assert.equal(top.code, 0);
    for (const c of [
      'serve',
      'deploy',
      'render',
      'batch',
      'dev',
      'jobs',
      'pdfs',
      'usage',
      'aliases',
      'login',
      'accounts create',
      'keys create',
      'secrets reveal',
    ])
      assert.ok(top.stdout.includes(`folio ${c}`), c);
  });
});
