// How a LibreOffice process is confined (called its confinement, to tell it from the sandbox of src/sandbox/
// and from Chromium's own sandbox): it is started in a network namespace of its own (no interface but a loopback
// that is down: nothing a document references can be fetched), in a mount namespace that shows it the
// system's programs and its own private folder and nothing else of the machine, as an unprivileged user,
// with an address-space limit; the private folder is its home, temporary directory and profile.
// LibreOffice opens untrusted files and has a history of fetching what they reference; it gets no network
// and no view of Folio's data.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

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

export interface OfficeConfinementPlan {
  /** argv[0]; `prefix(dir)` the arguments before python3's own, for a process whose private folder is dir. */
  command: string;
  prefix: (dir: string) => string[];
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

/** The top-level folders a merged-/usr system links into /usr, and older ones keep as folders. */
const ROOT_PROGRAM_DIRS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/** What of /etc a LibreOffice conversion reads (traced on Debian), each bound when present. */
export const ETC_READ = [
  '/etc/alternatives',
  '/etc/fonts',
  '/etc/group',
  '/etc/ld.so.cache',
  '/etc/libreoffice',
  '/etc/localtime',
  '/etc/nsswitch.conf',
  '/etc/papersize',
  '/etc/passwd',
];

/**
 * The folder of a LibreOffice installation outside /usr (a vendor build: /opt/libreoffice…), which the
 * sandbox shows read-only; null for Debian's, inside /usr. Only an installation of its own is accepted,
 * <folder>/program/soffice beside program/soffice.bin, and never a top-level folder: a launcher placed in
 * a home or service folder would otherwise show the sandbox that whole folder.
 */
export function officeInstallFolder(soffice: string): string | null {
  const real = realpathSync(soffice);
  if (real.startsWith('/usr/')) return null;
  const program = path.dirname(real);
  const install = path.dirname(program);
  if (
    path.basename(program) !== 'program' ||
    !existsSync(path.join(program, 'soffice.bin')) ||
    install.split('/').filter(Boolean).length < 2
  )
    throw new Error(
      `FOLIO_OFFICE_PATH ${soffice}: outside /usr, LibreOffice must be an installation folder of its own, <folder>/program/soffice beside program/soffice.bin (such as /opt/libreoffice/program/soffice); the sandbox shows it that folder`,
    );
  return install;
}

/**
 * bubblewrap's arguments for the file system a LibreOffice process sees: /usr and ETC_READ read-only
 * (programs, libraries, fonts, fontconfig, LibreOffice's registry), the system's font cache, its own
 * /proc, a minimal /dev, an empty /tmp, LibreOffice's own folder when it is installed outside /usr, and
 * `dir` (its private folder) writable at the same path. Nothing else: not Folio's data folder, not home folders, not the rest of /tmp.
 */
export function fileSystemView(dir: string, soffice: string): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const d of ROOT_PROGRAM_DIRS) {
    try {
      const st = lstatSync(d);
      if (st.isSymbolicLink()) args.push('--symlink', readlinkSync(d), d);
      else if (st.isDirectory()) args.push('--ro-bind', d, d);
    } catch {
      /* not on this system */
    }
  }
  // Of /etc, only what LibreOffice, python3 and the C library read (a service's own settings and keys
  // often live there, readable by the user Folio runs as).
  // The folders bubblewrap makes for these are 0700 unless told: as root, the office user could not enter.
  for (const d of ['/etc', '/var', '/var/cache']) args.push('--perms', '0755', '--dir', d);
  for (const f of ETC_READ) args.push('--ro-bind-try', f, f);
  args.push('--ro-bind-try', '/var/cache/fontconfig', '/var/cache/fontconfig');
  // /tmp writable by anyone, sticky, as a system's /tmp (LibreOffice's pipes live there).
  args.push('--proc', '/proc', '--dev', '/dev', '--perms', '1777', '--tmpfs', '/tmp');
  const install = officeInstallFolder(soffice);
  if (install) args.push('--ro-bind', install, install);
  args.push('--bind', dir, dir, '--chdir', dir);
  return args;
}

/**
 * The command that wraps the bridge: bubblewrap, with a network namespace of its own (`--unshare-net`) and
 * the file system of fileSystemView; as root, bubblewrap then runs `setpriv` to the office user (no
 * supplementary groups, no new privileges); as another user, bubblewrap runs in an unprivileged user
 * namespace and LibreOffice as that user. Both then `prlimit --as`. Throws a sentence saying what is
 * missing when no isolation is possible: LibreOffice never runs with the network or the machine's files.
 */
export function planOfficeConfinement(opts: {
  user: string;
  memoryMb: number;
  soffice: string;
  /** The user id Folio runs as (its own by default). */
  uid?: number;
}): OfficeConfinementPlan {
  const limit = ['prlimit', `--as=${opts.memoryMb * 1024 * 1024}`, '--'];
  const bwrap = ['/usr/bin/bwrap', '/bin/bwrap'].find(executable);
  if (!bwrap)
    throw new Error(
      "LibreOffice runs without network and without the machine's files only in namespaces: install bubblewrap (Debian package bubblewrap)",
    );
  // Namespaces of its own: network (nothing to fetch), pids (no other process to see in /proc, signal or
  // read through /proc/<pid>/cwd, and everything dies with bubblewrap's init), IPC, host name, cgroups.
  // Not --new-session: the pool ends a process by its process group, which setsid would leave.
  const namespaces = ['--unshare-net', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try'];
  officeInstallFolder(opts.soffice); // refused here, at plan time, rather than at each start
  const sandbox = (dir: string) => [...namespaces, '--die-with-parent', ...fileSystemView(dir, opts.soffice), '--'];
  if ((opts.uid ?? process.getuid?.()) === 0) {
    const runAs = lookupUser(opts.user);
    if (!runAs)
      throw new Error(
        `Folio runs as root, so LibreOffice runs as an unprivileged user, and the user "${opts.user}" does not exist: create it (the set-up does: useradd --system --user-group --no-create-home --shell /usr/sbin/nologin ${opts.user}) or name another with FOLIO_OFFICE_USER`,
      );
    if (runAs.uid === 0) throw new Error(`FOLIO_OFFICE_USER "${opts.user}" is root; LibreOffice must run as an unprivileged user`);
    const drop = ['setpriv', `--reuid=${runAs.uid}`, `--regid=${runAs.gid}`, '--clear-groups', '--no-new-privs', '--'];
    return { command: bwrap, prefix: (dir) => [...sandbox(dir), ...drop, ...limit], runAs };
  }
  return { command: bwrap, prefix: (dir) => [...sandbox(dir), ...limit], runAs: null };
}
