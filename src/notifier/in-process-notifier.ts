import { EventEmitter } from 'node:events';
import type { Notifier } from './notifier.js';

/** The Notifier of one process (SQLite, tests): an EventEmitter, nobody else to tell. */
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
  accountChanged(accountId: string): void {
    this.events.emit('account-changed', accountId);
  }
  async announceAccountChanged(): Promise<void> {}
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
  onAccountChanged(fn: (accountId: string) => void): () => void {
    this.events.on('account-changed', fn);
    return () => this.events.off('account-changed', fn);
  }
}
