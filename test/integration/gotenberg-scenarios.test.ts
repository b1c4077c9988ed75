// Gotenberg's own integration scenarios (its Gherkin features, copied unchanged into test/fixtures/gotenberg/,
// see its README.md) run against Folio's HTTP server: the PDF engines routes, /health, /version, output file
// names and webhooks, and the features of four routes proposed to Gotenberg (add-password, attachments/add,
// stamp/bulk, convert/image; the README names each one's pull request). One test per scenario, named `<feature file> › <scenario name>`; the steps are
// Gotenberg's, asserted as its runner asserts them (test/helpers/gotenberg-steps.ts says where Folio's
// answers differ by design: JSON errors, the PDF/A claim instead of veraPDF). Chromium and LibreOffice
// features belong to a slower tier and are not copied yet.
//
// A scenario that cannot apply to Folio is listed in NOT_APPLICABLE with the reason and gets no test. The last
// test checks the table against the features: every scenario runs or is listed, every entry names a scenario,
// every step of a running scenario has a definition, so a new scenario cannot be dropped silently.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { packageVersion } from '../../src/config/package-version.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { definitionOf, loadFeatures, runScenario, scenarioKey, type RunOptions, type Target } from '../helpers/gotenberg-scenarios.js';

const DIR = path.join(import.meta.dirname, '../fixtures/gotenberg');
/** The features this file runs. */
const FEATURES = /^(pdfengines_[a-z_]+|health|version|output_filename|root|webhook)\.feature$/;
/** Features of the slower tier (a real Chromium or LibreOffice behind the routes), for a file of their own. */
const OTHER_TIERS = /^(chromium_[a-z_]+|libreoffice_[a-z_]+)\.feature$/;

const features = loadFeatures(DIR, (f) => FEATURES.test(f));
const scenarios = features.flatMap((f) => f.scenarios);

const ROOT_PATH =
  'API_ROOT_PATH=/foo/ (a Gotenberg start-up flag) serves every route under a prefix; Folio serves the Gotenberg routes at their own paths';
const DISABLED_ROUTES = 'PDFENGINES_DISABLE_ROUTES=true (a Gotenberg start-up flag) removes the routes; Folio has no such switch';
const AUTH =
  "API_ENABLE_BASIC_AUTH / API_ENABLE_OIDC_AUTH (Gotenberg start-up flags) turn on Gotenberg's own credentials (foo:bar, an OIDC issuer); Folio always requires its API key (Bearer, or as the Basic password: test/integration/gotenberg-forms.test.ts)";
const DOWNLOAD_FROM = "downloadFrom: Folio does not fetch files named in a form, by policy (only the form's own files)";
const SYNC_WEBHOOK =
  'WEBHOOK_ENABLE_SYNC_MODE=true (a Gotenberg start-up flag) makes Gotenberg call the webhook before it answers 204; Folio has no such mode';
const NO_LOGGING =
  "API_DISABLE_HEALTH_CHECK_ROUTE_TELEMETRY=true (a Gotenberg start-up flag): the scenario asserts only the absence of a line in Gotenberg's own log";
const ROOT_PAGE =
  "Gotenberg's page for a browser visiting its root (its own sentence pointing to gotenberg.dev) and that page's favicon (204); not part of the API a Gotenberg client calls, and Folio's / is not Gotenberg's (404)";
const PDFA_1B =
  'asks for PDF/A-1b: Folio makes PDF/A-2b and PDF/A-3b of a finished PDF (the conform step), not PDF/A-1b, whose ban on transparency groups it would have to flatten (400 naming pdfa, docs/gotenberg.md)';
const UA_UNTAGGED =
  "asks for PDF/UA-1 of Gotenberg's test PDFs, which have no structure tree: Folio refuses (422 naming pdfua) rather than claim PDF/UA-1 of a document it cannot tag; a tagged PDF is made PDF/UA-1 and checked (test/render/pdf-conform.test.ts)";
const engine = (limit: string, same: string) =>
  `an engine limitation picked by a start-up flag: ${limit}; Folio has one engine, which must do it (as ${same} expects)`;

const named = (reason: string, keys: string[]) => keys.map((k) => [k, reason] as [string, string]);

/** Scenarios that cannot apply to Folio → why. Each gets no test (and is counted in the summary). */
const NOT_APPLICABLE = new Map<string, string>([
  ...named(PDFA_1B, [
    'pdfengines_convert.feature › POST /forms/pdfengines/convert (Gotenberg Trace)',
    'pdfengines_convert.feature › POST /forms/pdfengines/convert (Many PDFs)',
    'pdfengines_convert.feature › POST /forms/pdfengines/convert (Output Filename - Many PDFs)',
    'pdfengines_convert.feature › POST /forms/pdfengines/convert (Output Filename - Single PDF)',
    'pdfengines_convert.feature › POST /forms/pdfengines/convert (Single PDF/A-1b & PDF/UA-1)',
    'pdfengines_convert.feature › POST /forms/pdfengines/convert (Single PDF/A-1b)',
    'pdfengines_convert.feature › POST /forms/pdfengines/convert (Webhook)',
    'pdfengines_merge.feature › POST /forms/pdfengines/merge (PDF/A-1b & PDF/UA-1)',
    'pdfengines_split.feature › POST /forms/pdfengines/split (PDF/A-1b & PDF/UA-1)',
  ]),
  ...named(UA_UNTAGGED, [
    'pdfengines_convert.feature › POST /forms/pdfengines/convert (Single PDF/UA-1)',
    'pdfengines_merge.feature › POST /forms/pdfengines/merge (PDF/A-3b & PDF/UA-1 & Metadata & Watermark & Stamp & Rotate & Flatten & Embeds & Bookmarks)',
    'pdfengines_split.feature › POST /forms/pdfengines/split (PDF/A-3b & PDF/UA-1 & Metadata & Watermark & Stamp & Rotate & Flatten & Embeds)',
  ]),
  ...named(ROOT_PATH, [
    'health.feature › GET /foo/health (Root Path)',
    'health.feature › HEAD /foo/health (Root Path)',
    'pdfengines_attachments.feature › POST /foo/forms/pdfengines/attachments/add (Root Path)',
    'pdfengines_bookmarks.feature › POST /foo/forms/pdfengines/bookmarks/{write|read} (Root Path)',
    'pdfengines_convert.feature › POST /foo/forms/pdfengines/convert (Root Path)',
    'pdfengines_embed.feature › POST /foo/forms/pdfengines/embed (Root Path)',
    'pdfengines_encrypt.feature › POST /foo/forms/pdfengines/encrypt (Root Path)',
    'pdfengines_flatten.feature › POST /foo/forms/pdfengines/flatten (Root Path)',
    'pdfengines_merge.feature › POST /foo/forms/pdfengines/merge (Root Path)',
    'pdfengines_metadata.feature › POST /foo/forms/pdfengines/metadata/{write|read} (Root Path)',
    'pdfengines_rotate.feature › POST /foo/forms/pdfengines/rotate (Root Path)',
    'pdfengines_split.feature › POST /foo/forms/pdfengines/split (Root Path)',
    'pdfengines_stamp.feature › POST /foo/forms/pdfengines/stamp (Root Path)',
    'pdfengines_watermark.feature › POST /foo/forms/pdfengines/watermark (Root Path)',
    'root.feature › GET /foo/ (Root Path)',
    'root.feature › GET /foo/favicon.ico (Root Path)',
    'version.feature › GET /foo/version (Root Path)',
  ]),
  ...named(DISABLED_ROUTES, [
    'pdfengines_bookmarks.feature › POST /forms/pdfengines/bookmarks/write (Routes Disabled)',
    'pdfengines_bookmarks.feature › POST /forms/pdfengines/bookmarks/read (Routes Disabled)',
    'pdfengines_encrypt.feature › POST /forms/pdfengines/encrypt (Routes Disabled)',
    'pdfengines_flatten.feature › POST /forms/pdfengines/flatten (Routes Disabled)',
    'pdfengines_merge.feature › POST /forms/pdfengines/merge (Routes Disabled)',
    'pdfengines_metadata.feature › POST /forms/pdfengines/metadata/write (Routes Disabled)',
    'pdfengines_metadata.feature › POST /forms/pdfengines/metadata/read (Routes Disabled)',
    'pdfengines_optimize.feature › POST /forms/pdfengines/optimize (Routes Disabled)',
    'pdfengines_rotate.feature › POST /forms/pdfengines/rotate (Routes Disabled)',
    'pdfengines_split.feature › POST /forms/pdfengines/split (Routes Disabled)',
    'pdfengines_stamp.feature › POST /forms/pdfengines/stamp (Routes Disabled)',
    'pdfengines_watermark.feature › POST /forms/pdfengines/watermark (Routes Disabled)',
  ]),
  ...named(AUTH, [
    'health.feature › GET /health (Basic Auth)',
    'health.feature › HEAD /health (Basic Auth)',
    'pdfengines_attachments.feature › POST /forms/pdfengines/attachments/add (Basic Auth)',
    'pdfengines_bookmarks.feature › POST /forms/pdfengines/bookmarks/write (Basic Auth)',
    'pdfengines_bookmarks.feature › POST /forms/pdfengines/bookmarks/read (Basic Auth)',
    'pdfengines_convert.feature › POST /forms/pdfengines/convert (Basic Auth)',
    'pdfengines_embed.feature › POST /forms/pdfengines/embed (Basic Auth)',
    'pdfengines_encrypt.feature › POST /forms/pdfengines/encrypt (Basic Auth)',
    'pdfengines_flatten.feature › POST /forms/pdfengines/flatten (Basic Auth)',
    'pdfengines_merge.feature › POST /forms/pdfengines/merge (Basic Auth)',
    'pdfengines_metadata.feature › POST /forms/pdfengines/metadata/write (Basic Auth)',
    'pdfengines_metadata.feature › POST /forms/pdfengines/metadata/read (Basic Auth)',
    'pdfengines_rotate.feature › POST /forms/pdfengines/rotate (Basic Auth)',
    'pdfengines_split.feature › POST /forms/pdfengines/split (Basic Auth)',
    'pdfengines_stamp.feature › POST /forms/pdfengines/stamp (Basic Auth)',
    'pdfengines_watermark.feature › POST /forms/pdfengines/watermark (Basic Auth)',
    'root.feature › GET / (Basic Auth)',
    'root.feature › GET / (OIDC Auth)',
    'root.feature › GET /favicon.ico (Basic Auth)',
    'version.feature › GET /version (Basic Auth)',
  ]),
  ...named(DOWNLOAD_FROM, [
    'pdfengines_attachments.feature › POST /forms/pdfengines/attachments/add (Download From)',
    'pdfengines_bookmarks.feature › POST /forms/pdfengines/bookmarks/write (Download From)',
    'pdfengines_bulk_stamp.feature › POST /forms/pdfengines/stamp/bulk (PDF via Download From - pdfcpu)',
    'pdfengines_bookmarks.feature › POST /forms/pdfengines/bookmarks/read (Download From)',
    'pdfengines_convert.feature › POST /forms/pdfengines/convert (Download From)',
    'pdfengines_embed.feature › POST /forms/pdfengines/embed with (Download From)',
    'pdfengines_encrypt.feature › POST /forms/pdfengines/encrypt (Download From)',
    'pdfengines_flatten.feature › POST /forms/pdfengines/flatten (Download From)',
    'pdfengines_merge.feature › POST /forms/pdfengines/merge (Download From)',
    'pdfengines_merge.feature › POST /forms/pdfengines/merge (Watermark via Download From)',
    'pdfengines_merge.feature › POST /forms/pdfengines/merge (Stamp via Download From)',
    'pdfengines_metadata.feature › POST /forms/pdfengines/metadata/write (Download From)',
    'pdfengines_metadata.feature › POST /forms/pdfengines/metadata/read (Download From)',
    'pdfengines_split.feature › POST /forms/pdfengines/split (Download From)',
    'pdfengines_stamp.feature › POST /forms/pdfengines/stamp (Image via Download From)',
    'pdfengines_stamp.feature › POST /forms/pdfengines/stamp (PDF via Download From)',
    'pdfengines_watermark.feature › POST /forms/pdfengines/watermark (Image via Download From)',
    'pdfengines_watermark.feature › POST /forms/pdfengines/watermark (PDF via Download From)',
  ]),
  ...named(SYNC_WEBHOOK, [
    'webhook.feature › Synchronous',
    'webhook.feature › Webhook Events URL (Synchronous)',
    'webhook.feature › Webhook Events URL Only (Synchronous)',
  ]),
  ...named(NO_LOGGING, ['health.feature › GET /health (No Logging)', 'health.feature › HEAD /health (No Logging)']),
  ...named(ROOT_PAGE, [
    'root.feature › GET /',
    'root.feature › GET / (Gotenberg Trace)',
    'root.feature › GET /favicon.ico',
    'root.feature › GET /favicon.ico (Gotenberg Trace)',
  ]),
  [
    'pdfengines_encrypt.feature › POST /forms/pdfengines/encrypt (PDFtk - user password only)',
    engine('pdftk needs both passwords, so Gotenberg answers 400', '"(default - user password only)"'),
  ],
  [
    "pdfengines_password.feature › POST /forms/pdfengines/add-password with password engines that don't support password protection",
    engine('exiftool cannot encrypt, so Gotenberg answers 500', '"(default - QPDF)"'),
  ],
  [
    'pdfengines_rotate.feature › POST /forms/pdfengines/rotate (Specific Pages - pdftk unsupported)',
    engine('pdftk cannot rotate chosen pages, so Gotenberg answers 500', '"(90 - Specific Pages - pdfcpu)"'),
  ],
  [
    'pdfengines_stamp.feature › POST /forms/pdfengines/stamp (Text - pdftk unsupported)',
    engine('pdftk cannot stamp text, so Gotenberg answers 400', '"(Text - pdfcpu)"'),
  ],
  [
    'pdfengines_watermark.feature › POST /forms/pdfengines/watermark (Text - pdftk unsupported)',
    engine('pdftk cannot watermark with text, so Gotenberg answers 400', '"(Text - pdfcpu)"'),
  ],
]);

/**
 * Steps of running scenarios that are not asserted, by pattern → why (counted in the summary). The other
 * steps of those scenarios (status, Gotenberg-Trace echoed, the health JSON) still run.
 */
const NOT_APPLICABLE_STEPS = new Map<string, string>([
  [
    String.raw`^the Gotenberg container (should|should NOT) log the following entries:$`,
    'asserts lines of Gotenberg\'s own log ("correlation_id", "path" keys); Folio logs in its own shape',
  ],
]);

/**
 * Keys of 2xx JSON answers (metadata/read, bookmarks/read, /health) not compared → why. None so far: every
 * key the features expect is one Folio can answer identically. Metadata keys and values are those of the
 * PDF (exiftool's names and formats, e.g. `CreateDate: "2006:09:18 16:27:50-04:00"`, `Keywords` as a list);
 * keys the features do not name (exiftool's `FileModifyDate`, `Linearized`…) are not compared anyway
 * (Gotenberg's compareJson accepts extra keys).
 */
const IGNORED_JSON_KEYS = new Map<string, string>();

const options: RunOptions = { notApplicableSteps: NOT_APPLICABLE_STEPS, ignoredJsonKeys: IGNORED_JSON_KEYS, skippedSteps: new Map() };
const outcome = { passed: 0, failed: 0 };
let app: TestApp;
let target: Target;

before(async () => {
  // Gotenberg's runner allows its webhooks to reach the test host (WEBHOOK_ALLOW_LIST=.+); this is Folio's.
  app = await createTestApp({ env: { FOLIO_ALLOW_INSECURE_WEBHOOKS: '1' } });
  target = { base: await app.server.listen({ port: 0, host: '127.0.0.1' }), key: app.key, version: packageVersion() };
});

after(async () => {
  await app?.close();
  console.log(summary());
});

const runnable = scenarios.filter((s) => !NOT_APPLICABLE.has(scenarioKey(s)));
for (const scenario of runnable)
  test(scenarioKey(scenario), async () => {
    try {
      await runScenario(scenario, target, options);
      outcome.passed++;
    } catch (err) {
      outcome.failed++;
      throw err;
    }
  });

test('every scenario of the features runs or is listed as not applicable, and every listed one exists', () => {
  const keys = scenarios.map(scenarioKey);
  assert.equal(new Set(keys).size, keys.length, 'scenario names are unique within their feature');
  for (const key of NOT_APPLICABLE.keys()) assert.ok(keys.includes(key), `NOT_APPLICABLE names no scenario: ${key}`);
  assert.equal(runnable.length + NOT_APPLICABLE.size, scenarios.length);
  const others = fs.readdirSync(DIR).filter((f) => f.endsWith('.feature') && !FEATURES.test(f) && !OTHER_TIERS.test(f));
  assert.deepEqual(others, [], 'a feature file neither this file nor the slower tier runs');
  const skipped = [...NOT_APPLICABLE_STEPS.keys()].map((re) => new RegExp(re));
  const undefinedSteps = runnable.flatMap((s) =>
    s.steps
      .filter((st) => !definitionOf(st.text) && !skipped.some((re) => re.test(st.text)))
      .map((st) => `${s.feature}:${st.line} ${st.text}`),
  );
  assert.deepEqual(undefinedSteps, [], 'steps of running scenarios without a definition');
});

function summary(): string {
  const byReason = new Map<string, number>();
  for (const reason of NOT_APPLICABLE.values()) byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
  return [
    `Gotenberg scenarios: ${scenarios.length} in ${features.length} features; ran ${runnable.length}` +
      ` (passed ${outcome.passed}, failed ${outcome.failed}); not applicable ${NOT_APPLICABLE.size}:`,
    ...[...byReason].map(([reason, n]) => `  ${n} × ${reason}`),
    ...[...options.skippedSteps].map(([re, n]) => `  steps not asserted: ${n} × /${re}/: ${NOT_APPLICABLE_STEPS.get(re)}`),
    `  JSON keys not compared: ${IGNORED_JSON_KEYS.size === 0 ? 'none' : [...IGNORED_JSON_KEYS.keys()].join(', ')}`,
  ].join('\n');
}
