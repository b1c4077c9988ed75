// failOn: a warning the author declared fatal ends the attempt as a failure instead of a success
// (domain/jobs/job-warnings.ts). Checked as soon as the page has printed, before any post-processing, and again
// with the warnings found after it (a PDF/UA-1 job's check of its finished PDF, `pdfua_violation`).
import { firstFatal, warningsAfterAttempt, WarningTally, type JobWarning, type JobWarningCode } from '../domain/jobs/job-warnings.js';
import type { RenderDiagnostics } from '../render/diagnostics.js';
import { RenderError } from '../render/types.js';

/**
 * Throws the failure a failOn code asks for (with the attempt's diagnostics), or returns. `later` are
 * warnings found after printing: they are added to the diagnostics' warnings first (which the job records
 * whether it succeeds or fails).
 */
export function enforceFailOn(
  stored: string | null,
  diagnostics: RenderDiagnostics | undefined,
  failOn: readonly JobWarningCode[],
  later: readonly JobWarning[] = [],
): void {
  if (later.length > 0 && diagnostics) diagnostics.warnings = new WarningTally().addAll(diagnostics.warnings).addAll(later).list();
  const fatal = firstFatal(warningsAfterAttempt(stored, diagnostics ? diagnostics.warnings : later), failOn);
  if (!fatal) return;
  const times = fatal.count > 1 ? ` (${fatal.count} times; the first:)` : ':';
  const err = new RenderError(
    fatal.code === 'request_failed' ? 'render_request_failed' : 'render_failed_on_warning',
    `failOn lists ${fatal.code}, and it happened${times} ${fatal.message}`,
  );
  if (diagnostics) err.diagnostics = diagnostics;
  throw err;
}
