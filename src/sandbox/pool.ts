// The sandbox: a small pool of worker threads where work whose cost an account controls runs (reading a PDF
// from a bundle, post-processing with joined PDFs, payload schemas, PKCS#12 key derivation, e-invoice XML;
// src/sandbox/tasks.ts). The API's and the worker's event loops only post a message and wait, so `/healthz`
// and every other account's requests go on while a task runs. Each task is bounded:
//   - in time: a task past its `timeoutMs` has its thread terminated (V8 stops even a running regular
//     expression or a tight loop) and fails with SandboxLimitError('time'); a new thread takes its place;
//   - in memory: first by the tasks' own limits checked before expansion (src/pdf/limits.ts, the input
//     size limits), then by a cap on each thread's V8 heap (`resourceLimits`). A thread past the cap
//     usually dies alone with SandboxLimitError('memory'), but on Node 20 its teardown can abort the whole
//     process (seen once in about ten runs of a test that forced it): the cap is a last resort, not a
//     bound to rely on. Child processes would make it one;
//   - in turn: tasks queue per account; a free thread takes the next task of the account with the fewest
//     tasks running (round robin among equals), so one account's queue of hostile work delays another
//     account's task by at most the tasks already running.
import { Worker } from 'node:worker_threads';
import type { TaskInput, TaskName, TaskResult } from './tasks.js';

export interface RunOptions {
  /** Whose work this is: the unit of fairness. */
  account: string;
  /** Wall-clock limit of the task once a thread runs it. */
  timeoutMs: number;
}

/** The port services and the worker use (src/services/context.ts carries it). */
export interface Sandbox {
  run<K extends TaskName>(name: K, input: TaskInput<K>, opts: RunOptions): Promise<TaskResult<K>>;
}

/** The task exceeded a bound of the sandbox itself: its time, its thread's memory, or the thread died. */
export class SandboxLimitError extends Error {
  constructor(
    readonly kind: 'time' | 'memory' | 'crash',
    message: string,
  ) {
    super(message);
    this.name = 'SandboxLimitError';
  }
}

/** The sandbox is shutting down: the task did not run, or was stopped with it. Not a limit of the task. */
export class SandboxClosedError extends Error {
  constructor() {
    super('the sandbox is closed (shutting down)');
    this.name = 'SandboxClosedError';
  }
}

/** The task threw: its error's name, message and own fields (e.g. a PdfLimitError's `limit`). */
export class SandboxTaskError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
    readonly fields: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'SandboxTaskError';
  }
}

export interface SandboxOptions {
  /** Threads at most (FOLIO_SANDBOX_THREADS). */
  threads: number;
  /** V8 heap of one thread, MiB (FOLIO_SANDBOX_MEMORY_MB). */
  memoryMb: number;
  onKilled?: (info: { task: string; account: string; kind: SandboxLimitError['kind'] }) => void;
}

interface Pending {
  name: TaskName;
  input: unknown;
  opts: RunOptions;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  current: { id: number; task: Pending; timer: NodeJS.Timeout } | null;
  dead: boolean;
}

// Built, the thread runs worker-main.js. From the sources (tests, `folio` in a checkout being edited), the
// parent runs under tsx, whose loader a thread does not inherit: the thread registers it through tsx's API
// first, then imports worker-main.ts.
const FROM_SOURCES = import.meta.url.endsWith('.ts');
function newThread(options: { resourceLimits: NonNullable<ConstructorParameters<typeof Worker>[1]>['resourceLimits'] }): Worker {
  if (!FROM_SOURCES) return new Worker(new URL('./worker-main.js', import.meta.url), { ...options, execArgv: [] });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./worker-main.ts', import.meta.url).href);
  return new Worker(`import(${tsx}).then((m) => { m.register(); return import(${entry}); })`, { ...options, eval: true, execArgv: [] });
}

export class SandboxPool implements Sandbox {
  readonly #queues = new Map<string, Pending[]>();
  readonly #slots = new Set<Slot>();
  readonly #idle: Slot[] = [];
  /** Tasks running per account. */
  readonly #running = new Map<string, number>();
  #nextId = 1;
  #closed = false;

  constructor(private readonly opts: SandboxOptions) {}

  run<K extends TaskName>(name: K, input: TaskInput<K>, opts: RunOptions): Promise<TaskResult<K>> {
    return new Promise<TaskResult<K>>((resolve, reject) => {
      if (this.#closed) return reject(new SandboxClosedError());
      const task: Pending = { name, input, opts, resolve: resolve as (v: unknown) => void, reject };
      const q = this.#queues.get(opts.account);
      if (q) q.push(task);
      else this.#queues.set(opts.account, [task]);
      this.#pump();
    });
  }

  /** Tasks waiting for a thread (all accounts). */
  get queued(): number {
    let n = 0;
    for (const q of this.#queues.values()) n += q.length;
    return n;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const q of this.#queues.values()) for (const t of q) t.reject(new SandboxClosedError());
    this.#queues.clear();
    await Promise.all([...this.#slots].map((s) => this.#kill(s, new SandboxClosedError())));
  }

  #pump(): void {
    while (this.#queues.size > 0 && !this.#closed) {
      let slot = this.#idle.pop();
      if (!slot) {
        if (this.#slots.size >= this.opts.threads) return;
        slot = this.#spawn();
      }
      // The account with the fewest tasks running goes first (the first in the map among equals); it goes to
      // the back with what it has left.
      let account = '';
      let q: Pending[] = [];
      let fewest = Infinity;
      for (const [a, tasks] of this.#queues) {
        const n = this.#running.get(a) ?? 0;
        if (n < fewest) [account, q, fewest] = [a, tasks, n];
      }
      const task = q.shift()!;
      this.#queues.delete(account);
      if (q.length > 0) this.#queues.set(account, q);
      this.#start(slot, task);
    }
  }

  #spawn(): Slot {
    const worker = newThread({ resourceLimits: { maxOldGenerationSizeMb: this.opts.memoryMb, maxYoungGenerationSizeMb: 32 } });
    worker.unref();
    const slot: Slot = { worker, current: null, dead: false };
    this.#slots.add(slot);
    worker.on(
      'message',
      (m: { id: number; ok: boolean; value?: unknown; error?: { name: string; message: string; fields: Record<string, unknown> } }) => {
        const cur = slot.current;
        if (!cur || cur.id !== m.id) return;
        clearTimeout(cur.timer);
        slot.current = null;
        if (m.ok) cur.task.resolve(m.value);
        else cur.task.reject(new SandboxTaskError(m.error!.name, m.error!.message, m.error!.fields));
        if (!slot.dead) this.#idle.push(slot);
        this.#pump();
      },
    );
    worker.on('error', (err: Error & { code?: string }) => {
      const kind = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash';
      const message =
        kind === 'memory'
          ? `the work needed more than the ${this.opts.memoryMb} MiB of memory a sandbox thread may use`
          : `the sandbox thread failed (${err.message})`;
      this.#fail(slot, new SandboxLimitError(kind, message));
    });
    worker.on('exit', () => this.#fail(slot, new SandboxLimitError('crash', 'the sandbox thread stopped')));
    return slot;
  }

  #start(slot: Slot, task: Pending): void {
    const id = this.#nextId++;
    const timer = setTimeout(() => {
      void this.#kill(slot, new SandboxLimitError('time', `the work took longer than ${task.opts.timeoutMs} ms, the limit for it`));
    }, task.opts.timeoutMs);
    slot.current = { id, task, timer };
    this.#running.set(task.opts.account, (this.#running.get(task.opts.account) ?? 0) + 1);
    try {
      slot.worker.postMessage({ id, name: task.name, input: task.input });
    } catch (err) {
      this.#fail(slot, new SandboxLimitError('crash', `the task could not be sent to the sandbox (${(err as Error).message})`));
    }
  }

  /** The slot's task (if any) fails with `err`; the slot leaves the pool, and waiting work gets a new thread. */
  #fail(slot: Slot, err: SandboxLimitError | SandboxClosedError): void {
    const cur = slot.current;
    slot.current = null;
    if (cur) {
      clearTimeout(cur.timer);
      this.#ended(cur.task);
      if (err instanceof SandboxLimitError) this.opts.onKilled?.({ task: cur.task.name, account: cur.task.opts.account, kind: err.kind });
      cur.task.reject(err);
    }
    if (!slot.dead) {
      slot.dead = true;
      this.#slots.delete(slot);
      const i = this.#idle.indexOf(slot);
      if (i >= 0) this.#idle.splice(i, 1);
      void slot.worker.terminate().catch(() => undefined);
    }
    this.#pump();
  }

  #ended(task: Pending): void {
    const n = (this.#running.get(task.opts.account) ?? 1) - 1;
    if (n > 0) this.#running.set(task.opts.account, n);
    else this.#running.delete(task.opts.account);
  }

  async #kill(slot: Slot, err: SandboxLimitError | SandboxClosedError): Promise<void> {
    this.#fail(slot, err);
    await slot.worker.terminate().catch(() => undefined);
  }
}
