// What the Gotenberg-compatible routes share: Gotenberg's request headers (trace, output file name, webhook
// mode), a job created once per Idempotency-Key and waited for, and its product answered as bytes with
// Gotenberg's status codes (409 for a failOn condition, 503 for a job still running), or sent to the webhook.
import { parseStoredWarnings } from '../../../domain/jobs/job-warnings.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gotenbergFieldOf, outputFileName } from '../../../domain/gotenberg/form.js';
import { webhookTarget } from '../../../domain/gotenberg/webhook.js';
import type { WebhookCall } from '../../../services/gotenberg-webhooks.js';
import { AppError } from '../../../errors/app-error.js';
import type { Services } from '../../../services/index.js';
import type { CreateJobInput } from '../../../services/jobs/render-jobs.js';
import { productOf, sendProduct, waitWhileConnected } from '../../waited-job.js';
import { requestHash, runIdempotent } from '../../idempotent.js';
import { principalOf } from '../../plugins/auth.js';
import type { RenderJobsTable } from '../../../db/tables.js';

/** Job error codes of a failOn condition: Gotenberg answers those 409. */
const FAIL_ON_ERRORS = new Set(['render_failed_on_warning', 'render_request_failed']);

/** Gotenberg-Trace: the client's, echoed, or the request id (set on every answer, errors included). */
export function traceHeader(req: FastifyRequest, reply: FastifyReply, done: () => void) {
  const trace = req.headers['gotenberg-trace'];
  reply.header('gotenberg-trace', typeof trace === 'string' && trace !== '' ? trace.slice(0, 200) : req.id);
  done();
}

/**
 * Gotenberg's webhook mode, when the request asks for it (Gotenberg-Webhook-Url): where the result and errors
 * go, with the request's trace; a wrong webhook header is 400 naming it.
 */
export function webhookCall(req: FastifyRequest, reply: FastifyReply): WebhookCall | null {
  const header = (name: string) => {
    const v = req.headers[name];
    return typeof v === 'string' ? v : undefined;
  };
  const target = webhookTarget(header);
  if (target === null) return null;
  if ('problem' in target) throw new AppError('invalid_request', target.problem.message, { field: target.problem.field });
  const traceparent = header('traceparent');
  return {
    accountId: principalOf(req).accountId,
    target,
    trace: String(reply.getHeader('gotenberg-trace') ?? req.id),
    ...(traceparent && /^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-[\da-f]{2}$/.test(traceparent) ? { traceparent } : {}),
  };
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
  const hook = webhookCall(req, reply);
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
  const imagesOnly = body.outputFormat !== undefined && body.outputFormat !== 'pdf';
  const asked = req.headers['gotenberg-output-filename'] as string | undefined;
  if (hook) {
    // Webhook mode: the answer is 204 now; the job is waited for as long as it runs, and its product sent.
    s.gotenbergWebhooks.start(hook, async () => {
      const job = await s.renderSync.wait(accountId, jobId, WEBHOOK_WAIT_SECONDS);
      const file = await succeededProduct(s, job, jobId, imagesOnly, WEBHOOK_WAIT_SECONDS);
      const name = outputFileName(asked, file.fileName.split('.').pop()!) ?? file.fileName;
      return { name, bytes: await s.ctx.blobs.getBuffer(file.storageKey), contentType: file.contentType };
    });
    return reply.code(204).send();
  }
  const { job } = await waitWhileConnected(s, reply, accountId, jobId, waitSeconds);
  const file = await succeededProduct(s, job, jobId, imagesOnly, waitSeconds);
  const warnings = parseStoredWarnings(job.warnings_json);
  if (warnings.length > 0) reply.header('folio-warnings', warnings.map((w) => `${w.code};count=${w.count}`).join(', '));
  // Gotenberg's file name rule: the name the client asked for, with the product's extension.
  return sendProduct(s, reply, jobId, file, outputFileName(asked, file.fileName.split('.').pop()!) ?? file.fileName);
}

/** How long webhook mode waits for a job (it runs on after; the render timeout ends it sooner). */
export const WEBHOOK_WAIT_SECONDS = 600;

/** The product of a succeeded job, or the job's failure with Gotenberg's status codes. */
async function succeededProduct(s: Services, job: RenderJobsTable, jobId: string, imagesOnly: boolean, waitSeconds: number) {
  if (job.status === 'succeeded') return productOf(s, jobId, imagesOnly);
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
