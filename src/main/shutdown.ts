import type { Logger } from 'pino';
import { findProcesses, reapProcesses } from '../render/process-reaper.js';

/**
 * SIGTERM/SIGINT: run the closers in order (stop accepting, let work finish within the grace period,
 * release the rest), then exit -- never before the processes this one started are gone (the closers end
 * Chromium and wait for all of its processes; any other child still running gets 2 s, then SIGKILL). A
 * second signal exits at once.
 */
export function installShutdown(log: Logger, graceMs: number, closers: (() => Promise<void>)[]) {
  let closing = false;
  const onSignal = (signal: string) => {
    if (closing) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    log.info({ signal }, 'shutting down');
    const hardStop = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs + 10_000);
    hardStop.unref();
    void (async () => {
      for (const close of closers) {
        try {
          await close();
        } catch (err) {
          log.error({ err }, 'error during shutdown');
        }
      }
      const left = await reapProcesses(findProcesses(process.pid), { exitWaitMs: 2000, killWaitMs: 1000 });
      if (left.length > 0) log.error({ pids: left.map((p) => p.pid) }, 'child processes still running at exit');
      process.exit(0);
    })();
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}
