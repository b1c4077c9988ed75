import type { SessionInfo } from './types';

export interface PageContext {
  params: string[];
  query: URLSearchParams;
  /** Aborted when the user navigates away: pending requests and polling stop. */
  signal: AbortSignal;
  root: HTMLElement;
  session: SessionInfo;
  navigate(path: string, opts?: { replace?: boolean }): void;
  /** Calls fn now-ish and then every ms while the page is shown (paused while the tab is hidden). */
  every(ms: number, fn: () => Promise<void> | void): void;
}

export interface Route {
  pattern: RegExp;
  nav: string;
  title: string;
  render(ctx: PageContext): Promise<void> | void;
}

export const BASE = '/dashboard';

/** Runs fn every ms until the signal aborts; waits for each run to finish (no overlapping polls). */
export function repeat(signal: AbortSignal, ms: number, fn: () => Promise<void> | void): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    if (signal.aborted) return;
    if (!document.hidden) {
      try {
        await fn();
      } catch {
        /* the page shows its own errors; keep polling */
      }
    }
    if (!signal.aborted) timer = setTimeout(tick, ms);
  };
  timer = setTimeout(tick, ms);
  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
}
