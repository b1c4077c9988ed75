// The producer of a job whose entry is an Office document: the document goes to the Office converter
// (LibreOffice, office/office-pool.ts) with the job's options, and the PDF it returns goes on through the
// finishing steps like a printed one. LibreOffice's messages become the job's diagnostics, its name and
// version the job's "printed by".
import { createHash } from 'node:crypto';
import type { StoredJobDocument } from '../../domain/jobs/job-document.js';
import type { OfficeConversionOptions } from '../../domain/office/office-options.js';
import type { PdfStandard } from '../../domain/pdfs/pdf-document.js';
import { OfficeError, type OfficeConverter } from '../../office/converter.js';
import { countPdfPages } from '../../pdf/syntax/page-count.js';
import { RenderError, type RenderRequest, type RenderResult } from '../../render/types.js';
import type { Producer, ProducerSink } from './producer.js';

export interface OfficeEntryJob {
  options: OfficeConversionOptions;
}

const PDFA_OF: Partial<Record<PdfStandard, OfficeConversionOptions['pdfa']>> = { 'pdf/a-2b': 'PDF/A-2b', 'pdf/a-3b': 'PDF/A-3b' };
const FONT = /^\/fonts\/[^/]+\.(ttf|otf)$/i;

/**
 * The conversion options of a job: its `office` object (password opened), then what its document options
 * imply: `pdf.standard` PDF/A-2b or -3b asks LibreOffice for the same, `pdf.accessibility` for a tagged PDF.
 */
export function officeOptionsOf(
  doc: StoredJobDocument | null,
  open: (sealed: string) => string,
  version: { standard?: PdfStandard; accessibility?: string },
): OfficeConversionOptions {
  const stored = doc?.office;
  const options: OfficeConversionOptions = { ...(stored?.options ?? {}) };
  if (stored?.passwordSealed !== undefined) options.password = open(stored.passwordSealed);
  const standard = doc?.standard ?? version.standard;
  if (options.pdfa === undefined && standard && PDFA_OF[standard]) options.pdfa = PDFA_OF[standard];
  if ((doc?.accessibility ?? version.accessibility) === 'pdf/ua-1') options.tagged = true;
  return options;
}

/** Converts the request's entry; fails with the job error code of the conversion's failure. */
export async function convertOfficeEntry(
  office: OfficeConverter | null,
  request: RenderRequest,
  options: OfficeConversionOptions,
  sink: ProducerSink,
): Promise<RenderResult> {
  if (!office) throw new RenderError('office_unavailable', 'this worker has no Office converter');
  const entry = request.bundle.files.get(request.entryPath);
  if (!entry) throw new RenderError('render_failed', `the entry ${request.entryPath} is not in the version's files`);
  const fonts = [...request.bundle.files]
    .filter(([p]) => FONT.test(p))
    .map(([p, f]) => ({ name: p.slice('/fonts/'.length), bytes: f.body }));
  const t0 = performance.now();
  let out;
  try {
    out = await office.convert({
      accountId: request.accountId,
      fileName: request.entryPath.slice(request.entryPath.lastIndexOf('/') + 1),
      bytes: entry.body,
      options,
      fonts,
      timeoutMs: request.timeoutMs,
      maxOutputBytes: request.maxOutputBytes,
      ...(request.signal ? { signal: request.signal } : {}),
    });
  } catch (err) {
    if (request.signal?.aborted) throw new RenderError('render_canceled', 'job canceled');
    if (!(err instanceof OfficeError)) throw err;
    const e = new RenderError(err.code, err.message);
    e.diagnostics = diagnosticsOf(err.messages, { convert: Math.round(performance.now() - t0) });
    throw e;
  }
  await sink(out.pdf);
  const pageCount = countPdfPages(out.pdf);
  return {
    bytes: out.pdf.length,
    pageCount,
    sha256: createHash('sha256').update(out.pdf).digest('hex'),
    renderTimeMs: Math.round(performance.now() - t0),
    browserVersion: `${out.converter.name}/${out.converter.version}`,
    blocked: [],
    diagnostics: { ...diagnosticsOf(out.messages, out.timings), pageCount, bytes: out.pdf.length },
  };
}

function diagnosticsOf(messages: string[], timings: Record<string, number>): NonNullable<RenderResult['diagnostics']> {
  return {
    entries: messages.map((text) => ({ kind: 'console' as const, at: 0, level: 'info' as const, text, source: 'LibreOffice' })),
    dropped: { console: 0, exception: 0, request: 0 },
    ready: null,
    timings,
  };
}

/** An Office document (DOCX, XLSX, PPTX, ODF…) converted by LibreOffice with the job's options. */
export const officeConversion: Producer = {
  kind: 'office-conversion',
  produce: (job, sink, { office }) => convertOfficeEntry(office, job.request, job.office!.options, sink),
};
