/**
 * The idle wait of a polling loop that a notification can cut short: `sleep(ms)` resolves after ms, or at
 * once when `wake()` is called meanwhile. A wake while nobody sleeps is kept for the next `sleep()`, which
 * then returns at once: the loop may be past the point where it looked for work (a claim that found
 * nothing a moment before the job was committed, a webhook batch still being delivered), and that work
 * must not wait for the next poll.
 */
export class PollTimer {
  #wake: (() => void) | null = null;
  #pending = false;

  sleep(ms: number): Promise<void> {
    if (this.#pending) {
      this.#pending = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.#wake === done) this.#wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wake = done;
    });
  }

  wake(): void {
    if (this.#wake) this.#wake();
    else this.#pending = true;
  }
}
