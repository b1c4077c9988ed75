/**
 * The idle wait of a polling loop that a notification can cut short: `sleep(ms)` resolves after ms, or at
 * once when `wake()` is called meanwhile. A wake while nobody sleeps does nothing (the loop is already
 * busy and will look for work before it sleeps again).
 */
export class PollTimer {
  #wake: (() => void) | null = null;

  sleep(ms: number): Promise<void> {
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
    this.#wake?.();
  }
}
