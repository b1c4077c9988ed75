// Step definitions of the sentences Gotenberg's Chromium and LibreOffice features add to those of the PDF
// engines (gotenberg-steps.ts), each asserting what Gotenberg's step (its scenario/scenario.go) asserts, with
// the same tools or their poppler/qpdf equivalents:
//
// - Orientation: `pdfinfo`'s first page size, landscape when wider than high (as Gotenberg's step).
// - Document outline: veraPDF's outline report is empty ⇔ the catalog has no /Outlines with a first entry
//   (qpdf --json).
// - Images of a PDF: the lines of `pdfimages -list` after its two header lines, as Gotenberg counts them.
// - Image size and pixel colour: decoded with sharp (Gotenberg: Go's image package), the pixel as `#rrggbb`.
// - "server request header/cookie": the page server's last request for a page during the last request to
//   Folio (Gotenberg's server keeps its last request); a cookie expected "" may be absent, as there.
// - Concurrent requests: every answer's status, and the PDFs each saved in its own folder.
// - "valid PDF/A-…": the XMP claim, as the shared step checks it (no veraPDF), but a higher conformance level
//   passes for a lower one, as veraPDF validates a PDF/A-1a file against PDF/A-1b (level a includes u, u
//   includes b): LibreOffice claims PDF/A-1a when it also tags the PDF (pdfua). PDF/UA stays the shared step's.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { namedFile, tool, type StepDefinition, type World } from './gotenberg-steps.js';
import { BrowserWorld } from './gotenberg-browser-world.js';

const browser = (w: World): BrowserWorld => {
  if (!(w instanceof BrowserWorld)) throw new Error('this step needs the world of gotenberg-browser-world.ts');
  return w;
};

const invert = (should: string) => should === 'should NOT';

/** The last request for a page (`/html/…`, `/static/…`) the page server received during the last request to Folio. */
function lastPageRequest(w: World) {
  const found = browser(w)
    .pageRequests.filter((r) => r.path.startsWith('/html/') || r.path.startsWith('/static/'))
    .at(-1);
  if (!found) throw new Error('the page server received no request for a page during the last request');
  return found;
}

/** The request's cookies by name (Go's http.Request.Cookies: every Cookie header, `;`-separated pairs). */
function cookiesOf(header: string | string[] | undefined): Map<string, string> {
  const pairs = (Array.isArray(header) ? header : header ? [header] : []).flatMap((h) => h.split(';'));
  return new Map(
    pairs
      .map((p) => p.trim())
      .filter((p) => p.includes('='))
      .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as [string, string]),
  );
}

type QpdfObjects = Record<string, { value?: any }>;

async function hasOutline(file: string): Promise<boolean> {
  const out = await tool('qpdf', ['--json=2', '--json-key=qpdf', file]);
  let objects: QpdfObjects;
  try {
    objects = JSON.parse(out).qpdf[1];
  } catch {
    throw new Error(`qpdf --json ${path.basename(file)}: ${out.slice(0, 300)}`);
  }
  const deref = (v: unknown) => (typeof v === 'string' && /^\d+ \d+ R$/.test(v) ? objects[`obj:${v}`]?.value : v);
  const trailer = objects.trailer?.value;
  const outlines = deref(deref(trailer?.['/Root'])?.['/Outlines']);
  return outlines !== undefined && outlines !== null && outlines['/First'] !== undefined;
}

/** The PDFs of a folder, at any depth (as Gotenberg walks a concurrent answer's trace folder). */
function pdfsBelow(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => path.extname(f).toLowerCase() === '.pdf');
}

/** The PDFs the last answer (or webhook delivery) saved, as the shared "the … PDF(s)" steps walk them. */
function storedPdfs(w: World): string[] {
  const dir = w.storeDir;
  if (dir === null || !fs.existsSync(dir)) throw new Error(`no file answer was saved (last status ${w.response?.status})`);
  return pdfsBelow(dir).map((f) => path.join(dir, f));
}

/** Conformance levels that include each one (a PDF/A-2a file is a PDF/A-2u and a PDF/A-2b file too). */
const INCLUDED_BY: Record<string, string[]> = { b: ['b', 'u', 'a'], u: ['u', 'a'], a: ['a'] };

async function assertPdfaClaim(file: string, part: string, level: string): Promise<void> {
  const xmp = await tool('pdfinfo', ['-meta', file]);
  const prop = (name: string) =>
    new RegExp(`${name}(?:="([^"]*)"|>([^<]*)<)`)
      .exec(xmp)
      ?.slice(1)
      .find((v) => v !== undefined) ?? null;
  assert.equal(prop('pdfaid:part'), part, `${path.basename(file)}: XMP pdfaid:part for PDF/A-${part}${level}`);
  const claimed = prop('pdfaid:conformance')?.toLowerCase() ?? '';
  assert.ok(INCLUDED_BY[level]!.includes(claimed), `${path.basename(file)}: XMP pdfaid:conformance ${claimed} for PDF/A-${part}${level}`);
}

const step = (pattern: RegExp, run: StepDefinition['run']): StepDefinition => ({ pattern, run });

export const BROWSER_STEPS: StepDefinition[] = [
  step(
    /^the (response|webhook request) PDF\(s\) should be valid "PDF\/A-(\d)([abu])" with a tolerance of (\d+) failed rule\(s\)$/i,
    async (w, m) => {
      for (const file of storedPdfs(w)) await assertPdfaClaim(file, m[2]!, m[3]!.toLowerCase());
    },
  ),
  step(
    /^I make (\d+) concurrent "(POST)" requests to Gotenberg at the "([^"]*)" endpoint with the following form data and header\(s\):$/,
    (w, m, s) => browser(w).requestConcurrently(Number(m[1]), m[2], m[3], s.table ?? []),
  ),
  step(/^all concurrent response status codes should be (\d+)$/, (w, m) => {
    const worlds = browser(w).concurrent;
    assert.ok(worlds.length > 0, 'no concurrent responses recorded');
    for (const [i, c] of worlds.entries())
      assert.equal(c.response?.status, Number(m[1]), `concurrent response ${i + 1}: ${c.response?.body.toString('utf8').slice(0, 300)}`);
  }),
  step(/^all concurrent responses should have (\d+) PDF\(s\)$/, (w, m) => {
    const worlds = browser(w).concurrent;
    assert.ok(worlds.length > 0, 'no concurrent responses recorded');
    for (const [i, c] of worlds.entries()) {
      const dir = path.join(c.workdir, c.response?.headers.get('gotenberg-trace') ?? '');
      assert.equal(pdfsBelow(dir).length, Number(m[1]), `concurrent response ${i + 1}: PDFs in ${dir}`);
    }
  }),
  step(/^the "([^"]*)" PDF (should|should NOT) be set to landscape orientation$/, async (w, m) => {
    const info = (await tool('pdfinfo', [namedFile(w, m[1])])).replace(/ /g, '');
    const size = /Pagesize:([\d.]+)x([\d.]+)/.exec(info);
    assert.ok(size, `${m[1]}: no page size in ${info.slice(0, 300)}`);
    const [width, height] = [Number(size[1]), Number(size[2])];
    if (invert(m[2])) assert.ok(height >= width, `${m[1]}: ${width} x ${height} is landscape`);
    else assert.ok(width >= height, `${m[1]}: ${width} x ${height} is portrait`);
  }),
  step(/^the "([^"]*)" PDF (should|should NOT) have a document outline$/, async (w, m) =>
    assert.equal(await hasOutline(namedFile(w, m[1])), !invert(m[2]), `${m[1]} ${m[2]} have a document outline`),
  ),
  step(/^the "([^"]*)" PDF should have (\d+) image\(s\)$/, async (w, m) => {
    const lines = (await tool('pdfimages', ['-list', namedFile(w, m[1])])).trim().split('\n');
    assert.equal(Math.max(0, lines.length - 2), Number(m[2]), `${m[1]}: pdfimages -list\n${lines.join('\n')}`);
  }),
  step(/^the "([^"]*)" image should be (\d+)x(\d+) pixels$/, async (w, m) => {
    const meta = await sharp(namedFile(w, m[1])).metadata();
    assert.deepEqual([meta.width, meta.height], [Number(m[2]), Number(m[3])], `${m[1]}: ${meta.format} size`);
  }),
  step(/^the "([^"]*)" image pixel at (\d+),(\d+) should be "([^"]*)"$/, async (w, m) => {
    const { data, info } = await sharp(namedFile(w, m[1])).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (Number(m[3]) * info.width + Number(m[2])) * info.channels;
    const got = `#${[...data.subarray(at, at + 3)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    assert.equal(got.toLowerCase(), m[4].toLowerCase(), `${m[1]}: pixel at ${m[2]},${m[3]}`);
  }),
  step(/^the server request header "([^"]*)" should be "([^"]*)"$/, (w, m) => {
    const value = lastPageRequest(w).headers[m[1].toLowerCase()];
    assert.equal(Array.isArray(value) ? value.join(', ') : (value ?? ''), m[2], `server request header ${m[1]}`);
  }),
  step(/^the server request cookie "([^"]*)" should be "([^"]*)"$/, (w, m) => {
    const cookies = cookiesOf(lastPageRequest(w).headers.cookie);
    if (m[2] === '' && !cookies.has(m[1])) return;
    assert.equal(cookies.get(m[1]), m[2], `server request cookie ${m[1]}: ${JSON.stringify([...cookies])}`);
  }),
];
