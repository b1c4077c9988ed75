// What the Gotenberg-compatible routes share: Gotenberg's request headers (trace, output file name, the
// webhook headers Folio refuses), a job created once per Idempotency-Key and waited for, and its product
// answered as bytes with Gotenberg's status codes (409 for a failOn condition, 503 for a job still running).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gotenbergFieldOf, outputFileName, WEBHOOK_HEADERS, WEBHOOK_REFUSAL } from '../../../domain/gotenberg/form.js';
import { AppError } from '../../../errors/app-error.js';
import type { Services } from '../../../services/index.js';
import type { CreateJobInput } from '../../../services/jobs/render-jobs.js';
import { productOf, sendProduct, waitWhileConnected } from '../../waited-job.js';
import { requestHash, runIdempotent } from '../../idempotent.js';
import { principalOf } from '../../plugins/auth.js';

/** Job error codes of a failOn condition: Gotenberg answers those 409. */
const FAIL_ON_ERRORS = new Set(['render_failed_on_warning', 'render_request_failed']);

/** Gotenberg-Trace: the client's, echoed, or the request id (set on every answer, errors included). */
export function traceHeader(req: FastifyRequest, reply: FastifyReply, done: () => void) {
  const trace = req.headers['gotenberg-trace'];
  reply.header('gotenberg-trace', typeof trace === 'string' && trace !== '' ? trace.slice(0, 200) : req.id);
  done();
}

/** 400 naming the first Gotenberg webhook header: Folio's webhooks are per deploy and signed, never per request. */
export function refuseWebhookHeaders(req: FastifyRequest): void {
  for (const h of WEBHOOK_HEADERS)
    if (req.headers[h] !== undefined) {
      const name = h.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
      throw new AppError('invalid_request', `${name}: not supported. ${WEBHOOK_REFUSAL}`, { field: name });
    }
}

/** A refusal of the job's fields, renamed to the form field it came from (`print.margin.top` → `marginTop`). */
export function formField(err: unknown): never {
  if (err instanceof AppError && typeof err.details?.field === 'string') {
    const field = err.details.field;
    const named = gotenbergFieldOf(field);
    if (named !== field) {
      err.details.field = named;
      err.message = `${named}: ${err.message}`;
    }
  }
  throw err;
}

/**
 * Creates the job (once per Idempotency-Key, the form's fields and files compared), waits for it as long as
 * its render timeout allows, and answers its PDF, or its page image when the job keeps only images.
 */
export async function renderAndAnswer(
  s: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  route: string,
  body: Omit<CreateJobInput, 'hasPayload'>,
) {
  const { accountId } = principalOf(req);
  const waitSeconds = await s.renderSync.waitOf(accountId, {}, undefined);
  const created = await runIdempotent(
    req,
    s.idempotency,
    () => requestHash('POST', route, {}, body),
    202,
    () => s.renderJobs.create(accountId, { ...body, hasPayload: false }).catch(formField) as Promise<{ job: { id: string } }>,
  );
  if (created.replayed) reply.header('idempotent-replayed', 'true');
  const jobId = created.value.job.id;
  const { job } = await waitWhileConnected(s, reply, accountId, jobId, waitSeconds);
  if (job.status === 'succeeded') {
    const file = await productOf(s, jobId, body.outputFormat !== undefined && body.outputFormat !== 'pdf');
    // Gotenberg's file name rule: the name the client asked for, with the product's extension.
    const asked = outputFileName(req.headers['gotenberg-output-filename'] as string | undefined, file.fileName.split('.').pop()!);
    return sendProduct(s, reply, jobId, file, asked ?? file.fileName);
  }
  const details = { jobId, jobStatus: job.status, ...(job.error_code !== null ? { jobErrorCode: job.error_code } : {}) };
  if (job.status === 'failed' || job.status === 'canceled')
    throw new AppError(
      job.error_code !== null && FAIL_ON_ERRORS.has(job.error_code) ? 'conversion_failed' : 'render_job_failed',
      job.error_message ?? `render job ${jobId} was ${job.status}`,
      details,
    );
  throw new AppError(
    'conversion_timeout',
    `render job ${jobId} is still ${job.status} after ${waitSeconds} s; it runs on: GET /v1/render-jobs/${jobId}`,
    details,
  );
}
