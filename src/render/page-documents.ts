// The bundle documents of one page, each on an origin of its own (virtual-origins.ts newDocumentOrigin):
// the current one, and those the page has replaced. A replaced document is not quite gone at once -- its
// `pagehide`/`unload` handlers run as the next job's document commits -- and what it does then belongs to
// no job: its requests are refused without an answer, its console output and errors are charged to no job,
// and its origin's storage is cleared once nothing of it runs any more.
import type { Protocol } from 'devtools-protocol';
import { documentOriginOf, newDocumentOrigin } from './document-origins.js';

/** How long a reset page keeps its finished document before it is parked (the document ended). */
export const PARK_AFTER_MS = 1000;

/** The page did not answer before a job could start on it: the job is given another page (renderer.ts). */
export class PageBusyError extends Error {
  constructor() {
    super('the page was busy in its previous document');
    this.name = 'PageBusyError';
  }
}

/** Replaced origins are cleared in batches of this many (or all when the page is parked). */
const CLEAR_BATCH = 8;

export class PageDocuments {
  /** The origin of the page's current bundle document (null before the first, and once parked). */
  #current: string | null = null;
  /** Origins of documents the page has replaced, whose storage is still to be cleared. */
  #replaced: string[] = [];
  /** The origin of each live execution context on a document origin (Runtime events). */
  #contexts = new Map<number, string>();
  #parkTimer: NodeJS.Timeout | null = null;
  #parking: Promise<void> | null = null;

  get current(): string | null {
    return this.#current;
  }

  /** A new origin for the document the page is about to load; the current one counts as replaced. */
  next(): string {
    this.#retire();
    this.#current = newDocumentOrigin();
    return this.#current;
  }

  /** The page was parked (a page of another origin replaced the current document). */
  parked(): void {
    this.#retire();
    this.#current = null;
  }

  /**
   * The replaced origins whose storage is to be cleared now (they are forgotten): all of them with `all`,
   * else a batch once CLEAR_BATCH have gathered (clearing is per origin; nothing can read them meanwhile).
   */
  takeReplaced(all = false): string[] {
    return all || this.#replaced.length >= CLEAR_BATCH ? this.#replaced.splice(0) : [];
  }

  /**
   * Parks the page after `afterMs` unless a job takes it first (cancelParking): `park` replaces the finished
   * document with a page of no origin of ours (and ends it: no timer, worker or sound of it runs on).
   */
  scheduleParking(afterMs: number, park: () => Promise<void>): void {
    if (this.#current === null) return;
    if (this.#parkTimer) clearTimeout(this.#parkTimer);
    this.#parkTimer = setTimeout(() => {
      this.#parkTimer = null;
      // A park that failed (the page was taken meanwhile, or is busy) leaves the document as it is; the
      // session has marked itself unresponsive where that is the reason.
      this.#parking = park()
        .then(
          () => this.parked(),
          () => {},
        )
        .finally(() => (this.#parking = null));
    }, afterMs);
    this.#parkTimer.unref();
  }

  /** Calls parking off, or waits for it if it has begun; whether the finished document is still there. */
  async cancelParking(): Promise<boolean> {
    const pending = this.#parkTimer !== null;
    if (this.#parkTimer) clearTimeout(this.#parkTimer);
    this.#parkTimer = null;
    if (this.#parking) await this.#parking;
    return pending;
  }

  #retire(): void {
    if (this.#current) this.#replaced.push(this.#current);
  }

  /** Follows the page's execution contexts (Runtime.executionContextCreated / Destroyed / Cleared). */
  contextCreated(e: Protocol.Runtime.ExecutionContextCreatedEvent): void {
    const origin = documentOriginOf(e.context.origin);
    if (origin) this.#contexts.set(e.context.id, origin);
  }

  contextDestroyed(id: number): void {
    this.#contexts.delete(id);
  }

  contextsCleared(): void {
    this.#contexts.clear();
  }

  /** Whether an execution context belongs to a document the page has replaced. */
  isReplacedContext(contextId: number | undefined): boolean {
    const origin = contextId === undefined ? undefined : this.#contexts.get(contextId);
    return origin !== undefined && origin !== this.#current;
  }

  /** A request to, or made by (its Origin or Referer), a document origin other than the current document's. */
  isReplacedRequest(url: string, headers: Record<string, string>): boolean {
    const replaced = (text: string) => {
      const origin = documentOriginOf(text);
      return origin !== null && origin !== this.#current;
    };
    if (replaced(url)) return true;
    for (const name in headers) {
      const lower = name.toLowerCase();
      if ((lower === 'origin' || lower === 'referer') && replaced(headers[name]!)) return true;
    }
    return false;
  }
}
