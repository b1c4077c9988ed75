// The supervised pool of warm LibreOffice processes (office-process.ts) behind the OfficeConverter port:
// `size` processes, each started on first need and replaced after `maxConversionsPerProcess` conversions,
// a crash or a timeout. Conversions wait in turns per account: a free process takes the next document of
// the account with the fewest running, and no account holds more than size - 1 processes while another
// waits, so one tenant's hanging documents never hold every process until their time limit. When they
// already hold every process, an account that runs none gets a spare one (size + 1, closed after its
// conversion) instead of waiting for them.
import { checkOfficeInput } from '../domain/office/office-input.js';
import { officeFilterData, officeOptionsProblem } from '../domain/office/office-options.js';
import { OfficeError, type OfficeConversionRequest, type OfficeConversionResult, type OfficeConverter } from './converter.js';
import { OfficeProcess, processGone } from './office-process.js';
import { findOffice, planOfficeConfinement, type OfficeConfinementPlan } from './office-confinement.js';

export interface OfficePoolOptions {
  /** Processes (FOLIO_OFFICE_POOL_SIZE). */
  size: number;
  /** A process is replaced after this many conversions (FOLIO_OFFICE_MAX_CONVERSIONS). */
  maxConversionsPerProcess: number;
  /** Address-space limit of each process, MiB (FOLIO_OFFICE_MEMORY_MB). */
  memoryMb: number;
  /** The unprivileged user LibreOffice runs as when Folio runs as root (FOLIO_OFFICE_USER). */
  user: string;
  /** soffice; null: Debian's (office-confinement.ts). */
  sofficePath: string | null;
  startTimeoutMs?: number;
  /** A conversion running this long may be hanging: its account no longer takes the last free process. */
  slowMs?: number;
  /** A process that dies idle sooner than this after its start is not replaced at once (no restart loop). */
  replaceAfterMs?: number;
  /** A process started (folio_office_process_starts_total, and folio_office_process_restarts_total for replacements). */
  onProcessStart?: (start: OfficeProcessStart) => void;
}

/**
 * Why a process of the pool was replaced: LibreOffice ended by itself (`crash`: a crash, its memory limit, or
 * killed from outside), Folio stopped it at a conversion's time limit (`timeout`), or it had done
 * maxConversionsPerProcess conversions (`max_conversions`, routine).
 */
export const OFFICE_RESTART_REASONS = ['crash', 'timeout', 'max_conversions'] as const;
export type OfficeRestartReason = (typeof OFFICE_RESTART_REASONS)[number];

/** A start: in place of a pool process that ended (`restart`: why), or not (null: a first one, a spare, a document's own). */
export interface OfficeProcessStart {
  restart: OfficeRestartReason | null;
}

interface Waiting {
  req: OfficeConversionRequest;
  /** The request ships fonts: it gets a process of its own, started with them, in a slot of the pool. */
  fresh: boolean;
  enqueuedAt: number;
  deadline: number;
  resolve: (p: OfficeProcess) => void;
  reject: (e: Error) => void;
}

export class OfficePool implements OfficeConverter {
  #opts: OfficePoolOptions;
  #idle: OfficeProcess[] = [];
  /** Processes running or starting, counted so the pool never passes its size. */
  #live = 0;
  /** Start times of each account's running conversions. */
  #running = new Map<string, number[]>();
  #queues = new Map<string, Waiting[]>();
  #closed = false;
  #warming = false;
  #recheck: NodeJS.Timeout | null = null;
  /** When each busy process was handed its conversion (the account's start time in #running). */
  #startedAt = new WeakMap<OfficeProcess, number>();
  #all = new Set<OfficeProcess>();
  /** Starts under way (warm() waits for them). */
  #starting = new Set<Promise<unknown>>();
  #bin: { soffice: string; python: string } | { problem: string } | null = null;
  #plan: OfficeConfinementPlan | null = null;
  #version: string | null = null;
  /** Why pool processes ended that no start has replaced yet, oldest first (at most one per slot). */
  #ended: OfficeRestartReason[] = [];

  constructor(opts: OfficePoolOptions) {
    this.#opts = opts;
  }

  /** Why conversions cannot run on this machine (LibreOffice missing, no way to isolate it), or null. */
  unavailableReason(): string | null {
    this.#bin ??= findOffice(this.#opts.sofficePath);
    if ('problem' in this.#bin) return this.#bin.problem;
    try {
      this.#plan ??= planOfficeConfinement({ user: this.#opts.user, memoryMb: this.#opts.memoryMb, soffice: this.#bin.soffice });
    } catch (err) {
      return (err as Error).message;
    }
    return null;
  }

  /** LibreOffice's version once a process has started ("7.4.7.2"), else null. */
  get version(): string | null {
    return this.#version;
  }

  /**
   * Starts the pool's processes now, one after the other, so no conversion pays LibreOffice's start (about
   * 1 s, more while other processes convert). Does nothing where LibreOffice is unavailable.
   */
  async warm(): Promise<void> {
    this.#warming = true;
    if (this.unavailableReason() !== null) return;
    while (!this.#closed && this.#live < this.#opts.size) {
      this.#live++;
      const p = await this.#startProcess();
      this.#release(p);
      this.#dispatch();
    }
    // Starts made for waiting conversions, or by a replacement in flight: the pool is full once they end.
    await Promise.allSettled([...this.#starting]);
  }

  async convert(req: OfficeConversionRequest): Promise<OfficeConversionResult> {
    const enqueuedAt = Date.now();
    const problem = officeOptionsProblem(req.options);
    if (problem) throw new OfficeError('office_input_invalid', problem);
    const verdict = checkOfficeInput(req.fileName, req.bytes, req.options.password !== undefined);
    if (!verdict.ok) throw new OfficeError(verdict.code, verdict.message);
    const unavailable = this.unavailableReason();
    if (unavailable) throw new OfficeError('office_unavailable', unavailable);
    if (this.#closed) throw new OfficeError('office_unavailable', 'the Office converter is shutting down');
    // The first conversion starts the rest of the pool: a server that never converts runs no LibreOffice.
    if (!this.#warming) {
      this.#warming = true;
      void this.warm().catch(() => undefined);
    }
    const deadline = enqueuedAt + req.timeoutMs;
    // A process that ended (LibreOffice crashed) between its turn and the document reaching it gives the
    // document back: it goes to another process, once.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#convertOn(await this.#take(req, deadline), req, { enqueuedAt, deadline, encrypted: verdict.encrypted });
      } catch (err) {
        if (!(err instanceof OfficeError && err.processGone) || attempt > 1) throw err;
      }
    }
  }

  /** One conversion on a process the account's turn gave it; the process goes back (or is replaced) after. */
  async #convertOn(
    proc: OfficeProcess,
    req: OfficeConversionRequest,
    { enqueuedAt, deadline, encrypted }: { enqueuedAt: number; deadline: number; encrypted: boolean },
  ): Promise<OfficeConversionResult> {
    const t0 = Date.now();
    try {
      const { answer, pdf, messages } = await proc.convert({
        fileName: req.fileName,
        bytes: req.bytes,
        filterData: officeFilterData(req.options),
        landscape: req.options.landscape === true,
        ...(req.options.password !== undefined ? { password: req.options.password } : {}),
        fonts: req.fonts ?? [],
        deadline,
        maxOutputBytes: req.maxOutputBytes,
      });
      if (!answer.ok && answer.stage === 'start') throw processGone();
      if (!answer.ok || !pdf) {
        if (answer.stage === 'load' && encrypted)
          throw new OfficeError(
            'office_password_required',
            `${req.fileName} did not open with the password sent in office.password`,
            messages,
          );
        const what = answer.stage === 'load' ? 'LibreOffice could not open' : 'LibreOffice could not convert';
        throw new OfficeError('office_conversion_failed', `${what} ${req.fileName}: ${answer.message ?? 'no reason given'}`, messages);
      }
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new OfficeError('office_conversion_failed', `LibreOffice wrote no PDF for ${req.fileName}`, messages);
      return {
        pdf,
        messages,
        converter: { name: 'LibreOffice', version: proc.version },
        timings: { queued: t0 - enqueuedAt, convert: Date.now() - t0 },
      };
    } finally {
      this.#finish(req.accountId, proc);
    }
  }

  /** A process for this request, in the account's turn; rejects at the deadline or on abort. */
  #take(req: OfficeConversionRequest, deadline: number): Promise<OfficeProcess> {
    return new Promise<OfficeProcess>((resolve, reject) => {
      const w: Waiting = { req, fresh: (req.fonts?.length ?? 0) > 0, enqueuedAt: Date.now(), deadline, resolve, reject };
      const q = this.#queues.get(req.accountId) ?? [];
      q.push(w);
      this.#queues.set(req.accountId, q);
      const drop = (err: Error) => {
        const list = this.#queues.get(req.accountId);
        const i = list?.indexOf(w) ?? -1;
        if (i < 0) return;
        list!.splice(i, 1);
        if (list!.length === 0) this.#queues.delete(req.accountId);
        reject(err);
      };
      const timer = setTimeout(
        () => drop(new OfficeError('office_timeout', 'no LibreOffice process was free within the time limit')),
        Math.max(0, deadline - Date.now()),
      );
      const onAbort = () => drop(new OfficeError('office_conversion_failed', 'the conversion was canceled'));
      req.signal?.addEventListener('abort', onAbort, { once: true });
      w.resolve = (p) => {
        clearTimeout(timer);
        req.signal?.removeEventListener('abort', onAbort);
        resolve(p);
      };
      w.reject = (e) => {
        clearTimeout(timer);
        req.signal?.removeEventListener('abort', onAbort);
        reject(e);
      };
      this.#dispatch();
    });
  }

  /**
   * Hands free (or startable) processes to the next waiting conversions, fewest-running account first. The
   * last free process goes to an account that already runs conversions only while all of them are younger
   * than slowMs: an account whose document may be hanging leaves it to the others.
   */
  #dispatch(): void {
    for (;;) {
      while (this.#idle.length > 0 && this.#idle[this.#idle.length - 1]!.dead) {
        this.#idle.pop();
        this.#live--;
      }
      // Past its size (a spare process is live), the pool has only its idle processes to give.
      const free = this.#idle.length + Math.max(0, this.#opts.size - this.#live);
      const now = Date.now();
      let best: string | null = null;
      let bestRunning = Infinity;
      if (free <= 0) {
        // Every process is held. An account that runs none gets one more process (the spare, closed when
        // its conversion ends): another account's documents, hanging or heavy, never make it wait for them.
        if (this.#live > this.#opts.size) return;
        best = [...this.#queues.keys()].find((a) => !this.#running.has(a)) ?? null;
        if (best === null) return;
      }
      for (const account of free <= 0 ? [] : this.#queues.keys()) {
        const running = this.#running.get(account) ?? [];
        if (free === 1 && running.some((t) => now - t >= this.#slowMs)) continue;
        if (running.length < bestRunning) {
          best = account;
          bestRunning = running.length;
        }
      }
      if (best === null) {
        // Look again once the youngest running conversion passes slowMs (or another ends).
        if (this.#queues.size > 0 && !this.#recheck)
          this.#recheck = setTimeout(() => {
            this.#recheck = null;
            this.#dispatch();
          }, this.#slowMs).unref();
        return;
      }
      const account = best;
      const q = this.#queues.get(account)!;
      const w = q.shift()!;
      if (q.length === 0) this.#queues.delete(account);
      this.#running.set(account, [...(this.#running.get(account) ?? []), now]);
      if (w.fresh) {
        // A process with the request's fonts, in a slot of the pool: an idle warm one gives its slot up.
        if (this.#live >= this.#opts.size && this.#idle.length > 0) {
          this.#live--;
          void this.#idle.pop()!.close();
        }
        this.#live++;
        void this.#startProcess(w.req.fonts).then(
          (p) => {
            this.#startedAt.set(p, now);
            w.resolve(p);
          },
          (err: Error) => {
            this.#finish(account, null, now);
            w.reject(err);
          },
        );
        continue;
      }
      const idle = this.#idle.pop();
      if (idle) {
        this.#startedAt.set(idle, now);
        w.resolve(idle);
        continue;
      }
      this.#live++;
      void this.#startProcess().then(
        (p) => {
          this.#startedAt.set(p, now);
          w.resolve(p);
        },
        (err: Error) => {
          this.#finish(account, null, now);
          w.reject(err);
        },
      );
    }
  }

  get #slowMs(): number {
    return this.#opts.slowMs ?? 2000;
  }

  /** Starts a process for a slot already counted in #live (given back when the start fails). */
  async #startProcess(fonts: OfficeConversionRequest['fonts'] = undefined): Promise<OfficeProcess> {
    const startedAt = Date.now();
    const bin = this.#bin as { soffice: string; python: string };
    const p = new OfficeProcess(this.#plan!, bin, this.#opts.startTimeoutMs ?? 60_000, fonts && fonts.length > 0 ? fonts : null);
    this.#all.add(p);
    void p.exited.then(() => {
      this.#all.delete(p);
      // Died while idle (a crash, killed from outside): its slot is freed and, if it had lived a while,
      // filled again at once. One that dies right after its start is left to the next conversion.
      const i = this.#idle.indexOf(p);
      if (i < 0) return;
      this.#idle.splice(i, 1);
      this.#live--;
      this.#endedFor('crash');
      if (Date.now() - startedAt >= (this.#opts.replaceAfterMs ?? 10_000)) this.#replace();
    });
    const started = p.start();
    this.#starting.add(started);
    void started.catch(() => undefined).finally(() => this.#starting.delete(started));
    try {
      await started;
    } catch (err) {
      this.#live--;
      this.#all.delete(p);
      throw err;
    }
    this.#version = p.version;
    // A process with a document's fonts is that document's, not a replacement in the pool.
    this.#opts.onProcessStart?.({ restart: p.fonts === null ? (this.#ended.shift() ?? null) : null });
    return p;
  }

  /** A conversion ended: its process goes back (or is replaced), and the next waiting one is served. */
  #finish(account: string, proc: OfficeProcess | null, startedAt?: number): void {
    const running = this.#running.get(account) ?? [];
    const t = startedAt ?? (proc ? this.#startedAt.get(proc) : undefined);
    const i = t === undefined ? 0 : running.indexOf(t);
    running.splice(i < 0 ? 0 : i, 1);
    if (running.length === 0) this.#running.delete(account);
    if (proc) this.#release(proc);
    this.#dispatch();
  }

  /**
   * A process is gone: once the pool has started, another starts at once in the background, so the next
   * document does not wait for LibreOffice's start. A failed start is tried again by the next conversion.
   */
  #replace(): void {
    if (this.#warming && !this.#closed) void this.warm().catch(() => undefined);
  }

  #release(proc: OfficeProcess): void {
    // A process beyond the pool's size goes once nobody waits (handed on, it saves the next one a start).
    const spare = this.#live > this.#opts.size && this.#queues.size === 0;
    if (spare || proc.dead || this.#closed || proc.fonts !== null || proc.conversions >= this.#opts.maxConversionsPerProcess) {
      // Not a spare or a document's own: its slot will be filled again (closed: #endedFor ignores it).
      if (!spare && proc.fonts === null) this.#endedFor(proc.dead ? (proc.killed ? 'timeout' : 'crash') : 'max_conversions');
      this.#live--;
      void proc.close();
      this.#replace();
      return;
    }
    this.#idle.push(proc);
  }

  /** A pool process ended: the next start without fonts takes its place, and is counted as a restart for this. */
  #endedFor(why: OfficeRestartReason): void {
    if (!this.#closed && this.#ended.length < this.#opts.size) this.#ended.push(why);
  }

  /** Processes alive now, for tests and metrics (their pids and conversions). */
  processes(): Array<{ pid: number | undefined; conversions: number; uid: number }> {
    return [...this.#all].map((p) => ({ pid: p.pid, conversions: p.conversions, uid: p.uid }));
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#recheck) clearTimeout(this.#recheck);
    for (const q of this.#queues.values())
      for (const w of q) w.reject(new OfficeError('office_unavailable', 'the Office converter is shutting down'));
    this.#queues.clear();
    this.#idle = [];
    // A process still starting is stopped where it is (killed, or never spawned), not waited for.
    await Promise.all([...this.#all].map((p) => p.close()));
    await Promise.allSettled([...this.#starting]);
  }
}
