import { sql, type Kysely, type Transaction } from 'kysely';
import { precompiled } from '../../db/precompiled.js';
import type { Tables } from '../../db/tables.js';
import { periodAt, secondsToPeriodEnd } from '../../domain/accounts/period.js';
import { AppError } from '../../errors/app-error.js';
import type { ErrorCode } from '../../errors/codes.js';
import type { ServiceContext } from '../context.js';
import type { StorageMeter } from './storage-meter.js';

export type MeterCode = 'deploy_commits' | 'render_jobs' | 'render_time_ms';

export const meterDefinitions: { code: MeterCode; aggregation: 'count' | 'sum'; unit: 'count' | 'ms' }[] = [
  { code: 'deploy_commits', aggregation: 'count', unit: 'count' },
  { code: 'render_jobs', aggregation: 'count', unit: 'count' },
  { code: 'render_time_ms', aggregation: 'sum', unit: 'ms' },
];

const METER_VERSION = 1;
const MAX_SINGLE_FILE_BYTES = 10 * 1024 * 1024;
export { MAX_SINGLE_FILE_BYTES };

type Trx = Transaction<Tables>;

/**
 * Creates the period's counter with the amount, or adds the amount to it -- refused (no row back) when the
 * sum would pass the limit. Precompiled: two meters move on every render job.
 */
const addToMeter = precompiled(
  ['accountId', 'periodStart', 'meter', 'amount', 'amountAgain', 'amountInLimit', 'limit'],
  (db: Kysely<Tables>, p) =>
    db
      .insertInto('usage_counters')
      .values({ account_id: p.accountId, period_start: p.periodStart, meter: p.meter, quantity: p.amount })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'period_start', 'meter'])
          .doUpdateSet({ quantity: sql`usage_counters.quantity + ${p.amountAgain}` })
          .where(sql<boolean>`usage_counters.quantity + ${p.amountInLimit} <= ${p.limit}`),
      )
      .returning('quantity'),
);
const addToUnlimitedMeter = precompiled(['accountId', 'periodStart', 'meter', 'amount', 'amountAgain'], (db: Kysely<Tables>, p) =>
  db
    .insertInto('usage_counters')
    .values({ account_id: p.accountId, period_start: p.periodStart, meter: p.meter, quantity: p.amount })
    .onConflict((oc) =>
      oc.columns(['account_id', 'period_start', 'meter']).doUpdateSet({ quantity: sql`usage_counters.quantity + ${p.amountAgain}` }),
    )
    .returning('quantity'),
);

export class Usage {
  constructor(
    private readonly ctx: ServiceContext,
    /** The bytes of rendered files (outputs, managed PDFs, page images) and the managed-PDF daily peaks. */
    private readonly storage: StorageMeter,
  ) {}

  /**
   * Adds `amount` to a meter of the current period, inside the caller's transaction, refusing when the
   * result would pass `limit`. The guarded upsert is one statement, so two concurrent transactions can
   * never both pass the limit (row lock on PostgreSQL, the database write lock on SQLite); a rolled-back
   * transaction counts nothing.
   */
  async increment(
    trx: Trx,
    input: { accountId: string; meter: MeterCode; amount: number; limit: number | null; errorCode: ErrorCode },
  ): Promise<number> {
    const now = this.ctx.clock.now();
    const periodStart = periodAt(now).start;
    // One statement: create the period's counter with the amount, or add the amount to it -- refused (no
    // row back) when that would pass the limit. Amounts are never negative, so an amount above the limit
    // alone is refused before asking.
    const refused = input.limit !== null && input.amount > input.limit;
    const values = { accountId: input.accountId, periodStart, meter: input.meter, amount: input.amount, amountAgain: input.amount };
    const [row] = refused
      ? []
      : input.limit === null
        ? await addToUnlimitedMeter(this.ctx.db, values, trx)
        : await addToMeter(this.ctx.db, { ...values, amountInLimit: input.amount, limit: input.limit }, trx);
    if (!row) {
      throw new AppError(
        input.errorCode,
        `the plan allows ${input.limit} ${input.meter.replace(/_/g, ' ')} per billing period`,
        undefined,
        {
          retryAfterSeconds: secondsToPeriodEnd(now),
        },
      );
    }
    return Number(row.quantity);
  }

  async meterValue(db: Trx | ServiceContext['db'], accountId: string, meter: MeterCode): Promise<number> {
    const row = await db
      .selectFrom('usage_counters')
      .select('quantity')
      .where('account_id', '=', accountId)
      .where('period_start', '=', periodAt(this.ctx.clock.now()).start)
      .where('meter', '=', meter)
      .executeTakeFirst();
    return Number(row?.quantity ?? 0);
  }

  /** Bytes of distinct files this account holds (dedup is per account; see services/deploys/uploads.ts). */
  async blobBytes(db: Trx | ServiceContext['db'], accountId: string): Promise<number> {
    const row = await db
      .selectFrom('account_blobs')
      .select((eb) => eb.fn.sum<number>('size').as('total'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** Everything the account stores (what storageLimitBytes limits): distinct files, managed PDFs, transient outputs. */
  async totalStorageBytes(db: Trx | ServiceContext['db'], accountId: string): Promise<number> {
    const blobs = await this.blobBytes(db, accountId);
    const rendered = await this.storage.renderedBytes(db, accountId);
    return blobs + rendered.managedPdf + rendered.renderOutput;
  }

  async liveStorage(accountId: string) {
    const deployVersionStorageBytes = await this.blobBytes(this.ctx.db, accountId);
    const rendered = await this.storage.renderedBytes(this.ctx.db, accountId);
    return {
      deployVersionStorageBytes,
      managedPdfStorageBytes: rendered.managedPdf,
      renderOutputStorageBytes: rendered.renderOutput,
      totalBytes: deployVersionStorageBytes + rendered.managedPdf + rendered.renderOutput,
    };
  }

  /** `GET /v1/usage` */
  async overview(accountId: string) {
    const now = this.ctx.clock.now();
    const period = periodAt(now);
    const account = await this.ctx.db.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirstOrThrow();
    const plan = this.ctx.plans.get(account.plan_key);
    const counters = await this.ctx.db
      .selectFrom('usage_counters')
      .select(['meter', 'quantity'])
      .where('account_id', '=', accountId)
      .where('period_start', '=', period.start)
      .execute();
    const byMeter = new Map(counters.map((c) => [c.meter, Number(c.quantity)]));
    const liveStorage = await this.liveStorage(accountId);
    const pdfMeter = await this.managedPdfMeter(accountId, period.start, period.end, liveStorage.managedPdfStorageBytes);
    return {
      period,
      plan: { key: plan.key, name: plan.name, currency: plan.currency, interval: plan.interval, monthlyPriceCents: plan.monthlyPriceCents },
      policy: plan.policy,
      usageMeters: meterDefinitions.map((m) => ({
        code: m.code,
        aggregation: m.aggregation,
        totalQuantity: byMeter.get(m.code) ?? 0,
        unit: m.unit,
        version: METER_VERSION,
      })),
      liveStorage,
      uploadLimits: { maxSingleFileBytes: MAX_SINGLE_FILE_BYTES },
      storageMeters: [pdfMeter],
      bill: { provider: 'none', interval: plan.interval, periodStart: period.start, periodEnd: period.end },
      generatedAt: now,
    };
  }

  /** The managed_pdf_storage meter; daily peaks come from managed-PDF accounting (render issue). */
  async managedPdfMeter(accountId: string, periodStart: number, periodEnd: number, currentBytes: number) {
    const peaks = await this.storage.dailyPeaks(accountId, periodStart, periodEnd);
    const GiB = 1024 ** 3;
    const peakBytesByDay = peaks.map((p) => ({ day: p.day, peakBytes: p.peakBytes, peakGiBDay: p.peakBytes / GiB }));
    const totalPeakBytes = peakBytesByDay.reduce((s, p) => s + p.peakBytes, 0);
    return {
      code: 'managed_pdf_storage',
      aggregation: 'daily_peak',
      unit: 'bytes',
      currentBytes,
      peakBytesByDay,
      totalPeakBytes,
      totalPeakGiBDays: totalPeakBytes / GiB,
      version: METER_VERSION,
    };
  }
}
