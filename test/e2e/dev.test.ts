// `folio dev` as a user runs it: the preview server is a `bin/folio dev` process, the page is opened in a
// real headless Chromium (puppeteer-core), and files are edited on disk while it watches.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { tempDir } from '../helpers/app.js';
import { pdfText } from '../helpers/pdf.js';
import { FOLIO_BIN } from '../helpers/server-process.js';
import { startDev, type DevProcess } from '../helpers/dev-process.js';

const CHROMIUM = process.env.FOLIO_CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';

const INDEX = (heading: string) => `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="style.css">
<script>window.folio.waitForReady = true;</script><script src="app.js" defer></script></head>
<body><h1>${heading}</h1><p id="who">Loading</p><p id="company"></p></body></html>`;
const APP = `Promise.all([fetch(window.folio.payloadUrl).then((r) => r.json()), fetch(window.folio.envUrl).then((r) => r.json())])
  .then(([p, env]) => {
    document.getElementById('who').textContent = 'Invoice for ' + p.customer;
    document.getElementById('company').textContent = 'Issued by ' + env.variables.COMPANY;
  })
  .finally(() => window.folio.ready());`;

function run(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(FOLIO_BIN, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('folio dev', () => {
  const work = tempDir('folio-dev-');
  const site = path.join(work, 'invoice');
  let browser: Browser;
  let dev: DevProcess;
  let page: Page;

  before(async () => {
    fs.mkdirSync(site);
    fs.writeFileSync(path.join(site, 'index.html'), INDEX('Invoice'));
    fs.writeFileSync(path.join(site, 'app.js'), APP);
    fs.writeFileSync(path.join(site, 'style.css'), 'h1 { color: #123; }');
    fs.writeFileSync(path.join(work, 'sample.json'), JSON.stringify({ customer: 'Ada Lovelace', amount: 12 }));
    fs.writeFileSync(path.join(work, 'dev.env'), '# local values\nCOMPANY=Northwind GmbH\n');
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
    dev = await startDev([site, '--payload', 'sample.json', '--env', 'dev.env', '--port', '0'], work);
    page = await browser.newPage();
  });
  after(async () => {
    await dev?.stop();
    await browser?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const text = (selector: string) => page.$eval(selector, (e) => e.textContent);

  test('serves the folder with window.folio, the payload and the env, as a render would', async () => {
    await page.goto(dev.pageUrl);
    await page.waitForFunction(() => document.getElementById('who')?.textContent === 'Invoice for Ada Lovelace');
    assert.equal(await text('#company'), 'Issued by Northwind GmbH');
    const folio = await page.evaluate(() => {
      const f = (window as unknown as { folio: Record<string, unknown> }).folio;
      return {
        payloadUrl: f.payloadUrl,
        envUrl: f.envUrl,
        jobId: f.jobId,
        deployId: f.deployId,
        versionNo: f.versionNo,
        replaceable: Reflect.set(window, 'folio', 1),
      };
    });
    assert.equal(folio.payloadUrl, dev.payloadUrl);
    assert.equal(folio.envUrl, dev.payloadUrl.replace('/__payload', '/__env'));
    assert.equal(folio.replaceable, false, 'window.folio is read-only, as in production');
    assert.equal(folio.versionNo, 0);

    // The payload is the canonical JSON a job would get (keys sorted, no spaces), from another origin with CORS.
    const res = await fetch(dev.payloadUrl);
    assert.equal(await res.text(), '{"amount":12,"customer":"Ada Lovelace"}');
    assert.equal(res.headers.get('access-control-allow-origin'), new URL(dev.pageUrl).origin);
    // Documents carry the production CSP, pointed at the local payload origin.
    const doc = await fetch(dev.pageUrl);
    assert.match(doc.headers.get('content-security-policy') ?? '', new RegExp(`connect-src 'self' ${new URL(dev.payloadUrl).origin} `));
  });

  test('requests for another host name are refused (DNS rebinding): the page, the env and the payload', async () => {
    const env = dev.payloadUrl.replace('/__payload', '/__env');
    for (const target of [dev.pageUrl, env, dev.payloadUrl]) {
      const u = new URL(target);
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get({ host: u.hostname, port: u.port, path: u.pathname, headers: { host: `rebind.example:${u.port}` } }, (res) => {
            res.resume();
            resolve(res.statusCode!);
          })
          .on('error', reject);
      });
      assert.equal(status, 403, target);
    }
    assert.equal((await fetch(env)).status, 200, 'its own address still answers');
    const local = new URL(dev.pageUrl);
    local.hostname = 'localhost';
    assert.equal((await fetch(local)).status, 200, 'localhost too');
  });

  test('editing a file reloads the page in the browser; so does editing the payload', async () => {
    await page.evaluate(() => ((window as unknown as { __before: boolean }).__before = true));
    let navigated = page.waitForNavigation({ waitUntil: 'load' });
    fs.writeFileSync(path.join(site, 'index.html'), INDEX('Invoice (edited)'));
    await navigated;
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Invoice (edited)');
    assert.equal(
      await page.evaluate(() => (window as unknown as { __before?: boolean }).__before),
      undefined,
      'a fresh document, not a patched one',
    );
    await page.waitForFunction(() => document.getElementById('who')?.textContent === 'Invoice for Ada Lovelace');
    await dev.waitFor(/changed: reloading 1 page/);

    navigated = page.waitForNavigation({ waitUntil: 'load' });
    fs.writeFileSync(path.join(work, 'sample.json'), JSON.stringify({ customer: 'Grace Hopper', amount: 7 }));
    await navigated;
    await page.waitForFunction(() => document.getElementById('who')?.textContent === 'Invoice for Grace Hopper');
  });

  test('--pdf renders the folder with the production renderer and prints where the PDF went', async () => {
    const out = path.join(work, 'out', 'invoice.pdf');
    const r = await run(['dev', site, '--payload', 'sample.json', '--env', 'dev.env', '--pdf', out], work);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stdout,
      new RegExp(`^wrote ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(1 page, [\\d.]+ KB, rendered in \\d+ ms\\)$`, 'm'),
    );
    const t = pdfText(fs.readFileSync(out));
    assert.match(t, /Invoice \(edited\)/);
    assert.match(t, /Invoice for Grace Hopper/);
    assert.match(t, /Issued by Northwind GmbH/);
    assert.deepEqual(fs.readdirSync(path.dirname(out)), ['invoice.pdf']);

    const missing = await run(['dev', site, '--payload', 'nope.json', '--pdf', out], work);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /payload file not found: nope\.json/);
  });

  test('--pdf names the requests the network policy refused, in text and in --json', async () => {
    const folder = path.join(work, 'external');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(
      path.join(folder, 'index.html'),
      '<!doctype html><link rel="stylesheet" href="https://fonts.example.com/brand.css"><h1>Uses a web font</h1><img src="https://cdn.example.com/logo.png">',
    );
    const out = path.join(work, 'external.pdf');
    const text = await run(['dev', folder, '--pdf', out], work);
    assert.equal(text.code, 0, text.stderr);
    assert.match(
      text.stdout,
      /^warning: blocked request https:\/\/fonts\.example\.com\/brand\.css: refused by the Content-Security-Policy Folio serves/m,
    );
    assert.match(text.stdout, /^warning: blocked request https:\/\/cdn\.example\.com\/logo\.png: /m);
    const json = await run(['dev', folder, '--pdf', out, '--json'], work);
    assert.equal(json.code, 0, json.stderr);
    const parsed = JSON.parse(json.stdout) as { pageCount: number; blocked: string[] };
    assert.equal(parsed.pageCount, 1);
    assert.deepEqual(parsed.blocked.map((b) => b.split(': ')[0]).sort(), [
      'https://cdn.example.com/logo.png',
      'https://fonts.example.com/brand.css',
    ]);
  });

  test('on a terminal, p prints the PDF and q quits', async () => {
    // script(1) gives the command a real pseudo-terminal, so stdin is a TTY in raw mode as for a user.
    const cmd = `${FOLIO_BIN} dev ${JSON.stringify(site)} --payload sample.json --port 0 --pdf pressed.pdf --serve`;
    const child = spawn('script', ['-qfec', cmd, '/dev/null'], { cwd: work, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    const waiters: Array<{ re: RegExp; resolve: () => void }> = [];
    child.stdout.on('data', (d) => {
      out += d;
      for (const w of [...waiters]) {
        if (!w.re.test(out)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
    const seen = (re: RegExp) =>
      new Promise<void>((resolve, reject) => {
        if (re.test(out)) return resolve();
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${re}:\n${out}`)), 30_000);
        waiters.push({ re, resolve: () => (clearTimeout(timer), resolve()) });
      });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await seen(/press p to print pressed\.pdf/);
    await seen(/wrote .*pressed\.pdf \(1 page/); // --pdf with --serve prints once at start
    fs.rmSync(path.join(work, 'pressed.pdf'));
    child.stdin.write('p');
    await seen(/(wrote .*pressed\.pdf[^\n]*\n[\s\S]*){2}/);
    assert.match(pdfText(fs.readFileSync(path.join(work, 'pressed.pdf'))), /Invoice for Grace Hopper/);
    child.stdin.write('q');
    assert.equal(await exited, 0);
  });
});
