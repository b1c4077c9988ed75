// A long document split at marked elements (`pdf.parts.marks`, docs/long-documents.md): every part loads
// the whole page, then keeps only its own marked elements before it prints. The marks are the outermost
// elements matching the selector, counted in document order; part k keeps marks k·size … (k+1)·size − 1.
// The rest of the page is shared out so that every piece prints once, where it stands in the document:
// - the elements holding marks (body, a table, its tbody) stay in every part, and so do a table's thead,
//   tfoot, caption and column groups (a part's first page repeats the header), style, script and link
//   elements, and elements of fixed position (printed on every page);
// - anything else goes with the mark before it: what comes before the first mark is the first part's,
//   a closing paragraph after the last mark is the last part's.
import type { MarkedParts } from '../domain/jobs/document-parts.js';

/** What splitting the page found: how many marks it has, or why it could not split. */
export type MarkSplit = { marked: number } | { error: string };

/** Evaluated in a part's page before it prints (after the page is ready). */
export function partMarksExpression(marks: MarkedParts, index: number): string {
  return `((selector, size, k) => {
  let all;
  try { all = document.body ? [...document.body.querySelectorAll(selector)] : []; }
  catch (e) { return { error: 'pdf.parts.marks is not a CSS selector the page understands: ' + selector }; }
  const marks = all.filter((el) => !(el.parentElement && el.parentElement.closest(selector)));
  const index = new Map(marks.map((el, i) => [el, i]));
  const holders = new Set();
  for (const el of marks) for (let p = el.parentNode; p && !holders.has(p); p = p.parentNode) holders.add(p);
  const shared = /^(THEAD|TFOOT|CAPTION|COLGROUP|COL|STYLE|LINK|SCRIPT|TEMPLATE|META|BASE)$/;
  const partOf = (i) => Math.floor(Math.max(0, i) / size);
  let last = -1;
  const walk = (node) => {
    for (const child of [...node.childNodes]) {
      if (index.has(child)) {
        last = index.get(child);
        if (partOf(last) !== k) child.remove();
      } else if (holders.has(child)) walk(child);
      else if (child.nodeType === 1 && (shared.test(child.tagName) || getComputedStyle(child).position === 'fixed')) continue;
      else if (child.nodeType === 3 && child.data.trim() === '') continue;
      else if (partOf(last) !== k) child.remove();
    }
  };
  if (document.body) walk(document.body);
  return { marked: marks.length };
})(${JSON.stringify(marks.marks)}, ${marks.size}, ${index})`;
}
