// The printed-pages view of `folio dev` (/__folio/dev/pages): the page images of the last render, its page
// count and time, its diagnostics and the payload check, as one HTML page that swaps in a fresh body when the
// server announces a new render (a `pages` event on the dev event stream), so there is no reload flicker.
//
// Everything shown passes through `redact`: a template may log or throw text containing a secret of the env
// file, and this page is meant to be shared on screens.
import type { DiagnosticEntry } from '../../domain/jobs/render-diagnostics.js';
import { MAX_PREVIEW_PAGES, type PreviewState } from './page-preview.js';
import type { Verdict } from './payload-check.js';

export const PAGES_PATH = '/__folio/dev/pages';
export const PREVIEW_PDF_PATH = '/__folio/dev/preview.pdf';

export interface ViewContext {
  /** Where the payload comes from, for the reader ("sample-payload.json", "--payload x.json", "none: {}"). */
  payloadSource: string;
  /** The screen preview of the entry page. */
  screenUrl: string;
  /** The dev event stream (PreviewServer's EVENTS_PATH). */
  eventsPath: string;
  redact: (text: string) => string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Replaces each secret value with its name. Values shorter than 3 characters are left: they would mangle all text. */
export function secretRedactor(secrets: Record<string, string>): (text: string) => string {
  const pairs = Object.entries(secrets)
    .filter(([, v]) => v.length >= 3)
    .sort((a, b) => b[1].length - a[1].length);
  return (text) => pairs.reduce((t, [name, value]) => t.split(value).join(`[secret ${name}]`), text);
}

function verdictHtml(v: Verdict, what: string, x: ViewContext): string {
  if (v.ok === true) return `<p class="ok" data-check="${what}">${esc(what)} conforms to payload.schema.json.</p>`;
  if (v.ok === null) return `<p class="muted" data-check="${what}">${esc(what)}: ${esc(v.reason)}.</p>`;
  return `<div class="bad" data-check="${what}"><p>${esc(what)} does not conform to payload.schema.json (a job with it would be refused with 400 payload_invalid):</p>
<ul class="problems">${v.problems
    .map((p) => `<li><code class="pointer">${esc(x.redact(p.pointer || '(the whole payload)'))}</code>: ${esc(x.redact(p.message))}</li>`)
    .join('')}</ul></div>`;
}

function schemaHtml(s: PreviewState, x: ViewContext): string {
  const c = s.schema;
  let body: string;
  if (c.status === 'none') body = '<p class="muted">The folder has no payload.schema.json: payloads are not checked.</p>';
  else if (c.status === 'schema_error') body = `<p class="bad">A deploy would refuse the schema: ${esc(x.redact(c.message))}</p>`;
  else {
    body = verdictHtml(c.payload, 'The payload', x);
    // Shown apart only when it is not the payload in use: a deploy checks it too.
    if (c.sample && x.payloadSource !== 'sample-payload.json') body += verdictHtml(c.sample, 'sample-payload.json', x);
    if (c.sample?.ok === false)
      body += '<p class="bad">A deploy of this folder would be refused (400 invalid_request): its sample-payload.json must conform.</p>';
  }
  return `<section id="payload"><h2>Payload</h2><p>From ${esc(x.payloadSource)}.</p>${body}</section>`;
}

function entryHtml(e: DiagnosticEntry, x: ViewContext): string {
  const r = x.redact;
  const at = `<td class="num">${e.at} ms</td>`;
  if (e.kind === 'console')
    return `<tr class="console ${esc(e.level)}">${at}<td>console.${esc(e.level)}</td><td><pre>${esc(r(e.text))}</pre>${e.source ? `<small>${esc(r(e.source))}</small>` : ''}</td></tr>`;
  if (e.kind === 'exception')
    return `<tr class="exception">${at}<td>exception</td><td><pre>${esc(r(e.stack ?? e.text))}</pre>${e.source ? `<small>${esc(r(e.source))}</small>` : ''}</td></tr>`;
  return `<tr class="request ${esc(e.problem)}">${at}<td>request ${esc(e.problem.replace('_', ' '))}</td><td><code>${esc(r(e.url))}</code>: ${esc(r(e.reason))}</td></tr>`;
}

function diagnosticsHtml(s: PreviewState, x: ViewContext): string {
  const d = s.outcome.diagnostics;
  if (!d) return '<section id="diagnostics"><h2>Diagnostics</h2><p class="muted">None: the page did not load.</p></section>';
  const ready = d.ready
    ? `${esc(d.ready.mode)}${d.ready.detail ? ` (${esc(x.redact(d.ready.detail))})` : ''}`
    : '<span class="muted">not reached</span>';
  const timings = Object.entries(d.timings)
    .map(([k, v]) => `${esc(k)} ${v} ms`)
    .join(' · ');
  const dropped = Object.entries(d.dropped).filter(([, n]) => n > 0);
  return `<section id="diagnostics"><h2>Diagnostics</h2>
<p>Ready: <span id="ready">${ready}</span>${timings ? ` · ${timings}` : ''}</p>
${
  d.entries.length
    ? `<table class="entries"><tbody>${d.entries.map((e) => entryHtml(e, x)).join('')}</tbody></table>`
    : '<p class="muted">No console output, exceptions or failed requests.</p>'
}${dropped.length ? `<p class="muted">Left out (over the bounds): ${dropped.map(([k, n]) => `${n} ${esc(k)}`).join(', ')}</p>` : ''}</section>`;
}

function pagesHtml(s: PreviewState): string {
  const o = s.outcome;
  if (!o.ok) return '';
  if (!o.images) {
    const how = o.imageError?.missing
      ? `<p>The page images need poppler's <code>pdftoppm</code>, which is not installed: <code>apt-get install poppler-utils</code>
(Debian/Ubuntu), <code>brew install poppler</code> (macOS). Until then, here is the PDF itself:</p>`
      : `<p class="bad">The pages could not be drawn: ${esc(o.imageError?.message ?? 'unknown error')}. Here is the PDF itself:</p>`;
    return `<section id="pages" class="no-images">${how}<iframe title="The printed PDF" src="${PREVIEW_PDF_PATH}?g=${s.generation}"></iframe></section>`;
  }
  const more =
    o.pageCount > o.images.length
      ? `<p class="muted">The first ${o.images.length} of ${o.pageCount} pages are shown (at most ${MAX_PREVIEW_PAGES}); <a href="${PREVIEW_PDF_PATH}">the PDF</a> has them all.</p>`
      : '';
  return `<section id="pages">${o.images
    .map(
      (p) =>
        `<figure><img src="${PAGES_PATH}/${p.page}.png?g=${s.generation}" width="${p.width}" height="${p.height}" alt="Page ${p.page}"><figcaption>${p.page} / ${o.pageCount}</figcaption></figure>`,
    )
    .join('')}</section>${more}`;
}

/** The part of the view that changes with each render (swapped in place by the client). */
export function pagesBody(s: PreviewState, x: ViewContext): string {
  const o = s.outcome;
  const time = s.finishedAt.toTimeString().slice(0, 8);
  const summary = o.ok
    ? `<p class="summary"><b><span id="page-count">${o.pageCount}</span> ${o.pageCount === 1 ? 'page' : 'pages'}</b>
· rendered in <span id="render-ms">${o.renderTimeMs}</span> ms, drawn in ${o.rasterizeMs} ms · ${Math.round(o.bytes / 100) / 10} KB
· at ${time} · <a href="${PREVIEW_PDF_PATH}?g=${s.generation}">preview.pdf</a></p>`
    : `<div id="error" class="bad"><p><b>The render failed: <code id="error-code">${esc(o.code)}</code></b> (at ${time})</p><pre>${esc(x.redact(o.message))}</pre></div>`;
  const blocked =
    o.ok && o.blocked.length
      ? `<div class="bad"><p>The network policy blocked these requests; the PDF is missing what they would have loaded:</p><ul>${o.blocked
          .map((b) => `<li><code>${esc(x.redact(b))}</code></li>`)
          .join('')}</ul></div>`
      : '';
  return `<div id="view" data-generation="${s.generation}">${summary}${blocked}${pagesHtml(s)}${schemaHtml(s, x)}${diagnosticsHtml(s, x)}</div>`;
}

// Swaps in the new body once its images have loaded, so the pages never flash empty.
const CLIENT = (eventsPath: string) => `(() => {
  let shown = Number(document.getElementById('view').dataset.generation);
  let busy = false, again = false;
  const update = async () => {
    if (busy) { again = true; return; }
    busy = true;
    try {
      const html = await (await fetch(${JSON.stringify(PAGES_PATH)} + '?part=body', { cache: 'no-store' })).text();
      const t = document.createElement('template');
      t.innerHTML = html;
      const next = t.content.firstElementChild;
      // A template's content is inert (its images do not load): preload them in this document.
      await Promise.all([...next.querySelectorAll('img')].map((img) => {
        const i = new Image();
        i.src = img.getAttribute('src');
        return i.decode().catch(() => {});
      }));
      document.getElementById('view').replaceWith(next);
      shown = Number(next.dataset.generation);
      document.body.dataset.updated = String(shown);
    } finally {
      busy = false;
      if (again) { again = false; update(); }
    }
  };
  const es = new EventSource(${JSON.stringify(eventsPath)} + '?view=pages');
  es.addEventListener('pages', (e) => { if (Number(e.data) !== shown) update(); });
  // hello carries the folder's generation: after a change while the stream was away (a restart of
  // folio dev, a sleeping laptop) the view is behind.
  es.addEventListener('hello', (e) => { if (Number(e.data) !== shown) update(); });
  es.addEventListener('open', () => (document.body.dataset.live = 'true'));
  es.addEventListener('error', () => (document.body.dataset.live = 'false'));
  es.addEventListener('rendering', () => document.body.classList.add('rendering'));
  es.addEventListener('pages', () => document.body.classList.remove('rendering'));
  addEventListener('pagehide', () => es.close());
})();`;

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; background: #e7e7ea; color: #222; }
header { position: sticky; top: 0; background: #fff; border-bottom: 1px solid #ccc; padding: 8px 16px; display: flex; gap: 16px; align-items: baseline; z-index: 1; }
header h1 { font-size: 15px; margin: 0; }
header .state::after { content: 'up to date'; color: #2a7; }
body.rendering header .state::after { content: 'rendering…'; color: #a60; }
main { padding: 8px 16px 48px; }
#pages { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; margin: 12px 0; }
figure { margin: 0; }
figure img { display: block; background: #fff; box-shadow: 0 1px 4px rgba(0,0,0,.3); max-width: calc(100vw - 48px); height: auto; }
figcaption { text-align: center; color: #666; font-size: 12px; margin-top: 4px; }
iframe { width: 100%; height: 80vh; border: 1px solid #bbb; background: #fff; }
section { background: #fff; padding: 8px 12px; margin: 12px 0; border-radius: 4px; }
#pages { background: none; padding: 0; }
h2 { font-size: 14px; margin: 4px 0 8px; }
.bad { color: #a00; } .ok { color: #176; } .muted { color: #777; }
#error { background: #fff; border: 2px solid #c33; padding: 8px 12px; border-radius: 4px; }
pre { white-space: pre-wrap; margin: 0; font-size: 12px; }
table.entries { border-collapse: collapse; width: 100%; font-size: 12px; }
table.entries td { border-top: 1px solid #eee; padding: 3px 6px; vertical-align: top; }
td.num { text-align: right; white-space: nowrap; color: #777; }
tr.exception td, tr.error td { color: #a00; } tr.warning td { color: #850; }
`;

/** The whole page (first request of the view, or a reload). */
export function pagesPage(s: PreviewState, x: ViewContext): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Printed pages · folio dev</title>
<style>${STYLE}</style></head><body>
<header><h1>Printed pages</h1><span class="state"></span><a href="${esc(x.screenUrl)}">screen view</a><a href="${PREVIEW_PDF_PATH}">PDF</a></header>
<main>${pagesBody(s, x)}</main>
<script>${CLIENT(x.eventsPath)}</script></body></html>`;
}

/** Content-Security-Policy of the view: its own inline script and style, images, the PDF and the event stream from itself. */
export const PAGES_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self'; frame-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'";
