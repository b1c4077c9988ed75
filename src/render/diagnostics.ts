// Collects what a template author needs to see of one render: the page's console
// messages, its uncaught exceptions and unhandled rejections, the requests that failed or were refused,
// the ready path the job took, and how long each phase took. What does not fit the bounds of
// domain/jobs/render-diagnostics.ts is counted, never silently lost.

import type { Protocol } from 'devtools-protocol';
import {
  MAX_BYTES,
  MAX_ENTRIES,
  shownUrl,
  type ConsoleLevel,
  type DiagnosticEntry,
  type PageReferencesReport,
  type ReadyPath,
  type RenderDiagnostics,
  type RequestProblem,
} from '../domain/jobs/render-diagnostics.js';
import { WarningTally, type JobWarningCode } from '../domain/jobs/job-warnings.js';
import { canonicalBundleUrls } from './document-origins.js';

export { shownUrl, type ConsoleLevel, type RenderDiagnostics } from '../domain/jobs/render-diagnostics.js';

const MAX_TEXT = 2000;
const clip = (s: string, n = MAX_TEXT) => (s.length > n ? `${s.slice(0, n)}…` : s);

export class DiagnosticsCollector {
  readonly #start = performance.now();
  readonly #entries: DiagnosticEntry[] = [];
  readonly #dropped = { console: 0, exception: 0, request: 0 };
  #bytes = 0;
  ready: ReadyPath | null = null;
  pageReferences: PageReferencesReport | undefined;
  preloaded = false;
  readonly timings: RenderDiagnostics['timings'] = {};
  /** Every warning, counted whatever the bounds on entries (domain/jobs/job-warnings.ts). */
  readonly #warnings = new WarningTally();

  #at(): number {
    return Math.round(performance.now() - this.#start);
  }

  #add(e: DiagnosticEntry): void {
    const size = JSON.stringify(e).length;
    if (this.#entries.length >= MAX_ENTRIES || this.#bytes + size > MAX_BYTES) {
      this.#dropped[e.kind]++;
      return;
    }
    this.#bytes += size;
    this.#entries.push(e);
  }

  /** A warning with no entry of its own (a margin box with no room, a font that failed, a print by the settle limit). */
  warn(code: JobWarningCode, message: string): void {
    this.#warnings.add(code, message);
  }

  console(level: ConsoleLevel, text: string, source?: string): void {
    this.#add({ kind: 'console', at: this.#at(), level, text: clip(text), ...(source ? { source } : {}) });
  }

  exception(text: string, stack?: string, source?: string): void {
    this.#add({
      kind: 'exception',
      at: this.#at(),
      text: clip(text),
      ...(stack ? { stack: clip(stack, 4000) } : {}),
      ...(source ? { source } : {}),
    });
  }

  /** The page's console output (Runtime.consoleAPICalled), with where it was written. */
  consoleCalled(e: Protocol.Runtime.ConsoleAPICalledEvent): void {
    const level: ConsoleLevel =
      e.type === 'error' || e.type === 'assert'
        ? 'error'
        : e.type === 'warning'
          ? 'warning'
          : e.type === 'info'
            ? 'info'
            : e.type === 'debug'
              ? 'debug'
              : 'log';
    const text = e.args
      .map((a) =>
        a.value !== undefined
          ? typeof a.value === 'string'
            ? a.value
            : JSON.stringify(a.value)
          : (a.description ?? a.unserializableValue ?? a.type),
      )
      .join(' ');
    const f = e.stackTrace?.callFrames[0];
    const source = f ? `${shownUrl(f.url)}:${f.lineNumber + 1}` : undefined;
    if (level === 'error') this.#warnings.add('console_error', source ? `${text} (${source})` : text);
    this.console(level, text, source);
  }

  /** An uncaught exception or unhandled rejection of the page (Runtime.exceptionThrown). */
  exceptionThrown(e: Protocol.Runtime.ExceptionThrownEvent): void {
    const d = e.exceptionDetails;
    const text = d.exception?.description?.split('\n')[0] ?? d.text;
    const stack = d.exception?.description ?? undefined;
    const f = d.stackTrace?.callFrames[0];
    const source = f ? `${shownUrl(f.url)}:${f.lineNumber + 1}` : d.url ? `${shownUrl(d.url)}:${d.lineNumber + 1}` : undefined;
    const shown = d.text && d.text !== 'Uncaught' && !text.startsWith(d.text) ? `${d.text} ${text}` : text;
    this.#warnings.add('page_exception', source ? `${shown} (${source})` : shown);
    this.exception(shown, stack, source);
  }

  request(url: string, problem: RequestProblem, reason: string): void {
    this.#warnings.add(WARNING_OF_PROBLEM[problem], `${shownUrl(url)}: ${reason}`);
    this.#add({ kind: 'request', at: this.#at(), url: shownUrl(url), problem, reason: clip(reason, 500) });
  }

  /** The first request problem of a kind, for a failed job's one-line message. */
  firstRequest(problem: RequestProblem): string | undefined {
    const e = this.#entries.find((x) => x.kind === 'request' && x.problem === problem);
    return e && e.kind === 'request' ? e.url : undefined;
  }

  /** What the job shows: a document's own origin appears as the documented bundle origin (virtual-origins.ts). */
  toJSON(): RenderDiagnostics {
    const collected = this.#collected();
    const json = JSON.stringify(collected);
    const shown = canonicalBundleUrls(json);
    return shown === json ? collected : (JSON.parse(shown) as RenderDiagnostics);
  }

  #collected(): RenderDiagnostics {
    return {
      entries: [...this.#entries],
      dropped: { ...this.#dropped },
      ready: this.ready,
      timings: { ...this.timings },
      warnings: this.#warnings.list(),
      ...(this.pageReferences ? { pageReferences: this.pageReferences } : {}),
      ...(this.preloaded ? { preloaded: true } : {}),
    };
  }
}

const WARNING_OF_PROBLEM: Record<RequestProblem, JobWarningCode> = {
  blocked: 'request_blocked',
  not_found: 'http_error_status',
  http_error: 'http_error_status',
  network_error: 'request_failed',
  timed_out: 'request_failed',
};
