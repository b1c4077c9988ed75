// failOn: a warning the author declared fatal ends the attempt as a failure instead of a success
// (domain/job-warnings.ts). Checked as soon as the page has printed, before any post-processing.
import { firstFatal, warningsAfterAttempt, type JobWarningCode } from '../domain/job-warnings.js';
import type { RenderDiagnostics } from '../render/diagnostics.js';
import { RenderError } from '../render/types.js';

/** Throws the failure a failOn code asks for (with the attempt's diagnostics), or returns. */
export function enforceFailOn(stored: string | null, diagnostics: RenderDiagnostics | undefined, failOn: readonly JobWarningCode[]): void {
  const fatal = firstFatal(warningsAfterAttempt(stored, diagnostics?.warnings), failOn);
  if (!fatal) return;
  const times = fatal.count > 1 ? ` (${fatal.count} times; the first:)` : ':';
  const err = new RenderError(
    fatal.code === 'request_failed' ? 'render_request_failed' : 'render_failed_on_warning',
    `failOn lists ${fatal.code}, and it happened${times} ${fatal.message}`,
  );
  if (diagnostics) err.diagnostics = diagnostics;
  throw err;
}
