// The failure conditions of the Matterhorn Protocol 1.1 that Folio's PDF/UA-1 checker tests (ua-check.ts,
// ua-structure.ts), in the Protocol's words, and how findings are collected and summarised for the job's
// `pdfua_violation` warning (domain/jobs/job-warnings.ts). docs/pdf.md lists them with what each test reads.

/** The Matterhorn conditions Folio tests, by id: the Protocol's wording. */
export const UA_CONDITIONS = {
  '01-005': 'Content is neither marked as Artifact nor tagged as real content.',
  '01-007': 'Suspects entry has a value of true.',
  '06-001': 'Document does not contain an XMP metadata stream.',
  '06-002': 'The XMP metadata stream in the Catalog dictionary does not include the PDF/UA identifier.',
  '06-003': 'XMP metadata stream does not contain dc:title.',
  '07-001': 'ViewerPreferences dictionary of the Catalog dictionary does not contain a DisplayDocTitle entry.',
  '07-002': 'ViewerPreferences dictionary of the Catalog dictionary contains a DisplayDocTitle entry with a value of false.',
  '11-001': 'Natural language for text in page content cannot be determined.',
  '13-004': '<Figure> tag alternative or replacement text missing.',
  '14-002': 'Does use numbered headings, but the first heading tag is not <H1>.',
  '14-003': 'Numbered heading levels in descending sequence are skipped.',
  '14-007': 'Document uses both <H> and <H#> tags.',
  '28-002': 'An annotation, other than of subtype Widget, Link and PrinterMark, is not a direct child of an <Annot> structure element.',
  '28-008': 'A page containing an annotation does not contain a Tabs entry.',
  '28-009': 'A page containing an annotation has a Tabs entry with a value other than S.',
  '28-010': 'A widget annotation is not nested within a <Form> tag.',
  '28-011': 'A link annotation is not nested within a <Link> tag.',
  '28-012': 'A link annotation does not include an alternate description in its Contents entry.',
  '31-009': 'For a font used by text intended to be rendered the font program is not embedded.',
  /** Not a numbered Matterhorn condition: ISO 14289-1 § 7.1 asks for /MarkInfo /Marked true (a tagged PDF). */
  '7.1-marked': 'The catalog has no MarkInfo dictionary with Marked true (the document does not declare itself tagged).',
} as const;

export type UaConditionId = keyof typeof UA_CONDITIONS;

/** One failed condition: how often it failed and where (the first few places, in words). */
export interface UaFinding {
  id: UaConditionId;
  count: number;
  detail: string;
}

/** A finding collector: counts each condition, keeps the first few places. */
export class Findings {
  readonly #byId = new Map<UaConditionId, { count: number; places: string[] }>();

  fail(id: UaConditionId, place: string, count = 1): void {
    const f = this.#byId.get(id) ?? { count: 0, places: [] };
    f.count += count;
    if (f.places.length < 3 && !f.places.includes(place)) f.places.push(place);
    this.#byId.set(id, f);
  }

  list(): UaFinding[] {
    return [...this.#byId.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, f]) => ({ id, count: f.count, detail: f.places.join('; ') + (f.count > f.places.length ? '; …' : '') }));
  }
}

/** The one-line summary of the findings a job's `pdfua_violation` warning shows (ids first, then details). */
export function describeFindings(findings: readonly UaFinding[]): string {
  return findings.map((x) => `${x.id} ${UA_CONDITIONS[x.id]} (${x.detail})`).join(' | ');
}
