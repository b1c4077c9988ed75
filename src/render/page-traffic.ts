// The page's network traffic during one page run, as the default ready protocol reads it: requests in
// flight, when a request last started or finished, when the page loaded, and the page's own fetch/XHR
// requests Folio has seen (compared with the count the page keeps itself, folioScript).

export class PageTraffic {
  /** Requests being answered (held payload requests and internet fetches). */
  inFlight = 0;
  /** When the main frame's load event fired (infinity until it has). */
  loadAt = Number.POSITIVE_INFINITY;
  #lastActivity = 0;
  /** fetch/XHR requests of the main frame seen so far (compared with the page's own count). */
  #scriptRequestsSeen = 0;
  /** Fetch/XHR requests of the main frame already counted (redirect hops pause the same request again). */
  #scriptRequestIds = new Set<string>();
  #activityWaiters: Array<() => void> = [];

  /** A fetch/XHR request of the main frame, by its network id (counted once across redirects). */
  scriptRequest(id: string): void {
    if (this.#scriptRequestIds.has(id)) return;
    this.#scriptRequestIds.add(id);
    this.#scriptRequestsSeen++;
  }

  /** A new document replaces the page's: requests counted so far belonged to the one being replaced. */
  newDocument(): void {
    this.#scriptRequestsSeen = 0;
    this.#scriptRequestIds.clear();
  }

  loaded(): void {
    this.loadAt = performance.now();
  }

  /** A request started or finished: wakes whoever waits for the network. */
  activity(): void {
    this.#lastActivity = performance.now();
    for (const w of this.#activityWaiters.splice(0)) w();
  }

  /**
   * Default ready: nothing outstanding, and then either nothing happened on the network since `load` and
   * the page's script made no fetch/XHR at all (a static page prints at once), or nothing happened for
   * networkIdleMs. Script requests are counted in the page (folioScript) because Folio's own view of the
   * order "request, then load" is not reliable: the two events reach it over different channels. A request
   * the page started but Folio has not seen yet counts as outstanding for up to networkIdleMs (some never
   * arrive: a fetch the page's CSP refuses, a data: or blob: URL).
   */
  /** Resolves true when it had to wait (the page kept working after `load`), false when it returned at once. */
  async networkIdle(scriptRequests: number, networkIdleMs: number): Promise<boolean> {
    const graceUntil = performance.now() + networkIdleMs;
    for (let waited = false; ; waited = true) {
      const unseen = this.#scriptRequestsSeen < scriptRequests;
      if (unseen && performance.now() < graceUntil) await this.#activityOrTimeout(graceUntil - performance.now());
      else if (this.inFlight === 0) {
        const quiet = performance.now() - this.#lastActivity;
        if (scriptRequests === 0 && this.#lastActivity <= this.loadAt) return waited;
        if (quiet >= networkIdleMs) return true;
        await this.#activityOrTimeout(networkIdleMs - quiet);
      } else await this.#activityOrTimeout(Number.POSITIVE_INFINITY);
    }
  }

  async noneInFlight(): Promise<void> {
    while (this.inFlight > 0) await this.#activityOrTimeout(Number.POSITIVE_INFINITY);
  }

  #activityOrTimeout(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
      const waiters = this.#activityWaiters;
      function done() {
        clearTimeout(timer);
        const i = waiters.indexOf(done);
        if (i !== -1) waiters.splice(i, 1);
        resolve();
      }
      waiters.push(done);
    });
  }
}
