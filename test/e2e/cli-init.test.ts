// `folio init` and `folio dev` with a template language, as a user runs them: `bin/folio init --engine E`
// writes a folder for every language (never over existing files), `folio dev --pdf` prints a Handlebars
// scaffold exactly as the HTML one, and the live preview of a Liquid scaffold, open in a real headless
// Chromium, shows the rendered template and reloads it when the partial is edited.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import puppeteer, { type Browser } from 'puppeteer-core';
import { tempDir } from '../helpers/app.js';
import { runFolio } from '../helpers/cli-run.js';
import { startDev, type DevProcess } from '../helpers/dev-process.js';
import { pdfText } from '../helpers/pdf.js';

const CHROMIUM = process.env.FOLIO_CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';
const ENGINES = ['html', 'handlebars', 'liquid', 'nunjucks', 'mustache', 'markdown'];

describe('folio init and folio dev with template languages', () => {
  const work = tempDir('folio-init-');
  let dev: DevProcess | undefined;
  let browser: Browser | undefined;

  before(async () => {
    for (const engine of ENGINES) {
      // In this process (helpers/cli-run.ts), but for the first init: a real `bin/folio` launch.
      const r = await runFolio(['init', engine, '--engine', engine], { cwd: work, env: process.env, process: engine === ENGINES[0] });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, new RegExp(`^created .* in ${engine}\\nnext: folio dev ${engine}`));
    }
  });
  after(async () => {
    await browser?.close();
    await dev?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('every language gets its entry, partial, stylesheet and sample; nothing is overwritten', async () => {
    const files = (d: string) => fs.readdirSync(path.join(work, d), { recursive: true }).map(String).sort();
    assert.deepEqual(files('handlebars'), [
      'index.hbs',
      'partials',
      'partials/line.hbs',
      'payload.schema.json',
      'sample-payload.json',
      'style.css',
    ]);
    assert.deepEqual(files('liquid'), ['index.liquid', 'line.liquid', 'payload.schema.json', 'sample-payload.json', 'style.css']);
    assert.deepEqual(files('markdown'), ['index.md']);
    const again = await runFolio(['init', 'liquid', '--engine', 'liquid'], { cwd: work, env: process.env });
    assert.equal(again.code, 2);
    assert.match(again.stderr, /already has index\.liquid.*never overwrites/);
    const unknown = await runFolio(['init', 'x', '--engine', 'ejs'], { cwd: work, env: process.env });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /--engine must be one of html, handlebars, liquid, nunjucks, mustache, markdown, docx; got ejs/);
    assert.ok(!fs.existsSync(path.join(work, 'x')), 'nothing written');
  });

  test('folio dev --pdf prints the Handlebars scaffold as the HTML one', async () => {
    const texts: string[] = [];
    for (const engine of ['html', 'handlebars']) {
      const out = path.join(work, `${engine}.pdf`);
      const r = await runFolio(['dev', engine, '--pdf', out], { cwd: work, env: process.env });
      assert.equal(r.code, 0, r.stderr);
      texts.push(pdfText(fs.readFileSync(out)));
    }
    assert.match(texts[0]!, /Invoice INV-2026-0001[\s\S]*Total €2,470\.00[\s\S]*Page 1 of 1/);
    assert.equal(texts[1], texts[0]);
  });

  test('the live preview renders a Liquid template in the browser and reloads it when a partial changes', async () => {
    dev = await startDev([path.join(work, 'liquid'), '--port', '0'], work);
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
    const page = await browser.newPage();
    await page.goto(dev.pageUrl);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Invoice INV-2026-0001');
    assert.equal(await page.evaluate(() => document.querySelectorAll('tbody tr').length), 2);
    const partial = path.join(work, 'liquid', 'line.liquid');
    fs.writeFileSync(
      partial,
      fs.readFileSync(partial, 'utf8').replace('<td>{{ line.description }}</td>', '<td class="d">* {{ line.description }}</td>'),
    );
    await page.waitForFunction(() => document.querySelector('td.d')?.textContent === '* Route planning, November', { timeout: 15_000 });
  });
});
