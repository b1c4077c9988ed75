// Printing a ready page into the job's sink: one print streamed as it is read (PdfReadStream: the output
// limit, the page count and the hash on the way), or, for page references, prints read into memory until
// the page numbers settle.
import type { Protocol } from 'devtools-protocol';
import { Readable } from 'node:stream';
import { namedDestinations } from '../pdf/destinations.js';
import { isPdfError } from '../pdf/errors.js';
import {
  applyPageNumbersExpression,
  MAX_PAGE_REFERENCE_PASSES,
  movedReferences,
  PAGE_LINKS_EXPRESSION,
  pagesOf,
} from './page-references.js';
import { partPrintParams } from './part-print.js';
import { PdfReadStream } from './pdf-stream.js';
import type { RunContext } from './run-context.js';
import { pageFailed } from './run-guard.js';
import { RenderError, type PdfSink, type RenderResult } from './types.js';

/** What a print tells about the PDF it gave the sink (the renderer adds the time and the blocked list). */
export type PrintedPdf = Omit<RenderResult, 'renderTimeMs' | 'blocked'>;

/** Bound on reading one print's named destinations (pdfinfo takes ~10 ms for 100 pages). */
const DESTINATIONS_TIMEOUT_MS = 10_000;

/** Prints into the sink: once, or (page references) until the page numbers settle. */
export function print(run: RunContext, sink: PdfSink, onPrinted: () => void): Promise<PrintedPdf> {
  // A part of a long document prints once: the job numbers its references across all parts (part-print.ts).
  if (run.req.part) return printOnce(run, sink, onPrinted, partPrintParams(run));
  return run.req.pdf.pageReferences ? printWithPageReferences(run, sink, onPrinted) : printOnce(run, sink, onPrinted);
}

/**
 * The two-pass render of page references (page-references.ts): each print is read into memory, its
 * named destinations say where each referenced id landed, and the page gets those numbers before the
 * next print. The first print whose destinations equal the numbers it was printed with goes to the sink;
 * MAX_PAGE_REFERENCE_PASSES prints that never settle fail the job.
 */
async function printWithPageReferences(run: RunContext, sink: PdfSink, onPrinted: () => void): Promise<PrintedPdf> {
  const { guard, diagnostics } = run;
  let given = new Map<string, number>();
  for (let pass = 1; ; pass++) {
    const ids = (await guard.evaluate(PAGE_LINKS_EXPRESSION, 'collecting page references')).result?.value;
    const referenced = Array.isArray(ids) ? ids.map(String) : [];
    if (pass === 1 && referenced.length === 0) {
      diagnostics.pageReferences = { references: 0, prints: 1, unresolved: [] };
      return printOnce(run, sink, onPrinted);
    }
    const chunks: Buffer[] = [];
    // The first print is only read for its destinations: without the structure tree and outline (they do
    // not change the layout), which takes about half the time of a tagged print.
    const params = pass === 1 ? { ...run.printParams, generateTaggedPDF: false, generateDocumentOutline: false } : run.printParams;
    const facts = await printOnce(
      run,
      async (pdf) => {
        for await (const chunk of pdf) chunks.push(chunk as Buffer);
      },
      pass === 1 ? onPrinted : () => {},
      params,
    );
    const pdf = Buffer.concat(chunks);
    const landed = pagesOf(await destinations(run, pdf), referenced);
    const moved = movedReferences(given, landed, referenced);
    // Settled: the numbers the page printed with are where the references landed. The first print is a
    // draft (untagged): it is never the job's PDF.
    if (pass > 1 && moved.length === 0) {
      const unresolved = referenced.filter((id) => !landed.has(id));
      diagnostics.pageReferences = { references: referenced.length, prints: pass, unresolved: unresolved.slice(0, 20) };
      for (const id of unresolved.slice(0, 5))
        diagnostics.console('warning', `page reference to #${id}: no printed element has this id; its placeholder was left as written`);
      await guard.race(sink(Readable.from([pdf])));
      if (guard.failure) throw guard.failure;
      return facts;
    }
    if (pass === MAX_PAGE_REFERENCE_PASSES) {
      diagnostics.pageReferences = { references: referenced.length, prints: pass, unresolved: [] };
      throw new RenderError(
        'page_references_unstable',
        `page numbers did not settle after ${pass} prints: ${moved.slice(0, 5).join(', ')}${moved.length > 5 ? ` and ${moved.length - 5} more` : ''} ` +
          '(the numbers change the layout; give the placeholders the width of the final numbers)',
      );
    }
    const applied = await guard.evaluate(applyPageNumbersExpression(landed), 'giving the page its page numbers');
    if (applied.exceptionDetails) {
      const text = applied.exceptionDetails.exception?.description ?? applied.exceptionDetails.text ?? 'unknown error';
      throw new RenderError('render_failed', `a folio.onPageNumbers handler failed: ${String(text).slice(0, 300)}`);
    }
    const value = applied.result?.value as unknown;
    if (value !== null && typeof value === 'object' && 'failed' in value) throw pageFailed(String((value as { failed: unknown }).failed));
    given = landed;
  }
}

/** Where each named destination of a print landed (pdf/destinations.ts), within the job's deadline. */
async function destinations(run: RunContext, pdf: Buffer): Promise<Map<string, number>> {
  try {
    return await run.guard.race(namedDestinations(pdf, { timeoutMs: DESTINATIONS_TIMEOUT_MS }));
  } catch (err) {
    if (isPdfError(err, 'destinations'))
      throw new RenderError('render_failed', `reading the page numbers of the print failed: ${err.message}`);
    throw err;
  }
}

/** Prints and streams the PDF into the sink; `onPrinted` runs once the print is taken, before the reads. */
async function printOnce(
  run: RunContext,
  sink: PdfSink,
  onPrinted: () => void,
  params: Protocol.Page.PrintToPDFRequest = run.printParams,
): Promise<PrintedPdf> {
  const { guard } = run;
  const s = run.session.cdp;
  let printed: { stream?: string };
  try {
    printed = await guard.race(s.send('Page.printToPDF', params, 0));
  } catch (err) {
    // e.g. "Page range exceeds page count": the document and the overrides disagree. But a renderer that
    // died while printing also answers "Printing failed", before the crash notice arrives.
    throw await guard.failureOf(err, 'printing');
  }
  // transferMode ReturnAsStream (pdf-options.ts) always answers with a stream handle.
  if (!printed.stream) throw new RenderError('render_failed', 'printing failed: Chromium returned no PDF stream');
  const handle: string = printed.stream;
  onPrinted();
  const pdf = new PdfReadStream(s, handle, run.req.maxOutputBytes, guard.race.bind(guard));
  guard.streaming(pdf.output);
  try {
    await guard.race(sink(pdf.output));
  } catch (err) {
    throw guard.failure ?? pdf.overLimit ?? err;
  }
  if (guard.failure) throw guard.failure;
  return pdf.result();
}
