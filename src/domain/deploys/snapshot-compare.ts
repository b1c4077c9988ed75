// The rules of snapshot checks (`folio test`, and a version's checks on the server), as pure functions over decoded pixels and text: when a pixel differs, when a
// page drifts, how two texts differ line by line, and how a fixture's result is said in one line.

/** A pixel differs when any of its channels differs by more than this (0–255): anti-aliasing noise stays under it. */
export const CHANNEL_THRESHOLD = 24;
/** A page drifts when more than this share of its pixels differ (0.001 = 0.1 %). */
export const DEFAULT_TOLERANCE = 0.001;

/** Decoded pixels, row by row, `channels` bytes a pixel (3 = RGB, 4 = RGBA). */
export interface RawImage {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

export interface PixelComparison {
  /** The two images are not the same size: every pixel counts as differing. */
  sizeMismatch: boolean;
  expected: { width: number; height: number };
  actual: { width: number; height: number };
  /** Pixels that differ (all of them on a size mismatch). */
  differing: number;
  /** Pixels compared: those of the larger image on a size mismatch. */
  total: number;
  /** differing / total, 0 for two empty images. */
  ratio: number;
}

/** Channel `c` of pixel `i`; an image without alpha is opaque. */
function channel(img: RawImage, i: number, c: number): number {
  if (c < img.channels) return img.data[i * img.channels + c]!;
  return c === 3 ? 255 : 0;
}

function pixelDiffers(a: RawImage, ia: number, b: RawImage, ib: number, channels: number, threshold: number): boolean {
  for (let c = 0; c < channels; c++) if (Math.abs(channel(a, ia, c) - channel(b, ib, c)) > threshold) return true;
  return false;
}

/** Compares two pages pixel by pixel: a pixel differs when any channel differs by more than `threshold`. */
export function comparePixels(expected: RawImage, actual: RawImage, threshold = CHANNEL_THRESHOLD): PixelComparison {
  const sizes = { expected: { width: expected.width, height: expected.height }, actual: { width: actual.width, height: actual.height } };
  if (expected.width !== actual.width || expected.height !== actual.height) {
    const total = Math.max(expected.width * expected.height, actual.width * actual.height);
    return { sizeMismatch: true, ...sizes, differing: total, total, ratio: total === 0 ? 0 : 1 };
  }
  const total = expected.width * expected.height;
  const channels = Math.max(expected.channels, actual.channels);
  let differing = 0;
  for (let i = 0; i < total; i++) if (pixelDiffers(expected, i, actual, i, channels, threshold)) differing++;
  return { sizeMismatch: false, ...sizes, differing, total, ratio: total === 0 ? 0 : differing / total };
}

/** Whether a page drifted: a different size, or more than `tolerance` of its pixels differ. */
export function pageDrifts(c: PixelComparison, tolerance = DEFAULT_TOLERANCE): boolean {
  return c.sizeMismatch || c.ratio > tolerance;
}

/**
 * The picture of the differences, RGBA, as large as the larger image: differing pixels red, the others the
 * expected page faded to a light grey so the red stands out where it is. Where only one image has pixels
 * (a size mismatch), they are red.
 */
export function diffImage(expected: RawImage, actual: RawImage, threshold = CHANNEL_THRESHOLD): RawImage {
  const width = Math.max(expected.width, actual.width);
  const height = Math.max(expected.height, actual.height);
  const data = new Uint8Array(width * height * 4);
  const channels = Math.max(expected.channels, actual.channels);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const inE = x < expected.width && y < expected.height;
      const inA = x < actual.width && y < actual.height;
      const ie = y * expected.width + x;
      if (inE && inA && !pixelDiffers(expected, ie, actual, y * actual.width + x, channels, threshold)) {
        const grey = (channel(expected, ie, 0) * 0.3 + channel(expected, ie, 1) * 0.59 + channel(expected, ie, 2) * 0.11) | 0;
        const faded = 255 - Math.round((255 - grey) * 0.25);
        data.set([faded, faded, faded, 255], o);
      } else data.set([255, 0, 0, 255], o);
    }
  return { width, height, channels: 4, data };
}

export type DiffLine = { op: ' ' | '-' | '+'; text: string };

/** Above this many cells the middle of a line diff is shown as removed-then-added rather than aligned. */
const MAX_DIFF_CELLS = 4_000_000;

/** A line diff of two texts: the common lines (' '), the expected's lines not in actual ('-') and the actual's new lines ('+'). */
export function lineDiff(expected: string, actual: string): DiffLine[] {
  const a = expected.split('\n');
  const b = actual.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head: DiffLine[] = a.slice(0, start).map((text) => ({ op: ' ', text }));
  const tail: DiffLine[] = a.slice(endA).map((text) => ({ op: ' ', text }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_DIFF_CELLS)
    return [...head, ...midA.map((text) => ({ op: '-' as const, text })), ...midB.map((text) => ({ op: '+' as const, text })), ...tail];
  // Longest common subsequence, by suffix lengths; then walked from the front.
  const n = midA.length;
  const m = midB.length;
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * (m + 1) + j] =
        midA[i] === midB[j] ? lcs[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!);
  const mid: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (midA[i] === midB[j]) {
      mid.push({ op: ' ', text: midA[i]! });
      i++;
      j++;
    } else if (lcs[(i + 1) * (m + 1) + j]! >= lcs[i * (m + 1) + j + 1]!) mid.push({ op: '-', text: midA[i++]! });
    else mid.push({ op: '+', text: midB[j++]! });
  }
  while (i < n) mid.push({ op: '-', text: midA[i++]! });
  while (j < m) mid.push({ op: '+', text: midB[j++]! });
  return [...head, ...mid, ...tail];
}

/**
 * The changes of a diff with `context` unchanged lines around each, in order; `null` stands where unchanged
 * lines were left out.
 */
export function diffHunks(diff: DiffLine[], context = 3): Array<DiffLine | null> {
  const keep = new Array<boolean>(diff.length).fill(false);
  diff.forEach((l, i) => {
    if (l.op === ' ') return;
    for (let k = Math.max(0, i - context); k <= Math.min(diff.length - 1, i + context); k++) keep[k] = true;
  });
  const out: Array<DiffLine | null> = [];
  diff.forEach((l, i) => {
    if (keep[i]) out.push(l);
    else if (out.length === 0 || out[out.length - 1] !== null) out.push(null);
  });
  return out;
}

/** Lines removed or added in a diff. */
export function changedLines(diff: DiffLine[]): number {
  return diff.filter((l) => l.op !== ' ').length;
}

/** One page of a fixture as compared: present on both sides (with its pixels compared) or only on one. */
export type PageVerdict =
  | { page: number; kind: 'compared'; comparison: PixelComparison; drifts: boolean }
  | { page: number; kind: 'missing' }
  | { page: number; kind: 'new' };

export interface FixtureVerdict {
  expectedPages: number;
  actualPages: number;
  textEqual: boolean;
  /** Lines removed or added in the text (0 when equal). */
  textLines: number;
  pages: PageVerdict[];
}

/** The pages that count against a fixture: drifting, missing or new ones. */
export function driftingPages(v: FixtureVerdict): PageVerdict[] {
  return v.pages.filter((p) => p.kind !== 'compared' || p.drifts);
}

/**
 * A fixture's verdict from its pages' verdicts and its text (the snapshot's against this print), with the
 * pictures of the drifting pages when they are asked for: the same whichever tools drew and compared them.
 */
export function fixtureJudgement<Picture extends object>(
  snapshot: { text: string; meta: { pages: number } },
  current: { text: string; pages: number },
  pages: PageVerdict[],
  pictures: Map<number, Picture>,
  withArtifacts: boolean,
): { verdict: FixtureVerdict; textDiff: DiffLine[]; artifacts: Array<{ verdict: PageVerdict } & Partial<Picture>> } {
  const textEqual = snapshot.text === current.text;
  const textDiff = textEqual ? [] : lineDiff(snapshot.text, current.text);
  const verdict: FixtureVerdict = {
    expectedPages: snapshot.meta.pages,
    actualPages: current.pages,
    textEqual,
    textLines: changedLines(textDiff),
    pages,
  };
  const artifacts = withArtifacts
    ? driftingPages(verdict).map((v) => ({ verdict: v, ...(pictures.get(v.page) ?? ({} as Partial<Picture>)) }))
    : [];
  return { verdict, textDiff, artifacts };
}

export function passes(v: FixtureVerdict): boolean {
  return v.expectedPages === v.actualPages && v.textEqual && driftingPages(v).length === 0;
}

/** A share of pixels as people read it: "1.3%", "0.04%", "100%". */
export function percent(ratio: number): string {
  const p = ratio * 100;
  if (p === 0 || p >= 10) return `${Math.round(p)}%`;
  return `${Number(p.toPrecision(2))}%`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What is wrong with a fixture, in one line ("page 2 differs (1.3% of pixels)"); "" when it passes. */
export function describeDrift(v: FixtureVerdict): string {
  const parts: string[] = [];
  if (v.expectedPages !== v.actualPages) parts.push(`${plural(v.actualPages, 'page')}, expected ${v.expectedPages}`);
  const compared = v.pages.filter((p): p is Extract<PageVerdict, { kind: 'compared' }> => p.kind === 'compared' && p.drifts);
  const resized = compared.filter((p) => p.comparison.sizeMismatch);
  const changed = compared.filter((p) => !p.comparison.sizeMismatch);
  for (const p of resized) {
    const { expected: e, actual: a } = p.comparison;
    parts.push(`page ${p.page} is ${a.width}×${a.height} px, expected ${e.width}×${e.height}`);
  }
  if (changed.length === 1) parts.push(`page ${changed[0]!.page} differs (${percent(changed[0]!.comparison.ratio)} of pixels)`);
  else if (changed.length > 1) {
    const worst = Math.max(...changed.map((p) => p.comparison.ratio));
    parts.push(`pages ${changed.map((p) => p.page).join(', ')} differ (up to ${percent(worst)} of pixels)`);
  }
  if (!v.textEqual) parts.push(`text differs (${plural(v.textLines, 'line')})`);
  return parts.join('; ');
}
