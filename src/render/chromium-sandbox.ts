// Who Chromium runs as, and whether it keeps its own sandbox. Templates are untrusted code: with the
// sandbox on, a renderer exploit lands in a process with no file system, no network and a seccomp filter;
// with it off, it lands with the privileges of the user Chromium runs as. Chromium refuses its sandbox as
// root, so when Folio runs as root it starts Chromium as an unprivileged system user instead.
import { execFileSync } from 'node:child_process';
import { RenderError } from './types.js';

/** The unprivileged user Chromium runs as when Folio runs as root (created by `npm start`'s set-up). */
export const DEFAULT_CHROMIUM_USER = 'folio-chromium';

export interface SandboxOptions {
  /** User Chromium runs as when Folio runs as root (FOLIO_CHROMIUM_USER). Default `folio-chromium`. */
  chromiumUser?: string;
  /** Run Chromium without its sandbox (FOLIO_CHROMIUM_NO_SANDBOX): only where an operator allows it. */
  noSandbox?: boolean;
}

export interface ChromiumIdentity {
  user: string;
  uid: number;
  gid: number;
}

/** How Chromium is started: sandboxed (as `runAs`, or as Folio's own user when null) or not. */
export type SandboxPlan = { sandbox: true; runAs: ChromiumIdentity | null } | { sandbox: false; runAs: null };

/** A line for logs and /readyz. */
export function describeSandbox(opts: SandboxOptions, isRoot = runningAsRoot()): string {
  if (opts.noSandbox) return 'off (FOLIO_CHROMIUM_NO_SANDBOX=true)';
  return isRoot ? `on (Chromium runs as ${opts.chromiumUser ?? DEFAULT_CHROMIUM_USER})` : 'on';
}

export function runningAsRoot(): boolean {
  return process.getuid?.() === 0;
}

/**
 * Decides how to start Chromium. Throws render_provider_unavailable, saying what to do, when Folio runs
 * as root and the user to run Chromium as does not exist: falling back to `--no-sandbox` silently is
 * exactly what this guards against.
 */
export function planSandbox(opts: SandboxOptions, lookup: (user: string) => ChromiumIdentity | null = lookupUser): SandboxPlan {
  if (opts.noSandbox) return { sandbox: false, runAs: null };
  if (!runningAsRoot()) return { sandbox: true, runAs: null };
  const user = opts.chromiumUser ?? DEFAULT_CHROMIUM_USER;
  const runAs = lookup(user);
  if (!runAs) {
    throw new RenderError(
      'render_provider_unavailable',
      `Folio runs as root, so Chromium must run as an unprivileged user to keep its sandbox, and the user "${user}" does not exist: ` +
        `create it (npm start's set-up does: useradd --system --user-group --no-create-home --shell /usr/sbin/nologin ${user}), ` +
        'name another with FOLIO_CHROMIUM_USER, or allow FOLIO_CHROMIUM_NO_SANDBOX=true (docs/operations.md)',
    );
  }
  if (runAs.uid === 0)
    throw new RenderError(
      'render_provider_unavailable',
      `FOLIO_CHROMIUM_USER "${user}" is root; Chromium's sandbox needs an unprivileged user`,
    );
  return { sandbox: true, runAs };
}

const found = new Map<string, ChromiumIdentity>();

/**
 * uid and gid of a user by name, from the system's user database (`id`, so NSS sources count too). A user
 * found is remembered (relaunches then block nothing); a missing one is asked again at the next launch, so
 * creating it heals without a restart.
 */
export function lookupUser(user: string): ChromiumIdentity | null {
  const known = found.get(user);
  if (known) return known;
  try {
    const id = (flag: '-u' | '-g') =>
      Number(execFileSync('id', [flag, user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const uid = id('-u');
    const gid = id('-g');
    if (!Number.isInteger(uid) || !Number.isInteger(gid)) return null;
    const identity = { user, uid, gid };
    found.set(user, identity);
    return identity;
  } catch {
    return null;
  }
}
