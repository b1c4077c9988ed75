// The findings of Folio's PDF/A checks (validate.ts): which ISO 19005 clause each check stands for in part 1
// (PDF/A-1, ISO 19005-1:2005 with its corrigenda) and in parts 2 and 3 (PDF/A-2 and -3 number their clauses
// alike), and the collector that groups what the checks find by clause and message, with the pages it
// applies to, within bounds. The clause numbers are those of veraPDF's validation profiles (the reference
// validator; these checks are a subset of its rules, not a validator). Nothing here reads a PDF.

/** The part of ISO 19005 a check runs for. */
export type Part = 1 | 2 | 3;

/**
 * Every check, by name: its clause in part 1 and in parts 2/3 (null: the check does not apply to that part).
 * The report's `checked` list is made from this table, so it names exactly what the checks cover.
 */
export const CLAUSES = {
  header: ['6.1.2', '6.1.2'],
  trailer: ['6.1.3', '6.1.3'],
  xrefStream: ['6.1.4', null],
  streamKeys: ['6.1.7', '6.1.7.1'],
  filters: ['6.1.10', '6.1.7.2'],
  inlineFilters: ['6.1.10', '6.1.10'],
  embeddedFiles: ['6.1.11', '6.8'],
  optionalContent: ['6.1.13', null],
  outputIntent: ['6.2.2', '6.2.3'],
  deviceColour: ['6.2.3.3', '6.2.4.3'],
  images: ['6.2.4', '6.2.8'],
  formXObjects: ['6.2.5', '6.2.9'],
  referenceXObjects: ['6.2.6', '6.2.9'],
  postScript: ['6.2.7', '6.2.9'],
  extGState: ['6.2.8', '6.2.5'],
  blendModes: [null, '6.2.10'],
  fonts: ['6.3.4', '6.2.11.4.1'],
  transparency: ['6.4', null],
  annotationTypes: ['6.5.2', '6.3.1'],
  annotationFlags: ['6.5.3', '6.3.2'],
  appearances: ['6.5.3', '6.3.3'],
  actions: ['6.6.1', '6.5.1'],
  additionalActions: ['6.6.2', '6.5.2'],
  widgetActions: ['6.6.1', '6.4.1'],
  forms: ['6.9', '6.4.1'],
  xfa: [null, '6.4.2'],
  metadata: ['6.7.2', '6.6.2.1'],
  xmpPacket: ['6.7.5', '6.6.2.1'],
  xmpWellFormed: ['6.7.9', '6.6.2.1'],
  infoXmp: ['6.7.3', '6.6.3'],
  identification: ['6.7.11', '6.6.4'],
} as const satisfies Record<string, readonly [string | null, string | null]>;

export type CheckName = keyof typeof CLAUSES;

/** "ISO 19005-2 6.2.11.4.1": the clause of `check` in `part`, or null when the check is not one of that part. */
export function clauseOf(part: Part, check: CheckName): string | null {
  const clause = CLAUSES[check][part === 1 ? 0 : 1];
  return clause === null ? null : `ISO 19005-${part} ${clause}`;
}

const clauseKey = (clause: string) => clause.split(/[ .-]/).map((p) => (/^\d+$/.test(p) ? p.padStart(4, '0') : p));

/** The clauses `part`'s checks cover, in clause order, each once. */
export function checkedClauses(part: Part): string[] {
  const all = new Set<string>();
  for (const check of Object.keys(CLAUSES) as CheckName[]) {
    const c = clauseOf(part, check);
    if (c) all.add(c);
  }
  return [...all].sort((a, b) => clauseKey(a).join(' ').localeCompare(clauseKey(b).join(' ')));
}

/** Occurrences itemised at most; past it each clause's further occurrences are only counted. */
export const MAX_FINDINGS = 1000;
/** Pages listed per finding at most. */
export const MAX_PAGES = 50;

export interface Finding {
  clause: string;
  message: string;
  pages?: number[];
  count: number;
}

/**
 * Collects findings for one part: equal clause and message make one finding whose count and pages grow.
 * After MAX_FINDINGS occurrences nothing new is itemised: each clause's further occurrences are counted and
 * reported as one finding per clause at the end.
 */
export class Findings {
  readonly #byKey = new Map<string, { clause: string; message: string; pages: Set<number>; count: number }>();
  readonly #overflow = new Map<string, number>();
  #total = 0;

  constructor(readonly part: Part) {}

  /** Records one occurrence of `check` (ignored when the check is not one of this part); `page` is 1-based. */
  add(check: CheckName, message: string, page?: number): void {
    const clause = clauseOf(this.part, check);
    if (clause === null) return;
    this.addClause(clause, message, page);
  }

  /** Records one occurrence under a clause given in full. */
  addClause(clause: string, message: string, page?: number): void {
    this.#total++;
    const key = `${clause}\u0000${message}`;
    const found = this.#byKey.get(key);
    if (this.#total > MAX_FINDINGS && !found) {
      this.#overflow.set(clause, (this.#overflow.get(clause) ?? 0) + 1);
      return;
    }
    const f = found ?? { clause, message, pages: new Set<number>(), count: 0 };
    f.count++;
    if (page !== undefined && f.pages.size < MAX_PAGES) f.pages.add(page);
    this.#byKey.set(key, f);
  }

  list(): Finding[] {
    const out: Finding[] = [...this.#byKey.values()].map((f) => ({
      clause: f.clause,
      message: f.message,
      ...(f.pages.size > 0 ? { pages: [...f.pages].sort((a, b) => a - b) } : {}),
      count: f.count,
    }));
    for (const [clause, count] of this.#overflow)
      out.push({ clause, message: `${count} more of this clause, not itemised (Folio stops itemising after ${MAX_FINDINGS})`, count });
    return out.sort((a, b) => clauseKey(a.clause).join(' ').localeCompare(clauseKey(b.clause).join(' ')));
  }
}
