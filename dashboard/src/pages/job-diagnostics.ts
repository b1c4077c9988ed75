// The "Diagnostics" section of a job page (GET /v1/render-jobs/{id}/diagnostics): the ready path, the
// phase timings and what the page logged, threw or failed to load. Everything here comes from the
// template's page (untrusted), so it goes in through h(), as text.
import { h, type Child } from '../dom';
import { bytes, duration } from '../format';
import type { DiagnosticsEntry, RenderDiagnostics } from '../types';
import { diagnosticsAnchor, warningOfEntry } from '../warnings';

type Diagnostics = NonNullable<RenderDiagnostics>;

const PHASES: { key: keyof Diagnostics['timings']; label: string }[] = [
  { key: 'queued', label: 'Queued' },
  { key: 'load', label: 'Load' },
  { key: 'readyWait', label: 'Ready wait' },
  { key: 'print', label: 'Print' },
  { key: 'postProcess', label: 'Post-process' },
  { key: 'store', label: 'Store' },
];

const READY: Record<NonNullable<Diagnostics['ready']>['mode'], string> = {
  explicit: 'the page called folio.ready()',
  default: 'Folio waited for load and a quiet network',
  warm: 'the folio.onJob handler ran',
  timed_out: 'the render timeout ended the wait',
};

export function diagnosticsView(d: Diagnostics): Child[] {
  // The first entry of each warning code carries its anchor: the Warnings section links there.
  const anchored = new Set<string>();
  const anchorOf = (e: DiagnosticsEntry) => {
    const code = warningOfEntry(e);
    if (!code || anchored.has(code)) return null;
    anchored.add(code);
    return diagnosticsAnchor(code);
  };
  return [
    h(
      'p',
      { class: 'muted small' },
      `Attempt ${d.attempt}`,
      d.pageCount !== undefined ? ` · ${d.pageCount} page(s)` : '',
      d.bytes !== undefined ? ` · ${bytes(d.bytes)}` : '',
    ),
    readyLine(d.ready),
    pageReferencesLine(d.pageReferences),
    timingsView(d.timings),
    h('h3', {}, `Console, errors and requests (${d.entries.length})`),
    d.entries.length
      ? h(
          'ol',
          { class: 'diag-entries', 'data-testid': 'diagnostics-entries' },
          d.entries.map((e) => entryView(e, anchorOf(e))),
        )
      : h('p', { class: 'muted', 'data-testid': 'diagnostics-empty' }, 'The page logged nothing and every request was served.'),
    droppedLine(d.dropped),
  ];
}

function readyLine(r: Diagnostics['ready']): HTMLElement {
  return h(
    'p',
    r?.byTimeout
      ? { 'data-testid': 'diagnostics-ready', id: diagnosticsAnchor('ready_by_timeout'), tabindex: '-1' }
      : { 'data-testid': 'diagnostics-ready' },
    h('strong', {}, 'Ready: '),
    r
      ? [
          h('span', { class: `badge diag-ready-${r.mode}` }, r.mode),
          ` ${READY[r.mode] ?? ''}`,
          r.detail ? h('span', { class: 'muted' }, ` — ${r.detail}`) : '',
        ]
      : h('span', { class: 'muted' }, 'not reached (the attempt ended before the page was waited for)'),
  );
}

/** Versions with render.metadata.pdf.pageReferences: how many ids were numbered, in how many prints. */
function pageReferencesLine(r: Diagnostics['pageReferences']): HTMLElement | null {
  if (!r) return null;
  return h(
    'p',
    { 'data-testid': 'diagnostics-page-references' },
    h('strong', {}, 'Page references: '),
    `${r.references} id(s), printed ${r.prints} time(s)`,
    r.unresolved.length ? h('span', { class: 'muted' }, ` — no printed element for ${r.unresolved.map((id) => `#${id}`).join(', ')}`) : '',
  );
}

function timingsView(t: Diagnostics['timings']): HTMLElement | null {
  const phases = PHASES.filter((p) => t[p.key] !== undefined);
  if (phases.length === 0) return null;
  const max = Math.max(1, ...phases.map((p) => t[p.key]!));
  return h(
    'table',
    { class: 'diag-timings', 'data-testid': 'diagnostics-timings' },
    h('caption', { class: 'sr-only' }, 'Time per phase'),
    h(
      'tbody',
      {},
      phases.map((p) => {
        const ms = t[p.key]!;
        return h(
          'tr',
          {},
          h('th', { scope: 'row' }, p.label),
          h('td', { class: 'diag-ms' }, duration(ms)),
          h(
            'td',
            { class: 'diag-bar-cell', 'aria-hidden': 'true' },
            h('div', { class: 'diag-bar', style: `width: ${Math.max(0.5, (ms / max) * 100).toFixed(1)}%` }),
          ),
        );
      }),
    ),
  );
}

function entryView(e: DiagnosticsEntry, id: string | null): HTMLElement {
  const anchor = { id, tabindex: id ? '-1' : null };
  const at = h('span', { class: 'diag-at' }, `+${e.at} ms`);
  if (e.kind === 'console') {
    return h(
      'li',
      { class: `diag-entry diag-console diag-${e.level}`, ...anchor },
      h('span', { class: `badge diag-badge-${e.level}` }, e.level),
      at,
      h('span', { class: 'diag-text' }, e.text),
      sourceView(e.source),
    );
  }
  if (e.kind === 'exception') {
    return h(
      'li',
      { class: 'diag-entry diag-exception', ...anchor },
      h('span', { class: 'badge diag-badge-exception' }, 'exception'),
      at,
      h('span', { class: 'diag-text' }, e.text),
      sourceView(e.source),
      e.stack ? h('details', { class: 'diag-stack' }, h('summary', {}, 'Stack'), h('pre', { class: 'mono' }, e.stack)) : null,
    );
  }
  return h(
    'li',
    { class: 'diag-entry diag-request', ...anchor },
    h('span', { class: `badge diag-badge-${e.problem}` }, e.problem),
    at,
    h('code', { class: 'diag-text wrap' }, e.url),
    h('span', { class: 'muted small diag-reason' }, e.reason),
  );
}

const sourceView = (source: string | undefined) => (source ? h('code', { class: 'muted small diag-source wrap' }, source) : null);

function droppedLine(d: Diagnostics['dropped']): HTMLElement | null {
  const total = d.console + d.exception + d.request;
  if (total === 0) return null;
  const parts = (['console', 'exception', 'request'] as const).filter((k) => d[k] > 0).map((k) => `${d[k]} ${k}`);
  return h(
    'p',
    { class: 'notice', 'data-testid': 'diagnostics-dropped' },
    `${total} ${total === 1 ? 'entry' : 'entries'} dropped (${parts.join(', ')}): the bounds are 200 entries and about 64 kB per attempt.`,
  );
}
