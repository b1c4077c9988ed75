// The sandbox: a small pool of child processes where work whose cost an account controls runs (reading a
// PDF from a bundle, post-processing with joined PDFs, payload schemas, PKCS#12 key derivation, e-invoice
// XML, template checks; src/sandbox/tasks.ts). The API's and the worker's event loops only post a message
// and wait, so `/healthz` and every other account's requests go on while a task runs. Each task is bounded:
//   - in time: a task past its `timeoutMs` has its process killed (SIGKILL stops even a running regular
//     expression or a tight loop) and fails with SandboxError('time'); a new process takes its place;
//   - in memory: first by the tasks' own limits checked before expansion (src/pdf/syntax/limits.ts, the input
//     size limits), then by the process's limits (child-process.ts: V8's heap cap and the address-space
//     limit). A task past them fails with SandboxError('memory') and its process is replaced; the
//     server's own memory is never touched, since the work's objects and buffers live in another process;
//   - in turn: tasks queue per account; a free process takes the next task of the account with the fewest
//     tasks running (round robin among equals), so one account's queue of hostile work delays another
//     account's task by at most the tasks already running.
import type { ChildProcess } from 'node:child_process';
import { diedOfMemory, startSandboxProcess } from './child-process.js';
import { kindGuard } from '../errors/kinds.js';
import { PdfError, type PdfErrorKind, type PdfLimitName } from '../pdf/errors.js';
import type { TaskInput, TaskName, TaskResult } from './tasks.js';

export interface RunOptions {
  /** Whose work this is: the unit of fairness. */
  account: string;
  /** Wall-clock limit of the task once a process runs it. */
  timeoutMs: number;
  /**
   * A `performance.now()` instant the task must end by, waiting for a process included (the caller's own
   * limit, e.g. a request's): the task gets at most what is left of it when it starts.
   */
  deadline?: number;
}

/** The port services and the worker use (src/services/context.ts carries it). */
export interface Sandbox {
  run<K extends TaskName>(name: K, input: TaskInput<K>, opts: RunOptions): Promise<TaskResult<K>>;
  /** Loads what the first tasks need ahead of them, in the background (after the server starts). */
  warm(): void;
}

/** The bounds of the sandbox itself that a task can pass: its time, its process's memory, or the process died. */
export const SANDBOX_LIMIT_KINDS = ['time', 'memory', 'crash'] as const;
/** A bound of the sandbox itself that a task passed (one of SANDBOX_LIMIT_KINDS). */
export type SandboxLimitKind = (typeof SANDBOX_LIMIT_KINDS)[number];

/**
 * What `run` fails with: a limit (`time`, `memory`, `crash`: the task's process was ended); `closed`, the
 * sandbox is shutting down (the task did not run, or was stopped with it; not a limit of the task); `task`,
 * the task threw, and `errorName` and `fields` are its error's name and own fields (e.g. a WordTemplateError's
 * name). A PdfError the task threw is no SandboxError: it comes back as the PdfError it was, kind, field and
 * limit included, so its callers tell it apart as they would in this process.
 */
export class SandboxError extends Error {
  /** The name of the error the task threw (kind `task`). */
  readonly errorName: string | undefined;
  /** That error's own fields of string, number or boolean value (kind `task`). */
  readonly fields: Record<string, unknown> | undefined;
  constructor(
    readonly kind: SandboxLimitKind | 'closed' | 'task',
    message: string,
    thrown?: { errorName: string; fields: Record<string, unknown> },
  ) {
    super(message);
    this.name = 'SandboxError';
    this.errorName = thrown?.errorName;
    this.fields = thrown?.fields;
  }
}

export const isSandboxError = kindGuard(SandboxError);

/** The task passed a bound of the sandbox (its time, its memory, or its process died). */
export const isSandboxLimit = (err: unknown): err is SandboxError & { readonly kind: SandboxLimitKind } =>
  isSandboxError(err, 'time', 'memory', 'crash');

const closedError = () => new SandboxError('closed', 'the sandbox is closed (shutting down)');

export interface SandboxOptions {
  /** Processes at most (FOLIO_SANDBOX_THREADS). */
  threads: number;
  /** V8 heap of one process, MiB (FOLIO_SANDBOX_MEMORY_MB); its address space is limited accordingly. */
  memoryMb: number;
  /** A task's process was ended at a bound (its `task` is a TaskName: a bounded set, fit for a metric's label). */
  onKilled?: (info: { task: TaskName; account: string; kind: SandboxLimitKind }) => void;
}

interface Pending {
  name: TaskName;
  input: unknown;
  opts: RunOptions;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

interface Slot {
  proc: ChildProcess;
  /** The last few KiB the process wrote to stderr: why it died, when it did. */
  stderr: string;
  current: { id: number; task: Pending; timer: NodeJS.Timeout | null } | null;
  dead: boolean;
  /** The process has started and loaded its entry (its first message): a task's time counts from then. */
  ready: boolean;
}

export class SandboxPool implements Sandbox {
  readonly #queues = new Map<string, Pending[]>();
  readonly #slots = new Set<Slot>();
  readonly #idle: Slot[] = [];
  /** Tasks running per account. */
  readonly #running = new Map<string, number>();
  /** When each account with tasks queued or running last started one (a sequence number). */
  readonly #lastTurn = new Map<string, number>();
  #turns = 0;
  #nextId = 1;
  #closed = false;

  constructor(private readonly opts: SandboxOptions) {}

  run<K extends TaskName>(name: K, input: TaskInput<K>, opts: RunOptions): Promise<TaskResult<K>> {
    return new Promise<TaskResult<K>>((resolve, reject) => {
      if (this.#closed) return reject(closedError());
      const task: Pending = { name, input, opts, resolve: resolve as (v: unknown) => void, reject };
      const q = this.#queues.get(opts.account);
      if (q) q.push(task);
      else this.#queues.set(opts.account, [task]);
      this.#pump();
    });
  }

  /**
   * Starts a process and loads the PDF libraries into it, in the background: called once the server
   * listens and Chromium's launch settled, so the first PDF job after a start does not pay seconds for
   * them. A failure is left for that job to meet (and report) itself.
   */
  warm(): void {
    if (this.#closed || this.#slots.size > 0) return;
    this.run('pdf.preload', {}, { account: '', timeoutMs: 60_000 }).catch(() => undefined);
  }

  /** Tasks waiting for a process (all accounts). */
  get queued(): number {
    let n = 0;
    for (const q of this.#queues.values()) n += q.length;
    return n;
  }

  /** The pids of the pool's processes (tests and metrics). */
  pids(): number[] {
    return [...this.#slots].flatMap((s) => (s.proc.pid === undefined ? [] : [s.proc.pid]));
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const q of this.#queues.values()) for (const t of q) t.reject(closedError());
    this.#queues.clear();
    await Promise.all([...this.#slots].map((s) => this.#kill(s, closedError())));
  }

  #pump(): void {
    while (this.#queues.size > 0 && !this.#closed) {
      let slot = this.#idle.pop();
      if (!slot) {
        if (this.#slots.size >= this.opts.threads) return;
        try {
          slot = this.#spawn();
        } catch (err) {
          // Node throws at once for some spawn failures (out of memory for a fork): the waiting tasks fail,
          // the server goes on.
          const why = new SandboxError('crash', `no sandbox process could start (${(err as Error).message})`);
          for (const q of this.#queues.values()) for (const t of q) t.reject(why);
          this.#queues.clear();
          return;
        }
      }
      // The account with the fewest tasks running goes first; among equals, the one whose last turn is the
      // oldest (an account that never had one first).
      let account = '';
      let q: Pending[] = [];
      let best = [Infinity, Infinity];
      for (const [a, tasks] of this.#queues) {
        const key = [this.#running.get(a) ?? 0, this.#lastTurn.get(a) ?? 0];
        if (key[0] < best[0] || (key[0] === best[0] && key[1] < best[1])) [account, q, best] = [a, tasks, key];
      }
      const task = q.shift()!;
      this.#queues.delete(account);
      if (q.length > 0) this.#queues.set(account, q);
      this.#start(slot, task);
    }
  }

  #spawn(): Slot {
    const proc = startSandboxProcess(this.opts.memoryMb);
    const slot: Slot = { proc, stderr: '', current: null, dead: false, ready: false };
    this.#slots.add(slot);
    // An idle process does not keep the event loop alive; one with a task does (#hold).
    (proc.stderr as (NodeJS.ReadableStream & { unref?: () => void }) | null)?.unref?.();
    proc.stderr?.on('data', (chunk: Buffer) => {
      slot.stderr = (slot.stderr + chunk.toString('utf8')).slice(-4096);
    });
    proc.on(
      'message',
      (m: {
        ready?: boolean;
        id: number;
        ok: boolean;
        memory?: boolean;
        value?: unknown;
        error?: { name: string; message: string; fields: Record<string, unknown> };
      }) => {
        if (m.ready) {
          // Starting Node and loading the entry is the pool's cost, not the task's: its clock starts now.
          slot.ready = true;
          if (slot.current && slot.current.timer === null) slot.current.timer = this.#timer(slot, slot.current.task);
          return;
        }
        const cur = slot.current;
        if (!cur || cur.id !== m.id) return;
        if (m.memory) return this.#fail(slot, this.#memoryError());
        if (cur.timer) clearTimeout(cur.timer);
        slot.current = null;
        this.#ended(cur.task);
        if (m.ok) cur.task.resolve(m.value);
        else cur.task.reject(taskError(m.error!));
        if (!slot.dead) {
          this.#idle.push(slot);
          this.#hold(slot, false);
        }
        this.#pump();
      },
    );
    proc.on('error', (err: Error) => this.#fail(slot, new SandboxError('crash', `the sandbox process failed (${err.message})`)));
    proc.on('exit', (code, signal) => {
      if (slot.dead) return;
      // No task goes to it any more; only why it died waits for stderr's last words.
      const i = this.#idle.indexOf(slot);
      if (i >= 0) this.#idle.splice(i, 1);
      const report = () =>
        this.#fail(
          slot,
          diedOfMemory(signal, slot.stderr)
            ? this.#memoryError()
            : new SandboxError('crash', `the sandbox process stopped (${signal ?? `exit ${code}`})`),
        );
      if (proc.stderr && !proc.stderr.readableEnded) proc.stderr.once('close', report);
      else report();
    });
    return slot;
  }

  #memoryError(): SandboxError {
    return new SandboxError('memory', `the work needed more than the ${this.opts.memoryMb} MiB of memory a sandbox process may use`);
  }

  #timer(slot: Slot, task: Pending): NodeJS.Timeout {
    const { timeoutMs, deadline } = task.opts;
    const left = deadline === undefined ? timeoutMs : Math.max(0, Math.min(timeoutMs, Math.floor(deadline - performance.now())));
    const why =
      left < timeoutMs
        ? `the work did not end within its caller's time limit`
        : `the work took longer than ${timeoutMs} ms, the limit for it`;
    return setTimeout(() => void this.#kill(slot, new SandboxError('time', why)), left);
  }

  #start(slot: Slot, task: Pending): void {
    const id = this.#nextId++;
    // What an earlier task wrote says nothing of how this one ends.
    slot.stderr = '';
    slot.current = { id, task, timer: slot.ready ? this.#timer(slot, task) : null };
    // Held while its task runs, its start included: a caller awaiting the task keeps the process alive.
    this.#hold(slot, true);
    this.#running.set(task.opts.account, (this.#running.get(task.opts.account) ?? 0) + 1);
    this.#lastTurn.set(task.opts.account, ++this.#turns);
    try {
      slot.proc.send({ id, name: task.name, input: task.input }, (err) => {
        if (err) this.#fail(slot, new SandboxError('crash', `the task could not be sent to the sandbox (${err.message})`));
      });
    } catch (err) {
      this.#fail(slot, new SandboxError('crash', `the task could not be sent to the sandbox (${(err as Error).message})`));
    }
  }

  /** Whether the process (and its channel) keeps the event loop alive: while it has a task, not when idle. */
  #hold(slot: Slot, held: boolean): void {
    if (held) {
      slot.proc.ref();
      slot.proc.channel?.ref();
    } else {
      slot.proc.unref();
      slot.proc.channel?.unref();
    }
  }

  /** The slot's task (if any) fails with `err`; the slot leaves the pool, and waiting work gets a new process. */
  #fail(slot: Slot, err: SandboxError): void {
    const cur = slot.current;
    slot.current = null;
    if (cur) {
      if (cur.timer) clearTimeout(cur.timer);
      this.#ended(cur.task);
      if (isSandboxLimit(err)) this.opts.onKilled?.({ task: cur.task.name, account: cur.task.opts.account, kind: err.kind });
      cur.task.reject(err);
    }
    if (!slot.dead) {
      slot.dead = true;
      this.#slots.delete(slot);
      const i = this.#idle.indexOf(slot);
      if (i >= 0) this.#idle.splice(i, 1);
      slot.proc.kill('SIGKILL');
    }
    this.#pump();
  }

  #ended(task: Pending): void {
    const n = (this.#running.get(task.opts.account) ?? 1) - 1;
    if (n > 0) this.#running.set(task.opts.account, n);
    else {
      this.#running.delete(task.opts.account);
      if (!this.#queues.has(task.opts.account)) this.#lastTurn.delete(task.opts.account);
    }
  }

  async #kill(slot: Slot, err: SandboxError): Promise<void> {
    // Held (ref) until it has exited: an unreferenced child's exit would not keep the event loop alive
    // for whoever awaits this (close() as the process shuts down).
    slot.proc.ref();
    const exited =
      slot.proc.exitCode !== null || slot.proc.signalCode !== null
        ? Promise.resolve()
        : new Promise((r) => {
            slot.proc.once('exit', r);
            slot.proc.once('error', r); // a spawn that failed never exits
          });
    this.#fail(slot, err);
    await exited;
  }
}

/** The error a task threw, as its caller sees it (see SandboxError). */
function taskError(e: { name: string; message: string; fields: Record<string, unknown> }): Error {
  const { kind, field, limit } = e.fields;
  if (e.name === 'PdfError')
    return new PdfError(kind as PdfErrorKind, e.message, { field: field as string | undefined, limit: limit as PdfLimitName | undefined });
  return new SandboxError('task', e.message, { errorName: e.name, fields: e.fields });
}
