// The "Snapshot checks" section of a version's page: its fixtures (tests/<name>.json, or the sample payload)
// printed again on this server and compared with the snapshots the version carries, by the rules of
// `folio test` — what an operator runs after a Chromium upgrade. The newest checks are listed; a running
// one is polled until it is judged.
import { api } from '../api';
import { h, type Child } from '../dom';
import { dateTime } from '../format';
import type { PageContext } from '../router';
import type { VersionCheck, VersionFile } from '../types';
import { act, table } from '../ui';

const SHOWN = 5;

/** Whether the version's files hold a fixture, by the server's rule. */
export function hasFixtures(files: VersionFile[]): boolean {
  return files.some((f) => /^\/?tests\/[^/.][^/]*\.json$/.test(f.path) || /^\/?sample-payload\.json$/.test(f.path));
}

function summary(c: VersionCheck): string {
  const n = c.counts;
  const parts = [
    n.passed && `${n.passed} passed`,
    n.drifted && `${n.drifted} drifted`,
    n.noSnapshot && `${n.noSnapshot} without snapshot`,
    n.failed && `${n.failed} failed`,
    n.pending && `${n.pending} printing`,
  ].filter(Boolean);
  return parts.join(', ');
}

/** A result's badge: its own word, coloured as the job states are (passed green, drift amber, failure red). */
function resultBadge(status: string): HTMLElement {
  const colour = status === 'passed' ? 'succeeded' : status === 'pending' ? 'running' : status;
  return h('span', { class: `badge badge-${colour}` }, status.replace('_', ' '));
}

function fixtureRows(c: VersionCheck): Child[][] {
  return c.fixtures.map((f) => [
    h('code', {}, f.file),
    resultBadge(f.status),
    h('span', { 'data-testid': 'check-fixture-message' }, f.message ?? ''),
    f.jobId ? h('a', { href: `/dashboard/jobs/${encodeURIComponent(f.jobId)}` }, 'print') : '—',
  ]);
}

function checkView(c: VersionCheck): HTMLElement {
  return h(
    'div',
    { class: 'version-check', 'data-testid': 'version-check', 'data-status': c.status },
    h(
      'p',
      {},
      resultBadge(c.status),
      h('span', { class: 'muted' }, ` ${dateTime(c.createdAt)} · ${summary(c)} · tolerance ${c.tolerance * 100}% of a page's pixels`),
    ),
    c.error ? h('p', { class: 'muted' }, `${c.error.code}: ${c.error.message}`) : null,
    table('Fixtures of this check', ['Fixture', 'Result', 'What', 'Job'], fixtureRows(c), { testid: 'check-fixtures' }),
  );
}

export function versionChecksSection(ctx: PageContext, base: string, files: VersionFile[]): HTMLElement {
  const list = h('div', { 'data-testid': 'version-checks' });
  const errs = h('div');
  let checks: VersionCheck[] = [];
  const draw = () =>
    list.replaceChildren(
      ...(checks.length ? checks.map(checkView) : [h('p', { class: 'muted' }, 'No check has run for this version yet.')]),
    );
  const refresh = async () => {
    checks = (await api<{ items: VersionCheck[] }>('GET', `${base}/checks?limit=${SHOWN}`, undefined, { signal: ctx.signal })).items;
    draw();
  };
  const fixtures = hasFixtures(files);
  const run = h('button', { type: 'button', class: 'btn', 'data-testid': 'run-check', disabled: !fixtures }, 'Check fixtures');
  run.addEventListener(
    'click',
    () =>
      void act(run, errs, async () => {
        const { check } = await api<{ check: VersionCheck }>('POST', `${base}/checks`, {});
        checks = [check, ...checks.filter((c) => c.id !== check.id)].slice(0, SHOWN);
        draw();
      }),
  );
  void refresh().catch(() => {});
  // A running check changes until it is judged; finished ones do not.
  ctx.every(1500, async () => {
    if (checks.some((c) => c.status === 'running')) await refresh();
  });
  return h(
    'section',
    { 'aria-labelledby': 'checks-title' },
    h('h2', { id: 'checks-title' }, 'Snapshot checks'),
    h(
      'p',
      { class: 'muted' },
      fixtures
        ? 'Prints this version’s fixtures again on this server and compares each with the snapshot the version carries (page count, text and pixels, by the rules of '
        : 'This version carries no fixtures. Record snapshots with ',
      h('code', {}, fixtures ? 'folio test' : 'folio test --update'),
      fixtures
        ? '). Run it after a Chromium upgrade to see which versions print differently.'
        : ' in the template folder and deploy it with its tests/ and __snapshots__/ folders to check it here.',
    ),
    h('p', {}, run),
    errs,
    list,
  );
}
