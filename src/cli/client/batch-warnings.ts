// The warnings of a batch's items for `folio batch`: one summary line per code (how many items had it,
// how many times in all, and the first such item's message), since a batch may have 1,000 items. Only
// succeeded items count: a failed item is reported by its error, and it has no PDF to be wary of.
import { plural } from './output.js';
import { printFatalHint, type ShownWarning } from './warnings.js';

export interface ItemWarnings {
  index: number;
  businessKey: string;
  status: string;
  warnings: ShownWarning[];
}

/**
 * `warning: page_exception in 2 of 5 items (3×); first item 0 (INV-1): TypeError: …` per code on stderr
 * (nothing with --json: each item there has its warnings), then the hint. Returns how many succeeded items
 * have warnings.
 */
export function printBatchWarnings(items: ItemWarnings[], json: boolean): number {
  const warned = items.filter((i) => i.status === 'succeeded' && i.warnings.length > 0);
  if (json || warned.length === 0) return warned.length;
  const byCode = new Map<string, { items: number; count: number; first: ItemWarnings; message?: string }>();
  for (const item of warned)
    for (const w of item.warnings) {
      const seen = byCode.get(w.code);
      if (seen) {
        seen.items++;
        seen.count += w.count;
      } else byCode.set(w.code, { items: 1, count: w.count, first: item, message: w.message });
    }
  for (const [code, s] of byCode)
    process.stderr.write(
      `warning: ${code} in ${s.items} of ${plural(items.length, 'item')} (${s.count}×); first item ${s.first.index} (${s.first.businessKey})${s.message ? `: ${s.message}` : ''}\n`,
    );
  printFatalHint([...byCode.keys()], false);
  return warned.length;
}
