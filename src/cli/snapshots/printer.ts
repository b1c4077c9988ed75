// What prints the fixtures of `folio test`, whoever prints them (this machine's Chromium in local-printer.ts,
// a Folio server in server-printer.ts), and the folder as both read it. Nothing here loads the renderer:
// @folio/cli bundles this file.
import { loadLocalBundle, type LocalBundle } from '../dev/local-bundle.js';
import { UsageError } from '../client/output.js';
import { FIXTURES_DIR, SNAPSHOTS_DIR } from '../../domain/deploys/snapshot-files.js';
import type { Fixture } from './fixtures.js';

/** The report folder: a dot folder, so `folio deploy` (and `folio render --assets`) leave it out. */
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
export async function templateBundle(dir: string, s: BundleSettings): Promise<LocalBundle> {
  const bundle = await loadLocalBundle(dir, s);
  const own = [FIXTURES_DIR, SNAPSHOTS_DIR, REPORT_DIR].map((d) => `/${d}/`);
  const files = new Map([...bundle.files].filter(([p]) => !own.some((prefix) => p.startsWith(prefix))));
  if (!bundle.entryPath || !files.has(bundle.entryPath)) throw new UsageError(`route ${s.route} matches no file in ${dir}`);
  return { ...bundle, files, bytes: [...files.values()].reduce((n, f) => n + f.body.length, 0) };
}
