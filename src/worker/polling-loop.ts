// The one polling loop of the background parts (render worker, webhook dispatcher, batch combiner,
// janitor): run a step, sleep the poll interval unless the step says more work is ready now, and wake
// early when told (PollTimer keeps a wake that comes while no one sleeps). Stopping lets the running step
// finish and resolves when the loop has ended, so a graceful shutdown waits for nothing else.
import type { Logger } from 'pino';
import { PollTimer } from './poll-timer.js';

export interface PollingLoopOptions {
  /** Named in the log when a step fails (`<name> failed`); the loop goes on. */
  name: string;
  log: Logger;
  /** The idle wait between steps, read before each wait. */
  intervalMs: () => number;
  /** One round of work; true when more is ready at once (the loop runs again without sleeping). */
  step: () => Promise<boolean>;
  /** Sleep one interval before the first step (a periodic chore), instead of running it at once. */
  sleepFirst?: boolean;
}

export class PollingLoop {
  readonly #timer = new PollTimer();
  #running = false;
  #done: Promise<void> | null = null;

  constructor(private readonly opts: PollingLoopOptions) {}

  get running(): boolean {
    return this.#running;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#done = this.#loop();
  }

  /** Runs the next step now rather than at the end of the current wait. */
  wake(): void {
    this.#timer.wake();
  }

  /** No new step starts; resolves once the running one (if any) has finished. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#timer.wake();
    await this.#done;
  }

  async #loop(): Promise<void> {
    if (this.opts.sleepFirst) await this.#timer.sleep(this.opts.intervalMs());
    while (this.#running) {
      let more = false;
      try {
        more = await this.opts.step();
      } catch (err) {
        this.opts.log.error({ err }, `${this.opts.name} failed`);
      }
      if (!this.#running) break;
      if (!more) await this.#timer.sleep(this.opts.intervalMs());
    }
  }
}
