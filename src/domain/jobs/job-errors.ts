// The closed list of a failed render job's `errorCode`: every code the renderer, the worker and the job
// outcomes may record, whether a failure with it is tried again (domain/jobs/job-state.ts), and the description
// docs/errors.md, the OpenAPI text and the webhook schema show (errors/codes.ts re-exports it).
export const JOB_ERRORS = {
  navigation_timeout: { retryable: true, description: 'The page did not finish loading within the render timeout; retried.' },
  render_crashed: { retryable: true, description: 'The browser crashed or the worker died mid-render; retried.' },
  template_render_failed: {
    retryable: false,
    description:
      "The version's template (Handlebars, Liquid, Nunjucks, Mustache, Markdown) threw while rendering the payload; the message names the file, line and column. For a Word template, a command failed while it was filled (a variable the payload lacks, an image that is not one), the payload is not a JSON object, or the fill passed its limits; the message names the command. Terminal.",
  },
  render_timeout_exceeded: {
    retryable: false,
    description:
      "The render (ready protocol, the job's `waitFor` conditions and printing) exceeded the timeout; the message names where it was stuck, or the `waitFor` condition never met. Terminal.",
  },
  render_failed: {
    retryable: false,
    description:
      "Generic render failure (page error, a `waitFor.expression` that threw or a `waitFor.selector` the browser cannot parse, invalid PDF options, unreadable bundle); terminal. When the server itself failed (its storage or database), the job's message says only that an internal error stopped the render and names the job id; the operator finds the error under that id in the server's log.",
  },
  render_retry_limit_exceeded: {
    retryable: false,
    description: 'Automatic retries after crashes or navigation timeouts are exhausted; terminal.',
  },
  render_output_too_large: { retryable: false, description: "The PDF exceeded the plan's maxRenderOutputBytes; terminal." },
  storage_limit_exceeded: { retryable: false, description: "Storing the managed PDF would exceed the plan's storageLimitBytes; terminal." },
  page_references_unstable: {
    retryable: false,
    description:
      'A version with render.metadata.pdf.pageReferences printed three times and its page numbers still moved the referenced content (the message names the ids and their pages); terminal.',
  },
  pdf_postprocess_failed: {
    retryable: false,
    description:
      'The printed PDF could not be made into the document the job asked for (PDF/A conversion, metadata, attachments, e-invoice, appended PDFs; the message says why); nothing is stored; terminal.',
  },
  pdf_step_failed: {
    retryable: false,
    description:
      "A PDF step of the job's `steps` could not be applied to the printed PDF (a form field it names is not in the document, a page selection past the last page, the step's time or memory limit); the message names the step (`steps[1]`); nothing is stored; terminal.",
  },
  pdf_source_unavailable: {
    retryable: false,
    description:
      'A source of a PDF job (`POST /v1/pdf-jobs`) was deleted, or its render output expired, after the job was created and before it ran; the message names the source (`sources[1]`); nothing is stored; terminal.',
  },
  pdf_limit_exceeded: {
    retryable: false,
    description:
      "A PDF joined to the output (render.metadata.pdf.prepend/append) passed a limit Folio checks before reading it (pages of the whole document, page-tree depth or size, objects, decompressed stream bytes), or the work on the document passed the sandbox's time or memory limit, or a long document (pdf.parts) has more pages than the plan's maxDocumentPages; the message names the file or the limit; nothing is stored; terminal.",
  },
  render_failed_on_warning: {
    retryable: false,
    description:
      "A warning the version's or the job's `failOn` lists happened (the message names its code and first occurrence, e.g. `page_exception: TypeError: items is undefined`); nothing is stored; terminal.",
  },
  render_request_failed: {
    retryable: true,
    description:
      '`failOn` lists `request_failed` and a request of the page to the internet failed (network error or timeout; the message names it); retried, as the network may recover.',
  },
  url_source_blocked: {
    retryable: false,
    description:
      "The URL source's page (`source.url`), or a redirect of it, went to an address the network policy refuses (loopback, private, link-local, cloud metadata — including a host name whose DNS answer is one) and the host is not on the operator's `FOLIO_URL_SOURCE_ALLOWED_HOSTS`, or the plan no longer allows the external network, or the page is larger than the limit of one fetched resource (`FOLIO_MAX_FETCHED_RESOURCE_BYTES`, 16 MiB by default); the message names the host or the limit; terminal.",
  },
  url_source_not_found: {
    retryable: false,
    description:
      "The URL source's host (`source.url`, or a redirect of it) does not exist: DNS answered that the name has no address (NXDOMAIN). Nothing was fetched; the message names the host; terminal, as another attempt would get the same answer.",
  },
  url_source_unreachable: {
    retryable: true,
    description:
      "The URL source's page could not be fetched (the DNS resolver did not answer, connection refused or reset, TLS error, timeout, or Folio's fetches of all jobs held their limit, `FOLIO_MAX_FETCHED_BYTES_IN_FLIGHT`); the message says why; retried, as the site may recover.",
  },
  office_conversion_failed: {
    retryable: false,
    description:
      "LibreOffice could not open or convert the Office document (damaged, a format its filters refuse, a legacy file protected by a password, or the conversion process died or passed its memory limit); the job's diagnostics keep LibreOffice's own messages; nothing is stored; terminal.",
  },
  office_timeout: {
    retryable: false,
    description:
      "The Office conversion did not finish within the job's render timeout; its LibreOffice process was killed (and replaced); nothing is stored; terminal.",
  },
  office_password_required: {
    retryable: false,
    description:
      'The Office document is protected by a password and the job sent none (`office.password`), or the one it sent does not open it; nothing is stored; terminal.',
  },
  office_input_invalid: {
    retryable: false,
    description:
      'The Office document is not what its extension says (a renamed file), is an unsupported type, or is a zip container past the limits (entries, expanded size, ratio: a zip bomb); refused before LibreOffice reads it; nothing is stored; terminal.',
  },
  office_unavailable: {
    retryable: false,
    description:
      'The worker that took the job has no LibreOffice (not installed, or it cannot start), so the Office document could not be converted; the operator installs it with the set-up; terminal.',
  },
  office_output_too_large: {
    retryable: false,
    description: "The PDF LibreOffice made exceeded the plan's maxRenderOutputBytes; nothing is stored; terminal.",
  },
} as const satisfies Record<string, { retryable: boolean; description: string }>;

export type JobErrorCode = keyof typeof JOB_ERRORS;

/** Whether a failure with `code` is worth another attempt (the next one may well succeed). */
export const isRetryable = (code: JobErrorCode): boolean => JOB_ERRORS[code].retryable;
