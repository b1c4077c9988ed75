// What `folio test` draws and compares a printed PDF with: the full `folio`'s library (full-tools.ts:
// poppler through the PDF library, pixels by sharp) or @folio/cli's (light-tools.ts: poppler's programs,
// pixels in plain JavaScript). Both keep the same text, draw the same pages and judge them by the same
// rules, so a snapshot recorded by one passes with the other and with a version's checks on the server.
import type { Captured } from '../../pdf/snapshots/snapshot-capture.js';
import type { Current, Judgement } from '../../pdf/snapshots/snapshot-judge.js';
import type { Snapshot } from '../../domain/deploys/snapshot-files.js';
import { CliError } from '../client/output.js';

export type { Captured, Current, Judgement };

export interface SnapshotTools {
  /** The resolution the pages are drawn at. */
  dpi: number;
  /** The PDF's text (pdftotext -layout) and a PNG of each page; a CliError when poppler is missing or fails. */
  capture(pdf: Buffer): Promise<Captured>;
  /** A print against its snapshot, with the pictures of the drifting pages when asked for. */
  judge(snapshot: Snapshot, current: Current, tolerance: number, withArtifacts: boolean): Promise<Judgement>;
}

/** Page images are drawn at this resolution (the PDF library's SNAPSHOT_DPI): an A4 page is 414 × 585 pixels. */
export const SNAPSHOT_DPI = 50;
/** Pages past this many are counted and their text compared, but not drawn (the PDF library's MAX_DRAWN_PAGES). */
export const MAX_DRAWN_PAGES = 200;

export const POPPLER_HINT = "install poppler's utilities (Debian/Ubuntu: apt-get install poppler-utils, macOS: brew install poppler)";

/** poppler missing or failing, or a page image unreadable, as the CLI error `folio test` ends with. */
export const popplerError = (code: string, message: string) => new CliError(code, message);
