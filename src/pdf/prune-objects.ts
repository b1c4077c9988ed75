// Objects no longer reachable from the document's trailer (its catalog and information dictionary), removed
// before a PDF job's result is saved: pdf-lib writes every object it holds, so a flattened annotation, or a
// source page an annotation's /P dragged along when pages were copied, would stay in the file unseen.
import { PDFArray, PDFDict, PDFRef, PDFStream, type PDFDocument, type PDFObject } from '@cantoo/pdf-lib';

/** Removes the unreachable indirect objects; how many were removed. */
export function pruneUnreachable(doc: PDFDocument): number {
  const ctx = doc.context;
  const seen = new Set<string>();
  const stack: PDFObject[] = [ctx.trailerInfo.Root, ctx.trailerInfo.Info].filter((o): o is PDFObject => o !== undefined);
  while (stack.length > 0) {
    const o = stack.pop()!;
    if (o instanceof PDFRef) {
      if (seen.has(o.tag)) continue;
      seen.add(o.tag);
      const target = ctx.lookup(o);
      if (target) stack.push(target);
    } else if (o instanceof PDFDict) for (const [, v] of o.entries()) stack.push(v);
    else if (o instanceof PDFArray) for (let i = 0; i < o.size(); i++) stack.push(o.get(i));
    else if (o instanceof PDFStream) stack.push(o.dict);
  }
  let removed = 0;
  let largest = 0;
  for (const [ref] of ctx.enumerateIndirectObjects())
    if (!seen.has(ref.tag)) {
      ctx.delete(ref);
      removed++;
    } else largest = Math.max(largest, ref.objectNumber);
  // The trailer's /Size is one past the largest object number left (ISO 32000-1 § 7.5.5).
  ctx.largestObjectNumber = largest;
  return removed;
}
