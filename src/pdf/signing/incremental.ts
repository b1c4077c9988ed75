// An incremental update (ISO 32000-1 § 7.5.6, allowed by ISO 19005-2/-3): the original bytes unchanged,
// followed by the objects post-processing created or changed, a cross-reference section for them and a
// trailer whose /Prev points at the original one. Writing the 50-page report whole re-serialises its
// 13,000 objects; an update writes a few dozen. pdf-lib's own incremental mode tracks changes by scanning
// every object on every dictionary write, so the changed objects are tracked by the caller instead.
import type { PDFContext, PDFObject, PDFRef } from '@cantoo/pdf-lib';
import { PDFName, PDFNumber } from '@cantoo/pdf-lib';

/** The byte offset the original's last `startxref` names, or null when the tail is not a classic one. */
export function lastStartXref(pdf: Buffer): number | null {
  const tail = pdf.subarray(Math.max(0, pdf.length - 1024)).toString('latin1');
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  return m ? Number(m[1]) : null;
}

function bytesOf(o: PDFObject): Uint8Array {
  const buf = new Uint8Array(o.sizeInBytes());
  o.copyBytesInto(buf, 0);
  return buf;
}

/**
 * `original` + the update: every ref in `changed` written from `ctx`, then the xref subsections, then the
 * trailer (`trailer` entries plus /Size and /Prev).
 */
export function appendIncrementalUpdate(
  original: Buffer,
  ctx: PDFContext,
  changed: Iterable<PDFRef>,
  trailer: { Root: PDFRef; Info?: PDFRef; ID: PDFObject },
): Buffer {
  const prev = lastStartXref(original);
  if (prev === null) throw new Error('the original PDF has no startxref at its end');
  const refs = [...new Set(changed)].sort((a, b) => a.objectNumber - b.objectNumber);
  const parts: Uint8Array[] = [original];
  let offset = original.length;
  const push = (b: Uint8Array | string) => {
    const bytes = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    parts.push(bytes);
    offset += bytes.length;
  };
  const last = original[original.length - 1];
  if (last !== 0x0a && last !== 0x0d) push('\n');
  const offsets = new Map<number, { offset: number; gen: number }>();
  for (const ref of refs) {
    const obj = ctx.lookup(ref);
    if (obj === undefined) continue;
    offsets.set(ref.objectNumber, { offset, gen: ref.generationNumber });
    push(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    push(bytesOf(obj));
    push('\nendobj\n');
  }
  const xrefAt = offset;
  const numbers = [...offsets.keys()];
  let xref = 'xref\n';
  for (let i = 0; i < numbers.length;) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1) j++;
    xref += `${numbers[i]} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) {
      const e = offsets.get(numbers[k])!;
      xref += `${String(e.offset).padStart(10, '0')} ${String(e.gen).padStart(5, '0')} n\r\n`;
    }
    i = j + 1;
  }
  push(xref);
  const size = Math.max(ctx.largestObjectNumber + 1, (ctx.trailerInfo.Size as PDFNumber | undefined)?.asNumber?.() ?? 0);
  const dict = ctx.obj({});
  dict.set(PDFName.of('Size'), PDFNumber.of(size));
  dict.set(PDFName.of('Root'), trailer.Root);
  if (trailer.Info) dict.set(PDFName.of('Info'), trailer.Info);
  dict.set(PDFName.of('ID'), trailer.ID);
  dict.set(PDFName.of('Prev'), PDFNumber.of(prev));
  push('trailer\n');
  push(bytesOf(dict));
  push(`\nstartxref\n${xrefAt}\n%%EOF\n`);
  return Buffer.concat(parts, offset);
}
