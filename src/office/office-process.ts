// One confined LibreOffice (office-confinement.ts) with its UNO bridge (uno-bridge.ts), in a private folder:
// started once, then converting one document at a time. Killed as a whole process group on a timeout, and
// its folder (profile, inputs, outputs) removed when it ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { OfficeError } from './converter.js';
import type { OfficeConfinementPlan } from './office-confinement.js';
import { UNO_BRIDGE_SCRIPT } from './uno-bridge.js';

/** The process had ended before the document reached LibreOffice: the pool gives the document to another. */
export const processGone = () =>
  new OfficeError('office_conversion_failed', 'the LibreOffice process had ended before the document reached it (a crash)', [], {
    processGone: true,
  });

/** What the bridge answers for one document. */

export interface BridgeAnswer {
  ok: boolean;
  /** Where it failed: opening the document, exporting it, or before it reached LibreOffice (which had stopped). */
  stage?: 'load' | 'convert' | 'start';
  message?: string;
  /** LibreOffice ended during or after this conversion (its status, or "unresponsive"): the process is retired. */
  officeExited?: number | string;
}

export interface OfficeJob {
  fileName: string;
  bytes: Buffer;
  filterData: Record<string, boolean | number | string>;
  landscape: boolean;
  password?: string;
  fonts: { name: string; bytes: Buffer }[];
  /** When the conversion must have finished (Date.now() clock). */
  deadline: number;
  maxOutputBytes: number | null;
}

const MAX_MESSAGES = 50;
/** LibreOffice's own chatter that says nothing about the document. */
const NOISE = /javaldx|^\s*$/;

let nextProcessId = 1;

export class OfficeProcess {
  readonly id = nextProcessId++;
  conversions = 0;
  version = '';
  /** uid the bridge reported (not 0 when the sandbox works). */
  uid = -1;
  #child: ChildProcess | null = null;
  #dir = '';
  #pending: { resolve: (a: BridgeAnswer) => void; reject: (e: Error) => void } | null = null;
  #messages: string[] = [];
  #dead = false;
  #killed = false;
  /** close() came before the process answered its start: it is not started, or killed at once. */
  #closing = false;
  #started = false;
  readonly exited: Promise<void>;
  #onExit!: () => void;

  constructor(
    private readonly plan: OfficeConfinementPlan,
    private readonly bin: { soffice: string; python: string },
    private readonly startTimeoutMs: number,
    /**
     * Fonts of a version's bundle: this process is started for one conversion with them (LibreOffice reads
     * its fonts once, at start), through a fontconfig file of its own that adds them to the system's.
     */
    readonly fonts: { name: string; bytes: Buffer }[] | null = null,
  ) {
    this.exited = new Promise((r) => (this.#onExit = r));
  }

  /** Gone, or killed and about to be: never handed another document. */
  get dead(): boolean {
    return this.#dead || this.#killed;
  }

  /** Folio ended it (a conversion past its time limit, a start that failed, close()), not LibreOffice itself. */
  get killed(): boolean {
    return this.#killed;
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  private async own(p: string): Promise<void> {
    if (this.plan.runAs) await chown(p, this.plan.runAs.uid, this.plan.runAs.gid);
  }

  async start(): Promise<void> {
    this.#dir = await mkdtemp(path.join(os.tmpdir(), 'folio-office-'));
    await this.own(this.#dir);
    const fontEnv = this.fonts ? { FONTCONFIG_FILE: await this.writeFonts(this.fonts) } : {};
    if (this.#closing) {
      await rm(this.#dir, { recursive: true, force: true });
      this.#dead = true;
      this.#onExit();
      throw new OfficeError('office_unavailable', 'the Office converter is shutting down');
    }
    const child = this.#spawn(fontEnv);
    this.#child = child;
    const started = this.#follow(child);
    let timer: NodeJS.Timeout | undefined;
    try {
      const info = await Promise.race([
        started,
        new Promise<never>((_, rej) => {
          timer = setTimeout(
            () => rej(new OfficeError('office_unavailable', `LibreOffice did not start within ${this.startTimeoutMs} ms`)),
            this.startTimeoutMs,
          );
        }),
      ]);
      this.#started = true;
      this.version = info.version;
      this.uid = info.uid;
      this.#messages = [];
    } catch (err) {
      this.kill();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The bridge started in the process's private folder, within its confinement (office-confinement.ts). */
  #spawn(fontEnv: { FONTCONFIG_FILE?: string }): ChildProcess {
    const env = {
      ...fontEnv,
      PATH: '/usr/bin:/bin',
      HOME: this.#dir,
      TMPDIR: this.#dir,
      LANG: 'C.UTF-8',
      SAL_USE_VCLPLUGIN: 'svp',
    };
    const pipeName = `folio_office_${process.pid}_${this.id}_${randomBytes(4).toString('hex')}`;
    return spawn(
      this.plan.command,
      [
        ...this.plan.prefix(this.#dir),
        this.bin.python,
        '-c',
        UNO_BRIDGE_SCRIPT,
        this.bin.soffice,
        path.join(this.#dir, 'profile'),
        pipeName,
      ],
      { cwd: this.#dir, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] },
    );
  }

  /**
   * The bridge's lines and ends followed: its ready line settles the start, an answer settles the
   * conversion under way, and an exit ends both (the folder removed, the pool told).
   */
  #follow(child: ChildProcess): Promise<{ version: string; uid: number }> {
    child.stdin!.on('error', () => {});
    createInterface({ input: child.stderr! }).on('line', (line) => {
      if (!NOISE.test(line) && this.#messages.length < MAX_MESSAGES) this.#messages.push(line.slice(0, 500));
    });
    let ready: ((v: { version: string; uid: number }) => void) | null = null;
    let failed: ((e: Error) => void) | null = null;
    const started = new Promise<{ version: string; uid: number }>((res, rej) => {
      ready = res;
      failed = rej;
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let msg: Record<string, unknown>;
      try {
        msg = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      // LibreOffice itself ended (a crash, its memory limit): never hand this process another document; the
      // bridge exits right after this line.
      if (msg.officeExited !== undefined) this.#dead = true;
      if (msg.ready) ready?.({ version: String(msg.version), uid: Number(msg.uid) });
      else if (typeof msg.fatal === 'string') failed?.(new OfficeError('office_unavailable', `LibreOffice did not start: ${msg.fatal}`));
      else if (this.#pending && msg.id !== undefined) {
        const p = this.#pending;
        this.#pending = null;
        p.resolve(msg as unknown as BridgeAnswer);
      }
    });
    child.on('error', (err) => {
      failed?.(new OfficeError('office_unavailable', `LibreOffice could not be started: ${err.message}`));
      if (child.pid === undefined) {
        // Never spawned: no 'exit' follows, so the folder goes and the process counts as ended here.
        this.#dead = true;
        void rm(this.#dir, { recursive: true, force: true }).finally(() => this.#onExit());
      }
    });
    child.on('exit', (code, sig) => {
      this.#dead = true;
      // soffice.bin outlives the bridge when it did not answer its terminate: the group goes with it.
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* none left */
      }
      const why = `the LibreOffice process ended (${sig ?? `status ${code}`})`;
      failed?.(new OfficeError('office_unavailable', `LibreOffice did not start: ${why}: ${this.#messages.slice(-3).join(' / ')}`));
      const p = this.#pending;
      this.#pending = null;
      p?.reject(new OfficeError('office_conversion_failed', `${why} while converting (a crash, or its memory limit)`));
      void rm(this.#dir, { recursive: true, force: true }).finally(() => this.#onExit());
    });
    return started;
  }

  /** The fonts in <dir>/fonts and a fontconfig file that adds them to the system's; returns that file. */
  private async writeFonts(fonts: { name: string; bytes: Buffer }[]): Promise<string> {
    const dir = path.join(this.#dir, 'fonts');
    await mkdir(dir, { mode: 0o700 });
    await this.own(dir);
    for (const [i, f] of fonts.entries()) {
      // The name is the bundle's; only its extension is kept, so no path or markup comes from it.
      const file = path.join(dir, `font-${i}${/\.otf$/i.test(f.name) ? '.otf' : '.ttf'}`);
      await writeFile(file, f.bytes, { mode: 0o600 });
      await this.own(file);
    }
    const conf = path.join(this.#dir, 'fonts.conf');
    await writeFile(
      conf,
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>${dir}</dir><cachedir>${path.join(this.#dir, 'fc-cache')}</cachedir></fontconfig>\n`,
      { mode: 0o600 },
    );
    await this.own(conf);
    return conf;
  }

  /** Converts one document; past its deadline the process is killed and the conversion fails with office_timeout. */
  async convert(job: OfficeJob): Promise<{ answer: BridgeAnswer; pdf: Buffer | null; messages: string[] }> {
    if (this.dead || !this.#child) throw processGone();
    this.conversions++;
    const jobDir = path.join(this.#dir, `job-${this.conversions}`);
    await mkdir(jobDir, { mode: 0o700 });
    await this.own(jobDir);
    // The extension is what tells LibreOffice's type detection; the name itself is never used.
    const ext = /(\.[a-z0-9]+)$/i.exec(job.fileName)?.[1]?.toLowerCase() ?? '';
    const input = path.join(jobDir, `input${ext}`);
    const output = path.join(jobDir, 'output.pdf');
    await writeFile(input, job.bytes, { mode: 0o600 });
    await this.own(input);
    // It may have ended while the document was written (LibreOffice crashed, its bridge followed).
    if (this.dead) {
      await rm(jobDir, { recursive: true, force: true }).catch(() => undefined);
      throw processGone();
    }
    this.#messages = [];
    const answer = new Promise<BridgeAnswer>((resolve, reject) => (this.#pending = { resolve, reject }));
    const line = JSON.stringify({
      id: this.conversions,
      input,
      output,
      filterData: job.filterData,
      landscape: job.landscape,
      ...(job.password !== undefined ? { password: job.password } : {}),
    });
    this.#child.stdin!.write(`${line}\n`);
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        answer,
        new Promise<never>((_, rej) => {
          timer = setTimeout(
            () => {
              this.kill();
              rej(new OfficeError('office_timeout', 'the conversion did not finish within the time limit; LibreOffice was stopped'));
            },
            Math.max(0, job.deadline - Date.now()),
          );
        }),
      ]);
      let pdf: Buffer | null = null;
      if (result.ok) {
        const size = (await stat(output)).size;
        if (job.maxOutputBytes !== null && size > job.maxOutputBytes)
          throw new OfficeError('office_output_too_large', `the PDF has ${size} bytes, more than the plan's ${job.maxOutputBytes}`);
        pdf = await readFile(output);
      }
      return { answer: result, pdf, messages: [...this.#messages] };
    } catch (err) {
      if (err instanceof OfficeError) (err.messages as string[]).push(...this.#messages);
      throw err;
    } finally {
      clearTimeout(timer);
      this.#pending = null;
      await rm(jobDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** Ends the whole process group at once (soffice and the bridge). */
  kill(): void {
    const pid = this.#child?.pid;
    if (pid === undefined || this.#dead) return;
    this.#killed = true;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }

  /** Asks the bridge to close LibreOffice (stdin ends), then kills what is left after a grace period. */
  async close(graceMs = 3000): Promise<void> {
    this.#closing = true;
    if (!this.#child) return; // not spawned yet: start() sees #closing and stops before spawning
    if (this.#dead) return this.exited; // ended: its folder is being removed
    if (!this.#started) {
      this.kill(); // still starting: nothing to save, and a shutdown must not wait for LibreOffice's start
      await this.exited;
      return;
    }
    this.#child.stdin!.end();
    const t = setTimeout(() => this.kill(), graceMs);
    await this.exited;
    clearTimeout(t);
  }
}
