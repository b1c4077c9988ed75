// Plans are the authority for limits. Built-in plans can be overridden or extended with FOLIO_PLANS_FILE
// (merged over these by key). A null policy value means unlimited.

export interface PlanPolicy {
  allowExternalNetwork: boolean;
  /** Most files in a render job's `attachments` (the e-invoice XML is not counted here). */
  maxAttachmentsPerJob: number | null;
  /** Most bytes of a render job's attachments plus its e-invoice XML (decoded, not base64). */
  maxAttachmentBytesPerJob: number | null;
  maxBytesPerDeployCommit: number | null;
  maxConcurrentRenderJobs: number | null;
  maxDeployCommitsPerBillPeriod: number | null;
  maxFilesPerDeployCommit: number | null;
  maxRenderJobsPerBillPeriod: number | null;
  maxRenderOutputBytes: number | null;
  maxRenderTimeMsPerBillPeriod: number | null;
  maxRenderTimeoutMs: number | null;
  storageLimitBytes: number | null;
  /** Most bytes of a render job's inline `html` (UTF-8). */
  maxInlineHtmlBytes: number | null;
  /** Most files beside the html in a render job's inline sources. */
  maxInlineFilesPerJob: number | null;
  /** Most bytes of a render job's inline html and files together (decoded). */
  maxInlineBytesPerJob: number | null;
  /** Days an inline version no job has used is kept before retention deletes it; null keeps it. */
  inlineVersionRetentionDays: number | null;
  /** Most pages of a long document printed in parts (docs/long-documents.md); null: MAX_DOCUMENT_PAGES_CEILING. */
  maxDocumentPages: number | null;
}

export interface Plan {
  key: string;
  name: string;
  currency: string;
  interval: string;
  monthlyPriceCents: number;
  policy: PlanPolicy;
  /** Per-API-key request rate; absent = the server default (FOLIO_RATE_LIMIT_*). */
  rateLimit?: { perSecond: number; burst: number };
}

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

export const builtInPlans: Record<string, Plan> = {
  free: {
    key: 'free',
    name: 'Free',
    currency: 'usd',
    interval: 'month',
    monthlyPriceCents: 0,
    policy: {
      allowExternalNetwork: false,
      maxAttachmentsPerJob: 5,
      maxAttachmentBytesPerJob: 5 * MiB,
      maxBytesPerDeployCommit: 25 * MiB,
      maxConcurrentRenderJobs: 1,
      maxDeployCommitsPerBillPeriod: 100,
      maxFilesPerDeployCommit: 500,
      maxRenderJobsPerBillPeriod: 500,
      maxRenderOutputBytes: 20 * MiB,
      maxRenderTimeMsPerBillPeriod: 30 * 60 * 1000,
      maxRenderTimeoutMs: 30_000,
      storageLimitBytes: 1 * GiB,
      maxInlineHtmlBytes: 1 * MiB,
      maxInlineFilesPerJob: 50,
      maxInlineBytesPerJob: 10 * MiB,
      inlineVersionRetentionDays: 7,
      maxDocumentPages: 5000,
    },
    rateLimit: { perSecond: 10, burst: 20 },
  },
  pro: {
    key: 'pro',
    name: 'Pro',
    currency: 'usd',
    interval: 'month',
    monthlyPriceCents: 4900,
    policy: {
      allowExternalNetwork: true,
      maxAttachmentsPerJob: 20,
      maxAttachmentBytesPerJob: 15 * MiB,
      maxBytesPerDeployCommit: 200 * MiB,
      maxConcurrentRenderJobs: 8,
      maxDeployCommitsPerBillPeriod: 2000,
      maxFilesPerDeployCommit: 5000,
      maxRenderJobsPerBillPeriod: 50_000,
      maxRenderOutputBytes: 100 * MiB,
      maxRenderTimeMsPerBillPeriod: 50 * 60 * 60 * 1000,
      maxRenderTimeoutMs: 120_000,
      storageLimitBytes: 50 * GiB,
      maxInlineHtmlBytes: 5 * MiB,
      maxInlineFilesPerJob: 500,
      maxInlineBytesPerJob: 15 * MiB,
      inlineVersionRetentionDays: 30,
      maxDocumentPages: 20_000,
    },
  },
  unlimited: {
    key: 'unlimited',
    name: 'Unlimited (self-hosted)',
    currency: 'usd',
    interval: 'month',
    monthlyPriceCents: 0,
    policy: {
      allowExternalNetwork: true,
      maxAttachmentsPerJob: null,
      maxAttachmentBytesPerJob: null,
      maxBytesPerDeployCommit: null,
      maxConcurrentRenderJobs: null,
      maxDeployCommitsPerBillPeriod: null,
      maxFilesPerDeployCommit: null,
      maxRenderJobsPerBillPeriod: null,
      maxRenderOutputBytes: null,
      maxRenderTimeMsPerBillPeriod: null,
      maxRenderTimeoutMs: null,
      storageLimitBytes: null,
      maxInlineHtmlBytes: null,
      maxInlineFilesPerJob: null,
      maxInlineBytesPerJob: null,
      inlineVersionRetentionDays: 30,
      maxDocumentPages: null,
    },
  },
};

/**
 * Whatever the plan (even with null limits), a job's attachments and e-invoice XML together are at most
 * this many bytes: the render-job routes' request body limit is sized for it (base64 included), and kept
 * under 32 MiB with the default payload limit.
 */
export const MAX_ATTACHMENT_BYTES_CEILING = 16 * MiB;
/** Whatever the plan, a job carries at most this many attachments. */
export const MAX_ATTACHMENTS_CEILING = 100;
/**
 * Whatever the plan, a job's inline html and files are at most this many bytes and at most this many
 * files. The render-job routes' body limit is sized for the payload plus the larger of this and the
 * attachment ceiling; a job with both at their ceilings passes it (413 body_too_large).
 */
export const MAX_INLINE_BYTES_CEILING = 16 * MiB;
export const MAX_INLINE_FILES_CEILING = 1000;
/** Whatever the plan (null included), a long document has at most this many pages. */
export const MAX_DOCUMENT_PAGES_CEILING = 100_000;

/** The pages a long document of this plan may have. */
export const documentPagesLimit = (policy: Pick<PlanPolicy, 'maxDocumentPages'>): number =>
  Math.min(policy.maxDocumentPages ?? MAX_DOCUMENT_PAGES_CEILING, MAX_DOCUMENT_PAGES_CEILING);

export const policyKeys = Object.keys(builtInPlans.free.policy) as (keyof PlanPolicy)[];

/** Validates one plan definition from a plans file; returns an error message or the plan. */
export function parsePlan(key: string, raw: unknown, base?: Plan): Plan | string {
  if (!/^[a-z][a-z0-9_-]{0,62}$/.test(key)) return `plan key "${key}" must match ^[a-z][a-z0-9_-]{0,62}$`;
  if (typeof raw !== 'object' || raw === null) return `plan "${key}" must be an object`;
  const r = raw as Record<string, unknown>;
  const name = r.name ?? base?.name;
  const currency = r.currency ?? base?.currency ?? 'usd';
  const interval = r.interval ?? base?.interval ?? 'month';
  const price = r.monthlyPriceCents ?? base?.monthlyPriceCents ?? 0;
  if (typeof name !== 'string' || name.length === 0) return `plan "${key}": name must be a non-empty string`;
  if (typeof currency !== 'string' || typeof interval !== 'string') return `plan "${key}": currency and interval must be strings`;
  if (!Number.isInteger(price) || (price as number) < 0) return `plan "${key}": monthlyPriceCents must be a non-negative integer`;
  const rawPolicy = (r.policy ?? {}) as Record<string, unknown>;
  if (typeof rawPolicy !== 'object' || rawPolicy === null) return `plan "${key}": policy must be an object`;
  const policy = { ...(base?.policy ?? builtInPlans.unlimited.policy) } as Record<string, unknown>;
  for (const [k, v] of Object.entries(rawPolicy)) {
    if (!policyKeys.includes(k as keyof PlanPolicy)) return `plan "${key}": unknown policy field "${k}"`;
    if (k === 'allowExternalNetwork') {
      if (typeof v !== 'boolean') return `plan "${key}": policy.allowExternalNetwork must be a boolean`;
    } else if (v !== null && (!Number.isInteger(v) || (v as number) < 0)) {
      return `plan "${key}": policy.${k} must be a non-negative integer or null`;
    }
    policy[k] = v;
  }
  let rateLimit = base?.rateLimit;
  if (r.rateLimit !== undefined) {
    const rl = r.rateLimit as Record<string, unknown>;
    if (!rl || !Number.isInteger(rl.perSecond) || !Number.isInteger(rl.burst) || (rl.perSecond as number) < 1 || (rl.burst as number) < 1) {
      return `plan "${key}": rateLimit must be {perSecond, burst} with positive integers`;
    }
    rateLimit = { perSecond: rl.perSecond as number, burst: rl.burst as number };
  }
  return { key, name, currency, interval, monthlyPriceCents: price as number, policy: policy as unknown as PlanPolicy, rateLimit };
}

/** Merges a plans file (already parsed JSON) over the built-in plans. Throws with a clear message. */
export function mergePlans(file: unknown): Record<string, Plan> {
  const plans: Record<string, Plan> = { ...builtInPlans };
  if (file === undefined || file === null) return plans;
  if (typeof file !== 'object' || Array.isArray(file)) throw new Error('plans file must be a JSON object of plan key → plan');
  for (const [key, raw] of Object.entries(file as Record<string, unknown>)) {
    const parsed = parsePlan(key, raw, builtInPlans[key]);
    if (typeof parsed === 'string') throw new Error(parsed);
    plans[key] = parsed;
  }
  return plans;
}
