import { isJsonMime } from './payload.js';

// The closed list of a render job's warnings: what went wrong in a job that still produced a PDF, so that
// a `succeeded` job whose document may be incomplete says so (in the job, the job list, the webhook, batch
// items, the render response's headers, the CLI and the dashboard). A job keeps one entry per code: how
// many times it happened and the first message. A version or job may name codes in `failOn`: the job then
// fails with `render_failed_on_warning` instead of succeeding (services/jobs/render-jobs, worker).

export const JOB_WARNINGS = {
  page_exception: { description: 'The page threw an uncaught exception or left a promise rejection unhandled.' },
  console_error: { description: 'The page wrote to console.error (or a console.assert failed).' },
  request_failed: {
    description:
      "A request of the page to the internet failed (network error or timeout, or Folio's fetches of all jobs held their limit at that moment); what it loads is missing from the PDF.",
    retryable: true,
  },
  request_blocked: {
    description:
      "Folio's network policy refused a request of the page (an address it may not reach, the internet on a plan without it, or a resource over the server's byte budgets: one resource, or all of a job's fetched resources together; the message names the limit); what it loads is missing from the PDF.",
  },
  http_error_status: {
    description:
      'A request of the page was answered with an HTTP error: a file not in the bundle (404), or an internet response of 400 or more.',
  },
  font_fallback: { description: 'A web font of the page failed to load; the text was printed with a fallback font.' },
  ready_by_timeout: {
    description:
      'The default ready protocol printed after waiting 3 s for work that did not end (an endless animation, a DOM that kept changing); the page may be incomplete. Call folio.ready() to say when it is done.',
  },
  margin_boxes_clipped: {
    description:
      'The CSS puts content in @page margin boxes (@top-center, @bottom-right, …) on a side whose page margin is 0: Chromium drops those boxes. Give the page a margin on that side.',
  },
  pdfua_violation: {
    description:
      'The job asked for PDF/UA-1 and its PDF fails machine-checkable conditions of the Matterhorn Protocol (a Figure without alternative text, no document language, no title, untagged content…); the message names each failed condition by its Matterhorn id. Checked conditions: the PDF guide, "PDF/UA-1".',
  },
  einvoice_rule_warning: {
    description:
      "The job's e-invoice XML breaks rules of its profile's official rule sets at warning level (no errors: those refuse the job with 400 `einvoice_invalid`); the message names the rules. `POST /v1/e-invoices/validate` lists every finding with its location.",
  },
  einvoice_not_validated: {
    description:
      "The job's e-invoice XML was embedded without the check of the official rule sets: Java or Saxon-HE is not installed on the server (the e-invoice guide). Its well-formedness and root were checked; a buyer's validator may still refuse it.",
  },
  payload_schema_missing: {
    description:
      "The job's version has no payload.schema.json, so a payload of the wrong shape is not refused and may print a wrong document (e.g. an invoice of 0.00).",
  },
} as const satisfies Record<string, { description: string; retryable?: boolean }>;

export type JobWarningCode = keyof typeof JOB_WARNINGS;

export const JOB_WARNING_CODES = Object.keys(JOB_WARNINGS) as JobWarningCode[];

export function isJobWarningCode(x: unknown): x is JobWarningCode {
  return typeof x === 'string' && Object.hasOwn(JOB_WARNINGS, x);
}

/** One kind of warning of a job: how many times it happened, and the first message (at most 300 characters). */
export interface JobWarning {
  code: JobWarningCode;
  count: number;
  message: string;
}

const MAX_MESSAGE = 300;

/** A warning as a job keeps it: its message cut to 300 characters. */
export function jobWarning(code: JobWarningCode, count: number, message: string): JobWarning {
  return { code, count, message: message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message };
}

/** Counts warnings by code in the order they first happened. */
export class WarningTally {
  readonly #byCode = new Map<JobWarningCode, JobWarning>();

  add(code: JobWarningCode, message: string, count = 1): void {
    const seen = this.#byCode.get(code);
    if (seen) seen.count += count;
    else this.#byCode.set(code, jobWarning(code, count, message));
  }

  addAll(warnings: readonly JobWarning[] | undefined): this {
    for (const w of warnings ?? []) if (isJobWarningCode(w.code)) this.add(w.code, w.message, w.count);
    return this;
  }

  list(): JobWarning[] {
    return [...this.#byCode.values()].map((w) => ({ ...w }));
  }
}

/**
 * The warnings a job has from the moment it is created: a JSON payload for a deploy version without a
 * payload schema (inline sources come with their payload in one request: no schema is expected of them).
 */
export function creationWarnings(p: { inline: boolean; hasSchema: boolean; payloadMime: string }): JobWarning[] {
  if (p.inline || p.hasSchema || !isJsonMime(p.payloadMime)) return [];
  return [
    {
      code: 'payload_schema_missing',
      count: 1,
      message:
        'the version has no payload.schema.json: a payload of the wrong shape is not refused (the templates guide, "Payload schemas")',
    },
  ];
}

/** The first warning whose code the author listed in `failOn`, or null. */
export function firstFatal(warnings: readonly JobWarning[], failOn: readonly JobWarningCode[]): JobWarning | null {
  if (failOn.length === 0) return null;
  return warnings.find((w) => failOn.includes(w.code)) ?? null;
}

/** A `failOn` list as given (version or job): its problem in words, or null when every entry is a warning code. */
export function failOnProblem(x: unknown, field: string): string | null {
  if (x === undefined) return null;
  if (!Array.isArray(x)) return `${field} must be an array of warning codes (${JOB_WARNING_CODES.join(', ')})`;
  if (x.length > JOB_WARNING_CODES.length) return `${field} has more entries than there are warning codes`;
  for (const [i, code] of x.entries())
    if (!isJobWarningCode(code))
      return `${field}[${i}] is ${JSON.stringify(code)}, not a warning code (one of ${JOB_WARNING_CODES.join(', ')})`;
  return null;
}

/** render_jobs.warnings_json as stored → the job's warnings ([] for none, or for a job that has not ended). */
export function parseStoredWarnings(stored: string | null): JobWarning[] {
  if (stored === null) return [];
  const parsed: unknown = JSON.parse(stored);
  if (!Array.isArray(parsed)) throw new Error('render_jobs.warnings_json is not an array');
  return new WarningTally().addAll(parsed as JobWarning[]).list();
}

/** A job's warnings after an attempt: those it was created with (warnings_json as stored), then the attempt's. */
export function warningsAfterAttempt(stored: string | null, attempt: readonly JobWarning[] | undefined): JobWarning[] {
  return new WarningTally().addAll(parseStoredWarnings(stored)).addAll(attempt).list();
}

/** A failOn column (render_jobs or deploy_versions) as stored → its codes; null when it names none. */
export function parseStoredFailOn(stored: string | null): JobWarningCode[] | null {
  if (stored === null) return null;
  const parsed: unknown = JSON.parse(stored);
  if (!Array.isArray(parsed)) throw new Error('a stored failOn is not an array');
  return parsed.filter(isJobWarningCode);
}
