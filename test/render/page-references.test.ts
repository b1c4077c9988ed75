// Page references (render.metadata.pdf.pageReferences, docs/templates.md): a table of contents and "see
// page N" cross-references get the numbers of the pages their targets were printed on, checked against
// pdftotext of each page of the PDF Folio produced.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Renderer } from '../../src/render/renderer.js';
import { RenderError } from '../../src/render/types.js';
import { bundle, memorySink, pdfText, request } from './helpers.js';

let renderer: Renderer;
before(async () => {
  renderer = new Renderer({ concurrency: 1, executablePath: process.env.FOLIO_CHROMIUM_PATH });
  await renderer.start();
});
after(() => renderer.close());

/** Text of one page of a PDF (1-based). */
function pageText(pdf: Buffer, page: number): string {
  return execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-layout', '-', '-'], { input: pdf }).toString('utf8');
}

function pageCount(pdf: Buffer): number {
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf }).toString())![1]);
}

/** The page on which `needle` first appears. */
function pageOfText(pdf: Buffer, needle: string): number {
  for (let p = 1, n = pageCount(pdf); p <= n; p++) if (pageText(pdf, p).includes(needle)) return p;
  return -1;
}

const para = (n: number) =>
  Array.from({ length: n }, (_, i) => `<p>Paragraph ${i + 1}. ${'Lorem ipsum dolor sit amet. '.repeat(12)}</p>`).join('');

// A report built by script from its payload (chapters of different lengths), with a TOC whose numbers are
// data-folio-page-of placeholders and a "see page N" sentence written by an onPageNumbers handler.
const REPORT = `<!doctype html><html><head><meta charset="utf-8"><style>
  @page { size: A4; margin: 20mm; }
  body { font: 12pt serif; }
  .toc li { list-style: none; }
  h1 { break-before: page; }
</style></head><body>
<h2>Contents</h2><ol class="toc" id="toc"></ol>
<p id="see">See the appendix on page ?.</p>
<main id="chapters"></main>
<script>
  folio.waitForReady = true;
  const seeAlso = () => {
    const n = folio.pageOf('appendix');
    document.getElementById('see').textContent = 'See the appendix on page ' + (n === null ? '?' : n) + '.';
  };
  folio.onPageNumbers(seeAlso);
  fetch(folio.payloadUrl).then((r) => r.json()).then((p) => {
    for (const c of p.chapters) {
      document.getElementById('toc').insertAdjacentHTML('beforeend',
        '<li><a href="#' + c.id + '">' + c.title + '</a> ... page <span data-folio-page-of="' + c.id + '">00</span></li>');
      document.getElementById('chapters').insertAdjacentHTML('beforeend',
        '<h1 id="' + c.id + '">' + c.title + '</h1>' + '<p>' + 'Body text of ' + c.title + '. ' + 'Lorem ipsum dolor sit amet. '.repeat(c.length) + '</p>');
    }
    seeAlso();
    folio.ready();
  });
</script></body></html>`;

const chapters = [
  { id: 'intro', title: 'Chapter One Introduction', length: 300 },
  { id: 'method', title: 'Chapter Two Method', length: 900 },
  { id: 'results', title: 'Chapter Three Results', length: 40 },
  { id: 'appendix', title: 'Appendix Tables', length: 500 },
];

test('a 3-chapter report with a TOC: each TOC number is the page its chapter starts on (pdftotext)', async () => {
  const out = memorySink();
  const r = await renderer.render(
    request({
      bundle: bundle({ '/index.html': REPORT }),
      payload: Buffer.from(JSON.stringify({ chapters })),
      pdf: { pageReferences: true },
    }),
    out.sink,
  );
  const pdf = out.bytes();
  const toc = pageText(pdf, 1);
  for (const c of chapters) {
    const listed = Number(new RegExp(`${c.title} \\.\\.\\. page (\\d+)`).exec(toc)?.[1]);
    const actual = pageOfText(pdf, `Body text of ${c.title}.`);
    assert.ok(actual > 1, `${c.title} is printed`);
    assert.equal(listed, actual, `TOC entry of ${c.title}:\n${toc}`);
  }
  assert.match(toc, new RegExp(`See the appendix on page ${pageOfText(pdf, 'Body text of Appendix Tables.')}\\.`));
  assert.deepEqual(r.diagnostics?.pageReferences, { references: 4, prints: 2, unresolved: [] });
  assert.equal(r.pageCount, pageCount(pdf));
});

test('without the opt-in the page is printed once and keeps its placeholders', async () => {
  const out = memorySink();
  const r = await renderer.render(
    request({ bundle: bundle({ '/index.html': REPORT }), payload: Buffer.from(JSON.stringify({ chapters })) }),
    out.sink,
  );
  const toc = pageText(out.bytes(), 1);
  assert.match(toc, /Chapter Two Method \.\.\. page 00/);
  assert.match(toc, /See the appendix on page \?\./);
  assert.equal(r.diagnostics?.pageReferences, undefined);
});

test('numbers that move the content once settle in a third print; an unknown id is reported and left as written', async () => {
  // An empty placeholder takes no space, a number pushes a page-tall block in front of the chapters: the
  // first numbers are all wrong, the second ones right.
  const html = `<!doctype html><html><head><style>
    @page { size: A5; margin: 10mm; }
    h1 { break-before: page; }
    .toc span:not(:empty) + i { display: block; height: 150mm; }
  </style></head><body>
  <p class="toc">A: <span data-folio-page-of="a"></span><i></i></p>
  <p class="toc">B: <span data-folio-page-of="b"></span><i></i> Missing: <span data-folio-page-of="nowhere">n/a</span></p>
  <h1 id="a">Part A</h1><h1 id="b">Part B</h1>
  </body></html>`;
  const out = memorySink();
  const r = await renderer.render(request({ bundle: bundle({ '/index.html': html }), pdf: { pageReferences: true } }), out.sink);
  const pdf = out.bytes();
  const text = pdfText(pdf);
  const a = pageOfText(pdf, 'Part A');
  const b = pageOfText(pdf, 'Part B');
  assert.ok(a >= 3 && b === a + 1, `parts on ${a}, ${b}`);
  assert.match(text, new RegExp(`A: ${a}\\b`));
  assert.match(text, new RegExp(`B: ${b}\\b`));
  assert.match(text, /Missing: n\/a/);
  assert.deepEqual(r.diagnostics?.pageReferences, { references: 3, prints: 3, unresolved: ['nowhere'] });
  assert.ok(
    r.diagnostics?.entries.some((e) => e.kind === 'console' && e.level === 'warning' && e.text.includes('#nowhere')),
    'the unknown id is a warning in the diagnostics',
  );
});

test('numbers that never settle fail the job with page_references_unstable, naming the id', async () => {
  // A block taller than a page appears in front of part B whenever B is said to be on an even page, and
  // goes away on an odd one: B moves between pages 2 and 3 for ever.
  const html = `<!doctype html><html><head><style>@page { size: A5; } h1 { break-before: page; } #pad { height: 250mm; }</style></head>
  <body><p>B is on page <span id="ref">?</span></p><div id="pad" hidden></div><h1 id="b">Part B</h1>
  <script>folio.onPageNumbers(() => { const n = folio.pageOf('b'); document.getElementById('ref').textContent = n; document.getElementById('pad').hidden = n % 2 === 1; });
  folio.pageOf('b');</script></body></html>`;
  const out = memorySink();
  await assert.rejects(
    renderer.render(request({ bundle: bundle({ '/index.html': html }), pdf: { pageReferences: true } }), out.sink),
    (err: RenderError) => {
      assert.equal(err.code, 'page_references_unstable');
      assert.match(err.message, /did not settle after 3 prints: #b \(page \d+ → \d+\)/);
      assert.equal(err.diagnostics?.pageReferences?.prints, 3);
      return true;
    },
  );
  assert.equal(out.received(), 0, 'nothing reached the sink');
});

test('a throwing onPageNumbers handler fails the job with its message', async () => {
  const html = `<!doctype html><html><body><h1 id="x">X</h1><a href="#x">to x</a>
  <script>folio.pageOf('x'); folio.onPageNumbers(() => { throw new Error('cannot draw the index'); });</script></body></html>`;
  await assert.rejects(
    renderer.render(request({ bundle: bundle({ '/index.html': html }), pdf: { pageReferences: true } }), memorySink().sink),
    (err: RenderError) => err.code === 'render_failed' && /onPageNumbers handler failed: Error: cannot draw the index/.test(err.message),
  );
});

test('a page without references is printed once even with the opt-in', async () => {
  const r = await renderer.render(
    request({ bundle: bundle({ '/index.html': `<!doctype html><p>${para(3)}</p>` }), pdf: { pageReferences: true } }),
    memorySink().sink,
  );
  assert.deepEqual(r.diagnostics?.pageReferences, { references: 0, prints: 1, unresolved: [] });
});
