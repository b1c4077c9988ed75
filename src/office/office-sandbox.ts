// How a LibreOffice process is started: in a network namespace of its own (no interface but a loopback
// that is down: nothing a document references can be fetched), as an unprivileged user, with an address-
// space limit, in a private folder that is its home, temporary directory and profile. LibreOffice opens
// untrusted files and has a history of fetching what they reference; it gets no network at all.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/** The unprivileged user LibreOffice runs as when Folio runs as root (created by the set-up). */
export const DEFAULT_OFFICE_USER = 'folio-office';

/** Where Debian's packages put LibreOffice's launcher, first found wins. */
export const SOFFICE_CANDIDATES = ['/usr/lib/libreoffice/program/soffice', '/usr/bin/soffice', '/usr/bin/libreoffice'];
/** Debian's python3-uno belongs to the system Python, not to one a user may have first on PATH. */
export const PYTHON_CANDIDATES = ['/usr/bin/python3'];

export interface OfficeIdentity {
  user: string;
  uid: number;
  gid: number;
}

export interface OfficeSandboxPlan {
  /** argv[0] and the arguments before python3's own. */
  command: string;
  prefix: string[];
  runAs: OfficeIdentity | null;
}

const executable = (p: string) => {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The installed soffice and python3 (with uno), or why conversion is unavailable. */
export function findOffice(sofficePath: string | null): { soffice: string; python: string } | { problem: string } {
  const soffice = sofficePath ?? SOFFICE_CANDIDATES.find(executable);
  if (!soffice || !executable(soffice))
    return {
      problem: `LibreOffice is not installed (looked for ${sofficePath ?? SOFFICE_CANDIDATES.join(', ')}); install it with the set-up (Debian: libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui python3-uno)`,
    };
  const python = PYTHON_CANDIDATES.find(executable);
  if (!python) return { problem: 'python3 is not installed (/usr/bin/python3, with Debian package python3-uno)' };
  try {
    execFileSync(python, ['-c', 'import uno'], { stdio: 'ignore', timeout: 10_000 });
  } catch {
    return { problem: 'python3-uno is not installed (Debian package python3-uno): Folio drives LibreOffice through it' };
  }
  return { soffice, python };
}

const users = new Map<string, OfficeIdentity>();

function lookupUser(user: string): OfficeIdentity | null {
  const known = users.get(user);
  if (known) return known;
  try {
    const id = (flag: '-u' | '-g') =>
      Number(execFileSync('id', [flag, user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const identity = { user, uid: id('-u'), gid: id('-g') };
    if (!Number.isInteger(identity.uid) || !Number.isInteger(identity.gid)) return null;
    users.set(user, identity);
    return identity;
  } catch {
    return null;
  }
}

/**
 * The command that wraps the bridge: as root, `unshare --net` (a new network namespace) then `setpriv` to
 * the office user (no supplementary groups, no new privileges); as another user, bubblewrap's
 * `--unshare-net` (an unprivileged user namespace). Both then `prlimit --as`. Throws a sentence saying what
 * is missing when no isolation is possible: LibreOffice never runs with the network.
 */
export function planOfficeSandbox(opts: { user: string; memoryMb: number }): OfficeSandboxPlan {
  const limit = ['prlimit', `--as=${opts.memoryMb * 1024 * 1024}`, '--'];
  if (process.getuid?.() === 0) {
    const runAs = lookupUser(opts.user);
    if (!runAs)
      throw new Error(
        `Folio runs as root, so LibreOffice runs as an unprivileged user, and the user "${opts.user}" does not exist: create it (the set-up does: useradd --system --user-group --no-create-home --shell /usr/sbin/nologin ${opts.user}) or name another with FOLIO_OFFICE_USER`,
      );
    if (runAs.uid === 0) throw new Error(`FOLIO_OFFICE_USER "${opts.user}" is root; LibreOffice must run as an unprivileged user`);
    return {
      command: 'unshare',
      prefix: [
        '--net',
        '--',
        'setpriv',
        `--reuid=${runAs.uid}`,
        `--regid=${runAs.gid}`,
        '--clear-groups',
        '--no-new-privs',
        '--',
        ...limit,
      ],
      runAs,
    };
  }
  const bwrap = ['/usr/bin/bwrap', '/bin/bwrap'].find(executable);
  if (!bwrap) throw new Error('LibreOffice runs without network only in a namespace: install bubblewrap (Debian package bubblewrap)');
  return {
    command: bwrap,
    prefix: ['--unshare-net', '--die-with-parent', '--dev-bind', '/', '/', '--', ...limit],
    runAs: null,
  };
}
