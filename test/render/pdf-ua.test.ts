// PDF/UA-1 on real Chromium PDFs printed by the project's Renderer (one browser for the file): what
// post-processing adds (pdfuaid in the XMP, dc:title, DisplayDocTitle, /Lang, /Tabs /S, link /Contents,
// MarkInfo), read back with qpdf --json and pdfinfo -meta, and what the Matterhorn checker
// (src/pdf/ua/ua-check.ts) reports on pages that get something wrong: an <img> without alt, no <html lang>,
// no <title>, skipped heading levels, an untagged print. PDF/A-2b + PDF/UA-1 still passes the archival checker.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import { Renderer } from '../../src/render/renderer.js';
import { postProcessPdf } from '../../src/pdf/post-process.js';
import { checkPdfUa, type UaFinding } from '../../src/pdf/ua/ua-check.js';
import type { PdfStandard } from '../../src/domain/pdfs/pdf-document.js';
import { checkPdfA } from '../helpers/pdfa-check.js';
import { withPdfFile } from '../helpers/pdf.js';
import { bundle, memorySink, request } from './helpers.js';

const date = new Date('2026-03-14T09:30:15Z');
// A 2×2 PNG: the <img> Chromium tags as a <Figure>.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

const page = (o: { lang?: string; title?: string; body: string }) =>
  `<!doctype html><html${o.lang ? ` lang="${o.lang}"` : ''}><head>${o.title ? `<title>${o.title}</title>` : ''}</head><body>${o.body}</body></html>`;

const GOOD = page({
  lang: 'en-GB',
  title: 'Annual statement',
  body: '<h1>Annual statement</h1><p>See <a href="https://example.com/terms">the terms</a>.</p><img src="/dot.png" alt="Company logo" width="40" height="40"><h2>Details</h2><p>Text.</p>',
});

let renderer: Renderer;
before(async () => {
  renderer = new Renderer({ concurrency: 1, executablePath: process.env.FOLIO_CHROMIUM_PATH });
  await renderer.start();
});
after(() => renderer.close());

/** Chromium's PDF of `html` and the language the page declared. */
async function print(html: string, pdf: Record<string, unknown> = {}): Promise<{ printed: Buffer; pageLang: string | null | undefined }> {
  const out = memorySink();
  const b = bundle({ '/index.html': html });
  b.files.set('/dot.png', { body: PNG, mime: 'image/png' });
  const r = await renderer.render(request({ bundle: b, timeoutMs: 30_000, pdf }), out.sink);
  return { printed: out.bytes(), pageLang: r.pageLang };
}

async function asUa(html: string, o: { standard?: PdfStandard; lang?: string; pdf?: Record<string, unknown> } = {}) {
  const { printed, pageLang } = await print(html, o.pdf);
  const out = await postProcessPdf(printed, {
    standard: o.standard ?? 'none',
    accessibility: 'pdf/ua-1',
    pageLang,
    metadata: o.lang ? { lang: o.lang } : {},
    attachments: [],
    producer: 'Folio 0.1.0',
    date,
  });
  return { printed, pageLang, out, findings: await checkPdfUa(out) };
}

const ids = (findings: UaFinding[]) => findings.map((f) => f.id);

/** The catalog and the page dictionaries as qpdf --json shows them. */
function qpdfObjects(pdf: Buffer) {
  const json = withPdfFile(pdf, (file) => JSON.parse(execFileSync('qpdf', ['--json', '--json-key=qpdf', file], { encoding: 'utf8' })));
  const objects = Object.values(json.qpdf[1] as Record<string, { value?: Record<string, unknown> }>).map((o) => o.value ?? {});
  return {
    catalog: objects.find((o) => o['/Type'] === '/Catalog')!,
    pages: objects.filter((o) => o['/Type'] === '/Page'),
    links: objects.filter((o) => o['/Subtype'] === '/Link'),
  };
}

test('a page with alt text, a language and a title passes every check; Folio adds what Chromium lacks', async () => {
  const { printed, pageLang, out, findings } = await asUa(GOOD);
  assert.equal(pageLang, 'en-GB');
  // The checker bites on Chromium's own PDF: no XMP, so no PDF/UA identifier and no dc:title; links without /Contents.
  assert.deepEqual(ids(await checkPdfUa(printed)), ['06-001', '06-002', '06-003', '28-012']);
  assert.deepEqual(findings, []);
  const { catalog, pages, links } = qpdfObjects(out);
  assert.equal(catalog['/Lang'], 'u:en-GB');
  assert.deepEqual(catalog['/ViewerPreferences'], { '/DisplayDocTitle': true, '/Type': '/ViewerPreferences' });
  assert.equal((catalog['/MarkInfo'] as Record<string, unknown>)['/Marked'], true);
  assert.ok(catalog['/StructTreeRoot'], 'the structure tree is kept');
  assert.ok(pages.length === 1 && pages[0]['/Tabs'] === '/S', JSON.stringify(pages));
  assert.equal(links.length, 1);
  assert.equal(links[0]['/Contents'], 'u:Link: https://example.com/terms');
  withPdfFile(out, (file) => {
    const meta = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' });
    assert.match(meta, /<pdfuaid:part>1<\/pdfuaid:part>/);
    assert.match(meta, /<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Annual statement<\/rdf:li>/);
    assert.doesNotMatch(meta, /pdfaid:part|pdfaExtension/, 'no PDF/A claim, so no extension schema');
    assert.match(execFileSync('pdfinfo', [file], { encoding: 'utf8' }), /^Tagged:\s+yes$/m);
    execFileSync('qpdf', ['--check', file]);
  });
});

test('an <img> without alt is 13-004, named in the finding', async () => {
  const { findings } = await asUa(
    page({ lang: 'en', title: 'Logo', body: '<h1>Logo</h1><img src="/dot.png" width="40" height="40"><p>x</p>' }),
  );
  assert.deepEqual(ids(findings), ['13-004']);
  assert.equal(findings[0].count, 1);
  assert.match(findings[0].detail, /<Figure> without \/Alt or \/ActualText/);
});

test('a page without <html lang>: Chromium guesses its locale, Folio drops the guess, 11-001 says so', async () => {
  const html = page({ title: 'No language', body: '<h1>Hello</h1><p>World</p>' });
  const { printed, pageLang, out, findings } = await asUa(html);
  assert.equal(pageLang, null, 'the page declared no language');
  assert.ok(qpdfObjects(printed).catalog['/Lang'], 'Chromium wrote a /Lang of its own locale');
  assert.equal(qpdfObjects(out).catalog['/Lang'], undefined);
  assert.deepEqual(ids(findings), ['11-001']);
  // pdf.metadata.lang declares it instead.
  const withLang = await asUa(html, { lang: 'de-CH' });
  assert.deepEqual(withLang.findings, []);
  assert.equal(qpdfObjects(withLang.out).catalog['/Lang'], 'u:de-CH');
});

test('no <title>, skipped heading levels and an untagged print are reported by their Matterhorn ids', async () => {
  const noTitle = await asUa(page({ lang: 'en', body: '<h1>One</h1><h3>Three</h3><p>x</p>' }));
  assert.deepEqual(ids(noTitle.findings), ['06-003', '14-003']);
  const startsAtH2 = await asUa(page({ lang: 'en', title: 'T', body: '<h2>Two</h2><p>x</p>' }));
  assert.deepEqual(ids(startsAtH2.findings), ['14-002']);
  // pdf.tagged false: Chromium writes no structure tree, no marked content and no /Lang.
  const untagged = await asUa(GOOD, { pdf: { tagged: false } });
  assert.deepEqual(ids(untagged.findings), ['01-005', '11-001', '28-011', '7.1-marked']);
  assert.match(untagged.findings[0].detail, /no \/StructTreeRoot/);
  assert.match(untagged.findings[0].detail, /page 1: \d+ painting operators outside marked content/);
});

test('PDF/A-2b + PDF/UA-1: both identifications, the pdfuaid extension schema, and the archival checks still pass', async () => {
  const { out, findings } = await asUa(GOOD, { standard: 'pdf/a-2b' });
  assert.deepEqual(findings, []);
  assert.deepEqual(await checkPdfA(out, { standard: 'pdf/a-2b' }), []);
  withPdfFile(out, (file) => {
    const meta = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' });
    assert.match(meta, /<pdfaid:part>2<\/pdfaid:part><pdfaid:conformance>B<\/pdfaid:conformance>/);
    assert.match(meta, /<pdfuaid:part>1<\/pdfuaid:part>/);
    assert.match(
      meta,
      /<pdfaSchema:namespaceURI>http:\/\/www\.aiim\.org\/pdfua\/ns\/id\/<\/pdfaSchema:namespaceURI><pdfaSchema:prefix>pdfuaid</,
    );
  });
  // PDF/A-3b + PDF/UA-1 likewise.
  const a3 = await asUa(GOOD, { standard: 'pdf/a-3b' });
  assert.deepEqual(a3.findings, []);
  assert.deepEqual(await checkPdfA(a3.out, { standard: 'pdf/a-3b' }), []);
});
