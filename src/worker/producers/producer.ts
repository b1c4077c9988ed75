// What every producer is: the part of a job's attempt that makes its PDF from one kind of source (a page
// printed by Chromium, an Office document converted by LibreOffice, a PDF job's existing PDFs). What happens
// to the PDF afterwards (document options, page images, storage) is the same for all of them: the finishing
// steps (worker/finishing.ts). producerFor (index.ts) picks the one a prepared job needs.
import type { Readable } from 'node:stream';
import type { PdfJobSource } from '../../domain/jobs/job-document.js';
import type { OfficeConversionOptions } from '../../domain/office/office-options.js';
import type { OfficeConverter } from '../../office/converter.js';
import type { RenderRequest, RenderResult } from '../../render/types.js';
import type { ServiceContext } from '../../services/context.js';
import type { PdfMerges } from '../../services/pdfs/pdf-merges.js';
import type { DocumentPlan } from '../document-step.js';
import type { BlobStore } from '../../blobs/blob-store.js';
import type { JobParts } from '../../services/jobs/job-parts.js';

/** Prints a render request in Chromium (render/renderer.ts), streaming the PDF into the sink. */
export interface RendererPort {
  render(req: RenderRequest, sink: (pdf: Readable) => Promise<void>): Promise<RenderResult>;
  /** Renders it runs at once (a long document's parts print this many at a time); 1 when unknown. */
  readonly concurrency?: number;
}

/**
 * Where a producer hands over its PDF, once: a stream (a print, read as Chromium writes it) or the bytes a
 * producer already holds. The attempt decides where it goes: the blob store for a job without document
 * options, memory for the finishing steps otherwise (finishing.ts, attemptSink).
 */
export type ProducerSink = (pdf: Readable | Buffer) => Promise<void>;

/** What producers read of a prepared job (worker/job-preparation.ts). */
export interface ProducerInput {
  request: RenderRequest;
  /** The document options (null: none); a PDF job's steps among them. */
  post: DocumentPlan;
  /** A PDF job's sources; null for every other job. */
  pdfJob: { sources: PdfJobSource[] } | null;
  /** An Office entry's conversion options; null when the entry is a page. */
  office: { options: OfficeConversionOptions } | null;
  /** The Office entry is a Word template, filled from the payload first. */
  wordTemplate: boolean;
}

/** The edges producers reach: the context's ports and the engines the composition root built. */
export interface ProducerDeps {
  ctx: ServiceContext;
  renderer: RendererPort;
  /** null: Office jobs fail with office_unavailable. */
  office: OfficeConverter | null;
  /** Resolves a PDF job's sources (managed PDFs and render outputs of its account). */
  merges: Pick<PdfMerges, 'resolve'>;
  /**
   * A long document's parts print through the queue of part prints (every worker's free slots), with the
   * job's attempt and where its progress goes; absent: on this process's renderer (part-lanes.ts).
   */
  parts?: { deps: QueuedLanesDeps; attempt: number; progress: (pagesDone: number) => Promise<void> };
}

export interface Producer {
  /** The kind of source, as logs and tests name it. */
  readonly kind: string;
  /**
   * Makes the job's PDF, handing it to `sink` once, and says how that went: diagnostics, page count,
   * bytes, timings and whoever made it (RenderResult). Fails with a RenderError carrying a job error code.
   */
  produce(job: ProducerInput, sink: ProducerSink, deps: ProducerDeps): Promise<RenderResult>;
  /**
   * The document options the finishing steps still apply, for a producer that applies some of them itself
   * (a PDF job's steps); absent: all of them.
   */
  leaves?(post: NonNullable<DocumentPlan>): NonNullable<DocumentPlan>;
}

/** What a long document's parts reach when they print through the queue of part prints (part-lanes.ts). */
export interface QueuedLanesDeps {
  parts: JobParts;
  blobs: BlobStore;
  /** Wakes every worker's claim loop (the queue has work). */
  wake(): void;
  /** Resolves when something changed for the job (a print finished), or after `ms`. */
  changed(jobId: string, ms: number): Promise<void>;
}
