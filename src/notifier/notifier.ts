import type { Db } from '../db/database.js';

/** keyRevoked's "every key" value: sent locally when revocations may have been missed (see PgNotifier). */
export const ALL_KEYS = '*';
/** accountChanged's "every account" value, for the same reason. */
export const ALL_ACCOUNTS = '*';

/**
 * Wake-ups between parts of the service: "a job is ready to claim" (workers), "a job changed" (long
 * polls, cancels), "an API key was revoked or re-scoped" and "an account's plan changed" (authentication and
 * rate-limit caches). In one process this is an
 * EventEmitter; with PostgreSQL the same interface is backed by LISTEN/NOTIFY so api and worker processes
 * reach each other. Job consumers also poll slowly, so a lost notification only delays, never loses, work;
 * key and plan caches are dropped whole when the LISTEN connection comes back, and every api process also
 * polls the auth_changes counter (services/accounts/auth-change-watcher.ts), which bounds what a lost message leaves.
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
  /** An account's plan changed: this process's plan caches forget it (synchronously). */
  accountChanged(accountId: string): void;
  /** Within the transaction that changes the account: tells the other processes on commit. */
  announceAccountChanged(trx: Db, accountId: string): Promise<void>;
  onJobQueued(fn: () => void): () => void;
  onJobChanged(fn: (jobId: string) => void): () => void;
  /** fn receives a key id, or ALL_KEYS when every cached key must be dropped. */
  onKeyRevoked(fn: (keyId: string) => void): () => void;
  /** fn receives an account id, or ALL_ACCOUNTS when every cached plan must be dropped. */
  onAccountChanged(fn: (accountId: string) => void): () => void;
}
