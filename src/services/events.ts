// News inside one process, from the service that made it to whoever acts on it (the webhook dispatcher, the
// batch combiner, tests): one typed bus, built in buildServices and given to each service's constructor, so
// the service graph is complete when it is built and nothing is plugged into a service afterwards.
// Every event is emitted after the transaction that made it committed. Emitting is synchronous; a listener
// that throws is logged and never fails the emitter (its news is already committed). News for other
// processes goes through the Notifier port (notifier/), not here.
import type { Logger } from 'pino';

/** A batch that has just ended (its transaction committed). */
export interface BatchEnded {
  batchId: string;
  combine: string;
  webhookQueued: boolean;
}

/** Each event and what its listeners receive. */
export interface FolioEvents {
  /** A committed transaction wrote a webhook event (a job's terminal state, a batch's end or product). */
  webhookQueued: { jobId: string; batchId?: undefined } | { batchId: string; jobId?: undefined };
  /** A committed transaction ended a batch: its webhook was queued (combine "none") or its product is due. */
  batchEnded: BatchEnded;
}

export type FolioEventName = keyof FolioEvents;
export type FolioListener<K extends FolioEventName> = (payload: FolioEvents[K]) => void;

export class EventBus {
  readonly #listeners: { [K in FolioEventName]: FolioListener<K>[] } = { webhookQueued: [], batchEnded: [] };

  constructor(private readonly log: Pick<Logger, 'error'>) {}

  /** Calls `fn` for every later `emit` of `name`, in the order of subscription; answers its unsubscribe. */
  on<K extends FolioEventName>(name: K, fn: FolioListener<K>): () => void {
    const list = this.#listeners[name] as FolioListener<K>[];
    list.push(fn);
    return () => {
      const i = list.indexOf(fn);
      if (i !== -1) list.splice(i, 1);
    };
  }

  /** Calls every listener of `name` now, in order; one that throws is logged and the others still run. */
  emit<K extends FolioEventName>(name: K, payload: FolioEvents[K]): void {
    for (const fn of [...(this.#listeners[name] as FolioListener<K>[])]) {
      try {
        const r: unknown = fn(payload);
        // A listener that is async fails later: its rejection is logged as well.
        if (r instanceof Promise) r.catch((err: unknown) => this.log.error({ err, event: name }, 'an event listener failed'));
      } catch (err) {
        this.log.error({ err, event: name }, 'an event listener failed');
      }
    }
  }
}
