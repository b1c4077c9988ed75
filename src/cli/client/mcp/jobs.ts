// Render jobs as the tools of `folio mcp` see them: created, followed with the long poll up to a bounded
// wait (with progress notifications when the client asked for them), and answered with a signed download
// link of the PDF and, when it is small enough, the PDF itself embedded. A job still running when the wait
// ends is no failure: the answer says how to follow it.
import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { FolioApiError, type CreateRenderJobBody, type FolioClient, type RenderJob, type RenderJobResult } from '../../../sdk/index.js';
import { formatBytes, plural } from '../output.js';
import { describeWarning } from '../warnings.js';
import { embedPdf } from './embed.js';
import { compact, fail, iso, ok } from './results.js';

const TERMINAL = new Set(['succeeded', 'failed', 'canceled']);

/** The longest a render tool waits for its job (MCP clients time requests out; the job goes on after). */
export const MAX_WAIT_SECONDS = 120;
export const DEFAULT_WAIT_SECONDS = 50;

/** What a tool call gives the wait: the client's cancellation and, when it sent one, its progress token. */
export interface CallContext {
  signal: AbortSignal;
  progress?: (elapsedSeconds: number, message: string) => Promise<void>;
}

/** The parts of a tool call's `extra` the tools use: cancellation, and progress notifications when a token came. */
interface Extra {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification: (n: {
    method: 'notifications/progress';
    params: { progressToken: string | number; progress: number; message?: string };
  }) => Promise<void>;
}

export function callContext(extra: unknown): CallContext {
  const e = extra as Extra;
  const token = e._meta?.progressToken;
  let last = -1;
  return {
    signal: e.signal,
    progress:
      token === undefined
        ? undefined
        : async (elapsed, message) => {
            // Progress must increase with every notification.
            const progress = Math.max(elapsed, last + 1);
            last = progress;
            await e
              .sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress, message } })
              .catch(() => {});
          },
  };
}

/** A job, its output and managed PDF as compact JSON: ISO times, warnings with their messages. */
export function jobView(r: { job: RenderJob; output?: RenderJobResult['output']; pdf?: RenderJobResult['pdf'] }) {
  const { job, output, pdf } = r;
  return compact({
    jobId: job.id,
    status: job.status,
    kind: job.kind,
    deployId: job.deployId,
    deployVersionId: job.deployVersionId,
    versionNo: job.deployVersionNo,
    businessKey: job.businessKey,
    outputMode: job.outputMode,
    attempt: job.attempt,
    requestedAt: iso(job.requestedAt),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    nextAttemptAt: iso(job.nextAttemptAt),
    errorCode: job.errorCode,
    errorMessage: job.errorMessage,
    warnings: job.warnings ?? [],
    pageCount: output?.pageCount ?? pdf?.pageCount,
    bytes: output?.bytes ?? pdf?.bytes,
    outputExpiresAt: iso(output?.expiresAt),
    pdfId: pdf?.id,
    fileName: pdf?.fileName,
  });
}

/**
 * Follows a job with the long poll until it ends or `waitSeconds` pass; each answer is a progress
 * notification. The client canceling the call stops the wait (not the job).
 */
export async function followJob(client: FolioClient, jobId: string, waitSeconds: number, ctx: CallContext): Promise<RenderJobResult> {
  const started = Date.now();
  const deadline = started + waitSeconds * 1000;
  for (;;) {
    const remaining = Math.floor((deadline - Date.now()) / 1000);
    const r = await client.renderJobs.get(jobId, { waitSeconds: Math.max(0, Math.min(30, remaining)) }, { signal: ctx.signal });
    if (TERMINAL.has(r.job.status) || remaining <= 0) return r;
    await ctx.progress?.(Math.round((Date.now() - started) / 1000), `job ${jobId} ${r.job.status}`);
  }
}

/**
 * A signed download link of a succeeded job's PDF: the managed PDF's when it has one (it outlives the job's
 * output record), else, and for a key without pdfs:read, the job output's (render:read).
 */
export async function downloadLink(client: FolioClient, r: RenderJobResult, expiresInSeconds: number | undefined, signal: AbortSignal) {
  let access: { url: string; expiresAt: number } | null = null;
  if (r.pdf)
    try {
      ({ access } = await client.pdfs.downloadLink(r.pdf.id, expiresInSeconds, { signal }));
    } catch (err) {
      if (!(err instanceof FolioApiError && err.code === 'forbidden' && r.output)) throw err;
    }
  access ??= (await client.renderJobs.downloadLink(r.job.id, expiresInSeconds, { signal })).access;
  return { downloadUrl: access.url, linkExpiresAt: iso(access.expiresAt) };
}

/** The arguments every rendering tool takes (render-tools.ts `common`). */
export interface CommonRenderArgs {
  managed?: boolean;
  businessKey?: string;
  waitSeconds?: number;
  linkExpiresInSeconds?: number;
  /** false: the link only, never the PDF itself. */
  embed?: boolean;
}

/**
 * Creates the job (`body` with the common arguments' output mode and business key), waits for it and
 * answers its PDF's link; a failed or canceled job is a tool error. `what` names the job in the answer:
 * `invoice v3`, `inline HTML`.
 */
export async function renderAndAnswer(
  client: FolioClient,
  body: CreateRenderJobBody,
  what: string,
  args: CommonRenderArgs,
  ctx: CallContext,
): Promise<CallToolResult> {
  const waitSeconds = args.waitSeconds ?? DEFAULT_WAIT_SECONDS;
  const full = {
    ...body,
    ...(args.managed ? { outputMode: 'managed' as const } : {}),
    ...(args.businessKey ? { businessKey: args.businessKey } : {}),
  } as CreateRenderJobBody;
  // A random Idempotency-Key: the SDK's retries after a network error create one job, not two.
  const { job } = await client.renderJobs.create(full, { idempotencyKey: randomUUID(), signal: ctx.signal });
  await ctx.progress?.(0, `job ${job.id} ${job.status}`);
  const r = await followJob(client, job.id, waitSeconds, ctx);
  return answerJob(client, r, {
    what,
    linkExpiresInSeconds: args.linkExpiresInSeconds,
    signal: ctx.signal,
    waited: waitSeconds,
    embed: args.embed,
    failedIsError: true,
  });
}

/**
 * A job as a tool's answer: succeeded with its link (and warnings), failed or canceled (a tool error when
 * `failedIsError`), still running with how to follow it.
 */
export async function answerJob(
  client: FolioClient,
  r: RenderJobResult,
  o: {
    what: string;
    linkExpiresInSeconds?: number;
    signal: AbortSignal;
    waited?: number;
    link?: boolean;
    embed?: boolean;
    failedIsError: boolean;
  },
): Promise<CallToolResult> {
  const view = jobView(r);
  const { job } = r;
  if (job.status === 'failed' || job.status === 'canceled') {
    const code = job.errorCode ?? (job.status === 'canceled' ? 'render_job_canceled' : 'render_failed');
    const message = `render job ${job.id} ${job.status}${job.errorMessage ? `: ${job.errorMessage}` : ''}`;
    // A render that failed is the tool's failure; reading a failed job is not.
    return o.failedIsError
      ? fail(code, message, { job: view })
      : ok(`Render job ${job.id} (${o.what}) ${job.status}: ${code}: ${job.errorMessage ?? ''}`.trimEnd(), view);
  }
  if (job.status !== 'succeeded') {
    const waited = o.waited !== undefined ? ` after ${o.waited} s` : '';
    return ok(
      `Render job ${job.id} (${o.what}) is still ${job.status}${waited}; it keeps running: call get_job with its jobId to follow it.`,
      view,
    );
  }
  const warnings = job.warnings ?? [];
  const warned = warnings.length
    ? `\nWarnings (the PDF was made, but check it): ${warnings.map((w) => describeWarning(w)).join('; ')}`
    : '';
  if (job.document?.outputFormat && !r.pdf)
    return ok(
      `Render job ${job.id} (${o.what}) succeeded with ${job.document.outputFormat.toUpperCase()} page images instead of a PDF (folio jobs images ${job.id}).${warned}`,
      view,
    );
  if (!r.output && !r.pdf)
    return ok(`Render job ${job.id} (${o.what}) succeeded, but its output is gone (deleted, or expired).${warned}`, view);
  if (o.link === false) return ok(`Render job ${job.id} (${o.what}) succeeded: ${describeOutput(r)}.${warned}`, view);
  let link: Awaited<ReturnType<typeof downloadLink>>;
  try {
    link = await downloadLink(client, r, o.linkExpiresInSeconds, o.signal);
  } catch (err) {
    // The output expired between the read and the link: the job is still worth showing.
    if (err instanceof FolioApiError && (err.code === 'render_output_not_found' || err.code === 'pdf_deleting'))
      return ok(`Render job ${job.id} (${o.what}) succeeded, but its output is gone (${err.code}).${warned}`, view);
    throw err;
  }
  const expiry = view.outputExpiresAt
    ? ` The link expires at ${link.linkExpiresAt}; the PDF itself is deleted at ${view.outputExpiresAt} (render with managed: true to keep it).`
    : ` The link expires at ${link.linkExpiresAt}.`;
  const bytes = r.output?.bytes ?? r.pdf?.bytes ?? 0;
  const embed = o.embed === false ? null : await embedPdf({ downloadUrl: link.downloadUrl, bytes, name: 'The PDF' }, o.signal);
  const note = embed && 'note' in embed ? ` ${embed.note}.` : embed ? ' The PDF is embedded below.' : '';
  const answer = ok(
    `Rendered ${o.what}: ${describeOutput(r)}, job ${job.id}. Download (no API key needed): ${link.downloadUrl}${expiry}${note}${warned}`,
    { ...view, ...link, embedded: embed !== null && 'resource' in embed },
  );
  return embed && 'resource' in embed ? { ...answer, content: [...answer.content, embed.resource] } : answer;
}

function describeOutput(r: RenderJobResult): string {
  const pages = r.output?.pageCount ?? r.pdf?.pageCount ?? 0;
  const bytes = r.output?.bytes ?? r.pdf?.bytes ?? 0;
  return `${plural(pages, 'page')}, ${formatBytes(bytes)}${r.pdf ? `, managed PDF ${r.pdf.id} (${r.pdf.fileName})` : ''}`;
}
