// A corpus of documents built with real libraries (npm devDependencies: Paged.js, Chart.js, MathJax,
// Mermaid), each in two forms: as an author would write it (no ready call: Folio's default protocol
// decides when to print) and "signalled" (folio.waitForReady and folio.ready() called from the library's
// own completion signal), the reference the default form must equal.
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

/** A library file from the project's node_modules, e.g. lib('pagedjs/dist/paged.polyfill.js'). */
function lib(path: string): string {
  // Read by path: these packages' "exports" maps do not list their browser bundles.
  return readFileSync(new URL(`../../node_modules/${path}`, import.meta.url), 'utf8');
}

export interface RealDocument {
  name: string;
  /** Bundle files, by absolute path. */
  files: Record<string, string | Buffer>;
  /** The same document with an explicit ready() from the library's completion signal. */
  signalled: Record<string, string | Buffer>;
}

// Deterministic prose: a linear congruential generator over a fixed word list, so every run builds the
// same book and a page-count difference can only come from when it was printed.
const WORDS = (
  'the of and to in is was that for on with as by at from his her which this be are or had not but were an they ' +
  'one all would there their what so up out if about who get them me when make can like time no just him know take ' +
  'people into year your good some could see other than then now look only come its over think also back after use ' +
  'two how our work first well way even new want because any these give day most us river garden winter letter ' +
  'harbour lantern meadow orchard quarry valley window mirror candle forest village market station kitchen bridge'
).split(' ');

function prose(seed: number, words: number): string {
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(WORDS[x % WORDS.length]!);
  }
  out[0] = out[0]!.charAt(0).toUpperCase() + out[0]!.slice(1);
  return out.join(' ') + '.';
}

/** A Paged.js book: `chapters` chapters of `paragraphs` paragraphs, a running title and page numbers. */
export function pagedBook(chapters = 24, paragraphs = 40): RealDocument {
  const body: string[] = [];
  for (let c = 1; c <= chapters; c++) {
    body.push(`<section class="chapter"><h1>Chapter ${c}</h1>`);
    for (let p = 0; p < paragraphs; p++) body.push(`<p>${prose(c * 1000 + p, 60 + ((c + p) % 7) * 10)}</p>`);
    body.push('</section>');
  }
  const css = `@page { size: A5; margin: 20mm 15mm 22mm;
    @bottom-center { content: counter(page) " / " counter(pages); font: 9pt serif; }
    @top-center { content: string(title); font: italic 9pt serif; } }
  @page :first { @top-center { content: none; } }
  body { font: 10.5pt/1.45 serif; hyphens: auto; }
  h1 { string-set: title content(text); break-before: page; font-size: 18pt; }
  p { margin: 0; text-indent: 1.2em; text-align: justify; }`;
  const page = (head: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A Paged.js book</title>
<link rel="stylesheet" href="/book.css">${head}<script src="/paged.polyfill.js"></script></head>
<body>${body.join('\n')}</body></html>`;
  const polyfill = lib('pagedjs/dist/paged.polyfill.js');
  return {
    name: 'pagedjs-book',
    files: { '/index.html': page(''), '/book.css': css, '/paged.polyfill.js': polyfill },
    signalled: {
      '/index.html': page(`<script>window.folio.waitForReady = true;
  window.PagedConfig = { after: () => window.folio.ready() };</script>`),
      '/book.css': css,
      '/paged.polyfill.js': polyfill,
    },
  };
}

/** A Chart.js report: three charts with Chart.js's default animations on, data from the payload-free page. */
export function chartReport(): RealDocument {
  const charts = `
  const months = ['Jan','Feb','Mar','Apr','May','Jun','Jul','Aug','Sep','Oct','Nov','Dec'];
  const made = [];
  made.push(new Chart(document.getElementById('bar'), { type: 'bar', data: { labels: months,
    datasets: [{ label: 'Revenue (k€)', data: [12,19,3,5,2,3,9,14,18,11,7,16] }] } }));
  made.push(new Chart(document.getElementById('line'), { type: 'line', data: { labels: months,
    datasets: [{ label: 'Customers', data: [3,5,8,13,21,34,55,60,72,80,91,99], tension: 0.3 }] } }));
  made.push(new Chart(document.getElementById('pie'), { type: 'doughnut', data: { labels: ['EU','US','APAC'],
    datasets: [{ data: [55,30,15] }] } }));
  // A fixed-size chart: Chart.js does not redraw it for print, so its animation is what gets printed.
  made.push(new Chart(document.getElementById('fixed'), { type: 'bar', options: { responsive: false },
    data: { labels: ['Q1','Q2','Q3','Q4'], datasets: [{ label: 'Orders', data: [40,55,72,90] }] } }));`;
  const page = (script: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Quarterly report</title>
<style>@page { size: A4; margin: 15mm; } body { font-family: sans-serif; } .c { width: 160mm; height: 80mm; }</style>
<script src="/chart.umd.js"></script></head><body><h1>Quarterly report</h1>
<div class="c"><canvas id="bar"></canvas></div><div class="c"><canvas id="line"></canvas></div>
<div class="c" style="width:90mm"><canvas id="pie"></canvas></div><canvas id="fixed" width="500" height="250"></canvas>
<script>${script}</script></body></html>`;
  const chart = lib('chart.js/dist/chart.umd.js');
  return {
    name: 'chartjs-report',
    files: { '/index.html': page(charts), '/chart.umd.js': chart },
    signalled: {
      '/index.html': page(`window.folio.waitForReady = true; Chart.defaults.animation = false;${charts}
  requestAnimationFrame(() => requestAnimationFrame(() => window.folio.ready()));`),
      '/chart.umd.js': chart,
    },
  };
}

/** A MathJax page (TeX to SVG), the typesetting finished when MathJax.startup.promise resolves. */
export function mathPage(): RealDocument {
  const formulas = [
    'e^{i\\pi} + 1 = 0',
    '\\int_{-\\infty}^{\\infty} e^{-x^2}\\,dx = \\sqrt{\\pi}',
    '\\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6}',
    'f(a) = \\frac{1}{2\\pi i} \\oint_\\gamma \\frac{f(z)}{z-a}\\,dz',
    '\\nabla \\times \\mathbf{B} = \\mu_0 \\mathbf{J} + \\mu_0 \\varepsilon_0 \\frac{\\partial \\mathbf{E}}{\\partial t}',
  ];
  const page = (head: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Formulas</title>
<style>@page { size: A4; margin: 20mm; } body { font-family: serif; }</style>${head}
<script src="/tex-svg-full.js" id="MathJax-script"></script></head><body><h1>Five formulas</h1>
${formulas.map((f, i) => `<p>Formula ${i + 1}: $$${f}$$</p>`).join('\n')}</body></html>`;
  const mathjax = lib('mathjax/es5/tex-svg-full.js');
  return {
    name: 'mathjax-page',
    files: { '/index.html': page(''), '/tex-svg-full.js': mathjax },
    signalled: {
      '/index.html': page(`<script>window.folio.waitForReady = true;
  window.MathJax = { startup: { pageReady: () => MathJax.startup.defaultPageReady().then(() => window.folio.ready()) } };</script>`),
      '/tex-svg-full.js': mathjax,
    },
  };
}

/** A Mermaid flowchart and sequence diagram, drawn by mermaid's startOnLoad. */
export function mermaidPage(): RealDocument {
  const diagrams = `<pre class="mermaid">
flowchart LR
  Order[Order received] --> Check{In stock?}
  Check -- yes --> Ship[Ship parcel]
  Check -- no --> Back[Back-order]
  Ship --> Invoice[Send invoice]
</pre>
<pre class="mermaid">
sequenceDiagram
  Client->>Folio: POST /v1/render-jobs
  Folio-->>Client: 202 queued
  Folio->>Client: webhook render.job.terminated
</pre>`;
  const page = (script: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Process</title>
<style>@page { size: A4; margin: 15mm; } body { font-family: sans-serif; }</style>
<script src="/mermaid.min.js"></script></head><body><h1>Order process</h1>${diagrams}<script>${script}</script></body></html>`;
  const mermaid = lib('mermaid/dist/mermaid.min.js');
  return {
    name: 'mermaid-page',
    files: { '/index.html': page(''), '/mermaid.min.js': mermaid },
    signalled: {
      '/index.html': page(`window.folio.waitForReady = true; mermaid.initialize({ startOnLoad: false });
  mermaid.run().then(() => window.folio.ready());`),
      '/mermaid.min.js': mermaid,
    },
  };
}

/** A 64×64 PNG of one colour (the lazy image of lazyImagePage). */
export function solidPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(64, 0);
  ihdr.writeUInt32BE(64, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(64 * 3, Buffer.from([200, 40, 40]))]);
  const raw = Buffer.concat(Array.from({ length: 64 }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A long page with one lazy image on its ninth page (Chromium would not load it before printing). */
export function lazyImagePage(): RealDocument {
  const png = solidPng();
  const page = (loading: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Catalogue</title>
<style>@page { size: A4; margin: 15mm; } .spacer { height: 250mm; }</style></head><body>
<h1>Catalogue</h1>${[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `<div class="spacer">Page ${n}</div>`).join('')}
<p>The product:</p><img src="/product.png" alt="product" width="200" height="200" loading="${loading}"></body></html>`;
  return {
    name: 'lazy-image',
    files: { '/index.html': page('lazy'), '/product.png': png },
    signalled: { '/index.html': page('eager'), '/product.png': png },
  };
}

/** Margin boxes (page numbers, a running title) in a document whose CSS sets no @page margin. */
export function marginBoxesWithoutMargin(): RealDocument {
  const page = (margin: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Minutes</title>
<style>@page { size: A4; ${margin} @bottom-right { content: "Page " counter(page) " of " counter(pages); }
  @top-left { content: "Board minutes"; } } body { font-family: sans-serif; }
  section { break-after: page; }</style></head><body>
<section><h1>Minutes</h1><p>${prose(7, 80)}</p></section><section><p>${prose(8, 80)}</p></section></body></html>`;
  return {
    name: 'margin-boxes',
    files: { '/index.html': page('') },
    // Chromium's own default page margin (1 cm), written out.
    signalled: { '/index.html': page('margin: 1cm;') },
  };
}
