// The e-invoice validator process: one JVM running einvoice/EInvoiceValidator.java with Debian's Saxon-HE,
// started on first use and kept warm (the compiled schemas and stylesheets stay in it), one request at a
// time. It is Folio's only Java: the official rule sets are XSLT 2 stylesheets, and of the engines that run
// them only Saxon computes xs:decimal exactly (docs/einvoice.md, "Engine").
// Confinement: a heap limit (the JVM exits on running out of it), an element-depth limit, a time limit per
// request (past it the process is killed and the next request starts another), and, where bubblewrap is
// installed and may make namespaces, a network namespace of its own with the machine's files read-only and
// an empty /tmp. The XML itself is parsed with no DOCTYPE, external entity or XInclude (the Java side
// refuses them).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { EInvoiceError } from './einvoice-error.js';
import { EINVOICE_DIR } from './rule-sets.js';

export interface ValidatorSettings {
  /** The `java` launcher (Java 17 or later); null: the first on PATH. */
  java: string | null;
  /** Saxon-HE's jar (Debian's libsaxonhe-java). */
  saxonJar: string;
  memoryMb: number;
  timeoutMs: number;
}

export interface RawFinding {
  set: number;
  id: string | null;
  flag: string | null;
  location: string | null;
  test: string | null;
  text: string;
  report: boolean;
}

export interface RawAnswer {
  wellFormed: boolean;
  schema: Array<{ line: number; column: number; message: string }>;
  findings: RawFinding[];
}

const executable = (p: string) => {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && executable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

let bwrapWorks: boolean | undefined;

/**
 * bubblewrap, when it is installed and may make namespaces here (a container often may not): the validator
 * then runs without network. Asked once per process; without it the XML parser's own refusals remain.
 */
export function confinement(): string | null {
  const bwrap = ['/usr/bin/bwrap', '/bin/bwrap'].find(executable);
  if (!bwrap) return null;
  bwrapWorks ??=
    spawnSync(bwrap, ['--unshare-net', '--ro-bind', '/', '/', '--', 'true'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
  return bwrapWorks ? bwrap : null;
}

/** The java launcher and Saxon jar to use, or why there are none. */
export function findValidatorRuntime(s: ValidatorSettings): { java: string; jar: string } | { problem: string } {
  const java = s.java ?? onPath('java');
  if (!java || !executable(java))
    return { problem: `Java is not installed (${s.java ?? 'no java on PATH'}); install it with the set-up (Debian: default-jre-headless)` };
  try {
    accessSync(s.saxonJar, constants.R_OK);
  } catch {
    return { problem: `Saxon-HE is not installed (${s.saxonJar}); install it with the set-up (Debian: libsaxonhe-java)` };
  }
  return { java, jar: s.saxonJar };
}

/**
 * Ends a validator process and lets go of its pipes. The whole process group: bubblewrap forks, and a
 * process killed just after it started may not yet have armed --die-with-parent in its child.
 */
function end(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  child.kill('SIGKILL');
  for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
}

interface Pending {
  resolve: (line: string) => void;
  reject: (err: Error) => void;
}

export class EInvoiceValidatorProcess {
  private child: ChildProcess | null = null;
  private buffered = '';
  private stderr = '';
  private pending: Pending | null = null;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly settings: ValidatorSettings) {}

  /** Runs the schema (or none) and stylesheets on the XML; `xml` null only compiles them (warm-up). */
  run(schema: string | null, stylesheets: string[], xml: Buffer | null): Promise<RawAnswer> {
    const next = this.chain.then(() => this.request(schema, stylesheets, xml));
    this.chain = next.catch(() => undefined);
    return next;
  }

  close(): void {
    if (this.child) end(this.child);
    this.child = null;
  }

  private start(): ChildProcess {
    const runtime = findValidatorRuntime(this.settings);
    if ('problem' in runtime) throw new EInvoiceError('unavailable', runtime.problem);
    const javaArgs = [
      `-Xmx${this.settings.memoryMb}m`,
      '-Xss4m',
      '-XX:+ExitOnOutOfMemoryError',
      '-XX:-UsePerfData',
      '-Djdk.xml.maxElementDepth=256',
      '-cp',
      runtime.jar,
      path.join(EINVOICE_DIR, 'EInvoiceValidator.java'),
    ];
    const bwrap = confinement();
    // The machine's files read-only, an empty /tmp (with the rule sets shown again, wherever they are), no network.
    const sandbox = ['--unshare-net', '--unshare-pid', '--unshare-ipc', '--die-with-parent', '--ro-bind', '/', '/'];
    const views = ['--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp', '--ro-bind', EINVOICE_DIR, EINVOICE_DIR];
    const [command, args] = bwrap ? [bwrap, [...sandbox, ...views, '--', runtime.java, ...javaArgs]] : [runtime.java, javaArgs];
    // A process group of its own, so that end() reaches every process bubblewrap made.
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      this.buffered += chunk;
      const nl = this.buffered.indexOf('\n');
      if (nl >= 0 && this.pending) {
        const line = this.buffered.slice(0, nl);
        this.buffered = this.buffered.slice(nl + 1);
        const p = this.pending;
        this.pending = null;
        p.resolve(line);
      }
    });
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-4000);
    });
    child.on('error', (err) => this.fail(child, `could not start Java: ${err.message}`));
    child.on('exit', (code, signal) =>
      this.fail(
        child,
        `the validator process ended (${signal ?? `exit ${code}`})${this.stderr ? `: ${this.stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`,
      ),
    );
    child.stdin!.on('error', () => undefined);
    return child;
  }

  private fail(child: ChildProcess, message: string) {
    if (this.child !== child) return;
    end(child);
    this.child = null;
    this.buffered = '';
    const p = this.pending;
    this.pending = null;
    p?.reject(new EInvoiceError('failed', message));
  }

  private async request(schema: string | null, stylesheets: string[], xml: Buffer | null): Promise<RawAnswer> {
    if (!this.child) {
      this.stderr = '';
      this.child = this.start();
    }
    const child = this.child;
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(child, `validation took longer than ${this.settings.timeoutMs} ms`),
        this.settings.timeoutMs,
      );
      this.pending = {
        resolve: (l) => {
          clearTimeout(timer);
          resolve(l);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      const header = `${schema ?? '-'}\t${stylesheets.join(',') || '-'}\t${xml ? xml.length : -1}\n`;
      child.stdin!.write(header);
      if (xml) child.stdin!.write(xml);
    });
    const answer = JSON.parse(line) as RawAnswer & { error?: string; ok?: boolean };
    if (answer.error !== undefined) throw new EInvoiceError('failed', `a rule set could not run on this XML: ${answer.error}`);
    return { wellFormed: answer.wellFormed ?? true, schema: answer.schema ?? [], findings: answer.findings ?? [] };
  }
}
