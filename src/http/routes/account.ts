import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.js';
import { principalOf } from '../plugins/auth.js';
import * as ex from '../openapi/examples.js';
import { EpochMs } from '../schemas/common.js';

const Nullable = (t: ReturnType<typeof Type.Integer>) => Type.Union([t, Type.Null()]);

export const UsageOverview = Type.Object(
  {
    period: Type.Object({
      kind: Type.String(),
      start: EpochMs,
      end: EpochMs,
      usageDayStart: Type.String(),
      usageDayEndExclusive: Type.String(),
    }),
    plan: Type.Object({
      key: Type.String(),
      name: Type.String(),
      currency: Type.String(),
      interval: Type.String(),
      monthlyPriceCents: Type.Integer(),
    }),
    policy: Type.Object(
      {
        allowExternalNetwork: Type.Boolean(),
        maxAttachmentsPerJob: Nullable(Type.Integer()),
        maxAttachmentBytesPerJob: Nullable(Type.Integer()),
        maxBytesPerDeployCommit: Nullable(Type.Integer()),
        maxConcurrentRenderJobs: Nullable(Type.Integer()),
        maxDeployCommitsPerBillPeriod: Nullable(Type.Integer()),
        maxFilesPerDeployCommit: Nullable(Type.Integer()),
        maxRenderJobsPerBillPeriod: Nullable(Type.Integer()),
        maxRenderOutputBytes: Nullable(Type.Integer()),
        maxRenderTimeMsPerBillPeriod: Nullable(Type.Integer()),
        maxRenderTimeoutMs: Nullable(Type.Integer()),
        storageLimitBytes: Nullable(Type.Integer()),
        maxInlineHtmlBytes: Nullable(Type.Integer()),
        maxInlineFilesPerJob: Nullable(Type.Integer()),
        maxInlineBytesPerJob: Nullable(Type.Integer()),
        inlineVersionRetentionDays: Nullable(Type.Integer()),
      },
      { description: 'Plan limits; null means unlimited (for inlineVersionRetentionDays: inline versions are kept).' },
    ),
    usageMeters: Type.Array(
      Type.Object({
        code: Type.String(),
        aggregation: Type.String(),
        totalQuantity: Type.Integer(),
        unit: Type.String(),
        version: Type.Integer(),
      }),
    ),
    liveStorage: Type.Object({
      deployVersionStorageBytes: Type.Integer(),
      managedPdfStorageBytes: Type.Integer(),
      renderOutputStorageBytes: Type.Integer(),
      totalBytes: Type.Integer(),
    }),
    uploadLimits: Type.Object({ maxSingleFileBytes: Type.Integer() }),
    storageMeters: Type.Array(
      Type.Object({
        code: Type.String(),
        aggregation: Type.String(),
        unit: Type.String(),
        currentBytes: Type.Integer(),
        peakBytesByDay: Type.Array(Type.Object({ day: Type.String(), peakBytes: Type.Integer(), peakGiBDay: Type.Number() })),
        totalPeakBytes: Type.Integer(),
        totalPeakGiBDays: Type.Number(),
        version: Type.Integer(),
      }),
    ),
    bill: Type.Object({ provider: Type.String(), interval: Type.String(), periodStart: EpochMs, periodEnd: EpochMs }),
    generatedAt: EpochMs,
  },
  { $id: 'UsageOverview', title: 'UsageOverview' },
);

export function accountRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/v1/account',
    {
      config: { scope: 'usage:read' },
      schema: {
        tags: ['Account'],
        summary: 'The account and its webhook signing metadata',
        description: 'The account-level signing secret is never returned; only whether it exists and a masked preview.',
        response: {
          200: Type.Object({
            account: Type.Object({
              id: Type.String(),
              name: Type.String(),
              plan: Type.String(),
              createdAt: EpochMs,
              webhook: Type.Object({ signingSecretConfigured: Type.Boolean(), signingSecretPreview: Type.Optional(Type.String()) }),
            }),
          }),
        },
        'x-folio': { success: 'The account', response: ex.account },
      },
    },
    async (req) => s.accounts.view(principalOf(req).accountId),
  );

  r.get(
    '/v1/usage',
    {
      config: { scope: 'usage:read' },
      schema: {
        tags: ['Account'],
        summary: 'Usage, plan policy, live storage and meters of the current period',
        description:
          "Computed when asked (`Cache-Control: private, no-store`): the current calendar month (UTC), the plan and its limits (`null` = unlimited), this month's meters (`deploy_commits`, `render_jobs`, `render_time_ms`), the bytes stored now, and the daily peaks of managed-PDF storage.",
        response: { 200: Type.Ref('UsageOverview') },
        'x-folio': { success: 'The usage overview', response: ex.usage },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return s.usage.overview(principalOf(req).accountId);
    },
  );
}
