// `folio dev`'s printed-pages view as a user runs it: `bin/folio dev` on a copy of
// examples/invoice, the view fetched over HTTP and opened in a real headless Chromium (puppeteer-core), files
// edited on disk while it watches. A CSS change reaches the served page-1 image live (no reload). How soon
// (about 0.5 s on an idle 2-core machine, the figure the view is built for) is not asserted: timings belong
// to benches, and a loaded CI machine decides them.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import puppeteer, { type Browser } from 'puppeteer-core';
import { tempDir } from '../helpers/app.js';
import { pdfText } from '../helpers/pdf.js';
import { FOLIO_BIN, ROOT } from '../helpers/server-process.js';
import { waitFor } from '../helpers/wait.js';

const CHROMIUM = process.env.FOLIO_CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';
const SECRET = 'sk_live_4f9a1c7e_do_not_show';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface DevProcess {
  child: ChildProcess;
  pagesUrl: string;
  output(): string;
  stop(): Promise<void>;
}

async function startDev(args: string[], cwd: string, env: Record<string, string> = {}): Promise<DevProcess> {
  const child = spawn(FOLIO_BIN, ['dev', ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`folio dev did not start:\n${out}`)), 30_000);
    const check = () => {
      if (!/env: +http/.test(out)) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`folio dev exited with ${code}:\n${out}`)));
  });
  return {
    child,
    pagesUrl: /pages: +(http\S+)/.exec(out)![1],
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A folder of links to every program on the PATH except poppler's pdftoppm: a machine without poppler. */
function pathWithoutPdftoppm(into: string): string {
  fs.mkdirSync(into);
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (name === 'pdftoppm' || fs.existsSync(path.join(into, name))) continue;
      fs.symlinkSync(path.join(dir, name), path.join(into, name));
    }
  }
  return into;
}

/** Every path under `dir`, sorted: what a stray file would show up in. */
function listing(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).sort();
}

/** Asks `f` every 25 ms until it answers something truthy, and returns that. */
function until<T>(what: string, f: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  return waitFor(what, async () => (await f()) || undefined, { timeoutMs, intervalMs: 25 });
}

/** The render timeout of the dev server: a page that never gets ready fails at it; every other render needs far less. */
const RENDER_TIMEOUT_S = 10;

describe('folio dev: the printed pages', () => {
  const work = tempDir('folio-dev-pages-');
  const site = path.join(work, 'invoice');
  let originalListing: string[];
  let browser: Browser;
  let dev: DevProcess;
  const get = async (url: string) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
  };
  const view = async () => (await get(dev.pagesUrl)).body.toString('utf8');
  const page1 = async () => (await get(`${dev.pagesUrl}/1.png`)).body;

  before(async () => {
    fs.cpSync(path.join(ROOT, 'examples/invoice'), site, { recursive: true });
    originalListing = listing(site);
    fs.writeFileSync(
      path.join(work, 'dev.env.json'),
      JSON.stringify({ variables: { COMPANY: 'Northwind' }, secrets: { API_TOKEN: SECRET } }),
    );
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
    // A render timeout shorter than the default keeps the test of a page that never gets ready short; long
    // enough that a loaded machine's ordinary renders never meet it.
    dev = await startDev([site, '--port', '0', '--env', 'dev.env.json', '--timeout', String(RENDER_TIMEOUT_S)], work);
  });
  after(async () => {
    await dev?.stop();
    await browser?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('the banner names the view and the sample payload it uses', () => {
    assert.match(dev.output(), /pages: +http:\/\/127\.0\.0\.1:\d+\/__folio\/dev\/pages /);
    assert.match(dev.output(), /payload: +http\S+ \(from sample-payload\.json in the folder; --payload overrides\)/);
  });

  test('the view shows every page of the PDF as an image, the page count and the diagnostics', async () => {
    const res = await get(dev.pagesUrl);
    assert.equal(res.status, 200);
    assert.match(res.type ?? '', /^text\/html/);
    const html = res.body.toString('utf8');
    const shown = Number(/<span id="page-count">(\d+)<\/span>/.exec(html)?.[1]);

    const pdf = await get(`${dev.pagesUrl.replace(/pages$/, 'preview.pdf')}`);
    assert.equal(pdf.type, 'application/pdf');
    const pages = (await PDFDocument.load(pdf.body)).getPageCount();
    assert.equal(shown, pages, 'the page count shown is the PDF’s');
    assert.ok(pages >= 2, `the sample invoice runs over ${pages} pages`);
    for (let n = 1; n <= pages; n++)
      assert.match(html, new RegExp(`<img src="/__folio/dev/pages/${n}\\.png\\?g=0" width="794" height="1123"`));
    assert.doesNotMatch(html, new RegExp(`pages/${pages + 1}\\.png`));
    assert.match(html, /Ready: <span id="ready">explicit/, 'the diagnostics say how the page got ready');
    assert.match(html, /From sample-payload\.json\./);

    const png = await get(`${dev.pagesUrl}/1.png?g=0`);
    assert.equal(png.type, 'image/png');
    assert.deepEqual(png.body.subarray(0, 8), PNG_SIGNATURE);
    assert.equal(png.body.toString('latin1', 12, 16), 'IHDR');
    assert.deepEqual([png.body.readUInt32BE(16), png.body.readUInt32BE(20)], [794, 1123], 'A4 at 96 dpi');
    assert.equal((await get(`${dev.pagesUrl}/${pages + 1}.png`)).status, 404);
  });

  test('in a browser the images load, and a CSS change reaches page 1 live', async () => {
    const tab = await browser.newPage();
    try {
      await tab.goto(dev.pagesUrl);
      const imagesLoaded = () =>
        tab.waitForFunction(() => {
          const imgs = Array.from(document.querySelectorAll('#pages img')) as HTMLImageElement[];
          return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth === 794);
        });
      await imagesLoaded();
      // The view's event stream is open: from now on each change renders without being asked.
      await tab.waitForFunction(() => document.body.dataset.live === 'true');

      // Each write alone brings a new page 1: nothing else asks for a render.
      const css = path.join(site, 'invoice.css');
      const original = fs.readFileSync(css, 'utf8');
      for (const colour of ['#c00000', '#0000c0', '#008000']) {
        const before = await page1();
        fs.writeFileSync(css, `${original}\n* { color: ${colour} !important; }\n`);
        await until('a different page 1', async () => !(await page1()).equals(before));
      }

      // The open view swapped in the last render without reloading.
      await tab.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
      const last = await until('the generation served', async () => Number(/data-generation="(\d+)"/.exec(await view())?.[1]) || false);
      await tab.waitForFunction((g) => document.querySelector('#view')?.getAttribute('data-generation') === String(g), {}, last);
      await imagesLoaded();
      assert.equal(await tab.evaluate(() => (window as unknown as { __same?: boolean }).__same), true, 'no reload');
      const src = await tab.$eval('#pages img', (i) => i.getAttribute('src'));
      assert.equal(src, `/__folio/dev/pages/1.png?g=${last}`);
      fs.writeFileSync(css, original);
    } finally {
      await tab.close();
    }
  });

  test('saves during a render queue one more render: the last save wins, renders bounded by the saves', async () => {
    const tab = await browser.newPage();
    const css = path.join(site, 'invoice.css');
    const original = fs.readFileSync(css, 'utf8');
    try {
      await tab.goto(dev.pagesUrl);
      await tab.waitForFunction(() => document.body.dataset.live === 'true');
      // The previous test restored the CSS as it ended: a save of this test's own, once in the PDF, marks that
      // every render of the saves before it is done (changes are rendered in the order saved) before counting.
      const printed = () => (dev.output().match(/^printed pages: /gm) ?? []).length;
      const pdfUrl = dev.pagesUrl.replace(/pages$/, 'preview.pdf');
      fs.writeFileSync(css, `${original}\n.doc-title h1::after { content: " v0"; }\n`);
      await until('the first save in the PDF', async () => /INVOICE V0/.test(pdfText((await get(pdfUrl)).body)));
      const rendersBefore = printed();
      // Saves 120 ms apart: past the 60 ms debounce, so some land while the previous render runs. (The
      // heading is upper case: text-transform applies to the generated text too.)
      for (let n = 1; n <= 6; n++) {
        fs.writeFileSync(css, `${original}\n.doc-title h1::after { content: " v${n}"; }\n`);
        await new Promise((r) => setTimeout(r, 120));
      }
      await until('the last save in the PDF', async () => /INVOICE V6/.test(pdfText((await get(pdfUrl)).body)));
      await tab.waitForFunction(() => document.querySelector('#view')?.getAttribute('data-generation') !== '0');
      const renders = printed() - rendersBefore;
      console.log(`folio dev: 6 saves 120 ms apart, ${renders} renders`);
      // Bounded by the saves: a save is a truncate and a write, which a loaded machine may report as two
      // changes more than the 60 ms debounce apart, so at most two renders each; never one per request.
      assert.ok(renders >= 1 && renders <= 12, `${renders} renders`);
    } finally {
      fs.writeFileSync(css, original);
      await tab.close();
    }
  });

  test('a payload that does not conform to payload.schema.json shows its JSON pointers', async () => {
    const schema = path.join(site, 'payload.schema.json');
    // The example ships a schema of its own: put it back afterwards.
    const shipped = fs.existsSync(schema) ? fs.readFileSync(schema) : null;
    fs.writeFileSync(
      schema,
      JSON.stringify({
        type: 'object',
        required: ['invoiceNumber', 'customerReference'],
        properties: { invoiceNumber: { type: 'integer' } },
      }),
    );
    try {
      const html = await until('the schema check', async () => {
        const h = await view();
        return /does not conform/.test(h) && h;
      });
      assert.match(html, /<code class="pointer">\/invoiceNumber<\/code>: must be integer/);
      assert.match(html, /<code class="pointer">\/customerReference<\/code>: is required/);
      assert.match(html, /A deploy of this folder would be refused/, 'the payload in use is the sample, which a deploy checks');
      // Still rendered: the preview shows the pages a job with a valid payload would get.
      assert.match(html, /<span id="page-count">\d+<\/span>/);

      fs.writeFileSync(schema, JSON.stringify({ type: 'object', required: ['invoiceNumber'] }));
      const fine = await until('the payload to conform', async () => {
        const h = await view();
        return /The payload conforms to payload\.schema\.json/.test(h) && h;
      });
      assert.doesNotMatch(fine, /would be refused/);
    } finally {
      if (shipped) fs.writeFileSync(schema, shipped);
      else fs.rmSync(schema);
    }
  });

  test('an exception of the template is in the diagnostics; a failed render shows its code, without secrets', async () => {
    const index = path.join(site, 'index.html');
    const original = fs.readFileSync(index, 'utf8');
    try {
      fs.writeFileSync(path.join(site, 'boom.js'), "throw new Error('boom from the template');\n");
      fs.writeFileSync(index, original.replace('<script src="invoice.js" defer></script>', '$&<script src="boom.js"></script>'));
      const html = await until('the exception', async () => {
        const h = await view();
        return /boom from the template/.test(h) && h;
      });
      assert.match(html, /<tr class="exception">[^]*?Error: boom from the template/);
      assert.match(html, /<span id="page-count">\d+<\/span>/, 'an exception alone does not fail the render');

      // A page that never calls ready(): the render times out, and the view says so instead of crashing.
      // It logs the env's secret first: the view shows the secret's name, never its value.
      fs.writeFileSync(
        index,
        `<!doctype html><script>window.folio.waitForReady = true;
fetch(window.folio.envUrl).then((r) => r.json()).then((env) => console.error('using token ' + env.secrets.API_TOKEN));</script><p>never ready</p>`,
      );
      const failed = await until(
        'the failed render',
        async () => {
          const h = await view();
          return /id="error-code"/.test(h) && h;
        },
        RENDER_TIMEOUT_S * 1000 * 4,
      );
      assert.match(failed, /The render failed: <code id="error-code">render_timeout_exceeded<\/code>/);
      assert.match(failed, /using token \[secret API_TOKEN\]/);
      assert.ok(!failed.includes(SECRET), 'the secret is not in the view');
      assert.equal((await get(`${dev.pagesUrl}/1.png`)).status, 404);
    } finally {
      fs.writeFileSync(index, original);
      fs.rmSync(path.join(site, 'boom.js'), { force: true });
    }
    await until('a good render again', async () => /<span id="page-count">\d+<\/span>/.test(await view()));
  });

  test('without pdftoppm the view says how to install it and shows the PDF in a frame instead', async () => {
    const noPoppler = await startDev([site, '--port', '0'], work, { PATH: pathWithoutPdftoppm(path.join(work, 'path')) });
    try {
      const res = await fetch(noPoppler.pagesUrl);
      const html = await res.text();
      assert.equal(res.status, 200);
      assert.match(html, /<code>apt-get install poppler-utils<\/code>/);
      assert.match(html, /<iframe title="The printed PDF" src="\/__folio\/dev\/preview\.pdf\?g=0"><\/iframe>/);
      assert.doesNotMatch(html, /<img src=/);
      const shown = Number(/<span id="page-count">(\d+)<\/span>/.exec(html)?.[1]);
      const pdf = await fetch(noPoppler.pagesUrl.replace(/pages$/, 'preview.pdf'));
      assert.equal(pdf.headers.get('content-type'), 'application/pdf');
      assert.equal((await PDFDocument.load(Buffer.from(await pdf.arrayBuffer()))).getPageCount(), shown);
      assert.equal((await fetch(`${noPoppler.pagesUrl}/1.png`)).status, 404);
    } finally {
      await noPoppler.stop();
    }
  });

  test('nothing was written into the watched folder', () => {
    assert.deepEqual(listing(site), originalListing);
  });
});
