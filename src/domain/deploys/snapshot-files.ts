// Where a template folder (and so a deploy version) keeps its snapshot tests, and how a recorded snapshot
// is read from its files: `tests/<name>.json` is the fixture `<name>` (a payload), and
// `__snapshots__/<name>/` holds what printing it gave when it was recorded — meta.json, text.txt
// (pdftotext -layout) and page-<n>.png. The same rules serve `folio test` on a folder and a version's
// checks on the server; reading the bytes is the caller's.
import { StoredDataError } from '../stored-data.js';

export const FIXTURES_DIR = 'tests';
export const SNAPSHOTS_DIR = '__snapshots__';
/** A version carries at most this many fixtures: a check renders every one of them. */
export const MAX_VERSION_FIXTURES = 50;

export interface SnapshotMeta {
  pages: number;
  /** What printed it: the Chromium product string, or what the PDF says of its producer. */
  browser: string;
  /** The resolution the page images are drawn at. */
  dpi: number;
  /** ISO 8601. */
  createdAt: string;
  /** `local` (the in-process renderer of the CLI) or `server` (a Folio server). */
  renderer: 'local' | 'server';
}

export interface Snapshot {
  meta: SnapshotMeta;
  text: string;
  /** PNG of each drawn page, page 1 first. */
  images: Buffer[];
}

export const pageFile = (page: number) => `page-${page}.png`;

/**
 * The fixture a path is (`tests/paid.json` → `paid`; a bundle's `/tests/paid.json` too), or null: only
 * .json files directly in tests/, no dot files.
 */
export function fixtureName(path: string): string | null {
  const m = /^\/?tests\/([^/]+)\.json$/.exec(path);
  if (!m || m[1]!.startsWith('.') || m[1]!.length === 0) return null;
  return m[1]!;
}

export const SAMPLE_PAYLOAD = 'sample-payload.json';
export const SAMPLE_FIXTURE = 'sample';

/**
 * The fixtures among a bundle's paths (with or without the leading "/"), sorted by name: every
 * `tests/<name>.json`; without any, the sample payload as the fixture `sample`; else none. (`folio test`
 * reads a folder by the same rule.) `file` is the path as given.
 */
export function bundleFixtures(paths: readonly string[]): Array<{ name: string; file: string }> {
  const tests = paths.flatMap((p) => {
    const name = fixtureName(p);
    return name === null ? [] : [{ name, file: p }];
  });
  if (tests.length) return tests.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const sample = paths.find((p) => p === SAMPLE_PAYLOAD || p === `/${SAMPLE_PAYLOAD}`);
  return sample ? [{ name: SAMPLE_FIXTURE, file: sample }] : [];
}

/** meta.json of a snapshot; `where` names it in the error. */
export function parseSnapshotMeta(text: string, where: string): SnapshotMeta {
  let m: Partial<SnapshotMeta>;
  try {
    m = JSON.parse(text) as Partial<SnapshotMeta>;
  } catch {
    throw new StoredDataError('snapshot', `${where} is not valid JSON`);
  }
  if (!m || typeof m !== 'object' || !Number.isInteger(m.pages) || (m.pages as number) < 0 || typeof m.dpi !== 'number')
    throw new StoredDataError('snapshot', `${where} lacks "pages" or "dpi"`);
  return {
    pages: m.pages as number,
    browser: typeof m.browser === 'string' ? m.browser : 'unknown',
    dpi: m.dpi,
    createdAt: typeof m.createdAt === 'string' ? m.createdAt : '',
    renderer: m.renderer === 'server' ? 'server' : 'local',
  };
}

/**
 * The snapshot of `fixture` from the files of its folder: `read(name)` gives a file of
 * `__snapshots__/<fixture>/` or null; `pageCount` how many page-<n>.png files the folder has. Null when the
 * folder has no meta.json; a StoredDataError of kind snapshot when its files do not fit together.
 */
export function readSnapshot(fixture: string, read: (name: string) => Buffer | null, pageCount: number): Snapshot | null {
  const metaBytes = read('meta.json');
  if (!metaBytes) return null;
  const where = `${SNAPSHOTS_DIR}/${fixture}`;
  const meta = parseSnapshotMeta(metaBytes.toString('utf8'), `${where}/meta.json`);
  const need = (name: string) => {
    const b = read(name);
    if (!b) throw new StoredDataError('snapshot', `${where}/${name} is missing`);
    return b;
  };
  const text = need('text.txt').toString('utf8');
  const images = Array.from({ length: pageCount }, (_, i) => need(pageFile(i + 1)));
  return { meta, text, images };
}

/** How many page images a snapshot folder's file names hold (`page-1.png` …). */
export function countPageFiles(names: Iterable<string>): number {
  let n = 0;
  for (const name of names) if (/^page-\d+\.png$/.test(name)) n++;
  return n;
}
