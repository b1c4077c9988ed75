// One webhook POST as a client span of the job's trace (docs/operations.md, "Tracing"; HTTP client
// conventions), a batch's event in its items' trace. The request carries that trace on in `traceparent`:
// the delivery span's when Folio traces, else the traceparent the job was created with, so a receiver
// joins the caller's trace either way.
import type { WebhookEventsTable } from '../db/tables.js';
import { traceIdOf } from '../domain/tracing/traceparent.js';
import { REQUEST_TIMEOUT_MS } from '../domain/webhook-schedule.js';
import { failSpan, SpanKind, SpanStatusCode, traceparentOf } from '../observability/tracing.js';
import type { ServiceContext } from './context.js';

export async function sendTraced(
  ctx: ServiceContext,
  event: WebhookEventsTable,
  req: { url: string; headers: Record<string, string>; body: string; attempt: number },
) {
  const owner = ctx.db.selectFrom('render_jobs').select('trace_parent');
  const row = await (event.batch_id !== null ? owner.where('batch_id', '=', event.batch_id).limit(1) : owner.where('id', '=', event.job_id))
    .executeTakeFirst()
    .catch(() => undefined);
  let target: URL | null = null;
  try {
    target = new URL(req.url);
  } catch {
    // An unparseable URL is the sender's to refuse (a blocked attempt), not this span's.
  }
  return ctx.tracing.inSpan(
    'POST',
    {
      parent: row?.trace_parent ?? null,
      kind: SpanKind.CLIENT,
      attributes: {
        'http.request.method': 'POST',
        // The origin only: receivers put their tokens in the path (Slack, Discord) or the query.
        ...(target
          ? {
              'url.full': `${target.origin}/`,
              'server.address': target.hostname,
              'server.port': Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
            }
          : {}),
        'folio.webhook.event_id': event.id,
        'folio.webhook.attempt': req.attempt,
      },
    },
    async (span) => {
      const traceparent = span ? traceparentOf(span) : row?.trace_parent;
      const outcome = await ctx.net.sendWebhook({
        url: req.url,
        headers: traceparent ? { ...req.headers, traceparent } : req.headers,
        body: req.body,
        timeoutMs: REQUEST_TIMEOUT_MS,
        allowInsecure: ctx.config.allowInsecureWebhooks,
      });
      const r = outcome.result;
      if (r.kind === 'response') {
        span?.setAttribute('http.response.status_code', r.status);
        if (r.status >= 400) span?.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${r.status}` });
      } else failSpan(span, new Error(`${r.kind}: ${r.message}`));
      // The trace the request carried on, for the attempt's log line.
      return { ...outcome, traceId: traceIdOf(traceparent) };
    },
  );
}
