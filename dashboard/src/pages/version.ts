import { api } from '../api';
import { h, type Child } from '../dom';
import { bytes, dateTime } from '../format';
import { engineLabel } from '../job-kind';
import type { PageContext } from '../router';
import type { Alias, Deploy, DeployVersion, VersionFile } from '../types';
import { act, empty, loading, pageHeader, table } from '../ui';
import { explain } from '../warnings';
import { deleteVersion, promote } from './deploy';
import { renderForm } from './render-form';
import { versionChecksSection } from './version-checks';

export async function versionPage(ctx: PageContext) {
  const [deployId, versionId] = ctx.params;
  const base = `/v1/deploys/${encodeURIComponent(deployId)}`;
  ctx.root.append(loading('Loading version…'));
  const [{ deployVersion: v }, detail, files] = await Promise.all([
    api<{ deployVersion: DeployVersion }>('GET', `${base}/versions/${encodeURIComponent(versionId)}`, undefined, { signal: ctx.signal }),
    api<{ deploy: Deploy; aliases: Alias[] }>('GET', base, undefined, { signal: ctx.signal }),
    api<{ items: VersionFile[] }>('GET', `${base}/versions/${encodeURIComponent(versionId)}/files`, undefined, { signal: ctx.signal }),
  ]);
  const aliasesNow = h('p', { class: 'muted', 'data-testid': 'version-aliases' });
  const showAliases = (aliases: Alias[]) => {
    const names = aliases.filter((a) => a.deployVersionId === v.id).map((a) => a.alias);
    aliasesNow.textContent = names.length ? `Aliases: ${names.join(', ')}` : 'No alias points at this version.';
  };
  showAliases(detail.aliases);
  const buttons = (['preview', 'production'] as const).map((alias) => {
    const b = h('button', { type: 'button', class: 'btn' }, `Promote to ${alias}`);
    b.addEventListener(
      'click',
      () =>
        void act(b, errs, async () => {
          await promote(deployId, alias, v);
          showAliases((await api<{ aliases: Alias[] }>('GET', base)).aliases);
        }),
    );
    return b;
  });
  const errs = h('div');
  const del = h('button', { type: 'button', class: 'btn btn-danger' }, 'Delete version');
  del.addEventListener(
    'click',
    () =>
      void act(
        del,
        errs,
        async () => (await deleteVersion(deployId, v)) && ctx.navigate(`/dashboard/deploys/${encodeURIComponent(deployId)}`),
      ),
  );

  ctx.root.replaceChildren(
    pageHeader(`${detail.deploy.name} · ${v.displayId}`, {
      back: { href: `/dashboard/deploys/${encodeURIComponent(deployId)}`, label: detail.deploy.name },
      actions: [...buttons, del],
    }),
    aliasesNow,
    errs,
    h(
      'dl',
      { class: 'props' },
      h('dt', {}, 'Title'),
      h('dd', {}, v.title),
      h('dt', {}, 'Route'),
      h('dd', {}, h('code', {}, v.route)),
      h('dt', {}, 'Engine'),
      h('dd', { 'data-testid': 'version-engine' }, engineLabel(v.engine, v.route)),
      h('dt', {}, 'Status'),
      h('dd', {}, v.status),
      h('dt', {}, 'Tree hash'),
      h('dd', {}, h('code', { class: 'wrap' }, v.treeHash)),
      h('dt', {}, 'Render timeout'),
      h('dd', {}, v.renderTimeoutMs ? `${v.renderTimeoutMs} ms` : 'default (30 s)'),
      h('dt', {}, 'Print defaults'),
      h('dd', { 'data-testid': 'version-print-defaults' }, printDefaultsText(v.printDefaults)),
      h('dt', {}, 'Fail on'),
      h('dd', { 'data-testid': 'version-fail-on' }, failOnView(v.failOn)),
      h('dt', {}, 'Created'),
      h('dd', {}, dateTime(v.createdAt)),
    ),
    payloadSection(v),
    renderForm(ctx, deployId, [{ value: v.id, label: v.displayId, samplePayload: v.samplePayload }]),
    versionChecksSection(ctx, `${base}/versions/${encodeURIComponent(versionId)}`, files.items),
    h(
      'section',
      { 'aria-labelledby': 'files-title' },
      h('h2', { id: 'files-title' }, `Files (${files.items.length})`),
      files.items.length === 0
        ? empty('This version has no files')
        : table(
            'Files of this version',
            ['Path', 'Size', 'Type', 'SHA-256'],
            files.items.map((f) => [
              h('code', {}, f.path),
              bytes(f.size),
              f.mime,
              h('code', { title: f.sha256 }, `${f.sha256.slice(0, 12)}…`),
            ]),
            { testid: 'files-table' },
          ),
    ),
  );
}

/** What the version prints with where its document says nothing; fixed at commit (the templates guide, "Print defaults"). */
function printDefaultsText(n: number | undefined): string {
  if (n === undefined) return '—';
  if (n === 1) return '1 — no page margin (versions committed before the defaults changed)';
  if (n === 2) return '2 — Chromium’s 1 cm page margin, prefers-reduced-motion';
  return String(n);
}

/** The warning codes that fail this version's jobs (`render.failOn`); a job's own failOn replaces them. */
function failOnView(codes: string[] | undefined): Child {
  if (!codes) return '—';
  if (codes.length === 0) return h('span', { class: 'muted' }, 'nothing: warnings never fail this version’s jobs');
  return [
    codes.map((c, i) => [i ? ', ' : '', h('code', { title: explain(c) }, c)]),
    h('span', { class: 'muted' }, ': these warnings fail a job (render_failed_on_warning) unless it gives its own failOn'),
  ];
}

/** The bundle's payload.schema.json and sample-payload.json, when it has them. */
function payloadSection(v: DeployVersion): HTMLElement {
  const hasSchema = v.payloadSchema !== undefined;
  const hasSample = v.samplePayload !== undefined;
  return h(
    'section',
    { 'aria-labelledby': 'payload-title' },
    h('h2', { id: 'payload-title' }, 'Payload'),
    hasSchema
      ? h(
          'p',
          { class: 'muted' },
          'Every render job’s JSON payload must match this schema (',
          h('code', {}, 'payload.schema.json'),
          '); one that does not is refused with ',
          h('code', {}, 'payload_invalid'),
          '.',
        )
      : h('p', { class: 'muted' }, 'This version has no ', h('code', {}, 'payload.schema.json'), ': any payload is accepted.'),
    hasSchema ? jsonBlock('Payload schema', v.payloadSchema, 'payload-schema') : null,
    hasSample ? jsonBlock('Sample payload', v.samplePayload, 'sample-payload') : null,
  );
}

/** Pretty-printed JSON in a <pre> (as text); folded behind its title when long. */
function jsonBlock(title: string, value: unknown, testid: string): HTMLElement {
  const text = JSON.stringify(value, null, 2);
  const lines = text.split('\n').length;
  return h(
    'details',
    { class: 'json-block', open: lines <= 30, 'data-testid': testid },
    h('summary', {}, h('strong', {}, title), h('span', { class: 'muted small' }, ` · ${lines} line${lines === 1 ? '' : 's'}`)),
    h('pre', { class: 'mono json' }, text),
  );
}
