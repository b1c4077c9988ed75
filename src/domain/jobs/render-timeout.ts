// The render timeout of a job: the version's render.renderTimeoutMs (30 s when it sets none), capped by the
// plan's maxRenderTimeoutMs. It bounds the whole render (loading, the ready wait, wait conditions and
// printing); the worker renders with it, and what must fit in it (a sync render's wait, a job's
// waitFor.delayMs) is judged by it. Pure.

/** The render timeout of a version that sets none. */
export const DEFAULT_RENDER_TIMEOUT_MS = 30_000;

/** The render timeout a job of this version renders with under this plan. */
export function renderTimeoutMs(versionTimeoutMs: number | null | undefined, planMaxMs: number | null): number {
  return Math.min(versionTimeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS, planMaxMs ?? Number.MAX_SAFE_INTEGER);
}
