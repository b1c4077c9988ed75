// The contract between the worker (which loads jobs, versions and payloads) and the renderer
// (which owns Chromium). The renderer knows nothing about databases or accounts' plans beyond
// what a RenderRequest carries.
import type { JobErrorCode } from '../domain/jobs/job-errors.js';
import type { MarkedParts } from '../domain/jobs/document-parts.js';
import type { PrintDefaults } from '../domain/jobs/print-defaults.js';
import type { TemplateEngine } from '../domain/deploys/template-engines.js';
import type { UrlSource } from '../domain/jobs/url-source.js';
import type { WaitFor } from '../domain/jobs/wait-for.js';
import type { Readable } from 'node:stream';
import type { RenderDiagnostics } from './diagnostics.js';
import type { PartHeading, PartNumbering } from './part-numbering.js';

/** One file of a deploy version, as the page will be served it from the bundle origin. */
export interface BundleFile {
  body: Buffer;
  mime: string;
}

/** All files of one deploy version, keyed by absolute path ("/index.html", "/css/a.css"). */
export interface RenderBundle {
  /** Stable identity of the file set (the version's render pack key); renderers may cache by it. */
  key: string;
  files: ReadonlyMap<string, BundleFile>;
}

/** Overrides from `render.metadata.pdf`, and a one-shot job's `print` (domain/jobs/print-options.ts). */
export type { PdfOverrides } from '../domain/jobs/print-options.js';
import type { PdfOverrides } from '../domain/jobs/print-options.js';

export interface RenderRequest {
  jobId: string;
  accountId: string;
  deployId: string;
  versionNo: number;
  bundle: RenderBundle;
  /** Path of the entry document inside the bundle, already resolved (e.g. "/invoice.html"). */
  entryPath: string;
  /** The entry is a template in this language, rendered in the page (template-shell.ts); absent: HTML. */
  engine?: TemplateEngine;
  payload: Buffer;
  payloadMime: string;
  env: { variables: Record<string, string>; secrets: Record<string, string> };
  pdf: PdfOverrides;
  /** The version's print defaults (domain/jobs/print-defaults.ts); the first ones (UNSTATED_PRINT_DEFAULTS) when absent. */
  printDefaults?: PrintDefaults;
  /** What the page waits for once it is ready, before it is printed (wait-conditions.ts). */
  waitFor?: WaitFor;
  /** Whole-render bound: navigation + ready + wait conditions + print. */
  timeoutMs: number;
  allowExternalNetwork: boolean;
  /** null = unlimited */
  maxOutputBytes: number | null;
  /** A long document (pdf.parts) has at most this many pages (the plan's maxDocumentPages); absent: no limit. */
  maxDocumentPages?: number;
  /**
   * A URL source (docs/api.md, URL sources): the page loads this URL instead of the bundle's entry, the
   * job's cookies and headers go to its origin only, and hosts on `allowedHosts` (the operator's
   * FOLIO_URL_SOURCE_ALLOWED_HOSTS) skip the private-address refusal. Never preloaded or kept warm.
   */
  urlSource?: UrlSource & { allowedHosts: readonly string[] };
  /** Aborts the render (job canceled): the page is closed, render() rejects with RenderError('render_canceled'). */
  signal?: AbortSignal;
  /** A part of a long document (part-numbering.ts): where it stands, and whether this is its draft print. */
  part?: PartPrint;
}

/**
 * One print of a part of a long document. The draft only counts the part's pages and finds where its
 * elements land (untagged, no outline); the final print carries the joined document's page numbers and
 * the pages of the ids its references name (`pageNumbers`, from every part's draft).
 */
export interface PartPrint extends PartNumbering {
  draft: boolean;
  /** The page is split at these marks: this part keeps its own (part-marks.ts). */
  marks?: MarkedParts;
  pageNumbers?: Readonly<Record<string, number>>;
}

/** Receives the PDF as a stream; resolves once everything is stored. The renderer enforces maxOutputBytes before bytes reach the sink. */
export type PdfSink = (pdf: Readable) => Promise<void>;

export interface RenderResult {
  bytes: number;
  pageCount: number;
  sha256: string;
  /** Wall time of the render, ms (the render_time_ms meter). */
  renderTimeMs: number;
  /** The browser that printed it, as Chromium names itself ("HeadlessChrome/156.0.8078.73"). */
  browserVersion?: string;
  /**
   * Requests of the page that the network policy refused, `"<url>: <reason>"`, at most 20. The job still
   * succeeded, but a font, image or script the template expected may be missing from the PDF.
   */
  blocked: string[];
  /** Console output, errors, failed requests, ready path and phase timings (render/diagnostics.ts). */
  diagnostics?: RenderDiagnostics;
  /** The language the page declared (`<html lang>`) when it printed, null for none (PDF/UA-1 keeps only a declared /Lang). */
  pageLang?: string | null;
  /** A part's draft print: the ids its page refers to (data-folio-page-of, folio.pageOf) and its headings. */
  partFacts?: PartFacts;
}

/** What a part's draft found in its page (part-numbering.ts). */
export interface PartFacts {
  references: string[];
  headings: PartHeading[];
  /** How many marked elements the page had (a part split at marks, part-marks.ts). */
  marked?: number;
}

/**
 * What a render can fail with: a job error code (domain/jobs/job-errors.ts, the closed list a job records), or
 * one the worker never records: `render_canceled` (the job is canceled, not failed) and
 * `render_provider_unavailable` (the job goes back to the queue).
 */
export type RenderErrorCode = JobErrorCode | 'render_canceled' | 'render_provider_unavailable';

export class RenderError extends Error {
  /** What the page did before it failed, when the failure happened in a running job. */
  diagnostics?: RenderDiagnostics;
  constructor(
    readonly code: RenderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RenderError';
  }
}
