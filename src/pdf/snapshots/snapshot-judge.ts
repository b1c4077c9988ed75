// A fixture's print against its snapshot: the page count, the text and each drawn page, judged by the
// rules of domain/deploys/snapshot-compare.ts; for the pages that drift, the pictures the report shows.
import {
  fixtureJudgement,
  pageDrifts,
  type DiffLine,
  type FixtureVerdict,
  type PageVerdict,
} from '../../domain/deploys/snapshot-compare.js';
import { comparePngs, diffPng } from './snapshot-pixels.js';
import type { Snapshot } from '../../domain/deploys/snapshot-files.js';

export interface Current {
  pages: number;
  text: string;
  images: Buffer[];
}

/** A page the report shows: both pictures and their differences, or the one picture of a page only one side has. */
export interface PageArtifact {
  verdict: PageVerdict;
  expected?: Buffer;
  actual?: Buffer;
  diff?: Buffer;
}

export interface Judgement {
  verdict: FixtureVerdict;
  textDiff: DiffLine[];
  /** The drifting pages with their pictures (empty unless asked for). */
  artifacts: PageArtifact[];
}

export async function judge(snapshot: Snapshot, current: Current, tolerance: number, withArtifacts: boolean): Promise<Judgement> {
  const pages: PageVerdict[] = [];
  const pictures = new Map<number, Omit<PageArtifact, 'verdict'>>();
  const drawn = Math.max(snapshot.images.length, current.images.length);
  for (let i = 0; i < drawn; i++) {
    const page = i + 1;
    const expected = snapshot.images[i];
    const actual = current.images[i];
    if (!actual) {
      pages.push({ page, kind: 'missing' });
      pictures.set(page, { expected });
    } else if (!expected) {
      pages.push({ page, kind: 'new' });
      pictures.set(page, { actual });
    } else {
      const { comparison, decoded } = await comparePngs(expected, actual);
      const drifts = pageDrifts(comparison, tolerance);
      pages.push({ page, kind: 'compared', comparison, drifts });
      if (drifts && withArtifacts && decoded) pictures.set(page, { expected, actual, diff: await diffPng(decoded[0], decoded[1]) });
    }
  }
  return fixtureJudgement(snapshot, current, pages, pictures, withArtifacts);
}
