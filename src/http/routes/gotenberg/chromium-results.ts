// The answer of a Chromium conversion whose PDF-engine work the render job cannot do itself (a split, a stamp
// of another PDF's page; domain/gotenberg/chromium-form.ts decides): the page printed by an ordinary render
// job (quotas, meters, diagnostics), then the work run on its PDF by Folio's PDF-job steps in the sandbox,
// as the /forms/pdfengines routes and the LibreOffice route run it (a split first, then the other steps on
// each part), answered as one PDF or a zip. Parts are named as Gotenberg names them: `<name>_0.pdf`,
// `<name>_1.pdf`…, `<name>` being Gotenberg-Output-Filename's (or the job's file name without `.pdf`).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { outputFileName } from '../../../domain/gotenberg/form.js';
import type { EnginePlan } from '../../../domain/gotenberg/pdf-engines.js';
import { parseStoredWarnings } from '../../../domain/jobs/job-warnings.js';
import { AppError } from '../../../errors/app-error.js';
import type { Services } from '../../../services/index.js';
import type { CreateJobInput } from '../../../services/jobs/render-jobs.js';
import { oneFile, sendFiles, type AnsweredFile } from '../../file-answer.js';
import { principalOf } from '../../plugins/auth.js';
import { formField, webhookCall, WEBHOOK_WAIT_SECONDS } from './answer.js';

/** Job error codes of a failOn condition: Gotenberg answers those 409, as renderAndAnswer does. */
const FAIL_ON_ERRORS = new Set(['render_failed_on_warning', 'render_request_failed']);

/** The printed PDF of the job, once it succeeded, with the job's warnings; its failure with Gotenberg's status codes. */
async function printed(s: Services, accountId: string, body: Omit<CreateJobInput, 'hasPayload'>, waitSeconds: number) {
  const created = await s.renderJobs.create(accountId, { ...body, hasPayload: false }).catch(formField);
  const jobId = created.job.id;
  const job = await s.renderSync.wait(accountId, jobId, waitSeconds);
  const details = { jobId, jobStatus: job.status, ...(job.error_code !== null ? { jobErrorCode: job.error_code } : {}) };
  if (job.status === 'failed' || job.status === 'canceled')
    throw new AppError(
      job.error_code !== null && FAIL_ON_ERRORS.has(job.error_code) ? 'conversion_failed' : 'render_job_failed',
      job.error_message ?? `render job ${jobId} was ${job.status}`,
      details,
    );
  if (job.status !== 'succeeded')
    throw new AppError('conversion_timeout', `render job ${jobId} is still ${job.status} after ${waitSeconds} s; it runs on`, details);
  const out = await s.renderSync.output(jobId);
  const warnings = parseStoredWarnings(job.warnings_json).map((w) => `${w.code};count=${w.count}`);
  return { bytes: await s.ctx.blobs.getBuffer(out.storageKey), fileName: out.fileName, warnings };
}

/** A `conform` step's failure named by the form field it came from (`pdfa`). */
function conformField(err: unknown): never {
  const field = err instanceof AppError ? err.details?.field : undefined;
  if (typeof field === 'string' && /^steps\[\d+\]\.standard$/.test(field)) (err as AppError).details!.field = 'pdfa';
  throw err;
}

/** The plan on the one printed PDF: a split first (its parts), then the other steps on each part. */
async function runPlan(s: Services, accountId: string, pdf: { name: string; bytes: Buffer }, plan: EnginePlan) {
  const opts = { each: true, given: plan.pdfs };
  if (!plan.splitSteps) return (await s.pdfJobs.runOnUploads(accountId, [pdf], () => plan.steps, opts)).flat();
  const [parts] = await s.pdfJobs.runOnUploads(accountId, [pdf], () => plan.splitSteps!, { each: true });
  if (plan.steps.length === 0) return parts!;
  const files = parts!.map((p, k) => ({
    name: `${pdf.name}#${k + 1}`,
    bytes: Buffer.from(p.bytes.buffer, p.bytes.byteOffset, p.bytes.length),
  }));
  const pages = parts!.map((p) => p.pageCount);
  return (await s.pdfJobs.runOnUploads(accountId, files, () => plan.steps, { ...opts, pages })).flat();
}

async function results(
  s: Services,
  accountId: string,
  work: { body: Omit<CreateJobInput, 'hasPayload'>; plan: EnginePlan; header: string | undefined },
  waitSeconds: number,
): Promise<{ files: AnsweredFile[]; warnings: string[] }> {
  const pdf = await printed(s, accountId, work.body, waitSeconds);
  const base = (outputFileName(work.header, 'pdf') ?? pdf.fileName).replace(/\.pdf$/i, '');
  const parts = await runPlan(s, accountId, { name: `${base}.pdf`, bytes: pdf.bytes }, work.plan).catch(conformField);
  const named = (k: number) => (work.plan.split === 'parts' ? `${base}_${k}.pdf` : `${base}.pdf`);
  const files = parts.map((p, k): AnsweredFile => ({ name: named(k), bytes: p.bytes, pageCount: p.pageCount }));
  return { files, warnings: [...pdf.warnings, ...work.plan.warnings.map((w) => `option_not_honoured;field=${w.split(' ')[0]}`)] };
}

/** Renders the page, runs the plan on its PDF and answers the result (or, in webhook mode, 204 and sends it). */
export async function renderThenWork(
  s: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  body: Omit<CreateJobInput, 'hasPayload'>,
  plan: EnginePlan,
) {
  const { accountId } = principalOf(req);
  const header = req.headers['gotenberg-output-filename'] as string | undefined;
  const hook = webhookCall(req, reply);
  if (hook) {
    s.gotenbergWebhooks.start(hook, async () =>
      oneFile((await results(s, accountId, { body, plan, header }, WEBHOOK_WAIT_SECONDS)).files, header),
    );
    return reply.code(204).send();
  }
  const waitSeconds = await s.renderSync.waitOf(accountId, {}, undefined);
  const { files, warnings } = await results(s, accountId, { body, plan, header }, waitSeconds);
  if (warnings.length > 0) reply.header('folio-warnings', warnings.join(', '));
  return sendFiles(reply, files, header);
}
