// folio test [dir]: snapshot tests of a template. Each fixture (a payload) is printed — by the production
// Renderer in this process (the full `folio` only), or with --server by a Folio server — and its page count,
// text and page images are compared with the snapshot recorded in __snapshots__/<fixture>/ (--update
// records them). What prints locally and what draws the pages are given by the caller (index.ts for the
// full `folio`, main/client-cli.ts for @folio/cli): nothing here loads the renderer.
import path from 'node:path';
import fs from 'node:fs';
import { folioIgnore } from '../client/folioignore.js';
import { plural, printJson, reportError, UsageError } from '../client/output.js';
import { describeDrift, passes, type FixtureVerdict } from '../../domain/deploys/snapshot-compare.js';
import { findFixtures, templateDir, type Fixture } from './fixtures.js';
import { applyMetadata, readOptions, type TestOptions } from './options.js';
import { FixtureRenderError, REPORT_DIR, type FixturePrinter } from './printer.js';
import { browserNote as noteOnBrowsers } from './producer.js';
import { writeReport, type ReportFixture } from './report.js';
import { serverPrinter } from './server-printer.js';
import type { SnapshotTools } from './tools.js';
import { FIXTURES_DIR, SNAPSHOTS_DIR, type Snapshot } from '../../domain/deploys/snapshot-files.js';
import { isStoredDataError } from '../../domain/stored-data.js';
import { SnapshotStore } from './snapshot-store.js';

/** What prints without --server and what draws the pages: the full `folio`'s, or @folio/cli's. */
export interface TestDeps {
  /** This machine's Chromium; absent, a run without --server is a usage error saying `noLocal`. */
  local?: (dir: string, opts: TestOptions) => Promise<FixturePrinter>;
  noLocal?: string;
  tools: () => Promise<SnapshotTools>;
}

type Status = 'passed' | 'failed' | 'missing' | 'error' | 'created' | 'updated' | 'unchanged';

interface PageJson {
  page: number;
  kind: 'compared' | 'missing' | 'new';
  drifts: boolean;
  differingPixels?: number;
  totalPixels?: number;
  ratio?: number;
  sizeMismatch?: boolean;
}

interface Outcome {
  name: string;
  file: string;
  status: Status;
  /** Pages printed now (null when nothing printed). */
  pages: number | null;
  /** Pages of the recorded snapshot (null without one). */
  expectedPages: number | null;
  /** What the line after the name says. */
  message: string;
  error?: { code: string; message: string };
  textDiffers: boolean;
  pageResults: PageJson[];
  browser: string | null;
  recordedBrowser: string | null;
  /** Set when the recording and this run were printed by different browsers or renderers. */
  browserNote?: string;
  report?: ReportFixture;
}

const OK: ReadonlySet<Status> = new Set(['passed', 'created', 'updated', 'unchanged']);

interface Run {
  opts: TestOptions;
  store: SnapshotStore;
  printer: FixturePrinter;
  tools: SnapshotTools;
}

export async function runSnapshotTests(argv: string[], deps: TestDeps): Promise<number> {
  const json = argv.includes('--json');
  try {
    return await test(argv, deps);
  } catch (err) {
    return reportError(err, json);
  }
}

function pageResults(v: FixtureVerdict): PageJson[] {
  return v.pages.map((p) =>
    p.kind === 'compared'
      ? {
          page: p.page,
          kind: p.kind,
          drifts: p.drifts,
          differingPixels: p.comparison.differing,
          totalPixels: p.comparison.total,
          ratio: p.comparison.ratio,
          sizeMismatch: p.comparison.sizeMismatch,
        }
      : { page: p.page, kind: p.kind, drifts: true },
  );
}

function readSnapshot(store: SnapshotStore, name: string): { old: Snapshot | null; damaged: string | null } {
  try {
    return { old: store.read(name), damaged: null };
  } catch (err) {
    if (isStoredDataError(err, 'snapshot')) return { old: null, damaged: err.message };
    throw err;
  }
}

/** The command that records snapshots the way this run prints them, of the folder it was given. */
function updateCommand(run: Pick<Run, 'opts' | 'printer'>): string {
  const folder = run.opts.given === '.' ? '' : ` ${/\s/.test(run.opts.given) ? JSON.stringify(run.opts.given) : run.opts.given}`;
  return `folio test${run.printer.renderer === 'server' ? ' --server' : ''}${folder} --update`;
}

async function runFixture(f: Fixture, run: Run): Promise<Outcome> {
  const { opts, store, printer, tools } = run;
  const { old, damaged } = readSnapshot(store, f.name);
  const base = { name: f.name, file: f.file, pages: null, expectedPages: old?.meta.pages ?? null, textDiffers: false, pageResults: [] };
  const ids = { browser: null, recordedBrowser: old?.meta.browser ?? null };
  if (!opts.update) {
    const again = `run ${updateCommand(run)} to record it again`;
    if (damaged)
      return {
        ...base,
        ...ids,
        status: 'error',
        message: `damaged snapshot: ${damaged}; ${again}`,
        error: { code: 'snapshot_damaged', message: damaged },
      };
    if (!old) return { ...base, ...ids, status: 'missing', message: `no snapshot yet: run ${updateCommand(run)} to record it` };
    if (old.meta.dpi !== tools.dpi) {
      const message = `the snapshot's pages are drawn at ${old.meta.dpi} dpi, this folio draws them at ${tools.dpi}`;
      return { ...base, ...ids, status: 'error', message: `${message}; ${again}`, error: { code: 'snapshot_outdated', message } };
    }
  }
  let printed;
  try {
    printed = await printer.print(f);
  } catch (err) {
    if (!(err instanceof FixtureRenderError)) throw err;
    const message = `render failed: ${err.code}: ${err.message}`;
    return {
      ...base,
      ...ids,
      status: 'error',
      message,
      error: { code: err.code, message: err.message },
      report: { name: f.name, summary: message, artifacts: [], textDiff: [] },
    };
  }
  const captured = await tools.capture(printed.pdf);
  const browser = await printer.browser(printed.pdf);
  const current = { pages: printed.pages, text: captured.text, images: captured.images };
  const seen = { ...base, pages: printed.pages, browser, recordedBrowser: old?.meta.browser ?? null };
  // A difference of browsers is named as a possible cause of a drift, after the drift itself.
  const browserNote = (old && noteOnBrowsers(old.meta, { browser, renderer: printer.renderer })) ?? undefined;

  if (opts.update) {
    const before = old && old.meta.dpi === tools.dpi ? await tools.judge(old, current, opts.tolerance, false) : null;
    store.write(f.name, {
      meta: { pages: printed.pages, browser, dpi: tools.dpi, createdAt: new Date().toISOString(), renderer: printer.renderer },
      text: captured.text,
      images: captured.images,
    });
    if (!before)
      return {
        ...seen,
        status: 'created',
        message: old || damaged ? 'snapshot recorded again (the old one could not be compared)' : 'new snapshot',
      };
    const same = passes(before.verdict);
    return {
      ...seen,
      status: same ? 'unchanged' : 'updated',
      message: same ? 'snapshot unchanged' : `snapshot updated: ${describeDrift(before.verdict)}`,
      textDiffers: !before.verdict.textEqual,
      pageResults: pageResults(before.verdict),
      ...(browserNote && !same ? { browserNote } : {}),
    };
  }

  const j = await tools.judge(old!, current, opts.tolerance, true);
  if (passes(j.verdict)) return { ...seen, status: 'passed', message: plural(printed.pages, 'page'), pageResults: pageResults(j.verdict) };
  const summary = describeDrift(j.verdict);
  return {
    ...seen,
    status: 'failed',
    message: summary,
    textDiffers: !j.verdict.textEqual,
    pageResults: pageResults(j.verdict),
    ...(browserNote ? { browserNote } : {}),
    report: { name: f.name, summary, artifacts: j.artifacts, textDiff: j.textDiff, ...(browserNote ? { browserNote } : {}) },
  };
}

/** An outcome for --json: what it is first, the details after. */
function outcomeJson({ report: _report, name, file, status, message, ...rest }: Outcome) {
  return { name, file, status, message, ...rest };
}

function line(o: Outcome, width: number): string {
  const name = o.name.padEnd(width);
  if (o.status === 'created' || o.status === 'updated' || o.status === 'unchanged')
    return `✓ ${name}  ${plural(o.pages ?? 0, 'page')}, ${o.message}`;
  return `${OK.has(o.status) ? '✓' : '✗'} ${name}  ${o.message}${o.browserNote ? `\n  ${' '.repeat(width)}  (${o.browserNote})` : ''}`;
}

function summaryLine(outcomes: Outcome[], update: boolean): string {
  const count = (s: Status) => outcomes.filter((o) => o.status === s).length;
  const failed = outcomes.filter((o) => !OK.has(o.status)).length;
  if (update) {
    const parts = [`${count('created')} new`, `${count('updated')} updated`, `${count('unchanged')} unchanged`];
    return `${plural(outcomes.length - failed, 'snapshot')} recorded (${parts.join(', ')})${failed ? `, ${failed} failed to print` : ''}`;
  }
  return `${count('passed')} passed, ${failed} failed`;
}

/**
 * The test's own folders that `folio deploy` would leave out (.folioignore lists them): a version that
 * lacks its fixtures or snapshots cannot be checked on the server.
 */
function deployLeavesOutTestFiles(dir: string, opts: TestOptions): string[] {
  const ignored = folioIgnore(dir, opts);
  return [FIXTURES_DIR, SNAPSHOTS_DIR].filter((d) => fs.existsSync(path.join(dir, d)) && ignored(`${d}/x.json`));
}

async function test(argv: string[], deps: TestDeps): Promise<number> {
  const parsed = readOptions(argv);
  if (!parsed) return 0;
  if (!parsed.server && !deps.local) throw new UsageError(deps.noLocal ?? 'this folio prints only with --server');
  const dir = templateDir(parsed.given);
  const fixtures = findFixtures(dir);
  const opts = applyMetadata(parsed, dir);
  const tools = await deps.tools();
  const printer = opts.server ? await serverPrinter(dir, opts) : await deps.local!(dir, opts);
  const store = new SnapshotStore(dir);
  const reportDir = path.join(dir, REPORT_DIR);
  // A report describes the last run: one left from an earlier run would be mistaken for this one's.
  fs.rmSync(reportDir, { recursive: true, force: true });
  const say = (s: string) => {
    if (!opts.json) process.stdout.write(`${s}\n`);
  };
  if (!opts.json)
    process.stderr.write(
      `folio test: ${plural(fixtures.length, 'fixture')} in ${dir}, printed by ${printer.where}${opts.update ? ' (recording snapshots)' : ''}\n`,
    );
  const width = Math.max(...fixtures.map((f) => f.name.length));
  const outcomes: Outcome[] = [];
  try {
    for (const f of fixtures) {
      const o = await runFixture(f, { opts, store, printer, tools });
      outcomes.push(o);
      say(line(o, width));
    }
  } finally {
    await printer.close();
  }
  const orphans = store.orphans(fixtures.map((f) => f.name));
  for (const name of orphans) {
    if (opts.update) {
      store.remove(name);
      say(`removed ${SNAPSHOTS_DIR}/${name} (no fixture)`);
    } else if (!opts.json)
      process.stderr.write(`warning: ${SNAPSHOTS_DIR}/${name} has no fixture (${updateCommand({ opts, printer })} removes it)\n`);
  }
  const failing = outcomes.filter((o) => o.report);
  const report = failing.length
    ? writeReport(reportDir, {
        templateDir: dir,
        renderer: printer.where,
        tolerance: opts.tolerance,
        fixtures: failing.map((o) => o.report!),
        passed: outcomes.length - failing.length,
      })
    : null;
  const ok = outcomes.every((o) => OK.has(o.status));
  say(summaryLine(outcomes, opts.update));
  if (report) say(`report: ${report}`);
  if (opts.update && !opts.json) {
    const left = deployLeavesOutTestFiles(dir, opts);
    if (left.length)
      process.stderr.write(
        `hint: .folioignore leaves ${left.map((d) => `${d}/`).join(' and ')} out of folio deploy: a version carries its fixtures and snapshots so the server can check it (folio deploy, then POST …/versions/{id}/checks or the dashboard's Check button); remove ${left.length === 1 ? 'it' : 'them'} from .folioignore\n`,
      );
    else process.stderr.write('note: folio deploy uploads tests/ and __snapshots__/ with the version, so the server can check it later\n');
  }
  if (opts.json)
    printJson({
      ok,
      dir,
      renderer: printer.renderer,
      update: opts.update,
      tolerance: opts.tolerance,
      dpi: tools.dpi,
      fixtures: outcomes.map(outcomeJson),
      orphans,
      report,
    });
  return ok ? 0 : 1;
}
