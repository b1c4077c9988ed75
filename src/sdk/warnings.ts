// A render job's warnings (`job.warnings`: what went wrong in a job that still made its PDF) and the
// `Folio-Warnings` header of `POST /v1/render`, which carries their codes and counts without the messages.
import type { RenderJob } from './api-types.js';

/** One kind of warning of a job: `{code, count, message}` (how often, and the first occurrence in words). */
export type JobWarning = RenderJob['warnings'][number];

export type JobWarningCode = JobWarning['code'];

// A Record over the generated union: a code added to the API fails the type check here until it is listed.
const CODES: Record<JobWarningCode, true> = {
  page_exception: true,
  console_error: true,
  request_failed: true,
  request_blocked: true,
  http_error_status: true,
  font_fallback: true,
  ready_by_timeout: true,
  margin_boxes_clipped: true,
  pdfua_violation: true,
  einvoice_rule_warning: true,
  einvoice_not_validated: true,
  payload_schema_missing: true,
};

/** Every warning code this SDK knows, in the API's order: what a job's `failOn` (or a version's `render.failOn`) may list. */
export const JOB_WARNING_CODES: readonly JobWarningCode[] = Object.freeze(Object.keys(CODES) as JobWarningCode[]);

export function isJobWarningCode(x: unknown): x is JobWarningCode {
  return typeof x === 'string' && Object.hasOwn(CODES, x);
}

/**
 * A warning as the `Folio-Warnings` header names it: its code and count. The messages are in the job
 * (`renderJobs.get(jobId)`, `job.warnings`). `code` is a string: a newer server may send codes this SDK
 * does not list yet.
 */
export interface WarningCount {
  code: string;
  count: number;
}

/**
 * `Folio-Warnings: page_exception;count=2, http_error_status;count=1` → `[{code, count}]` in that order;
 * `[]` when the header is absent (the job has no warnings). A code without a readable count counts 1.
 */
export function parseWarningsHeader(value: string | null | undefined): WarningCount[] {
  if (!value) return [];
  const out: WarningCount[] = [];
  for (const part of value.split(',')) {
    const [code, ...params] = part.split(';').map((s) => s.trim());
    if (!code) continue;
    const count = params.map((p) => /^count=(\d+)$/i.exec(p)?.[1]).find((c) => c !== undefined);
    out.push({ code, count: count !== undefined ? Number(count) : 1 });
  }
  return out;
}
