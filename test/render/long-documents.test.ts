// Long documents printed in parts (docs/long-documents.md), with real Chromium, qpdf and poppler: a book of
// chapters split into parts of a few chapters prints as if it had been printed at once -- the same pages,
// "Page N of M" continuing across parts, running headers, a table of contents whose numbers are the pages
// the chapters start on, and an outline entry for every chapter.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Renderer } from '../../src/render/renderer.js';
import { RenderError, type RenderRequest } from '../../src/render/types.js';
import { localLanes } from '../../src/worker/producers/part-lanes.js';
import { printInParts } from '../../src/worker/producers/parts-print.js';
import type { RendererPort } from '../../src/worker/producers/producer.js';
import { bundle, memorySink, request } from './helpers.js';

let renderer: Renderer;
before(async () => {
  renderer = new Renderer({ concurrency: 2, executablePath: process.env.FOLIO_CHROMIUM_PATH });
  await renderer.start();
});
after(() => renderer.close());

const book = bundle({
  '/index.hbs': `<!doctype html><html lang="en"><head><title>Annual report</title><style>
  @page { size: A4; margin: 2cm; @top-center { content: "Annual report"; font: 9pt sans-serif; }
          @bottom-center { content: "Page " counter(page) " of " counter(pages); font: 9pt sans-serif; } }
  @page :first { @top-center { content: none; } }
  body { font: 11pt sans-serif; } thead { display: table-header-group; } tr { break-inside: avoid; }
  h1 { break-before: page; font-size: 16pt; }
</style></head><body>
{{#unless _part.index}}<h2>Contents</h2><ol>{{#each toc}}<li>{{title}} .... <span data-folio-page-of="ch-{{id}}">000</span></li>{{/each}}</ol>{{/unless}}
{{#each chapters}}<h1 id="ch-{{id}}">{{title}}</h1><table><thead><tr><th>Row of {{title}}</th><th>Value</th></tr></thead>
<tbody>{{#each rows}}<tr><td>Entry {{this}}</td><td>{{formatNumber this 2}}</td></tr>{{/each}}</tbody></table>{{/each}}
</body></html>`,
});

const chapters = Array.from({ length: 24 }, (_, i) => ({
  id: i + 1,
  title: `Chapter ${i + 1}`,
  rows: Array.from({ length: 40 + (i % 5) * 25 }, (_, r) => r + 1),
}));
const payload = { toc: chapters.map(({ id, title }) => ({ id, title })), chapters };

const bookRequest = (overrides: Partial<RenderRequest> = {}) =>
  request({
    accountId: 'acct_long',
    bundle: book,
    engine: 'handlebars',
    entryPath: '/index.hbs',
    payload: Buffer.from(JSON.stringify(payload)),
    pdf: { parts: { items: 'chapters', size: 5 } },
    timeoutMs: 60_000,
    ...overrides,
  });

/** A long document printed on this test's renderer (in a worker its parts go through the queue of part prints). */
const inParts = (req: RenderRequest, port: RendererPort, sink: (pdf: Readable) => Promise<void>) =>
  printInParts(req, port, (dir) => localLanes(port, req, dir), sink);

const tool = (cmd: string, args: string[], input: Buffer) =>
  execFileSync(cmd, args, { input, maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
const pageText = (pdf: Buffer, page: number) => tool('pdftotext', ['-f', String(page), '-l', String(page), '-layout', '-', '-'], pdf);
const pageCount = (pdf: Buffer) => Number(/^Pages:\s+(\d+)/m.exec(tool('pdfinfo', ['-'], pdf))![1]);

function outline(pdf: Buffer): Array<{ title: string; page: number }> {
  // qpdf reads files only.
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'folio-long-test-')), 'doc.pdf');
  writeFileSync(file, pdf);
  const json = JSON.parse(
    execFileSync('qpdf', ['--json=2', '--json-key=outlines', file], { maxBuffer: 64 * 1024 * 1024 }).toString('utf8'),
  ) as {
    outlines: Array<{ title: string; destpageposfrom1: number; kids: unknown[] }>;
  };
  const flat: Array<{ title: string; page: number }> = [];
  const walk = (items: typeof json.outlines) => {
    for (const it of items) {
      flat.push({ title: it.title, page: it.destpageposfrom1 });
      walk(it.kids as typeof json.outlines);
    }
  };
  walk(json.outlines);
  rmSync(path.dirname(file), { recursive: true, force: true });
  return flat;
}

test('a book printed in parts is the book printed at once: pages, "Page N of M", running headers, contents and outline', async () => {
  const out = memorySink();
  const result = await inParts(bookRequest(), renderer, out.sink);
  const pdf = out.bytes();
  const total = pageCount(pdf);
  assert.equal(result.pageCount, total);
  assert.equal(result.diagnostics?.parts?.count, 5, '24 chapters, 5 per part');

  const whole = memorySink();
  await renderer.render(bookRequest({ pdf: {}, accountId: 'acct_long_whole' }), whole.sink);
  const wholePdf = whole.bytes();
  const starts = (d: Buffer) =>
    outline(d)
      .filter((e) => /^Chapter \d+$/.test(e.title))
      .map((e) => e.page);
  assert.equal(
    total,
    pageCount(wholePdf),
    `as many pages as the same book printed at once: parts ${JSON.stringify(result.diagnostics?.parts?.pages)}, chapters start at ${starts(pdf).join(' ')} in parts, ${starts(wholePdf).join(' ')} at once`,
  );

  for (const p of [1, 2, Math.ceil(total / 2), total - 1, total]) {
    const text = pageText(pdf, p);
    assert.match(text, new RegExp(`Page ${p} of ${total}\\b`), `page ${p} is numbered in the whole document:\n${text}`);
    if (p > 1) assert.match(text, /Annual report/, `page ${p} has the running header`);
  }
  assert.doesNotMatch(pageText(pdf, 1), /Annual report\s*\n/, 'the @page :first rule applies to the first page only');

  const entries = outline(pdf).filter((e) => /^Chapter \d+$/.test(e.title));
  assert.deepEqual(
    entries.map((e) => e.title),
    chapters.map((c) => c.title),
    'an outline entry for every chapter, in order',
  );
  const contents = pageText(pdf, 1) + pageText(pdf, 2);
  for (const e of entries) {
    assert.match(pageText(pdf, e.page), new RegExp(`${e.title}\\s*\\n`), `${e.title}'s outline entry points at its page`);
    const listed = new RegExp(`${e.title} \\.+ (\\d+)`).exec(contents);
    assert.equal(Number(listed?.[1]), e.page, `the contents give ${e.title} its page`);
  }
});

test('a payload without the array named by pdf.parts fails the job with the reason', async () => {
  await assert.rejects(
    inParts(bookRequest({ pdf: { parts: { items: 'sections', size: 5 } } }), renderer, async () => {}),
    (err: RenderError) => err.code === 'render_failed' && /no array at sections/.test(err.message),
  );
});

test("a document longer than the plan's maxDocumentPages fails after its drafts, before any final print", async () => {
  let finals = 0;
  const port = {
    concurrency: renderer.concurrency,
    render: (req: RenderRequest, sink: (pdf: Readable) => Promise<void>) => {
      if (req.part && !req.part.draft) finals++;
      return renderer.render(req, sink);
    },
  };
  await assert.rejects(
    inParts(bookRequest({ maxDocumentPages: 20 }), port, async () => {}),
    (err: RenderError) => err.code === 'pdf_limit_exceeded' && /has \d+ pages; the plan's maxDocumentPages allows 20/.test(err.message),
  );
  assert.equal(finals, 0);
});

test("a warning in a later part is the job's warning", async () => {
  const withGap = bundle({
    '/index.hbs': '<!doctype html><p>Ledger</p>{{#each rows}}<p>Row {{n}}</p>{{#if broken}}<img src="/missing-chart.png">{{/if}}{{/each}}',
  });
  const rows = Array.from({ length: 30 }, (_, i) => ({ n: i + 1, broken: i === 27 }));
  const req = request({
    accountId: 'acct_long_warn',
    bundle: withGap,
    engine: 'handlebars',
    entryPath: '/index.hbs',
    payload: Buffer.from(JSON.stringify({ rows })),
    pdf: { parts: { items: 'rows', size: 10 } },
  });
  const result = await inParts(req, renderer, async () => {});
  const warnings = result.diagnostics?.warnings ?? [];
  assert.ok(
    warnings.some((w) => /missing-chart\.png/.test(w.message)),
    `the third part's missing image is among the job's warnings: ${JSON.stringify(warnings)}`,
  );
});

test('a part the browser crashed under is printed again, that part only', async () => {
  const prints = new Map<string, number>();
  const port = {
    concurrency: renderer.concurrency,
    render: async (req: RenderRequest, sink: (pdf: Readable) => Promise<void>) => {
      const key = `${req.part!.draft ? 'draft' : 'final'} ${req.part!.index}`;
      prints.set(key, (prints.get(key) ?? 0) + 1);
      // The browser dies under part 3's first final print (as a renderer killed by the kernel would).
      if (key === 'final 2' && prints.get(key) === 1)
        throw new RenderError('render_crashed', 'browser crashed during render: renderer gone');
      return renderer.render(req, sink);
    },
  };
  const out = memorySink();
  const result = await inParts(bookRequest({ accountId: 'acct_long_crash' }), port, out.sink);
  assert.equal(result.pageCount, pageCount(out.bytes()));
  assert.equal(prints.get('final 2'), 2, 'the crashed part was printed again');
  for (const [key, n] of prints) if (key !== 'final 2') assert.equal(n, 1, `${key} was printed once`);
});

test('a canceled long document stops its parts: no part starts after the cancel', async () => {
  const controller = new AbortController();
  let started = 0;
  let startedAfterCancel = 0;
  const port = {
    concurrency: renderer.concurrency,
    render: (req: RenderRequest, sink: (pdf: Readable) => Promise<void>) => {
      if (controller.signal.aborted) startedAfterCancel++;
      if (++started === 3) controller.abort();
      return renderer.render(req, sink);
    },
  };
  await assert.rejects(
    inParts(bookRequest({ signal: controller.signal }), port, async () => {}),
    (err: RenderError) => err.code === 'render_canceled',
  );
  assert.equal(startedAfterCancel, 0);
});

/** A book in plain HTML: its chapters marked, a title and contents before them, a colophon after, a fixed mark on every page. */
function markedBook(chapterCount: number): string {
  const body = Array.from({ length: chapterCount }, (_, i) => {
    const rows = Array.from({ length: 30 + (i % 4) * 20 }, (_, r) => `<tr><td>Line ${r + 1} of chapter ${i + 1}</td><td>${r}</td></tr>`);
    return `<section data-folio-part><h1 id="c${i + 1}">Chapter ${i + 1}</h1><table><thead><tr><th>Heading of ${i + 1}</th><th>N</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
  });
  const toc = Array.from(
    { length: chapterCount },
    (_, i) => `<li>Chapter ${i + 1} .... <span data-folio-page-of="c${i + 1}">000</span></li>`,
  );
  return `<!doctype html><html lang="en"><head><title>Marked</title><style>
  @page { size: A5; margin: 1.5cm; @bottom-center { content: "Page " counter(page) " of " counter(pages); font: 8pt sans-serif; } }
  body { font: 10pt sans-serif; } h1 { break-before: page; } thead { display: table-header-group; }
  .stamp { position: fixed; top: 0; right: 0; font: 7pt sans-serif; }
</style></head><body><div class="stamp">DRAFT STAMP</div><p>The Marked Book</p><ol>${toc.join('')}</ol>
${body.join('\n')}<p>Colophon: set in sans-serif.</p></body></html>`;
}

test('a page split at its marked chapters prints as the page printed at once: title first, colophon last, contents numbered', async () => {
  const chaptersIn = 7;
  const req = (pdf: RenderRequest['pdf'], accountId: string) =>
    request({ accountId, bundle: bundle({ '/index.html': markedBook(chaptersIn) }), pdf, timeoutMs: 60_000 });
  const out = memorySink();
  const result = await inParts(req({ parts: { marks: '[data-folio-part]', size: 2 } }, 'acct_marks'), renderer, out.sink);
  const pdf = out.bytes();
  const whole = memorySink();
  await renderer.render(req({}, 'acct_marks_whole'), whole.sink);
  const total = pageCount(pdf);
  assert.equal(result.diagnostics?.parts?.count, 4, '7 marked chapters, 2 per part');
  assert.equal(total, pageCount(whole.bytes()), 'as many pages as the page printed at once');
  const text = Array.from({ length: total }, (_, i) => pageText(pdf, i + 1));
  text.forEach((t, i) => {
    assert.match(t, new RegExp(`Page ${i + 1} of ${total}\\b`), `page ${i + 1} numbered in the whole document`);
    assert.match(t, /DRAFT STAMP/, `page ${i + 1} has the fixed element of the page`);
  });
  assert.equal(text.filter((t) => /The Marked Book/.test(t)).length, 1, 'the title prints once');
  assert.match(text[0]!, /The Marked Book/);
  assert.equal(text.filter((t) => /Colophon/.test(t)).length, 1, 'the colophon prints once');
  assert.match(text[total - 1]!, /Colophon/, 'after the last chapter');
  const starts = outline(pdf).filter((e) => /^Chapter \d+$/.test(e.title));
  assert.equal(starts.length, chaptersIn, 'an outline entry for every chapter');
  for (const e of starts) {
    assert.match(text[e.page - 1]!, new RegExp(`${e.title}\\s*\\n`), `${e.title} starts on its outline page`);
    assert.equal(Number(new RegExp(`${e.title} \\.+ (\\d+)`).exec(text[0]!)?.[1]), e.page, `the contents give ${e.title} its page`);
    assert.equal(text.filter((t) => new RegExp(`Line 1 of chapter ${e.title.slice(8)}\\b`).test(t)).length, 1, `${e.title} prints once`);
  }
});

test('a CSS selector splits a table between its rows, and every part keeps the table header', async () => {
  const rows = Array.from({ length: 300 }, (_, r) => `<tr><td>Row ${r + 1}</td></tr>`).join('');
  const html = `<!doctype html><html><head><style>@page { size: A6; margin: 1cm; } thead { display: table-header-group; }</style></head>
<body><h2>Ledger</h2><table class="ledger"><thead><tr><th>Entry header</th></tr></thead><tbody>${rows}</tbody></table><p>Total: 300 rows</p></body></html>`;
  const out = memorySink();
  const result = await inParts(
    request({
      bundle: bundle({ '/index.html': html }),
      pdf: { parts: { marks: 'table.ledger > tbody > tr', size: 100 } },
      timeoutMs: 60_000,
    }),
    renderer,
    out.sink,
  );
  const pdf = out.bytes();
  assert.equal(result.diagnostics?.parts?.count, 3);
  const all = tool('pdftotext', ['-layout', '-', '-'], pdf);
  for (const r of [1, 100, 101, 250, 300]) assert.equal(all.split(new RegExp(`Row ${r}\\b`)).length - 1, 1, `row ${r} prints once`);
  const firstPages = result.diagnostics!.parts!.pages.reduce<number[]>(
    (acc, _n, k) => [...acc, k === 0 ? 1 : acc[k - 1]! + result.diagnostics!.parts!.pages[k - 1]!],
    [],
  );
  for (const p of firstPages) assert.match(pageText(pdf, p), /Entry header/, `page ${p}, a part's first page, has the table header`);
  assert.equal(all.split('Ledger').length - 1, 1, 'the heading before the table prints once');
  assert.match(pageText(pdf, pageCount(pdf)), /Total: 300 rows/);
});

test('a page that builds a different number of marks each time fails the job with the reason', async () => {
  const html = `<!doctype html><html><body><script>
  // 3 to 52 sections, drawn again on every load: the parts almost never agree with the count.
  for (let i = 0, n = 3 + Math.floor(Math.random() * 50); i < n; i++) { const s = document.createElement('section'); s.dataset.folioPart = ''; s.textContent = 'Part ' + i; document.body.append(s); }
</script></body></html>`;
  let failure: RenderError | null = null;
  for (let tries = 0; tries < 5 && failure === null; tries++)
    await inParts(
      request({ bundle: bundle({ '/index.html': html }), pdf: { parts: { marks: '[data-folio-part]', size: 1 } } }),
      renderer,
      async (s) => {
        s.resume();
      },
    ).catch((err: RenderError) => (failure = err));
  assert.ok(failure, 'five random pages in a row never agreed on the marks of every part');
  assert.equal((failure as RenderError).code, 'render_failed');
  assert.match((failure as RenderError).message, /must build the same elements every time/);
});
