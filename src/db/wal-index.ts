import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** WalIndexHdr.iVersion: the wal-index layout SQLite has used since 3.7.0 (and libsql with it). */
const WALINDEX_VERSION = 3007000;
/** The header is 48 bytes and SQLite keeps two copies of it, one after the other. */
const HEADER_BYTES = 48;

/**
 * Tells, for about a microsecond, whether anything was committed to a SQLite database in WAL mode since
 * the last look, by any connection of any process: the cheap question src/db/read-cache.ts asks on every
 * lookup.
 *
 * Every commit in WAL mode rewrites the wal-index header at the start of the `-shm` file before the commit
 * returns (https://www.sqlite.org/walformat.html, "The WAL-Index Header"): its change counter, the number
 * of the last valid frame, the running checksum of the frames and the salts that change when the WAL
 * restarts. So the header's 48 bytes are a fingerprint of the committed state: a commit always changes
 * them, and equal bytes mean the same committed state. Linux (and macOS) keep one page cache for the file,
 * so a `pread` sees what SQLite's shared mapping of it holds.
 *
 * `PRAGMA data_version` answers the same question officially, but through libsql it costs ~8 µs per call
 * between HTTP requests, a fifth of an authenticated read (bench/README.md, API); reading the header costs
 * ~2 µs. The documented properties this relies on are checked on every read, and anything unexpected
 * answers "unknown" (null), which makes the cache load from the database instead:
 * - the layout version is 3,007,000 and the header says it is initialised;
 * - SQLite writes the second copy, then the first; a read that raced a commit sees two different copies.
 *
 * test/integration/read-cache.test.ts checks the fingerprint against `PRAGMA data_version` while another
 * process commits, and that a cached read never misses a commit made by another process.
 */
export class WalIndexWatch {
  private readonly shmPath: string;
  private fd: number | null = null;
  private readonly buffer = Buffer.alloc(2 * HEADER_BYTES);
  private readonly last = Buffer.alloc(HEADER_BYTES);
  private generation = 0;
  private readonly littleEndian = os.endianness() === 'LE';

  /** `databaseFile`: the path the database was opened with (SQLite resolves symbolic links, and so do we). */
  constructor(databaseFile: string) {
    const resolved = path.resolve(databaseFile);
    let real = resolved;
    try {
      real = fs.realpathSync(resolved);
    } catch {
      // Not there yet: SQLite creates it; the -shm lookup below then simply fails until it exists.
    }
    this.shmPath = `${real}-shm`;
  }

  /**
   * A number that changes whenever a transaction has committed since the previous call, or null when the
   * header cannot be read or does not look like SQLite's (then nothing may be assumed).
   */
  version(): number | null {
    if (this.fd === null) {
      try {
        this.fd = fs.openSync(this.shmPath, 'r');
      } catch {
        return null;
      }
    }
    const b = this.buffer;
    if (fs.readSync(this.fd, b, 0, b.length, 0) !== b.length) return null;
    const iVersion = this.littleEndian ? b.readUInt32LE(0) : b.readUInt32BE(0);
    const isInit = b[12];
    if (iVersion !== WALINDEX_VERSION || isInit !== 1) return null;
    if (b.compare(b, HEADER_BYTES, 2 * HEADER_BYTES, 0, HEADER_BYTES) !== 0) return null;
    if (b.compare(this.last, 0, HEADER_BYTES, 0, HEADER_BYTES) !== 0) {
      b.copy(this.last, 0, 0, HEADER_BYTES);
      this.generation++;
    }
    return this.generation;
  }

  close(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }
}
