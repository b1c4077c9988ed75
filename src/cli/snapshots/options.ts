// The flags of `folio test` and its --help; every mistake is a UsageError (exit 2) found before anything
// is rendered.
import fs from 'node:fs';
import path from 'node:path';
import { validatePdfOverrides } from '../../domain/jobs/print-options.js';
import type { PdfOverrides } from '../../render/types.js';
import { noExtra, parse, seconds, str } from '../client/args.js';
import { UsageError } from '../client/output.js';
import { DEFAULT_TOLERANCE } from '../../domain/deploys/snapshot-compare.js';

/** The folder's render.metadata when --metadata is not given: the file `folio deploy --metadata` is usually given. */
export const DEFAULT_METADATA_FILE = 'render-metadata.json';
export const DEFAULT_TIMEOUT_MS = 30_000;

export const testHelp = `Usage: folio test [dir] [options]

Snapshot tests of a template (dir, default the current folder): prints every fixture and compares the PDF
with its recorded snapshot: the page count, the text (pdftotext -layout) and a picture of each page
(pdftoppm, 50 dpi). Needs poppler's utilities (apt-get install poppler-utils).

Fixtures: each tests/*.json of the folder is one payload, named by its file name (tests/paid.json is
"paid"); a folder without tests/ has one fixture, "sample": its sample-payload.json.
Snapshots: __snapshots__/<fixture>/ holds meta.json, text.txt and page-<n>.png. Record them with --update
and commit them with the template.
A page drifts when it changed size or more than --tolerance of its pixels differ (a pixel differs when one
of its channels differs by more than 24 of 255); the text must be the same. On a difference the report
.folio-test-report/index.html shows each drifting page (expected, actual, the differences in red) and the
text's diff. Exit 0 when every fixture matches, 1 when one drifts, fails to print or has no snapshot, 2 for
a usage mistake. @folio/cli (no local Chromium) prints with --server only.

Options:
  --update               record the snapshot of every fixture again (each replaced whole) and say what
                         changed; snapshots of fixtures that are gone are removed
  --tolerance F          share of a page's pixels that may differ (default 0.001, i.e. 0.1%; 0.5% works too)
  --server               print with the Folio server of FOLIO_API_URL and FOLIO_API_KEY (or folio login)
                         instead of this machine's Chromium: one POST /v1/render per fixture, with the
                         folder as inline sources (no deploy is made). FOLIO_API_URL alone never switches
  --route ROUTE          entry route, as for folio deploy (default /)
  --metadata FILE        JSON used as render.metadata (its pdf options) (default: the folder's
                         ${DEFAULT_METADATA_FILE}, if it has one; not with --server)
  --env FILE             environment for window.folio.envUrl, as for folio dev (not with --server)
  --timeout SECONDS      time limit of each render (default ${DEFAULT_TIMEOUT_MS / 1000}); with --server, how long to
                         wait for each PDF (the server's own render timeout applies too)
  --allow-external-network
                         let the page load http(s) resources outside the bundle (not with --server)
  --include-dotfiles     render with files and folders whose name starts with "." too
  --include-node-modules render with node_modules folders too
  --json                 print the results as JSON
  -h, --help             show this help`;

export interface TestOptions {
  given: string;
  update: boolean;
  server: boolean;
  tolerance: number;
  route: string;
  pdf: PdfOverrides;
  /** The metadata file in use, as given or found (for messages). */
  metadataFile: string | null;
  /** --env: the environment file of a local print (read by the local printer). */
  envFile: string | undefined;
  timeoutMs: number;
  allowExternalNetwork: boolean;
  includeDotfiles: boolean;
  includeNodeModules: boolean;
  json: boolean;
}

/** --tolerance: a share from 0 to 1 (`0.001`), or a percentage (`0.1%`). */
export function parseTolerance(v: string | undefined): number {
  if (v === undefined) return DEFAULT_TOLERANCE;
  const m = /^(\d+(?:\.\d+)?|\.\d+)(%?)$/.exec(v.trim());
  const n = m ? Number(m[1]) / (m[2] ? 100 : 1) : NaN;
  if (!(n >= 0 && n <= 1)) throw new UsageError(`--tolerance must be a share from 0 to 1 (0.001) or a percentage (0.1%), got "${v}"`);
  return n;
}

function readMetadata(file: string, shown: string): PdfOverrides {
  let metadata: { pdf?: unknown };
  try {
    metadata = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError(`metadata file not found: ${shown}`);
    throw new UsageError(`metadata ${shown} is not valid JSON: ${(err as Error).message}`);
  }
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) throw new UsageError(`metadata ${shown} must be a JSON object`);
  if (metadata.pdf === undefined) return {};
  const v = validatePdfOverrides(metadata.pdf);
  if (!v.ok) throw new UsageError(`metadata ${shown}: render.metadata.pdf: ${v.message}`);
  return metadata.pdf as PdfOverrides;
}

/** The flags, checked; null for --help (printed). */
export function readOptions(argv: string[]): TestOptions | null {
  const p = parse(argv, {
    update: { type: 'boolean' },
    tolerance: { type: 'string' },
    server: { type: 'boolean' },
    route: { type: 'string' },
    metadata: { type: 'string' },
    env: { type: 'string' },
    timeout: { type: 'string' },
    'allow-external-network': { type: 'boolean' },
    'include-dotfiles': { type: 'boolean' },
    'include-node-modules': { type: 'boolean' },
  });
  if (p.help) {
    console.log(testHelp);
    return null;
  }
  noExtra(p, 1);
  const server = Boolean(p.values.server);
  const route = str(p, 'route') ?? '/';
  if (!route.startsWith('/')) throw new UsageError('--route must begin with /');
  const envFile = str(p, 'env');
  if (server && envFile !== undefined)
    throw new UsageError("--env goes without --server: an inline render reads the server's own environment, not a file");
  if (server && p.values['allow-external-network'])
    throw new UsageError("--allow-external-network goes without --server: the server's plan decides what a page may load");
  return {
    given: p.positionals[0] ?? '.',
    update: Boolean(p.values.update),
    server,
    tolerance: parseTolerance(str(p, 'tolerance')),
    route,
    pdf: {},
    metadataFile: str(p, 'metadata') ?? null,
    envFile,
    timeoutMs: seconds(p, 'timeout', 1, 600, true) ?? DEFAULT_TIMEOUT_MS,
    allowExternalNetwork: Boolean(p.values['allow-external-network']),
    includeDotfiles: Boolean(p.values['include-dotfiles']),
    includeNodeModules: Boolean(p.values['include-node-modules']),
    json: p.json,
  };
}

/**
 * render.metadata's pdf options, from --metadata or the folder's render-metadata.json. Inline sources
 * carry none, so with --server a file that sets some is a usage error rather than a silently different print.
 */
export function applyMetadata(opts: TestOptions, dir: string): TestOptions {
  const found = path.join(dir, DEFAULT_METADATA_FILE);
  const file = opts.metadataFile ?? (fs.existsSync(found) ? found : null);
  if (file === null) return opts;
  const shown = opts.metadataFile ?? DEFAULT_METADATA_FILE;
  const pdf = readMetadata(file, shown);
  if (opts.server && Object.keys(pdf).length > 0)
    throw new UsageError(
      `--server renders inline sources, which take no render.metadata: the pdf options of ${shown} would not apply; run without --server`,
    );
  return { ...opts, pdf, metadataFile: file };
}
