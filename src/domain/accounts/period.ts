// Billing periods are calendar months in UTC (decisions.md "Usage and plans").

export interface Period {
  kind: 'month';
  start: number;
  end: number;
  /** YYYY-MM-DD of the first day */
  usageDayStart: string;
  /** YYYY-MM-DD of the first day of the next period */
  usageDayEndExclusive: string;
}

export function dayString(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function periodAt(nowMs: number): Period {
  const d = new Date(nowMs);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return { kind: 'month', start, end, usageDayStart: dayString(start), usageDayEndExclusive: dayString(end) };
}

/** Seconds until the period ends, for Retry-After on quota errors. */
export function secondsToPeriodEnd(nowMs: number): number {
  return Math.max(1, Math.ceil((periodAt(nowMs).end - nowMs) / 1000));
}
