// The shape of a render's diagnostics, shared by the renderer that collects them
// (render/diagnostics.ts), the services that store and show them, and the API schema. Bounded: at most
// MAX_ENTRIES entries and about MAX_BYTES of text per job. URLs are shown without query string, fragment
// or credentials (a template may put a secret from its env into a URL, and diagnostics are stored and shown).

export const MAX_ENTRIES = 200;
export const MAX_BYTES = 64 * 1024;

export type ConsoleLevel = 'log' | 'info' | 'warning' | 'error' | 'debug';
import type { JobWarning } from './job-warnings.js';

export type RequestProblem = 'blocked' | 'not_found' | 'http_error' | 'network_error' | 'timed_out';

export type DiagnosticEntry =
  | { kind: 'console'; at: number; level: ConsoleLevel; text: string; source?: string }
  | { kind: 'exception'; at: number; text: string; stack?: string; source?: string }
  | { kind: 'request'; at: number; url: string; problem: RequestProblem; reason: string };

export interface ReadyPath {
  /** explicit: the page called ready(); default: Folio waited for load and a quiet network; warm: folio.onJob. */
  mode: 'explicit' | 'default' | 'warm' | 'timed_out';
  /** What was still pending when the wait ended (timed_out), or what the default wait waited for. */
  detail?: string;
  /**
   * The default wait gave up on work that did not end (an endless animation, a DOM that kept changing)
   * and printed anyway: the document may be incomplete (the `ready_by_timeout` warning).
   */
  byTimeout?: boolean;
}

export interface RenderDiagnostics {
  entries: DiagnosticEntry[];
  /** Entries left out once the bounds were reached, by kind. */
  dropped: { console: number; exception: number; request: number };
  ready: ReadyPath | null;
  /** Milliseconds per phase (absent when the job did not get there). */
  timings: Partial<Record<'queued' | 'load' | 'readyWait' | 'print' | 'steps' | 'postProcess' | 'images' | 'store', number>>;
  pageCount?: number;
  bytes?: number;
  /** The W3C trace id of the attempt's spans and log lines (tracing: the operations guide). */
  traceId?: string;
  /** The job's page had been loaded ahead of the job (preloading): `load` is only what was left of it. */
  preloaded?: boolean;
  /** Versions with render.metadata.pdf.pageReferences: how the page numbers were found. */
  pageReferences?: PageReferencesReport;
  /** What went wrong in the page, counted by warning code (domain/jobs/job-warnings.ts). */
  warnings?: JobWarning[];
  /** A long document (pdf.parts): how many parts it was printed in, each part's pages, and how many workers printed them. */
  parts?: { count: number; pages: number[]; workers: number };
}

export interface PageReferencesReport {
  /** Ids the page referred to (folio.pageOf, data-folio-page-of) in its last print. */
  references: number;
  /** How many times the page was printed (2 when the numbers settled at once). */
  prints: number;
  /** Referenced ids that no printed element has (at most 20): their placeholders were left as written. */
  unresolved: string[];
}

/** A URL as diagnostics show it: scheme, host and path only. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol === 'data:' || u.protocol === 'blob:') return `${u.protocol}…`;
    return `${u.protocol}//${u.host}${u.pathname}`.slice(0, 300);
  } catch {
    return url.split(/[?#]/)[0].slice(0, 300);
  }
}
