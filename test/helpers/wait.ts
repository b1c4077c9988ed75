// The one way tests wait for a condition: ask `fn` until it answers something other than undefined, then
// return that answer. Asks at once, then every `intervalMs`; one last ask after the deadline, then a timeout
// error that names what was awaited (`what` may be a function, to put the last state seen in the message).
// An error thrown by `fn` ends the wait with that error.
export interface WaitOptions {
  /** How long to keep asking (default 10 s). */
  timeoutMs?: number;
  /** Pause between asks (default 20 ms). */
  intervalMs?: number;
}

export async function waitFor<T>(
  what: string | (() => string),
  fn: () => T | undefined | Promise<T | undefined>,
  { timeoutMs = 10_000, intervalMs = 20 }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** `waitFor` for a yes/no condition: resolves once `fn` answers true. */
export async function waitUntil(what: string | (() => string), fn: () => boolean | Promise<boolean>, options?: WaitOptions): Promise<void> {
  await waitFor(what, async () => ((await fn()) ? true : undefined), options);
}
