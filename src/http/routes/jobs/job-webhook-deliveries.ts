import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../services/index.js';
import * as ex from '../../openapi/examples.js';
import { principalOf } from '../../plugins/auth.js';
import { JobParams } from './render-jobs.js';

/** One delivery attempt of a job's webhook event. */
const Delivery = Type.Object({
  id: Type.String({ description: 'Delivery id (`dlv_…`), new for every attempt.' }),
  eventId: Type.String({ description: '`evt_render_job_terminated_<jobId>`, stable across attempts.' }),
  attempt: Type.Integer({ description: '1-based; the Service-Webhook-Attempt header.' }),
  manual: Type.Boolean({ description: 'Sent by a redeliver request rather than the schedule.' }),
  url: Type.String(),
  statusCode: Type.Optional(Type.Integer()),
  durationMs: Type.Integer(),
  error: Type.Optional(Type.String()),
  createdAt: Type.Integer(),
});

/** A render job's webhook event and its delivery attempts: listed, and sent again on request. */
export function jobWebhookDeliveryRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/v1/render-jobs/:jobId/webhook-deliveries',
    {
      config: { scope: 'render:read' },
      schema: {
        tags: ['Webhooks'],
        summary: 'Webhook event and delivery attempts of a job',
        description:
          "The job's `render.job.terminated` event (`null` when none was recorded: the webhook was off, or the job is not terminal) and every delivery attempt, oldest first: `statusCode` when a response arrived, `error` otherwise or for a non-2xx.",
        params: JobParams,
        response: {
          200: Type.Object({
            event: Type.Union([
              Type.Object({
                id: Type.String(),
                status: Type.String({ description: 'pending, delivered, failed' }),
                attempts: Type.Integer(),
                nextAttemptAt: Type.Optional(Type.Integer()),
                lastError: Type.Optional(Type.String()),
              }),
              Type.Null(),
            ]),
            items: Type.Array(Delivery),
          }),
        },
        'x-folio': { success: 'The event and its attempts', errors: ['render_job_not_found'], response: ex.deliveries },
      },
    },
    async (req) => s.webhooks.listDeliveries(principalOf(req).accountId, req.params.jobId),
  );

  r.post(
    '/v1/render-jobs/:jobId/webhook-deliveries/redeliver',
    {
      config: { scope: 'render:write' },
      schema: {
        tags: ['Webhooks'],
        summary: "Send the job's webhook event again now",
        description:
          'Same event id, new delivery id, `manual: true`; the attempt is made before the response (at most 10 s) and recorded, and counts toward the six attempts. A 2xx marks the event `delivered`. A terminal job without an event (its webhook was off when it finished) gets one now if the webhook is enabled with a URL.',
        params: JobParams,
        response: { 200: Type.Object({ delivery: Delivery }) },
        'x-folio': {
          success: 'The recorded attempt',
          errors: ['render_job_not_found', 'webhook_not_available', 'insufficient_storage'],
          response: ex.redelivered,
        },
      },
    },
    async (req) => s.webhooks.redeliver(principalOf(req).accountId, req.params.jobId),
  );
}
