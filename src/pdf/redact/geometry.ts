// Matrices and rectangles of redaction, in PDF's row-vector convention (ISO 32000-1 § 8.3.4): a matrix is
// [a b c d e f], a point p maps to p × M, and `times(m1, m2)` is m1 applied first, then m2.

export type Matrix = [number, number, number, number, number, number];
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

export const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

export const apply = (m: Matrix, x: number, y: number): [number, number] => [x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]];

export function invert(m: Matrix): Matrix | null {
  const det = m[0] * m[3] - m[1] * m[2];
  if (Math.abs(det) < 1e-12) return null;
  return [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, (m[2] * m[5] - m[3] * m[4]) / det, (m[1] * m[4] - m[0] * m[5]) / det];
}

/** The bounding box of a rectangle's corners through a matrix (no arrays: it runs once per glyph). */
export function mapRect(m: Matrix, r: Rect): Rect {
  const ax = r.x0 * m[0];
  const bx = r.x1 * m[0];
  const cx = r.y0 * m[2];
  const dx = r.y1 * m[2];
  const ay = r.x0 * m[1];
  const by = r.x1 * m[1];
  const cy = r.y0 * m[3];
  const dy = r.y1 * m[3];
  return {
    x0: Math.min(ax, bx) + Math.min(cx, dx) + m[4],
    x1: Math.max(ax, bx) + Math.max(cx, dx) + m[4],
    y0: Math.min(ay, by) + Math.min(cy, dy) + m[5],
    y1: Math.max(ay, by) + Math.max(cy, dy) + m[5],
  };
}

export function boundsOf(pts: Array<[number, number]>): Rect {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of pts) {
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return { x0, y0, x1, y1 };
}

const area = (r: Rect) => Math.max(0, r.x1 - r.x0) * Math.max(0, r.y1 - r.y0);

export function overlap(a: Rect, b: Rect): number {
  return area({ x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) });
}

export const intersects = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Whether `inner` lies within `outer` (a hundredth of a point of slack for rounding). */
export const inside = (inner: Rect, outer: Rect) =>
  inner.x0 >= outer.x0 - 0.01 && inner.y0 >= outer.y0 - 0.01 && inner.x1 <= outer.x1 + 0.01 && inner.y1 <= outer.y1 + 0.01;

/** Share of `r` covered by `by` (0 for an empty r). */
export function coveredShare(r: Rect, by: Rect): number {
  const a = area(r);
  return a > 0 ? overlap(r, by) / a : intersects({ x0: r.x0 - 0.01, y0: r.y0 - 0.01, x1: r.x1 + 0.01, y1: r.y1 + 0.01 }, by) ? 1 : 0;
}
