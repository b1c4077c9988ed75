import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../services/index.js';
import { setTimestampAuthority, timestampAuthorityOf } from '../../../services/accounts/timestamp-authority-setting.js';
import { principalOf } from '../../plugins/auth.js';
import * as ex from '../../openapi/examples.js';
import { EpochMs } from '../../schemas/common.js';

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
        maxDocumentPages: Nullable(Type.Integer()),
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

  const TimestampAuthority = Type.Object({
    timestampAuthority: Type.Object({
      url: Type.Union([Type.String(), Type.Null()], { description: "The account's own RFC 3161 authority, or null." }),
      effectiveUrl: Type.Union([Type.String(), Type.Null()], {
        description: "What the account's PDF jobs use: its own, else the deployment's (FOLIO_TIMESTAMP_AUTHORITY_URL); null: none.",
      }),
    }),
  });
  const tsaExample = { timestampAuthority: { url: 'https://freetsa.org/tsr', effectiveUrl: 'https://freetsa.org/tsr' } };

  r.get(
    '/v1/account/timestamp-authority',
    {
      config: { scope: 'certificates:read' },
      schema: {
        tags: ['Account'],
        summary: "The account's RFC 3161 timestamp authority",
        description:
          'The timestamp authority of the PDF-job steps `timestamp` and `sign` with `timestamp: true` (the PDF guide, "PDF jobs"): the account\'s own, and the one its jobs use (its own, else the deployment\'s).',
        response: { 200: TimestampAuthority },
        'x-folio': { success: 'The timestamp authority', response: tsaExample },
      },
    },
    async (req) => ({ timestampAuthority: await timestampAuthorityOf(s.ctx, principalOf(req).accountId) }),
  );

  r.put(
    '/v1/account/timestamp-authority',
    {
      config: { scope: 'certificates:write' },
      schema: {
        tags: ['Account'],
        summary: "Set the account's RFC 3161 timestamp authority",
        description:
          "`{url}`: an `http:` or `https:` URL without user name or password that Folio POSTs `application/timestamp-query` to (10 s time limit, 64 KB answer limit) for the account's PDF-job timestamps; `null` returns to the deployment's. Its host must be on a public address: a loopback, private or link-local address is 400 unless the operator allow-listed the host (FOLIO_TIMESTAMP_ALLOWED_HOSTS); a host name is resolved and checked again at every use.",
        body: Type.Object(
          { url: Type.Union([Type.String({ minLength: 1, maxLength: 2000 }), Type.Null()]) },
          { additionalProperties: false },
        ),
        response: { 200: TimestampAuthority },
        'x-folio': { success: 'The timestamp authority', request: { url: 'https://freetsa.org/tsr' }, response: tsaExample },
      },
    },
    async (req) => ({ timestampAuthority: await setTimestampAuthority(s.ctx, principalOf(req).accountId, req.body.url) }),
  );
}
