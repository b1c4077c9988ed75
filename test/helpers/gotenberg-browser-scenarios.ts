// The run of Gotenberg's Chromium and LibreOffice scenarios (test/e2e/gotenberg-scenarios-browser.test.ts):
// one app with its real browser and LibreOffice behind a real HTTP server for the whole file, the page server,
// the run of one scenario (as gotenberg-scenarios.ts's runScenario, in a BrowserWorld, with the steps of
// gotenberg-browser-steps.ts looked up before the shared ones), and the file's summary and completeness check.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { packageVersion } from '../../src/config/package-version.js';
import { createTestApp, type TestApp } from './app.js';
import { BROWSER_STEPS } from './gotenberg-browser-steps.js';
import { BrowserWorld, PageServer } from './gotenberg-browser-world.js';
import { definitionOf, loadFeatures, scenarioKey, type RunOptions, type Scenario, type Target } from './gotenberg-scenarios.js';
import type { StepDefinition } from './gotenberg-steps.js';

export const BROWSER_FIXTURES = path.join(import.meta.dirname, '../fixtures/gotenberg-browser');
/** The features the file runs: every feature of the folder. */
const FEATURES = /^(chromium|libreoffice)_[a-z_]+\.feature$/;

/** The definition a step's text matches: these features' own first, then the shared ones. */
export function browserDefinitionOf(text: string): { definition: StepDefinition; match: RegExpExecArray } | null {
  for (const definition of BROWSER_STEPS) {
    const match = definition.pattern.exec(text);
    if (match) return { definition, match };
  }
  return definitionOf(text);
}

/** Runs a scenario's steps in a BrowserWorld, as runScenario does in its world: the first failing step fails it, named with its line. */
async function runBrowserScenario(scenario: Scenario, target: Target, options: RunOptions, pages: PageServer): Promise<void> {
  const world = new BrowserWorld(target, scenario, options, pages);
  try {
    for (const step of scenario.steps) {
      const skipped = [...options.notApplicableSteps.keys()].find((re) => new RegExp(re).test(step.text));
      if (skipped !== undefined) {
        options.skippedSteps.set(skipped, (options.skippedSteps.get(skipped) ?? 0) + 1);
        continue;
      }
      const found = browserDefinitionOf(step.text);
      if (!found) throw new Error(`${scenario.feature}:${step.line}: no definition for step "${step.text}"`);
      try {
        await found.definition.run(world, found.match, step);
      } catch (err) {
        if (err instanceof Error) {
          const where = `${scenario.feature}:${step.line} ${step.keyword} ${step.text}\n`;
          err.stack = err.stack?.replace(err.message, where + err.message);
          err.message = where + err.message;
        }
        throw err;
      }
    }
  } finally {
    await world.dispose();
  }
}

/** Steps not asserted in running scenarios, by pattern → why. */
export const NOT_APPLICABLE_STEPS = new Map<string, string>([
  [
    String.raw`^the Gotenberg container (should|should NOT) log the following entries:$`,
    'asserts lines of Gotenberg\'s own log ("correlation_id" and its messages); Folio logs in its own shape',
  ],
]);

/** The file's run: its app, page server and counts, and the scenarios it runs or lists. */
export class BrowserScenarioFile {
  readonly scenarios: Scenario[];
  readonly runnable: Scenario[];
  readonly options: RunOptions = { notApplicableSteps: NOT_APPLICABLE_STEPS, ignoredJsonKeys: new Map(), skippedSteps: new Map() };
  readonly outcome = { passed: 0, failed: 0 };
  private app: TestApp | null = null;
  private pages: PageServer | null = null;
  private target: Target | null = null;
  private readonly started = performance.now();

  constructor(readonly notApplicable: ReadonlyMap<string, string>) {
    this.scenarios = loadFeatures(BROWSER_FIXTURES, (f) => FEATURES.test(f)).flatMap((f) => f.scenarios);
    this.runnable = this.scenarios.filter((s) => !notApplicable.has(scenarioKey(s)));
  }

  /** The page server, then the app (allowing URL sources to the page server, webhooks to loopback), listening. */
  async start(): Promise<void> {
    this.pages = await new PageServer(BROWSER_FIXTURES).start();
    // Gotenberg's runner allows its webhooks to reach the test host (WEBHOOK_ALLOW_LIST=.+); this is Folio's.
    this.app = await createTestApp({
      env: { FOLIO_ALLOW_INSECURE_WEBHOOKS: '1', FOLIO_URL_SOURCE_ALLOWED_HOSTS: `127.0.0.1:${this.pages.port}` },
    });
    // URL sources need a plan that allows the external network.
    await this.app.services.ctx.db.updateTable('accounts').set({ plan_key: 'pro' }).where('id', '=', this.app.accountId).execute();
    this.app.startBackground();
    this.target = { base: await this.app.server.listen({ port: 0, host: '127.0.0.1' }), key: this.app.key, version: packageVersion() };
  }

  async stop(): Promise<void> {
    await this.app?.close();
    await this.pages?.close();
    console.log(this.summary());
  }

  async run(scenario: Scenario): Promise<void> {
    try {
      await runBrowserScenario(scenario, this.target!, this.options, this.pages!);
      this.outcome.passed++;
    } catch (err) {
      this.outcome.failed++;
      throw err;
    }
  }

  /** Every scenario runs or is listed, every listed one exists, every step of a running one has a definition. */
  checkComplete(): void {
    const keys = this.scenarios.map(scenarioKey);
    assert.equal(new Set(keys).size, keys.length, 'scenario names are unique within their feature');
    for (const key of this.notApplicable.keys()) assert.ok(keys.includes(key), `NOT_APPLICABLE names no scenario: ${key}`);
    assert.equal(this.runnable.length + this.notApplicable.size, this.scenarios.length);
    const others = fs.readdirSync(BROWSER_FIXTURES).filter((f) => f.endsWith('.feature') && !FEATURES.test(f));
    assert.deepEqual(others, [], 'a feature file this file does not run');
    const skipped = [...NOT_APPLICABLE_STEPS.keys()].map((re) => new RegExp(re));
    const undefinedSteps = this.runnable.flatMap((s) =>
      s.steps
        .filter((st) => !browserDefinitionOf(st.text) && !skipped.some((re) => re.test(st.text)))
        .map((st) => `${s.feature}:${st.line} ${st.text}`),
    );
    assert.deepEqual(undefinedSteps, [], 'steps of running scenarios without a definition');
  }

  private summary(): string {
    const byReason = new Map<string, number>();
    for (const reason of this.notApplicable.values()) byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
    return [
      `Gotenberg scenarios (Chromium, LibreOffice): ${this.scenarios.length}; ran ${this.runnable.length}` +
        ` (passed ${this.outcome.passed}, failed ${this.outcome.failed}) in ${seconds} s; not applicable ${this.notApplicable.size}:`,
      ...[...byReason].map(([reason, n]) => `  ${n} × ${reason}`),
      ...[...this.options.skippedSteps].map(([re, n]) => `  steps not asserted: ${n} × /${re}/: ${NOT_APPLICABLE_STEPS.get(re)}`),
    ].join('\n');
  }
}
