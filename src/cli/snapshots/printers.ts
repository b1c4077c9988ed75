// Where `folio test` prints its fixtures: in this process with the production Renderer (`folio dev`'s
// LocalPrinter, the folder loaded as the bundle of a version), or with --server through a Folio server as
// inline sources (one POST /v1/render per fixture: no deploy is created).
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../config/load.js';
import { buildPayload } from '../../domain/jobs/payload.js';
import { RenderError, type PdfOverrides } from '../../render/types.js';
import { FolioApiError, FolioRenderError } from '../../sdk/index.js';
import { clientFromEnv } from '../client/api.js';
import { UsageError } from '../client/output.js';
import { loadLocalBundle, type LocalBundle } from '../dev/local-bundle.js';
import { LocalPrinter } from '../dev/local-printer.js';
import type { DevInputs } from '../dev/preview-server.js';
import { pdfProducer } from './capture.js';
import { type Fixture } from './fixtures.js';
import { FIXTURES_DIR, SNAPSHOTS_DIR } from '../../domain/deploys/snapshot-files.js';

/** The report folder: a dot folder, so `folio deploy` leaves it out. */
export const REPORT_DIR = '.folio-test-report';

export interface Printed {
  pdf: Buffer;
  pages: number;
}

/** A fixture that did not print: the render's error code and message. */
export class FixtureRenderError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'FixtureRenderError';
  }
}

export interface FixturePrinter {
  readonly renderer: 'local' | 'server';
  /** Who prints, for people: "this machine's Chromium", "the server at http://…". */
  readonly where: string;
  /** Prints one fixture; FixtureRenderError when the render failed. */
  print(fixture: Fixture): Promise<Printed>;
  /** What printed `pdf`, as a snapshot records it. */
  browser(pdf: Buffer): Promise<string>;
  close(): Promise<void>;
}

export interface BundleSettings {
  route: string;
  includeDotfiles: boolean;
  includeNodeModules: boolean;
}

/**
 * The folder as a deploy would upload it, less the test's own files (fixtures, snapshots, the report):
 * they are not part of the template, and re-recording snapshots must not change what is printed.
 */
async function templateBundle(dir: string, s: BundleSettings): Promise<LocalBundle> {
  const bundle = await loadLocalBundle(dir, s);
  const own = [FIXTURES_DIR, SNAPSHOTS_DIR, REPORT_DIR].map((d) => `/${d}/`);
  const files = new Map([...bundle.files].filter(([p]) => !own.some((prefix) => p.startsWith(prefix))));
  if (!bundle.entryPath || !files.has(bundle.entryPath)) throw new UsageError(`route ${s.route} matches no file in ${dir}`);
  return { ...bundle, files, bytes: [...files.values()].reduce((n, f) => n + f.body.length, 0) };
}

export interface LocalSettings extends BundleSettings {
  pdf: PdfOverrides;
  timeoutMs: number;
  allowExternalNetwork: boolean;
  env: DevInputs['env'];
}

/** The production Renderer in this process, as `folio dev --pdf` prints; the Chromium of this machine. */
export async function localPrinter(dir: string, s: LocalSettings): Promise<FixturePrinter> {
  const bundle = await templateBundle(dir, s);
  const config = loadConfig(process.env);
  const printer = new LocalPrinter(config.chromiumPath, { chromiumUser: config.chromiumUser, noSandbox: config.chromiumNoSandbox }, 0);
  let browser: string | null = null;
  return {
    renderer: 'local',
    where: "this machine's Chromium",
    async print(fixture) {
      const payload = buildPayload({ payload: fixture.payload, hasPayload: true, maxBytes: Number.MAX_SAFE_INTEGER });
      if (!payload.ok) throw new UsageError(`fixture ${fixture.file}: ${payload.message}`);
      try {
        const { pdf, result } = await printer.render(
          bundle,
          { payload: payload.bytes, payloadMime: payload.mime, env: s.env },
          { pdf: s.pdf, timeoutMs: s.timeoutMs, allowExternalNetwork: s.allowExternalNetwork },
        );
        return { pdf, pages: result.pageCount };
      } catch (err) {
        if (err instanceof RenderError) throw new FixtureRenderError(err.code, err.message);
        throw err;
      }
    },
    async browser() {
      browser ??= await printer.browserVersion();
      return browser ?? 'unknown';
    },
    close: () => printer.close(),
  };
}

export interface ServerSettings extends BundleSettings {
  /** How long to wait for each PDF. */
  timeoutMs: number;
}

/**
 * A Folio server (FOLIO_API_URL / FOLIO_API_KEY or `folio login`), sent the folder as inline sources: the
 * entry document as `html`, every other file in `files`. Inline sources are served from the root (route
 * `/`), so the entry must be a file at the top of the folder for its relative links to resolve as deployed.
 */
export async function serverPrinter(dir: string, s: ServerSettings): Promise<FixturePrinter> {
  const bundle = await templateBundle(dir, s);
  const entry = bundle.entryPath!;
  if (entry.lastIndexOf('/') !== 0)
    throw new UsageError(
      `--server sends the entry page as inline HTML, served from the root: route ${s.route} is ${entry}, in a subfolder; render it locally (without --server)`,
    );
  const html = bundle.files.get(entry)!.body.toString('utf8');
  const files: Record<string, string> = {};
  // An inline job's own entry is index.html: another file of that name would be refused (400 invalid_path).
  for (const [p, f] of bundle.files) if (p !== entry && p !== '/index.html') files[p.slice(1)] = f.body.toString('base64');
  const client = clientFromEnv();
  return {
    renderer: 'server',
    where: `the server at ${client.baseUrl}`,
    async print(fixture) {
      const signal = AbortSignal.timeout(s.timeoutMs);
      try {
        const r = await client.render({ html, files, payload: fixture.payload }, { idempotencyKey: randomUUID(), signal });
        if (r.status !== 'succeeded')
          throw new FixtureRenderError('wait_timeout', `render job ${r.job.id} is still ${r.job.status} after the server's wait`);
        return { pdf: r.pdf, pages: r.pageCount };
      } catch (err) {
        if (err instanceof FolioRenderError) throw new FixtureRenderError(err.code, err.message);
        if (signal.aborted) throw new FixtureRenderError('wait_timeout', `no PDF from the server within ${s.timeoutMs} ms`);
        // A refusal of this fixture (payload_invalid, body_too_large…) fails the fixture; others end the run.
        if (err instanceof FolioApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 403)
          throw new FixtureRenderError(err.code, err.message);
        throw err;
      }
    },
    async browser(pdf) {
      // The API does not say which Chromium its workers run: what the PDF says of its producer is the best there is.
      return pdfProducer(pdf) ?? 'unknown (the server does not report its browser)';
    },
    close: async () => {},
  };
}
