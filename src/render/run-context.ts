// What the steps of one page run share: page-run.ts makes it, and the entry mode (page-entry.ts,
// preloaded-entry.ts), the ready wait (ready-wait.ts) and printing (page-print.ts) read and advance it.
import type { Protocol } from 'devtools-protocol';
import { DiagnosticsCollector } from './diagnostics.js';
import type { PageSession } from './page-session.js';
import { PageTraffic } from './page-traffic.js';
import { RunGuard } from './run-guard.js';
import type { PartFacts, RenderRequest } from './types.js';
import type { DocumentFailure } from './request-routing.js';

/** Where the run is; a timeout names it (or, while navigating with requests outstanding, blames the network). */
export type Phase = 'navigating' | 'waiting-ready' | 'printing' | 'done';

/** The page's answer to print-checks.ts's expression: margin boxes with no room, web fonts that failed. */
export interface PrintCheck {
  clipped?: string[];
  fonts?: string[];
  /** The root element's lang attribute ('' when absent). */
  lang?: string;
}

export class RunContext {
  phase: Phase = 'navigating';
  /** The page's margin-box and font check, read by the ready wait's last evaluation (print-checks.ts). */
  printCheck: PrintCheck | null = null;
  /** The language the page declared (`<html lang>`) before printing, null for none; undefined until asked. */
  pageLang: string | null | undefined = undefined;
  /** While the default protocol waits for the page's own work (ready-wait.ts): what is still pending. */
  pendingWork: string[] | null = null;
  /** While the job's wait conditions are waited for (wait-conditions.ts): the one not met yet, in words. */
  unmetCondition: string | null = null;
  /** Documents the main frame committed during this job (one for a page that stays put). */
  documents = 0;
  /** Whether the run counts the main frame's commits (a preloaded page counts its own until it is bound). */
  countsNavigations = true;
  /** The warm page's handler threw; the job fell back to loading the page (the renderer stops keeping this template warm). */
  warmHandlerFailed = false;
  /** The preloaded page's script read folio.jobId before the job was bound: the job loaded the page again. */
  preloadRefused = false;
  /** A part's draft print: the ids the page refers to and its headings (part-print.ts). */
  partFacts: PartFacts | null = null;
  /** While a URL source's page loads (page-entry.ts): told when the router could not fetch it. */
  onDocumentFailure: ((failure: DocumentFailure) => void) | null = null;
  /** Console output, errors, failed requests, ready path and phase timings of this job. */
  readonly diagnostics = new DiagnosticsCollector();
  readonly traffic = new PageTraffic();
  /** Every wait of the run is raced against it. */
  readonly guard: RunGuard;
  #phaseStart = performance.now();

  constructor(
    readonly session: PageSession,
    public req: RenderRequest,
    public printParams: Protocol.Page.PrintToPDFRequest,
    /** Quiet period that ends the default ready wait when the page kept loading after `load`. */
    readonly networkIdleMs: number,
  ) {
    this.guard = new RunGuard(session);
  }

  /** The next phase's time counts from now. */
  startPhase(): void {
    this.#phaseStart = performance.now();
  }

  /** Records the time since the previous phase ended (or the job started) under `name`. */
  endPhase(name: 'load' | 'readyWait' | 'print'): void {
    const now = performance.now();
    this.diagnostics.timings[name] = Math.round(now - this.#phaseStart);
    this.#phaseStart = now;
  }
}
