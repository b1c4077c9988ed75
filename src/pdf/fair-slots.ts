// A fixed number of slots for one kind of work on untrusted input (qpdf checks of uploaded PDFs), shared
// between accounts: when a slot frees, the waiting account with the fewest tasks running gets it, and
// among those the one served least recently (then the earliest waiting task): accounts take turns, so one
// account's burst of uploads delays another account by at most the tasks already running, never by its
// whole queue.
export class FairSlots {
  #running = 0;
  readonly #perAccount = new Map<string, number>();
  readonly #waiting: Array<{ account: string; start: () => void }> = [];
  /** When each account was last given a slot (a counter), for turns between accounts. */
  readonly #served = new Map<string, number>();
  #tick = 0;

  constructor(readonly size: number) {}

  /** Runs `task` in a slot, once this account's turn comes. */
  async run<T>(account: string, task: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      this.#waiting.push({ account, start });
      this.#dispatch();
    });
    try {
      return await task();
    } finally {
      this.#running--;
      const left = (this.#perAccount.get(account) ?? 1) - 1;
      if (left === 0) this.#perAccount.delete(account);
      else this.#perAccount.set(account, left);
      this.#dispatch();
    }
  }

  #dispatch(): void {
    const rank = (account: string): [number, number] => [this.#perAccount.get(account) ?? 0, this.#served.get(account) ?? -1];
    while (this.#running < this.size && this.#waiting.length > 0) {
      let best = 0;
      for (let i = 1; i < this.#waiting.length; i++) {
        const [running, served] = rank(this.#waiting[i]!.account);
        const [bestRunning, bestServed] = rank(this.#waiting[best]!.account);
        if (running < bestRunning || (running === bestRunning && served < bestServed)) best = i;
      }
      const [next] = this.#waiting.splice(best, 1);
      this.#running++;
      this.#perAccount.set(next!.account, (this.#perAccount.get(next!.account) ?? 0) + 1);
      this.#served.set(next!.account, ++this.#tick);
      next!.start();
    }
    // Accounts with nothing running or waiting are forgotten: the map stays as small as the queue.
    for (const account of this.#served.keys())
      if (!this.#perAccount.has(account) && !this.#waiting.some((w) => w.account === account)) this.#served.delete(account);
  }
}
