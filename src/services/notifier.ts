import { EventEmitter } from 'node:events';

/**
 * Wake-ups between parts of the service: "a job is ready to claim" (workers) and "a job changed" (long
 * polls, cancels). In one process this is an EventEmitter; with PostgreSQL the same interface is backed by
 * LISTEN/NOTIFY so api and worker processes wake each other. Consumers also poll slowly, so a lost
 * notification only delays, never loses, work.
 */
export interface Notifier {
  jobQueued(jobId: string): void;
  jobChanged(jobId: string): void;
  onJobQueued(fn: () => void): () => void;
  onJobChanged(fn: (jobId: string) => void): () => void;
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
  onJobQueued(fn: () => void): () => void {
    this.events.on('queued', fn);
    return () => this.events.off('queued', fn);
  }
  onJobChanged(fn: (jobId: string) => void): () => void {
    this.events.on('changed', fn);
    return () => this.events.off('changed', fn);
  }
}
