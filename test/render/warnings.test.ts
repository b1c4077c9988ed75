// What went wrong in a page that still printed becomes the job's warnings (domain/jobs/job-warnings.ts), and
// the print defaults of a version decide the page margin where the CSS sets none. Real Chromium; one
// browser for the file.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Renderer } from '../../src/render/renderer.js';
import { CURRENT_PRINT_DEFAULTS } from '../../src/domain/jobs/print-defaults.js';
import type { RenderRequest } from '../../src/render/types.js';
import { marginBoxesWithoutMargin } from '../helpers/real-documents.js';
import { bundle, memorySink, pdfText, request } from './helpers.js';

let renderer: Renderer;
before(async () => {
  renderer = new Renderer({ concurrency: 2, executablePath: process.env.FOLIO_CHROMIUM_PATH });
  await renderer.start();
});
after(() => renderer.close());

/** Renders with the current print defaults unless `extra` names others. */
async function warningsOf(files: Record<string, string>, extra: Partial<RenderRequest> = {}) {
  const out = memorySink();
  const result = await renderer.render(request({ bundle: bundle(files), printDefaults: CURRENT_PRINT_DEFAULTS, ...extra }), out.sink);
  return { warnings: result.diagnostics?.warnings ?? [], text: pdfText(out.bytes()), result };
}

test('a page that throws, logs an error and asks for a missing stylesheet and a blocked address prints with each warning counted', async () => {
  const { warnings, text } = await warningsOf({
    '/index.html': `<!doctype html><html><head><link rel="stylesheet" href="/missing.css"></head><body><p>Loading…</p>
      <img src="http://169.254.169.254/latest/meta-data/logo.png">
      <script>console.error('price list unavailable'); console.error('second');
        setTimeout(() => { throw new TypeError('items is undefined'); }, 0);</script></body></html>`,
  });
  assert.match(text, /Loading…/);
  const byCode = Object.fromEntries(warnings.map((w) => [w.code, w]));
  assert.equal(byCode.console_error?.count, 2);
  assert.match(byCode.console_error?.message ?? '', /price list unavailable/);
  assert.match(byCode.page_exception?.message ?? '', /TypeError: items is undefined/);
  assert.match(byCode.http_error_status?.message ?? '', /\/missing\.css: not in the bundle \(404\)/);
  assert.match(byCode.request_blocked?.message ?? '', /169\.254\.169\.254/);
  assert.doesNotMatch(byCode.request_blocked?.message ?? '', /meta-data\/logo\.png\?/);
});

test('a clean page has no warnings', async () => {
  const { warnings } = await warningsOf({ '/index.html': '<p>fine</p>' });
  assert.deepEqual(warnings, []);
});

test('a web font that fails to load is font_fallback; an endless animation printed by the settle limit is ready_by_timeout', async () => {
  const font = await warningsOf({
    '/index.html': `<style>@font-face { font-family: "Brand Sans"; src: url(/fonts/brand.woff2); } p { font-family: "Brand Sans", serif; }</style><p>Text</p>`,
  });
  assert.deepEqual(
    font.warnings.map((w) => w.code),
    ['http_error_status', 'font_fallback'],
  );
  assert.match(font.warnings[1]!.message, /"Brand Sans" failed to load/);
  const endless = await warningsOf({
    '/index.html': `<p id="c">0</p><script>let n = 0; (function tick() { document.getElementById('c').textContent = ++n; requestAnimationFrame(tick); })();</script>`,
  });
  assert.deepEqual(
    endless.warnings.map((w) => w.code),
    ['ready_by_timeout'],
  );
  assert.equal(endless.result.diagnostics?.ready?.byTimeout, true);
});

test('margin boxes without an @page margin print with the current print defaults, and are clipped (and said so) under the first ones and in a request that names none', async () => {
  const doc = marginBoxesWithoutMargin();
  const files = { '/index.html': String(doc.files['/index.html']) };
  const current = await warningsOf(files);
  assert.match(current.text, /Board minutes[\s\S]*Page 1 of 2/);
  assert.deepEqual(current.warnings, []);
  const first = await warningsOf(files, { printDefaults: 1 });
  assert.doesNotMatch(first.text, /Page 1 of 2/);
  assert.deepEqual(
    first.warnings.map((w) => w.code),
    ['margin_boxes_clipped'],
  );
  assert.equal(first.warnings[0]!.count, 2, 'both margin boxes');
  const unstated = await warningsOf(files, { printDefaults: undefined });
  assert.doesNotMatch(unstated.text, /Page 1 of 2/);
  assert.match(first.warnings[0]!.message, /@page @bottom-right has content/);
  // A margin given by the version (pdf.margin) is used where the CSS sets none, under either defaults.
  const given = await warningsOf(files, {
    printDefaults: 1,
    pdf: { margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' } },
  });
  assert.match(given.text, /Page 1 of 2/);
  assert.deepEqual(given.warnings, []);
});

test('print defaults 2 emulate prefers-reduced-motion; pdf.reducedMotion false and print defaults 1 do not', async () => {
  const page = {
    '/index.html': `<p id="m"></p><script>document.getElementById('m').textContent = 'reduce=' + matchMedia('(prefers-reduced-motion: reduce)').matches;</script>`,
  };
  assert.match((await warningsOf(page)).text, /reduce=true/);
  assert.match((await warningsOf(page, { pdf: { reducedMotion: false } })).text, /reduce=false/);
  assert.match((await warningsOf(page, { printDefaults: 1 })).text, /reduce=false/);
  assert.match((await warningsOf(page)).text, /reduce=true/);
});
