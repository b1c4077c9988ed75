// Before a part of a long document prints (part-numbering.ts): its page numbers in the joined document,
// and either the link targets its draft reads or the page numbers of the references it shows.
import { applyPageNumbersExpression } from './page-references.js';
import { partMarksExpression, type MarkSplit } from './part-marks.js';
import { PART_TARGETS_EXPRESSION, partNumberingExpression, type PartHeading } from './part-numbering.js';
import type { Protocol } from 'devtools-protocol';
import type { RunContext } from './run-context.js';
import { pageFailed } from './run-guard.js';
import { RenderError } from './types.js';

export async function preparePart(run: RunContext): Promise<void> {
  const part = run.req.part;
  if (!part) return;
  const { guard, diagnostics } = run;
  let marked: number | undefined;
  if (part.marks) {
    const split = (await guard.evaluate(partMarksExpression(part.marks, part.index), "keeping the part's marked elements")).result
      ?.value as MarkSplit | undefined;
    if (!split || 'error' in split) throw new RenderError('render_failed', split?.error ?? 'the page could not be split at its marks');
    marked = split.marked;
    run.partFacts = { references: [], headings: [], marked };
  }
  const numbered = await guard.evaluate(partNumberingExpression(part), "giving the part its pages' numbers");
  const unreadable = numbered.result?.value;
  if (typeof unreadable === 'number' && unreadable > 0 && part.index === 0 && !part.draft)
    diagnostics.console(
      'warning',
      `${unreadable} style sheet(s) of another origin could not be read: their page counters number each part from 1`,
    );
  if (part.draft) {
    const r = await guard.evaluate(PART_TARGETS_EXPRESSION, 'marking the elements other parts may refer to');
    const found = r.result?.value as { references?: unknown[]; headings?: PartHeading[] } | undefined;
    run.partFacts = {
      references: (found?.references ?? []).map(String),
      headings: Array.isArray(found?.headings) ? found.headings : [],
      ...(marked === undefined ? {} : { marked }),
    };
    return;
  }
  if (!part.pageNumbers || Object.keys(part.pageNumbers).length === 0) return;
  const applied = await guard.evaluate(
    applyPageNumbersExpression(new Map(Object.entries(part.pageNumbers))),
    'giving the part its page references',
  );
  if (applied.exceptionDetails) {
    const text = applied.exceptionDetails.exception?.description ?? applied.exceptionDetails.text ?? 'unknown error';
    throw new RenderError('render_failed', `a folio.onPageNumbers handler failed: ${String(text).slice(0, 300)}`);
  }
  const value = applied.result?.value as unknown;
  if (value !== null && typeof value === 'object' && 'failed' in value) throw pageFailed(String((value as { failed: unknown }).failed));
}

/**
 * A part's print parameters, draft and final alike: no structure tree and no outline. Neither changes the
 * layout; a tagged print costs about twice the time and memory of an untagged one; a joined document keeps
 * no structure tree, and its outline is written from the drafts' headings (part-numbering.ts).
 */
export function partPrintParams(run: RunContext): Protocol.Page.PrintToPDFRequest {
  return { ...run.printParams, generateTaggedPDF: false, generateDocumentOutline: false };
}
