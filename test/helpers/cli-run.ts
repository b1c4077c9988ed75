// Runs the `folio` command (bin/folio) as a user does, for the CLI suites.
import { spawn } from 'node:child_process';
import { FOLIO_BIN } from './server-process.js';

/** What a `folio` command printed and how it ended. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `folio args…` to its end in `cwd` with exactly `env`; `input` is its standard input (empty by default). */
export function runFolio(args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; input?: string }): Promise<Run> {
  const child = spawn(FOLIO_BIN, args, { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end(opts.input ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
