// A render job's warnings (`warnings: [{code, count, message}]`): what went wrong in a page that still made
// its PDF. The badge that marks such a job in every job list, the codes' one-line explanations, and which
// diagnostics entry shows each code (docs/errors.md, "Render job warning codes").
import { h } from './dom';
import type { DiagnosticsEntry, RenderJob } from './types';

export type JobWarning = RenderJob['warnings'][number];
export type WarningCode = JobWarning['code'];

/** One line per code, for people reading a job page; docs/errors.md has the full meaning. */
export const WARNING_EXPLANATIONS: Record<WarningCode, string> = {
  page_exception: 'The page threw an uncaught exception or left a promise rejection unhandled: the document may be half built.',
  console_error: 'The page wrote to console.error (or a console.assert failed).',
  request_failed: 'A request to the internet failed (network error or timeout): what it loads is missing from the PDF.',
  request_blocked: 'Folio’s network policy refused a request of the page: what it loads is missing from the PDF.',
  http_error_status: 'A request was answered with an HTTP error: a file not in the bundle (404), or an internet response of 400 or more.',
  font_fallback: 'A web font failed to load: its text was printed in a fallback font.',
  ready_by_timeout: 'The page was printed after 3 s of work that did not end, so it may be incomplete: call folio.ready() when it is done.',
  margin_boxes_clipped: 'The CSS puts content in @page margin boxes on a side with no page margin: Chromium drops those boxes.',
  pdfua_violation: 'The job asked for PDF/UA-1 and its PDF fails Matterhorn Protocol conditions Folio checks (the message names them).',
  einvoice_rule_warning:
    'The e-invoice XML breaks rules of its profile at warning level (the message names them); a buyer may ask for a corrected invoice.',
  einvoice_not_validated:
    'The e-invoice XML was embedded without the official rule sets’ check: Java or Saxon-HE is missing on the server.',
  payload_schema_missing: 'The version has no payload.schema.json, so a payload of the wrong shape is not refused.',
};

/** A server older or newer than this dashboard may send no list, or a code it does not know: both are shown as they are. */
export const warningsOf = (j: RenderJob): JobWarning[] => (Array.isArray(j.warnings) ? j.warnings : []);

export const explain = (code: string): string => (WARNING_EXPLANATIONS as Record<string, string | undefined>)[code] ?? '';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * "⚠ N" (N = how many kinds of warning, one per code), with the codes and their counts in the tooltip and,
 * for screen readers, in words. Null for a job without warnings. Its own look: not the failed state's.
 */
export function warningsBadge(j: RenderJob): HTMLElement | null {
  const ws = warningsOf(j);
  if (ws.length === 0) return null;
  const summary = `${plural(ws.length, 'warning')}: ${ws.map((w) => `${w.code} ×${w.count}`).join(', ')}`;
  return h(
    'span',
    { class: 'badge badge-warnings', title: summary, 'data-testid': 'warnings-badge', 'data-count': ws.length },
    h('span', { 'aria-hidden': 'true' }, `⚠ ${ws.length}`),
    h('span', { class: 'sr-only' }, summary),
  );
}

const REQUEST_WARNINGS: Record<string, WarningCode> = {
  blocked: 'request_blocked',
  not_found: 'http_error_status',
  http_error: 'http_error_status',
  network_error: 'request_failed',
  timed_out: 'request_failed',
};

/** The warning a diagnostics entry counts towards, if any (the renderer counts them from the same events). */
export function warningOfEntry(e: DiagnosticsEntry): WarningCode | null {
  if (e.kind === 'exception') return 'page_exception';
  if (e.kind === 'console') return e.level === 'error' ? 'console_error' : null;
  return REQUEST_WARNINGS[e.problem] ?? null;
}

/** The id of the diagnostics element that shows a code's first occurrence (set by the diagnostics view). */
export const diagnosticsAnchor = (code: string) => `diag-${code}`;

/** Codes the diagnostics show an entry or line for; the others (fonts, margin boxes, the schema) have none. */
export const IN_DIAGNOSTICS: ReadonlySet<string> = new Set<WarningCode>([
  'page_exception',
  'console_error',
  'request_failed',
  'request_blocked',
  'http_error_status',
  'ready_by_timeout',
]);
