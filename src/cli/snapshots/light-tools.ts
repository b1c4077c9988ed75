// The snapshot tools of @folio/cli: poppler's own programs (pdftotext -layout, pdftoppm at the snapshot
// resolution, as the PDF library runs them) and pixels compared in plain JavaScript (domain/deploys/png-codec.ts), by the
// rules of domain/deploys/snapshot-compare.ts. poppler must be installed (its absence is said with how to
// install it); no browser is needed. The PDF and the drawn pages live in a fresh temporary folder.
import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type PageVerdict, comparePixels, diffImage, fixtureJudgement, pageDrifts } from '../../domain/deploys/snapshot-compare.js';
import { decodePng, encodePng } from '../../domain/deploys/png-codec.js';
import { MAX_DRAWN_PAGES, POPPLER_HINT, popplerError, SNAPSHOT_DPI, type Judgement, type SnapshotTools } from './tools.js';

const TIMEOUT_MS = 60_000;

function poppler(tool: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { timeout: TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      if ((err as NodeJS.ErrnoException).code === 'ENOENT')
        return reject(popplerError('poppler_missing', `${tool} was not found: ${POPPLER_HINT}`));
      reject(
        popplerError(tool === 'pdftotext' ? 'pdftotext_failed' : 'rasterize_failed', `${tool} failed: ${stderr.trim() || err.message}`),
      );
    });
  });
}

/** Binary PPM (P6, maxval 255) as pdftoppm writes it, as a PNG. */
function ppmToPng(ppm: Buffer, page: number): Buffer {
  const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, Math.min(ppm.length, 64)));
  const [width, height] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
  const data = ppm.subarray(m ? m[0].length : 0);
  if (!m || data.length !== width * height * 3) throw popplerError('rasterize_failed', `pdftoppm wrote no whole image for page ${page}`);
  return encodePng({ width, height, channels: 3, data });
}

async function capture(pdf: Buffer) {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'folio-test-'));
  try {
    const file = path.join(dir, 'printed.pdf');
    await fsp.writeFile(file, pdf);
    const prefix = path.join(dir, 'page');
    const [text] = await Promise.all([
      poppler('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']),
      poppler('pdftoppm', ['-forcenum', '-sep', '-', '-l', String(MAX_DRAWN_PAGES), '-r', String(SNAPSHOT_DPI), file, prefix]),
    ]);
    const drawn = (await fsp.readdir(dir))
      .map((name) => /^page-(\d+)\.ppm$/.exec(name))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ page: Number(m[1]), file: path.join(dir, m[0]) }))
      .sort((a, b) => a.page - b.page);
    const images: Buffer[] = [];
    for (const d of drawn) images.push(ppmToPng(await fsp.readFile(d.file), d.page));
    return { text, images };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** A page's pixels; a page this decoder cannot read is a damaged snapshot, to record again. */
function decoded(png: Buffer, whose: string) {
  try {
    return decodePng(png);
  } catch (err) {
    throw popplerError(
      'snapshot_damaged',
      `a page image of ${whose} cannot be read (${(err as Error).message}): run folio test --update to record it again`,
    );
  }
}

/** One drawn page against its snapshot; identical bytes are identical pixels, and are not decoded. */
function comparePage(expected: Buffer, actual: Buffer, tolerance: number, withDiff: boolean) {
  if (expected.equals(actual)) {
    const size = { width: expected.readUInt32BE(16), height: expected.readUInt32BE(20) };
    const total = size.width * size.height;
    return { comparison: { sizeMismatch: false, expected: size, actual: size, differing: 0, total, ratio: 0 }, drifts: false };
  }
  const [e, a] = [decoded(expected, 'the snapshot'), decoded(actual, 'this run')];
  const comparison = comparePixels(e, a);
  const drifts = pageDrifts(comparison, tolerance);
  return { comparison, drifts, ...(drifts && withDiff ? { diff: encodePng(diffImage(e, a)) } : {}) };
}

async function judge(...[snapshot, current, tolerance, withArtifacts]: Parameters<SnapshotTools['judge']>): Promise<Judgement> {
  const pages: PageVerdict[] = [];
  const pictures = new Map<number, { expected?: Buffer; actual?: Buffer; diff?: Buffer }>();
  for (let i = 0; i < Math.max(snapshot.images.length, current.images.length); i++) {
    const [page, expected, actual] = [i + 1, snapshot.images[i], current.images[i]];
    if (!actual || !expected) {
      pages.push({ page, kind: actual ? 'new' : 'missing' });
      pictures.set(page, { expected, actual });
      continue;
    }
    const { comparison, drifts, diff } = comparePage(expected, actual, tolerance, withArtifacts);
    pages.push({ page, kind: 'compared', comparison, drifts });
    if (diff) pictures.set(page, { expected, actual, diff });
  }
  return fixtureJudgement(snapshot, current, pages, pictures, withArtifacts);
}

export const lightTools: SnapshotTools = { dpi: SNAPSHOT_DPI, capture, judge };
