// The storage an account holds, as the usage meter reads it: managed-PDF bytes (a counter maintained on every
// change, with a daily peak for billing), transient outputs, and page images and thumbnails (counted as
// render outputs for as long as they are kept).
import type { Transaction } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { greatest } from '../../db/dialect.js';
import { dayString } from '../../domain/accounts/period.js';
import type { ServiceContext } from '../context.js';
import { sql } from 'kysely';

type Trx = Transaction<Tables>;

export class StorageMeter {
  constructor(private readonly ctx: ServiceContext) {}

  /** What the account's rendered files hold now: managed PDFs, and render outputs (transient outputs, page images and thumbnails). */
  async renderedBytes(db: Trx | ServiceContext['db'], accountId: string): Promise<{ managedPdf: number; renderOutput: number }> {
    const managedPdf = await this.managedPdfBytes(db, accountId);
    // Page images and thumbnails count as render outputs, for as long as they are kept.
    const renderOutput = (await this.transientOutputBytes(db, accountId)) + (await this.imageBytes(db, accountId));
    return { managedPdf, renderOutput };
  }

  async imageBytes(db: Trx | ServiceContext['db'], accountId: string): Promise<number> {
    const r = await db
      .selectFrom('page_images')
      .select((eb) => eb.fn.sum<number>('bytes').as('n'))
      .where('account_id', '=', accountId)
      .where('state', '=', 'available')
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async transientOutputBytes(db: Trx | ServiceContext['db'], accountId: string): Promise<number> {
    const r = await db
      .selectFrom('render_outputs')
      .select((eb) => eb.fn.sum<number>('bytes').as('n'))
      .where('account_id', '=', accountId)
      .where('state', '=', 'available')
      .where('managed', '=', 0)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async managedPdfBytes(db: Trx | ServiceContext['db'], accountId: string): Promise<number> {
    const r = await db.selectFrom('pdf_storage_current').select('bytes').where('account_id', '=', accountId).executeTakeFirst();
    return Number(r?.bytes ?? 0);
  }

  /**
   * Changes the account's managed-PDF bytes by `delta` and raises today's peak: the meter is maintained on
   * every change, never recomputed by scanning. Runs inside the transaction that creates or deletes the PDF.
   */
  async changeManagedBytes(trx: Trx, accountId: string, delta: number): Promise<void> {
    await trx
      .insertInto('pdf_storage_current')
      .values({ account_id: accountId, bytes: 0 })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
    const before = await trx
      .selectFrom('pdf_storage_current')
      .select('bytes')
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    const row = await trx
      .updateTable('pdf_storage_current')
      .set({ bytes: sql`bytes + ${delta}` })
      .where('account_id', '=', accountId)
      .returning('bytes')
      .executeTakeFirstOrThrow();
    const after = Number(row.bytes);
    const high = Math.max(Number(before.bytes), after);
    const day = dayString(this.ctx.clock.now());
    await trx
      .insertInto('pdf_storage_days')
      .values({ account_id: accountId, day, peak_bytes: high, end_bytes: after })
      .onConflict((oc) =>
        oc.columns(['account_id', 'day']).doUpdateSet({
          peak_bytes: greatest(this.ctx.dialect, sql.ref('pdf_storage_days.peak_bytes'), sql<number>`${high}`),
          end_bytes: after,
        }),
      )
      .execute();
  }

  /** Daily peaks of the period up to today; quiet days carry the bytes held at the end of the last change. */
  async dailyPeaks(accountId: string, periodStart: number, periodEnd: number): Promise<{ day: string; peakBytes: number }[]> {
    const startDay = dayString(periodStart);
    const today = dayString(Math.min(this.ctx.clock.now(), periodEnd - 1));
    const rows = await this.ctx.db
      .selectFrom('pdf_storage_days')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('day', '>=', startDay)
      .where('day', '<=', today)
      .orderBy('day')
      .execute();
    const prior = await this.ctx.db
      .selectFrom('pdf_storage_days')
      .select('end_bytes')
      .where('account_id', '=', accountId)
      .where('day', '<', startDay)
      .orderBy('day', 'desc')
      .limit(1)
      .executeTakeFirst();
    let carry = Number(prior?.end_bytes ?? 0);
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const out: { day: string; peakBytes: number }[] = [];
    for (let t = periodStart; dayString(t) <= today; t += 86_400_000) {
      const d = dayString(t);
      const r = byDay.get(d);
      const peak = r ? Math.max(Number(r.peak_bytes), carry) : carry;
      if (r) carry = Number(r.end_bytes);
      if (peak > 0 || r) out.push({ day: d, peakBytes: peak });
    }
    return out;
  }
}
