import { EventEmitter } from 'node:events';
import type { Db } from '../db/database.js';

/** keyRevoked's "every key" value: sent locally when revocations may have been missed (see PgNotifier). */
export const ALL_KEYS = '*';

/**
 * Wake-ups between parts of the service: "a job is ready to claim" (workers), "a job changed" (long
 * polls, cancels) and "an API key was revoked" (authentication caches). In one process this is an
 * EventEmitter; with PostgreSQL the same interface is backed by LISTEN/NOTIFY so api and worker processes
 * reach each other. Job consumers also poll slowly, so a lost notification only delays, never loses, work;
 * key caches expire after authCacheTtlMs and are dropped whole when the LISTEN connection comes back.
 */
export interface Notifier {
  jobQueued(jobId: string): void;
  jobChanged(jobId: string): void;
  /**
   * Tells this process's listeners to forget the key (synchronously, before this returns). Other processes
   * learn it from announceKeyRevoked, which the revoking transaction calls.
   */
  keyRevoked(keyId: string): void;
  /**
   * Within the transaction that revokes the key: tells the other processes, if and only if the transaction
   * commits (PostgreSQL's NOTIFY is transactional). So a revocation that succeeded was also announced.
   */
  announceKeyRevoked(trx: Db, keyId: string): Promise<void>;
  onJobQueued(fn: () => void): () => void;
  onJobChanged(fn: (jobId: string) => void): () => void;
  /** fn receives a key id, or ALL_KEYS when every cached key must be dropped. */
  onKeyRevoked(fn: (keyId: string) => void): () => void;
}

export class InProcessNotifier implements Notifier {
  private readonly events = new EventEmitter();
  constructor() {
    this.events.setMaxListeners(0);
  }
  jobQueued(jobId: string): void {
    this.events.emit('queued', jobId);
  }
  jobChanged(jobId: string): void {
    this.events.emit('changed', jobId);
  }
  keyRevoked(keyId: string): void {
    this.events.emit('key-revoked', keyId);
  }
  /** One process: nobody else to tell. */
  async announceKeyRevoked(): Promise<void> {}
  onJobQueued(fn: () => void): () => void {
    this.events.on('queued', fn);
    return () => this.events.off('queued', fn);
  }
  onJobChanged(fn: (jobId: string) => void): () => void {
    this.events.on('changed', fn);
    return () => this.events.off('changed', fn);
  }
  onKeyRevoked(fn: (keyId: string) => void): () => void {
    this.events.on('key-revoked', fn);
    return () => this.events.off('key-revoked', fn);
  }
}
