// Below the services, errors are told apart by a kind, not by a class: a library layer has one error class
// whose `kind` names the failure (pdf/errors.ts PdfError, sandbox/pool.ts SandboxError, net/net-error.ts
// NetError, render/cdp-connection.ts CdpError), and the layer that calls it maps those kinds to a code of
// its own in one place: an API error code (codes.ts, thrown as AppError) or a job error code
// (domain/jobs/job-errors.ts, thrown as RenderError). A class of its own is kept only where a caller must
// catch that one failure and no kind of a layer's class fits it.

/**
 * The guard of one layer's error class: `is(err)` holds for any error of it, `is(err, 'a', 'b')` for those
 * kinds only (and narrows `kind` to them).
 */
export function kindGuard<E extends Error & { readonly kind: string }>(cls: abstract new (...args: never[]) => E) {
  return <const K extends E['kind'] = E['kind']>(err: unknown, ...kinds: K[]): err is E & { readonly kind: K } =>
    err instanceof cls && (kinds.length === 0 || (kinds as readonly string[]).includes(err.kind));
}
