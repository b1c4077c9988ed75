// `folio test --server` (and `folio dev --server`) print through a Folio server: one POST /v1/render with
// the folder as inline sources, so no deploy is made. Nothing here loads the renderer: @folio/cli bundles it.
import { randomUUID } from 'node:crypto';
import type { CreateRenderJobBody } from '../../sdk/resources.js';
import { FolioApiError, FolioRenderError } from '../../sdk/index.js';
import { clientFromEnv } from '../client/api.js';
import { UsageError } from '../client/output.js';
import type { LocalBundle } from '../dev/local-bundle.js';
import { pdfProducer } from './producer.js';
import { FixtureRenderError, templateBundle, type BundleSettings, type FixturePrinter } from './printer.js';

/** The sources of an inline render: the entry as `html`, its template language, every other file. */
export type InlineSources = Pick<CreateRenderJobBody, 'html' | 'engine' | 'files'>;

/**
 * The folder as inline sources: the entry document as `html` with its template language as `engine` (the
 * server reads `html` as plain HTML without one), every other file in `files`. Inline sources are served
 * from the root (route `/`), so the entry must be a file at the top of the folder for its relative links to
 * resolve as deployed.
 */
export function inlineSources(bundle: LocalBundle, route: string, alternative: string): InlineSources {
  const entry = bundle.entryPath!;
  if (entry.lastIndexOf('/') !== 0)
    throw new UsageError(
      `--server sends the entry page as inline HTML, served from the root: route ${route} is ${entry}, in a subfolder; ${alternative}`,
    );
  const files: Record<string, string> = {};
  // An inline job's own entry is index.html: another file of that name would be refused (400 invalid_path).
  for (const [p, f] of bundle.files) if (p !== entry && p !== '/index.html') files[p.slice(1)] = f.body.toString('base64');
  const engine = bundle.engine as InlineSources['engine'] | undefined;
  return { html: bundle.files.get(entry)!.body.toString('utf8'), ...(engine ? { engine } : {}), files };
}

export interface ServerSettings extends BundleSettings {
  /** How long to wait for each PDF. */
  timeoutMs: number;
}

/**
 * The server's message about inline sources, with the entry named as the folder names it: the server
 * stores the `html` it was sent as index.html, so a template error there says `index.html:3:7:` (or
 * `index.html:` without a line).
 */
export function namedAsInFolder(message: string, entryPath: string): string {
  const name = entryPath.replace(/^\//, '');
  return name === 'index.html' ? message : message.replace(/(?<![\w./-])index\.html(?=:)/g, name);
}

/**
 * What a failed inline render of the folder whose entry is `entryPath` is for a fixture: its own failure,
 * or (null) one that ends the run.
 */
export function fixtureFailure(err: unknown, signal: AbortSignal, timeoutMs: number, entryPath: string): FixtureRenderError | null {
  if (err instanceof FolioRenderError) return new FixtureRenderError(err.code, namedAsInFolder(err.message, entryPath));
  if (signal.aborted) return new FixtureRenderError('wait_timeout', `no PDF from the server within ${timeoutMs} ms`);
  // A refusal of this fixture (payload_invalid, template_syntax_error…) fails the fixture; others end the run.
  if (err instanceof FolioApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 403)
    return new FixtureRenderError(err.code, namedAsInFolder(err.message, entryPath));
  return null;
}

/** A Folio server (FOLIO_API_URL / FOLIO_API_KEY or `folio login`), sent the folder as inline sources. */
export async function serverPrinter(dir: string, s: ServerSettings): Promise<FixturePrinter> {
  const bundle = await templateBundle(dir, s);
  const sources = inlineSources(bundle, s.route, 'deploy the folder and use folio render');
  const client = clientFromEnv();
  return {
    renderer: 'server',
    where: `the server at ${client.baseUrl}`,
    async print(fixture) {
      const signal = AbortSignal.timeout(s.timeoutMs);
      try {
        const r = await client.render({ ...sources, payload: fixture.payload }, { idempotencyKey: randomUUID(), signal });
        if (r.status !== 'succeeded')
          throw new FixtureRenderError('wait_timeout', `render job ${r.job.id} is still ${r.job.status} after the server's wait`);
        return { pdf: r.pdf, pages: r.pageCount };
      } catch (err) {
        throw fixtureFailure(err, signal, s.timeoutMs, bundle.entryPath!) ?? err;
      }
    },
    async browser(pdf) {
      // The API does not say which Chromium its workers run: what the PDF says of its producer is the best there is.
      return pdfProducer(pdf) ?? 'unknown (the server does not report its browser)';
    },
    close: async () => {},
  };
}
