// Visible signatures: where a signature's appearance goes (`signature.visible: {page, rect}`) and
// what it says. The rectangle is given as a template author measures a page: from its top-left corner, in
// points (1/72 inch; a CSS pixel is 0.75 pt). Pure: src/pdf/signing/signature-field.ts draws it.

export interface VisibleSignature {
  /** 1-based page the appearance is drawn on. */
  page: number;
  rect: { x: number; y: number; width: number; height: number };
}

/** Room for at least one line of text; at most a 200-inch page (the PDF maximum). */
export const VISIBLE_SIGNATURE_LIMITS = { minWidth: 72, minHeight: 18, maxCoordinate: 14_400, maxPage: 100_000 } as const;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Why `v` is not a valid `visible` (named under `field`), or null. */
export function visibleSignatureProblem(v: unknown, field: string): { field: string; message: string } | null {
  const L = VISIBLE_SIGNATURE_LIMITS;
  const shape = `${field} must be {page, rect: {x, y, width, height}} (points from the page's top-left corner)`;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { field, message: shape };
  const o = v as Record<string, unknown>;
  const extra = Object.keys(o).find((k) => k !== 'page' && k !== 'rect');
  if (extra !== undefined) return { field: `${field}.${extra}`, message: `${field}.${extra} is not a known field (allowed: page, rect)` };
  if (!Number.isInteger(o.page) || (o.page as number) < 1 || (o.page as number) > L.maxPage)
    return { field: `${field}.page`, message: `${field}.page must be a page number from 1` };
  const r = o.rect;
  if (typeof r !== 'object' || r === null || Array.isArray(r)) return { field: `${field}.rect`, message: shape };
  const rect = r as Record<string, unknown>;
  const rextra = Object.keys(rect).find((k) => !['x', 'y', 'width', 'height'].includes(k));
  if (rextra !== undefined)
    return { field: `${field}.rect.${rextra}`, message: `${field}.rect.${rextra} is not a known field (allowed: x, y, width, height)` };
  for (const k of ['x', 'y'] as const)
    if (!isNumber(rect[k]) || rect[k] < 0 || rect[k] > L.maxCoordinate)
      return { field: `${field}.rect.${k}`, message: `${field}.rect.${k} must be a number of points from 0 to ${L.maxCoordinate}` };
  if (!isNumber(rect.width) || rect.width < L.minWidth || rect.width > L.maxCoordinate)
    return { field: `${field}.rect.width`, message: `${field}.rect.width must be from ${L.minWidth} to ${L.maxCoordinate} points` };
  if (!isNumber(rect.height) || rect.height < L.minHeight || rect.height > L.maxCoordinate)
    return { field: `${field}.rect.height`, message: `${field}.rect.height must be from ${L.minHeight} to ${L.maxCoordinate} points` };
  return null;
}

/** The lines a visible signature shows: who signed, when (UTC), and the reason and location if given. */
export function signatureLines(p: { signer: string; signingTime: Date; reason?: string; location?: string }): string[] {
  const when = p.signingTime
    .toISOString()
    .replace('T', ' ')
    .replace(/:\d\d\.\d{3}Z$/, ' UTC');
  return [
    `Digitally signed by ${p.signer}`,
    `Date: ${when}`,
    ...(p.reason ? [`Reason: ${p.reason}`] : []),
    ...(p.location ? [`Location: ${p.location}`] : []),
  ];
}
