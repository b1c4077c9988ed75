// The workers of a page's browser context, asked of the browser and stopped from there (page-session.ts).
import type { CdpConnection } from './cdp-connection.js';

// Targets of a context that are the page itself; everything else (worker, shared_worker, service_worker,
// worklets with targets of their own) runs script beside it.
const PAGE_TARGETS = new Set(['page', 'iframe', 'tab']);

export interface ContextWorkers {
  targetIds: string[];
  /** One of them keeps running while the page is frozen (a shared or service worker). */
  unfreezable: boolean;
}

/**
 * The workers of the context, asked of the browser (not the page, so a template cannot hide one; the
 * empty filter because getTargets leaves some kinds out by default, shared workers among them). Measured:
 * a frozen page's dedicated workers (even in a busy loop), audio graphs and peer connections use no CPU,
 * but a SharedWorker it started kept a core busy: shared and service workers live beside the page.
 */
export async function contextWorkers(conn: CdpConnection, contextId: string, timeoutMs: number): Promise<ContextWorkers> {
  const { targetInfos } = await conn.send('Target.getTargets', { filter: [{}] }, undefined, timeoutMs);
  const mine = targetInfos.filter((t) => t.browserContextId === contextId && !PAGE_TARGETS.has(t.type));
  return { targetIds: mine.map((t) => t.targetId), unfreezable: mine.some((t) => t.type !== 'worker') };
}

/**
 * Stops the script of each worker now. Navigating away or closing the context ends them too, but Chromium
 * lets a worker stuck in a loop run on for seconds before it forces it to stop (measured: ~3 s of a busy
 * core per worker).
 */
export async function stopWorkers(conn: CdpConnection, targetIds: readonly string[], timeoutMs: number): Promise<void> {
  await Promise.allSettled(
    targetIds.map(async (targetId) => {
      const { sessionId } = await conn.send('Target.attachToTarget', { targetId, flatten: true }, undefined, timeoutMs);
      await conn.session(sessionId).send('Runtime.terminateExecution', {}, timeoutMs);
    }),
  );
}
