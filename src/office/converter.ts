// The contract of Office/ODF → PDF conversion: what a caller (the render worker, the Gotenberg-compatible
// route, Word templates) hands the converter and what it gets back. The converter that implements it is
// office/office-pool.ts (LibreOffice in a sandbox, warm processes per pool slot).
import type { OfficeErrorCode } from '../domain/office/office-input.js';
import type { OfficeConversionOptions } from '../domain/office/office-options.js';

export type { OfficeConversionOptions };

export interface OfficeConversionRequest {
  accountId: string;
  /** The document's name; its extension tells LibreOffice's import filter (checked by domain/office/office-input.ts). */
  fileName: string;
  bytes: Buffer;
  options: OfficeConversionOptions;
  /** Fonts a version's bundle ships (fonts/*.ttf|otf), available to this conversion only. */
  fonts?: { name: string; bytes: Buffer }[];
  timeoutMs: number;
  /** null: no limit beyond the engine's own. */
  maxOutputBytes: number | null;
  signal?: AbortSignal;
}

export interface OfficeConversionResult {
  pdf: Buffer;
  /** What LibreOffice said while converting (warnings of its filters), at most 50 lines. */
  messages: string[];
  converter: { name: 'LibreOffice'; version: string };
  /** Milliseconds: waiting for a free process, and the conversion itself. */
  timings: { queued: number; convert: number };
}

export interface OfficeConverter {
  convert(r: OfficeConversionRequest): Promise<OfficeConversionResult>;
  close(): Promise<void>;
}

/**
 * A conversion that did not produce a PDF, with a stable code (domain/office/office-input.ts lists them):
 * office_unavailable (LibreOffice not installed or cannot start) is the server's, every other is the input's.
 * `processGone`: the process had ended before the document reached LibreOffice (a crash), so the pool may
 * give the document to another process.
 */
export class OfficeError extends Error {
  readonly processGone: boolean;
  constructor(
    readonly code: OfficeErrorCode,
    message: string,
    readonly messages: string[] = [],
    opts: { processGone?: boolean } = {},
  ) {
    super(message);
    this.name = 'OfficeError';
    this.processGone = opts.processGone === true;
  }
}
