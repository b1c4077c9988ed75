// The monitoring files of deploy/ against a real scrape of GET /metrics: the Grafana dashboard
// (deploy/grafana/folio-dashboard.json) and the Prometheus alerting rules (deploy/prometheus/folio-alerts.yml).
// Nothing runs Grafana or Prometheus here; what can drift silently is checked instead: every metric name
// their PromQL uses is one Folio serves (a histogram's _bucket, _sum and _count by its own name), every label
// their selectors match on is one that metric has, every metric of Folio's own has a panel and a row in
// docs/operations.md, the dashboard is well formed (unique panel ids, a Prometheus data source variable), and
// every alert has its expression, duration, severity, summary and description and is explained in
// docs/operations.md. SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'yaml';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { read } from '../helpers/deploy-checks.js';

const DASHBOARD = 'deploy/grafana/folio-dashboard.json';
const ALERTS = 'deploy/prometheus/folio-alerts.yml';

/** What one scrape shows: each metric family's type, and the label names its samples carry. */
interface Scrape {
  types: Map<string, string>;
  labels: Map<string, Set<string>>;
}

function readScrape(text: string): Scrape {
  const types = new Map<string, string>();
  const labels = new Map<string, Set<string>>();
  for (const line of text.split('\n')) {
    const t = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (t) types.set(t[1], t[2]);
    const s = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? \S+$/.exec(line);
    if (!s) continue;
    const names = labels.get(s[1]) ?? new Set<string>();
    for (const [, k] of (s[2] ?? '').matchAll(/(\w+)="/g)) names.add(k);
    labels.set(s[1], names);
  }
  return { types, labels };
}

/** The family a series name belongs to: itself, or the histogram or summary whose _bucket, _sum or _count it is. */
function familyOf(scrape: Scrape, name: string): string | null {
  if (scrape.types.has(name)) return name;
  const m = /^(.+)_(bucket|sum|count)$/.exec(name);
  if (m && ['histogram', 'summary'].includes(scrape.types.get(m[1]) ?? '') && (m[2] !== 'bucket' || scrape.types.get(m[1]) === 'histogram'))
    return m[1];
  return null;
}

const METRIC = /\bfolio_[a-zA-Z0-9_]+/g;
/** Labels Prometheus adds at scrape time, not Folio. */
const TARGET_LABELS = new Set(['instance', 'job']);

/** Every metric name the expression uses must be served; every label a selector matches on, carried. */
function checkExpr(scrape: Scrape, expr: string, where: string): string[] {
  const families: string[] = [];
  for (const [name] of expr.matchAll(METRIC)) {
    const family = familyOf(scrape, name);
    assert.ok(family, `${where}: ${name} is not a metric of GET /metrics (nor a _bucket, _sum or _count of one)`);
    families.push(family);
  }
  for (const [, name, matchers] of expr.matchAll(/\b(folio_[a-zA-Z0-9_]+)\{([^}]*)\}/g)) {
    const carried = scrape.labels.get(name);
    // A metric without samples in a fresh app (render attempts: nothing rendered) shows no labels to compare.
    if (!carried || carried.size === 0) continue;
    for (const [, label] of matchers.matchAll(/(\w+)\s*(?:=~|!~|!=|=)\s*"/g)) {
      if (TARGET_LABELS.has(label)) continue;
      assert.ok(carried.has(label), `${where}: ${name} has no label ${label} (it has: ${[...carried].join(', ')})`);
    }
  }
  return families;
}

interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: Array<{ refId: string; expr: string; datasource?: { uid: string } }>;
  panels?: Panel[];
}

const allPanels = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...allPanels(p.panels ?? [])]);

describe('monitoring files (deploy/grafana, deploy/prometheus)', () => {
  let app: TestApp;
  let scrape: Scrape;
  const dashboard = JSON.parse(read(DASHBOARD));
  const rules = parse(read(ALERTS));
  const operations = read('docs/operations.md');

  before(async () => {
    app = await createTestApp();
    const r = await app.server.inject({ method: 'GET', url: '/metrics' });
    assert.equal(r.statusCode, 200, r.body);
    scrape = readScrape(r.body);
    // The standard process metrics are registered by the first scrape itself: they are in this one.
    assert.ok(scrape.types.has('folio_process_cpu_seconds_total'), 'the process metrics are in the scrape');
  });
  after(() => app?.close());

  /** Folio's own metrics: everything served but prom-client's standard process metrics. */
  const ownMetrics = () => [...scrape.types.keys()].filter((n) => !/^folio_(process|nodejs)_/.test(n));

  test('the dashboard: unique panel ids, one Prometheus data source variable, every query on metrics Folio serves', () => {
    assert.ok(dashboard.schemaVersion >= 36, 'a current dashboard schema');
    const variables: Array<{ name: string; type: string; query: unknown; definition?: string }> = dashboard.templating.list;
    const source = variables.find((v) => v.type === 'datasource');
    assert.ok(source && source.query === 'prometheus', 'a Prometheus data source variable');
    const panels = allPanels(dashboard.panels);
    const ids = panels.map((p) => p.id);
    assert.ok(ids.every((id) => Number.isInteger(id)));
    assert.equal(new Set(ids).size, ids.length, `unique panel ids: ${ids.join(', ')}`);
    const used = new Set<string>();
    let queries = 0;
    for (const p of panels.filter((p) => p.type !== 'row')) {
      const where = `${DASHBOARD} panel ${p.id} "${p.title}"`;
      assert.equal(p.datasource?.uid, `\${${source.name}}`, `${where}: queries the data source variable`);
      assert.ok(p.targets && p.targets.length > 0, `${where}: has a query`);
      assert.equal(new Set(p.targets.map((t) => t.refId)).size, p.targets.length, `${where}: unique refIds`);
      for (const t of p.targets) {
        assert.ok(typeof t.expr === 'string' && t.expr.includes('folio_'), `${where}: a PromQL query on Folio's metrics`);
        for (const f of checkExpr(scrape, t.expr, where)) used.add(f);
        queries++;
      }
    }
    for (const v of variables.filter((v) => v.type === 'query')) {
      const q = v.definition ?? (v.query as { query: string }).query;
      for (const f of checkExpr(scrape, q, `${DASHBOARD} variable ${v.name}`)) used.add(f);
    }
    assert.ok(queries >= 20, `the dashboard's queries were found (${queries})`);
    const missing = ownMetrics().filter((n) => !used.has(n));
    assert.deepEqual(missing, [], `every metric of Folio's own has a panel in ${DASHBOARD}`);
  });

  test('the alerting rules: each with expr, for, severity, summary and description, on metrics Folio serves', () => {
    assert.ok(Array.isArray(rules.groups) && rules.groups.length > 0, `${ALERTS} has groups`);
    const names: string[] = [];
    for (const group of rules.groups) {
      assert.ok(typeof group.name === 'string' && Array.isArray(group.rules), `${ALERTS}: a group with a name and rules`);
      for (const rule of group.rules) {
        const where = `${ALERTS} ${group.name}/${rule.alert}`;
        assert.ok(typeof rule.alert === 'string' && /^[A-Z][A-Za-z]+$/.test(rule.alert), `${where}: an alert name`);
        assert.ok(typeof rule.expr === 'string' && rule.expr.includes('folio_'), `${where}: an expression on Folio's metrics`);
        checkExpr(scrape, rule.expr, where);
        assert.match(String(rule.for), /^\d+(ms|s|m|h|d)$/, `${where}: for`);
        assert.ok(['critical', 'warning', 'info'].includes(rule.labels?.severity), `${where}: labels.severity`);
        for (const key of ['summary', 'description'])
          assert.ok(typeof rule.annotations?.[key] === 'string' && rule.annotations[key].trim() !== '', `${where}: annotations.${key}`);
        for (const [name] of `${rule.annotations.summary} ${rule.annotations.description}`.matchAll(METRIC))
          assert.ok(familyOf(scrape, name), `${where}: its text names ${name}, which is not a metric of GET /metrics`);
        names.push(rule.alert);
      }
    }
    assert.equal(new Set(names).size, names.length, 'unique alert names');
    const unexplained = names.filter((n) => !operations.includes(`\`${n}\``));
    assert.deepEqual(unexplained, [], 'every alert is explained in docs/operations.md');
  });

  test("every metric of Folio's own is documented in docs/operations.md", () => {
    const undocumented = ownMetrics().filter((n) => !operations.includes(`\`${n}\``));
    assert.deepEqual(undocumented, []);
  });
});
