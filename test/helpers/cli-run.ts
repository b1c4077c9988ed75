// Runs `folio` commands for the CLI suites. By default a command runs in this test process (one worker
// thread per process, cli-in-process.ts): the same dispatch and run functions bin/folio calls, without a
// Node.js start, module load and compile per command. A suite keeps at least one real `bin/folio` launch per
// command family (`process: true`): that one shows the launcher, the compiled build and the exit code of a
// real process; a command that reads standard input always runs as a process.
import { spawn } from 'node:child_process';
import { startInProcessCli, type InProcessCli, type Run } from './cli-in-process.js';
import { atFileEnd } from './leak-check.js';
import { FOLIO_BIN } from './server-process.js';

export type { Run };

export interface FolioRunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Standard input (empty by default); given, the command runs as a `bin/folio` process. */
  input?: string;
  /** Run `bin/folio` as a process of its own rather than in this process. */
  process?: boolean;
}

let shared: InProcessCli | null = null;

/** Runs `folio args…` to its end in `cwd` with exactly `env`. */
export function runFolio(args: string[], opts: FolioRunOptions): Promise<Run> {
  if (opts.process || opts.input !== undefined) return launchFolio(args, opts);
  if (!shared) {
    const cli = startInProcessCli();
    shared = cli;
    atFileEnd(async () => {
      shared = null;
      await cli.close();
    });
  }
  return shared.run(args, opts);
}

/** Runs `bin/folio args…` as a process of its own, as a user's shell does. */
export function launchFolio(args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; input?: string }): Promise<Run> {
  const child = spawn(FOLIO_BIN, args, { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  // A command that never reads its input may end before the input is written: that is no failure.
  child.stdin.on('error', () => {});
  child.stdin.end(opts.input ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
