import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** WalIndexHdr.iVersion: the wal-index layout SQLite has used since 3.7.0 (and libsql with it). */
const WALINDEX_VERSION = 3007000;
/** The header is 48 bytes and SQLite keeps two copies of it, one after the other. */
const HEADER_BYTES = 48;
const littleEndian = os.endianness() === 'LE';

/**
 * One read-only descriptor per `-shm` file per process, shared by every watcher of it. Why shared, and why
 * closed only by the last watcher, after its connection: closing *any* descriptor of a file drops every
 * POSIX lock this process holds on that file, including the locks SQLite's own connections keep on the
 * `-shm` file (the "a connection is open" lock, reader and writer locks). Dropping them while a connection
 * is open lets another process think it is alone, re-initialise the wal-index and checkpoint under our
 * readers; that can even bring the header back to bytes seen before, which would make a cached read stale.
 */
const descriptors = new Map<string, { fd: number; users: number }>();

/**
 * Tells, in ~2 µs, whether anything was committed to a SQLite database in WAL mode since the last look, by
 * any connection of any process: the cheap question src/db/read-cache.ts asks on every lookup.
 *
 * Every commit in WAL mode rewrites the wal-index header at the start of the `-shm` file before the commit
 * returns (https://www.sqlite.org/walformat.html, "The WAL-Index Header"): its change counter, the number
 * of the last valid frame, the running checksum of the frames and the salts that change when the WAL
 * restarts. While a connection of ours keeps the file open (so that no other process can re-initialise it),
 * the header's 48 bytes are a fingerprint of the committed state: a commit always changes them, and SQLite
 * itself decides with the same comparison whether its page cache is still valid. On a local file system
 * the kernel keeps one page cache for the file, so a `pread` sees what SQLite's shared mapping holds.
 *
 * `PRAGMA data_version` answers the same question officially, but through libsql it costs 8–15 µs per call
 * between HTTP requests, a fifth of an authenticated read (bench/README.md, API). What this relies on is
 * checked on every read, as SQLite's own readers check it, and anything unexpected answers "unknown"
 * (null), which makes the cache load from the database instead:
 * - the layout version is 3,007,000, the header says it is initialised, and its checksum is right;
 * - SQLite writes the second copy, then the first, so a read that races a commit can see two different
 *   copies: they must be equal.
 *
 * Use: create it after the connection has opened the database in WAL mode (so the `-shm` file exists and
 * is held), and close it after that connection is closed. test/integration/read-cache.test.ts checks that
 * every commit of another process is seen, and that a cached read never misses one.
 */
export class WalIndexWatch {
  private readonly shmPath: string;
  private fd: number | null;
  private readonly buffer = Buffer.alloc(2 * HEADER_BYTES);
  private readonly last = Buffer.alloc(HEADER_BYTES);
  private generation = 0;

  /** `databaseFile`: the path the database was opened with (SQLite resolves symbolic links, and so do we). */
  constructor(databaseFile: string) {
    let real = path.resolve(databaseFile);
    try {
      real = fs.realpathSync(real);
    } catch {
      // No such database file: the -shm file is not there either, and the open below fails.
    }
    this.shmPath = `${real}-shm`;
    const shared = descriptors.get(this.shmPath);
    if (shared) {
      shared.users++;
      this.fd = shared.fd;
      return;
    }
    try {
      this.fd = fs.openSync(this.shmPath, 'r');
      descriptors.set(this.shmPath, { fd: this.fd, users: 1 });
    } catch {
      this.fd = null; // every reading is unknown: nothing gets cached
    }
  }

  /**
   * A number that changes whenever a transaction has committed since the previous call, or null when the
   * header cannot be read or does not look like SQLite's (then nothing may be assumed).
   */
  version(): number | null {
    if (this.fd === null) return null;
    const b = this.buffer;
    try {
      if (fs.readSync(this.fd, b, 0, b.length, 0) !== b.length) return null;
    } catch {
      return null;
    }
    if (u32(b, 0) !== WALINDEX_VERSION || b[12] !== 1 || !checksumOk(b)) return null;
    if (b.compare(b, HEADER_BYTES, 2 * HEADER_BYTES, 0, HEADER_BYTES) !== 0) return null;
    if (b.compare(this.last, 0, HEADER_BYTES, 0, HEADER_BYTES) !== 0) {
      b.copy(this.last, 0, 0, HEADER_BYTES);
      this.generation++;
    }
    return this.generation;
  }

  /** Call after the database connection is closed (see `descriptors`). */
  close(): void {
    if (this.fd === null) return;
    this.fd = null;
    const shared = descriptors.get(this.shmPath);
    if (shared && --shared.users === 0) {
      descriptors.delete(this.shmPath);
      fs.closeSync(shared.fd);
    }
  }
}

const u32 = (b: Buffer, offset: number) => (littleEndian ? b.readUInt32LE(offset) : b.readUInt32BE(offset));

/**
 * The header's own checksum (aCksum, bytes 40–47) over its first 40 bytes, in native byte order: SQLite's
 * walChecksumBytes, two running 32-bit sums over pairs of words.
 */
function checksumOk(b: Buffer): boolean {
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < 40; i += 8) {
    s1 = (s1 + u32(b, i) + s2) >>> 0;
    s2 = (s2 + u32(b, i + 4) + s1) >>> 0;
  }
  return s1 === u32(b, 40) && s2 === u32(b, 44);
}
