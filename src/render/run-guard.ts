// The guard of one page run. Every wait of the run is raced against it, and timeout, cancellation and
// crashes trip it, so no await can outlive the job's deadline -- including a page whose main thread is
// stuck in an infinite loop. A failed page command is judged by what happened to the page (a dead
// renderer is render_crashed, whatever call was running).
import type { Readable } from 'node:stream';
import type { CommandResult } from './cdp-connection.js';
import type { PageSession } from './page-session.js';
import { RenderError } from './types.js';

// How long a failed command waits for the crash notice of the page's renderer (they come on separate paths).
const CRASH_NOTICE_MS = 1000;

export class RunGuard {
  #failed: Promise<never>;
  #fail!: (err: Error) => void;
  #failure: Error | null = null;
  /** The PDF streaming to the sink now: a failure ends it too. */
  #output: Readable | null = null;
  /** Aborted when the run fails or ends: it ends the page's internet fetches. */
  readonly #stop = new AbortController();

  constructor(private readonly session: PageSession) {
    this.#failed = new Promise<never>((_, reject) => {
      this.#fail = (err) => {
        if (this.#failure) return;
        this.#failure = err;
        this.#output?.destroy(err);
        this.#stop.abort();
        reject(err);
      };
    });
    this.#failed.catch(() => {});
  }

  /** The reason the run failed, if it did (timeout, cancel, crash, or the first failure given to fail()). */
  get failure(): Error | null {
    return this.#failure;
  }

  /** Aborted when the run fails or ends. */
  get signal(): AbortSignal {
    return this.#stop.signal;
  }

  /** Fails the run (the first failure wins): every race rejects with it from now on. */
  fail(err: Error): void {
    this.#fail(err);
  }

  /** The run is over: whatever it started on the internet is ended. */
  end(): void {
    this.#stop.abort();
  }

  /** The PDF now streaming to the sink, destroyed with the failure if the run fails. */
  streaming(output: Readable): void {
    this.#output = output;
  }

  race<T>(p: Promise<T>): Promise<T> {
    p.catch(() => {});
    return Promise.race([p, this.#failed]);
  }

  /** Evaluates an expression in the page (awaiting a promise it returns), within the job's deadline. */
  async evaluate(expression: string, what: string): Promise<CommandResult<'Runtime.evaluate'>> {
    try {
      return await this.race(this.session.cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, 0));
    } catch (err) {
      throw await this.failureOf(err, what);
    }
  }

  /**
   * What a failed CDP command means for the job, judged by what happened to the page rather than by which
   * command failed: a renderer that died is a crash (retried), whatever call was running; a page that
   * replaced its own document is told in plain words; anything else is a render failure of `what`.
   */
  async failureOf(err: unknown, what: string): Promise<RenderError> {
    if (err instanceof RenderError) return err;
    const message = (err as Error)?.message ?? String(err);
    if (await this.#rendererDied()) return new RenderError('render_crashed', `the page's renderer crashed while ${what} (${message})`);
    if (/Execution context was destroyed|Cannot find context with specified id/i.test(message)) {
      return new RenderError(
        'render_failed',
        `the page kept navigating to other documents while ${what}: a template must stay on its entry page until it is printed`,
      );
    }
    return new RenderError('render_failed', `${what} failed: ${message}`);
  }

  /**
   * Whether the page's renderer is gone. A failed answer can reach us before the crash notice does, so a
   * cheap command is sent to the page: an answer means it is alive; otherwise the crash notice is given up
   * to a second to arrive.
   */
  async #rendererDied(): Promise<boolean> {
    const crashed = () => this.#failure instanceof RenderError && this.#failure.code === 'render_crashed';
    if (this.#failure) return crashed();
    const alive = await Promise.race([
      this.session.cdp.send('Runtime.evaluate', { expression: '0', returnByValue: true }, CRASH_NOTICE_MS).then(
        () => true,
        () => false,
      ),
      this.#failed.then(
        () => false,
        () => false,
      ),
    ]);
    if (!alive && !this.#failure) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.#failed.catch(() => {}), new Promise((r) => (timer = setTimeout(r, CRASH_NOTICE_MS)))]);
      clearTimeout(timer);
    }
    return crashed();
  }
}

/** folio.fail(message): the template ended the job itself. Terminal, like every render_failed. */
export function pageFailed(message: string): RenderError {
  // A template version's runtime (template-runtime.ts) fails the job this way when its template throws.
  if (message.startsWith('template error in ')) return new RenderError('template_render_failed', message);
  return new RenderError('render_failed', `the page called folio.fail(): ${message}`);
}
