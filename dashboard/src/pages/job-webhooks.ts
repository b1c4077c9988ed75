// The "Webhook deliveries" section of a job page (GET /v1/render-jobs/{id}/webhook-deliveries): the job's
// event, or why it has none, and every delivery attempt. job.ts adds the redeliver button.
import { h, type Child } from '../dom';
import { dateTime, duration } from '../format';
import type { RenderJob, WebhookDeliveries } from '../types';
import { table } from '../ui';

export function deliveriesView(j: RenderJob, d: WebhookDeliveries): Child[] {
  const terminalWebhook = j.status === 'succeeded' || j.status === 'failed';
  return [
    d.event
      ? h(
          'p',
          {},
          'Event ',
          h('code', {}, d.event.id),
          ` · ${d.event.status} · ${d.event.attempts} attempt(s)`,
          d.event.nextAttemptAt ? ` · next attempt ${dateTime(d.event.nextAttemptAt)}` : '',
          d.event.lastError ? ` · last error: ${d.event.lastError}` : '',
        )
      : h(
          'p',
          { class: 'muted' },
          terminalWebhook
            ? 'No webhook event: the deploy had no enabled webhook when the job finished.'
            : j.status === 'canceled'
              ? 'Canceled jobs send no webhook.'
              : 'A webhook is sent when the job succeeds or fails.',
        ),
    d.items.length
      ? table(
          'Webhook delivery attempts',
          ['Attempt', 'When', 'Result', 'Duration', 'URL'],
          d.items.map((x) => [
            `#${x.attempt}${x.manual ? ' (manual)' : ''}`,
            dateTime(x.createdAt),
            x.error
              ? h('span', { class: 'bad' }, x.error)
              : h('span', { class: x.statusCode && x.statusCode < 300 ? 'good' : 'bad' }, `HTTP ${x.statusCode}`),
            duration(x.durationMs),
            h('code', { class: 'wrap' }, x.url),
          ]),
          { testid: 'deliveries-table' },
        )
      : null,
  ];
}
