// The "Warnings" section of a job page: each warning of the job (code, how many times, its first message, what
// the code means) and a link to where the diagnostics show it. The messages come from the template's page
// (untrusted), so they go in through h(), as text.
import { h, type Child } from '../dom';
import { isTerminal, type RenderJob } from '../types';
import { diagnosticsAnchor, explain, IN_DIAGNOSTICS, warningsOf, type JobWarning } from '../warnings';

export function warningsSection(j: RenderJob): Child[] {
  const ws = warningsOf(j);
  if (ws.length === 0)
    return [
      h(
        'p',
        { class: 'muted small', 'data-testid': 'job-warnings-none' },
        isTerminal(j.status) ? 'No warnings.' : 'No warnings so far.',
        failOnNote(j),
      ),
    ];
  return [
    h('h2', { id: 'warnings-title' }, `Warnings (${ws.length})`),
    h(
      'p',
      { class: 'muted' },
      j.status === 'succeeded'
        ? 'The PDF was made, but something in the page went wrong: check the document. '
        : 'What went wrong in the page. ',
      'A version’s ',
      h('code', {}, 'render.failOn'),
      ' (or a job’s ',
      h('code', {}, 'failOn'),
      ') makes the codes it lists fail the job instead.',
      failOnNote(j),
    ),
    h(
      'ul',
      { class: 'warning-list' },
      ws.map((w) => warningItem(j, w)),
    ),
  ];
}

function warningItem(j: RenderJob, w: JobWarning): HTMLElement {
  return h(
    'li',
    { class: 'warning-item', 'data-testid': 'job-warning', 'data-code': w.code },
    h(
      'p',
      { class: 'warning-head' },
      h('span', { class: 'badge badge-warnings' }, h('span', { 'aria-hidden': 'true' }, '⚠ '), h('code', {}, w.code)),
      ' ',
      h('span', { 'data-testid': 'job-warning-count' }, w.count === 1 ? 'once' : `${w.count} times`),
      ' — ',
      h('span', { 'data-testid': 'job-warning-explanation' }, explain(w.code)),
    ),
    h(
      'p',
      { class: 'warning-message' },
      h('span', { class: 'muted small' }, w.count === 1 ? 'Message: ' : 'First: '),
      h('code', { class: 'wrap', 'data-testid': 'job-warning-message' }, w.message),
    ),
    whereToLook(j, w.code),
  );
}

/** The diagnostics entry of the code's first occurrence; the version's payload for a missing schema. */
function whereToLook(j: RenderJob, code: string): HTMLElement | null {
  if (code === 'payload_schema_missing')
    return h(
      'p',
      { class: 'small' },
      h(
        'a',
        { href: `/dashboard/deploys/${encodeURIComponent(j.deployId)}/versions/${encodeURIComponent(j.deployVersionId)}` },
        'Open the version',
      ),
      ' (its Payload section) — add a payload.schema.json to the bundle.',
    );
  if (!IN_DIAGNOSTICS.has(code)) return null;
  const id = diagnosticsAnchor(code);
  const link = h('a', { href: `#${id}`, 'data-testid': 'job-warning-diagnostics' }, 'Show in the diagnostics');
  // Scrolled here rather than by a fragment navigation, which would re-render the page (popstate). The
  // diagnostics are of the last attempt and may have dropped entries past their bounds: then the section.
  link.addEventListener('click', (ev) => {
    ev.preventDefault();
    const target = document.getElementById(id) ?? document.getElementById('diagnostics-title');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  });
  return h('p', { class: 'small' }, link);
}

/** The job's own failOn, when it gave one (it replaces the version's, which the version page shows). */
function failOnNote(j: RenderJob): Child {
  if (!j.failOn) return null;
  return h(
    'span',
    { 'data-testid': 'job-fail-on' },
    ' This job’s own failOn: ',
    j.failOn.length ? j.failOn.map((c, i) => [i ? ', ' : '', h('code', {}, c)]) : 'none (no warning fails it)',
    '.',
  );
}
