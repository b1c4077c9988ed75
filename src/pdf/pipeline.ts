// The steps of POST /v1/pdf-jobs on a PDF (src/domain/pdfs/pdf-steps.ts checks them first), run in the sandbox
// on @cantoo/pdf-lib: the sources are joined (one source is used as it is, so its form fields stay), then
// each step changes the document in order; `split` ends with several documents. `optimize` is qpdf's work
// (src/pdf/qpdf-input.ts) after this, and `encrypt`, `sign` and `timestamp` are done outside the sandbox
// after it (src/services/pdfs/pdf-step-finish.ts): here they change nothing. Managed PDFs the steps name (a
// stamp's page, `merge`) arrive as bytes in `inputs`, resolved by the service for the account. A failure
// throws a PdfError of kind step naming the step's field.
import {
  PDFCheckBox,
  PDFDocument,
  PDFDropdown,
  PDFOptionList,
  PDFRadioGroup,
  PDFTextField,
  AFRelationship,
  PDFName,
  PDFRawStream,
  decodePDFRawStream,
  degrees,
  type PDFField,
} from '@cantoo/pdf-lib';
import { DEFAULT_IMAGE_QUALITY, selectPages, type PdfStep } from '../domain/pdfs/pdf-steps.js';
import { mergePdfSources } from './select-pages.js';
import { outlineGroups, topLevelOutlinePages } from './outline-read.js';
import { writeOutline } from './outline.js';
import { imageSize } from './syntax/image-size.js';
import { DEFAULT_PDF_LIMITS } from './syntax/limits.js';
import { stampFont, stampPage, type StampArt } from './stamp.js';
import { OBJECTS_PER_TICK } from './work-pace.js';
import { writeMetadata } from './metadata-step.js';
import { flattenAnnotations } from './flatten-annotations.js';
import { recompressImages } from './image-recompress.js';
import { pruneUnreachable } from './prune-objects.js';
import { conform } from './conform-step.js';
import { PdfError } from './errors.js';
import { redact, verifyRedaction } from './redact/redact-step.js';
import { nUp } from './n-up.js';
import { extractText } from './extract-text.js';
import { validatePdf, type ValidationReport } from './validate.js';
import { MAX_EXTRACTED_CHARS } from '../domain/pdfs/pdf-step-content.js';

/** What the service prepared for the steps besides the sources (src/services/pdfs/pdf-step-inputs.ts). */
export interface StepInputs {
  /** Bytes of the managed PDFs the steps name (a stamp's `pdf.pdfId`, `merge.pdfIds`), by id. */
  pdfs: Record<string, Uint8Array>;
}

/** PDF/A forbids encryption (ISO 19005-2, 6.1.3): a document that declares it is not encrypted. */
function refusePdfA(doc: PDFDocument, f: string): void {
  const meta = doc.catalog.lookup(PDFName.of('Metadata'));
  if (!(meta instanceof PDFRawStream)) return;
  let xmp: string;
  try {
    xmp = Buffer.from(decodePDFRawStream(meta).decode()).toString('latin1');
  } catch {
    return;
  }
  const part = /pdfaid:part\s*(?:=\s*["']|>)\s*(\d)/.exec(xmp);
  if (part)
    throw new PdfError(
      'step',
      `${f}: the PDF declares PDF/A-${part[1]}, which forbids encryption (leave out encrypt, or use a source that is not PDF/A)`,
      { field: f },
    );
}

/**
 * A stamp image is decoded whole (pdf-lib turns a PNG into RGBA pixels): one declaring more pixels than a
 * PDF from outside may have is refused from its header, before any decoding.
 */
function refuseLargeImage(bytes: Buffer, f: string): void {
  const size = imageSize(bytes);
  const max = DEFAULT_PDF_LIMITS.maxImagePixels;
  if (size && size.width * size.height > max) {
    const n = (x: number) => x.toLocaleString('en-US');
    throw new PdfError(
      'step',
      `${f}.image: the image has ${n(size.width * size.height)} pixels (${n(size.width)} x ${n(size.height)}), more than ${n(max)} (the limit)`,
      { field: `${f}.image.contentBase64` },
    );
  }
}

const load = (bytes: Uint8Array) => PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: OBJECTS_PER_TICK });

function pagesOf(spec: string | null, doc: PDFDocument, field: string): number[] {
  if (spec === null) return doc.getPageIndices();
  const r = selectPages(spec, doc.getPageCount());
  if ('problem' in r) throw new PdfError('step', `${field} ${r.problem}`, { field });
  return r.pages;
}

/** A new document of `doc`'s pages `pages`, in that order (repeats allowed). */
async function pick(doc: PDFDocument, pages: number[]): Promise<PDFDocument> {
  const out = await PDFDocument.create({ updateMetadata: false });
  for (const p of await out.copyPages(doc, pages)) out.addPage(p);
  return out;
}

function fill(field: PDFField, value: string | boolean | string[], where: string): void {
  const wrong = (what: string) => new PdfError('step', `${where}: field ${field.getName()} is ${what}`, { field: where });
  if (field instanceof PDFTextField) {
    if (typeof value !== 'string') throw wrong('a text field: give a string');
    field.setText(value);
  } else if (field instanceof PDFCheckBox) {
    if (typeof value !== 'boolean') throw wrong('a checkbox: give true or false');
    if (value) field.check();
    else field.uncheck();
  } else if (field instanceof PDFRadioGroup || field instanceof PDFDropdown || field instanceof PDFOptionList) {
    const values = typeof value === 'string' ? [value] : Array.isArray(value) ? value : null;
    if (!values) throw wrong('a choice: give an option (string)');
    const options = field.getOptions();
    const bad = values.find((v) => !options.includes(v));
    if (bad !== undefined && (field instanceof PDFRadioGroup || !(field instanceof PDFDropdown && field.isEditable())))
      throw wrong(`a choice without the option "${bad.slice(0, 100)}" (options: ${options.slice(0, 20).join(', ')})`);
    if (field instanceof PDFRadioGroup) field.select(values[0]);
    else field.select(field instanceof PDFOptionList ? values : values[0]);
  } else throw wrong('not a field Folio fills (a button or a signature)');
}

/** A stamp or watermark drawn on its pages: text in the standard font, an image, or a page of another PDF. */
async function stampStep(
  doc: PDFDocument,
  step: Extract<PdfStep, { type: 'stamp' | 'watermark' }>,
  f: string,
  named: (id: string, field: string) => Promise<PDFDocument>,
): Promise<void> {
  const font = await stampFont(doc);
  let art: StampArt | undefined;
  if (step.image) {
    const bytes = Buffer.from(step.image.contentBase64, 'base64');
    refuseLargeImage(bytes, f);
    try {
      art = step.image.format === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
    } catch (err) {
      throw new PdfError('step', `${f}.image: the image cannot be read: ${(err as Error).message}`, {
        field: `${f}.image.contentBase64`,
      });
    }
  } else if (step.pdf) {
    const src = await named(step.pdf.pdfId, `${f}.pdf.pdfId`);
    if (step.pdf.page > src.getPageCount())
      throw new PdfError('step', `${f}.pdf.page: ${step.pdf.pdfId} has ${src.getPageCount()} pages`, { field: `${f}.pdf.page` });
    art = await doc.embedPage(src.getPage(step.pdf.page - 1));
  }
  for (const p of new Set(pagesOf(step.pages, doc, `${f}.pages`))) stampPage(doc, doc.getPage(p), font, step, art);
}

/** Form fields filled by name (an unknown name is refused), their appearances drawn in the standard font. */
async function fillFormStep(doc: PDFDocument, fields: Record<string, string | boolean | string[]>, f: string): Promise<void> {
  const form = doc.getForm();
  const known = new Set(form.getFields().map((x) => x.getName()));
  for (const [name, value] of Object.entries(fields)) {
    if (!known.has(name))
      throw new PdfError('step', `${f}.fields: the PDF has no form field named ${JSON.stringify(name.slice(0, 200))}`, {
        field: `${f}.fields.${name}`,
      });
    fill(form.getField(name), value, `${f}.fields.${name}`);
  }
  form.updateFieldAppearances(await stampFont(doc));
}

/** The page groups of a split: every N pages, the ranges given, or one group per top-level outline entry. */
function splitGroups(doc: PDFDocument, step: Extract<PdfStep, { type: 'split' }>, f: string): number[][] {
  const n = doc.getPageCount();
  const groups = step.outline
    ? outlineGroups(topLevelOutlinePages(doc), n)
    : step.every
      ? Array.from({ length: Math.ceil(n / step.every) }, (_, g) =>
          Array.from({ length: Math.min(step.every!, n - g * step.every!) }, (_, k) => g * step.every! + k),
        )
      : step.ranges!.map((r, k) => pagesOf(r, doc, `${f}.ranges[${k}]`));
  if (groups.length === 0)
    throw new PdfError('step', `${f}.outline: the PDF has no outline entry that opens one of its pages`, { field: `${f}.outline` });
  return groups;
}

/** What a step that reads the document reports (`step`: its index in the job's steps). */
export type StepReport =
  | { step: number; type: 'extractText'; format: 'text' | 'markdown'; text: string; pages: number; structure: string; truncated: boolean }
  | { step: number; type: 'validate'; passed: boolean; results: ValidationReport[] };

const bytesOf = (doc: PDFDocument) => doc.save({ useObjectStreams: false, objectsPerTick: OBJECTS_PER_TICK });

/** extractText and validate: what they read of the document as it stands. */
async function readStep(doc: PDFDocument, step: Extract<PdfStep, { type: 'extractText' | 'validate' }>, f: string): Promise<StepReport> {
  const index = Number(/\d+/.exec(f)![0]);
  if (step.type === 'extractText') {
    const pages = step.pages === null ? null : pagesOf(step.pages, doc, `${f}.pages`);
    const r = await extractText(await bytesOf(doc), { format: step.format, pages, maxChars: MAX_EXTRACTED_CHARS });
    return {
      step: index,
      type: 'extractText',
      format: step.format,
      text: r.text,
      pages: r.pages,
      structure: r.structure,
      truncated: r.text.length >= MAX_EXTRACTED_CHARS,
    };
  }
  const results = await validatePdf(await bytesOf(doc), step.standards);
  const failed = results.filter((r) => !r.passed);
  if (step.failOnFindings && failed.length > 0)
    throw new PdfError(
      'step',
      `${f}: ${failed
        .map(
          (r) =>
            `${r.standard}: ${r.findings
              .slice(0, 3)
              .map((x) => `${x.clause} ${x.message}`)
              .join('; ')}`,
        )
        .join(' / ')}`,
      { field: f },
    );
  return { step: index, type: 'validate', passed: failed.length === 0, results };
}

/** Embedded files added, dated now. */
async function attachStep(doc: PDFDocument, step: Extract<PdfStep, { type: 'attachments' }>, nowMs: number): Promise<void> {
  for (const a of step.add)
    await doc.attach(Buffer.from(a.contentBase64, 'base64'), a.name, {
      mimeType: a.mimeType,
      description: a.description ?? a.name,
      creationDate: new Date(nowMs),
      modificationDate: new Date(nowMs),
      afRelationship: AFRelationship[a.relationship ?? 'Unspecified'],
    });
}

/** One step applied to the document: the document it leaves (`select` makes a new one), and a split's parts. */
async function applyStep(
  doc: PDFDocument,
  step: PdfStep,
  f: string,
  nowMs: number,
  named: (id: string, field: string) => Promise<PDFDocument>,
): Promise<{ doc: PDFDocument; parts?: PDFDocument[]; report?: StepReport }> {
  switch (step.type) {
    case 'redact': {
      const searched = step.pages === null ? doc.getPageIndices() : pagesOf(step.pages, doc, `${f}.pages`);
      await verifyRedaction(doc, step, await redact(doc, step, searched, f), f);
      break;
    }
    case 'nUp':
      doc = await nUp(doc, step, f);
      break;
    case 'extractText':
    case 'validate':
      return { doc, report: await readStep(doc, step, f) };
    case 'select':
      doc = await pick(doc, pagesOf(step.pages, doc, `${f}.pages`));
      break;
    case 'rotate':
      for (const p of new Set(pagesOf(step.pages, doc, `${f}.pages`))) {
        const page = doc.getPage(p);
        page.setRotation(degrees((page.getRotation().angle + step.angle) % 360));
      }
      break;
    case 'stamp':
    case 'watermark':
      await stampStep(doc, step, f, named);
      break;
    case 'merge':
      for (const [k, id] of step.pdfIds.entries()) {
        const src = await named(id, `${f}.pdfIds[${k}]`);
        for (const page of await doc.copyPages(src, src.getPageIndices())) doc.addPage(page);
      }
      break;
    case 'attachments':
      await attachStep(doc, step, nowMs);
      break;
    case 'outline':
      writeOutline(doc, step.entries, (field, page) => {
        const n = doc.getPageCount();
        return new PdfError('step', `${f}.${field} is page ${page}, but the PDF has ${n} page${n === 1 ? '' : 's'}`, {
          field: `${f}.${field}`,
        });
      });
      break;
    case 'encrypt':
      refusePdfA(doc, f);
      break;
    case 'sign':
    case 'timestamp':
      break; // after the sandbox (src/services/pdfs/pdf-step-finish.ts)
    case 'fillForm':
      await fillFormStep(doc, step.fields, f);
      break;
    case 'flatten':
      // Form fields become page content (their appearances regenerated), then every other visible
      // annotation; the emptied form goes.
      doc.getForm().flatten();
      flattenAnnotations(doc);
      doc.catalog.delete(PDFName.of('AcroForm'));
      break;
    case 'metadata':
      writeMetadata(doc, step, nowMs);
      break;
    case 'conform':
      doc = await load(await conform(doc, step, f, nowMs));
      break;
    case 'split': {
      const parts: PDFDocument[] = [];
      for (const g of splitGroups(doc, step, f)) parts.push(await pick(doc, g));
      return { doc, parts };
    }
    case 'optimize':
      // Images here (sharp, in the sandbox); linearisation and object streams are qpdf's, after it.
      if (step.images) await recompressImages(doc, step.quality ?? DEFAULT_IMAGE_QUALITY);
      break;
  }
  return { doc };
}

/** Applies `steps` to the joined sources; the documents' bytes (several after `split`), the first with the reports of the steps that read. */
export async function runPdfSteps(
  sources: Array<{ bytes: Uint8Array; field: string }>,
  steps: PdfStep[],
  nowMs: number,
  inputs: StepInputs = { pdfs: {} },
): Promise<Array<{ bytes: Uint8Array; pageCount: number; reports?: StepReport[] }>> {
  const loaded = new Map<string, PDFDocument>();
  const named = async (id: string, field: string) => {
    const bytes = inputs.pdfs[id];
    if (!bytes) throw new PdfError('step', `${field}: ${id} was not prepared`, { field });
    if (!loaded.has(id)) loaded.set(id, await load(bytes));
    return loaded.get(id)!;
  };
  let doc =
    sources.length === 1
      ? await load(sources[0].bytes)
      : await load(
          (
            await mergePdfSources(
              sources.map((s) => ({ ...s, pages: null })),
              new Date(nowMs),
            )
          ).bytes,
        );
  let docs: PDFDocument[] | null = null;
  const reports: StepReport[] = [];
  for (const [i, step] of steps.entries()) {
    const r = await applyStep(doc, step, `steps[${i}]`, nowMs, named);
    doc = r.doc;
    if (r.parts) docs = r.parts;
    if (r.report) reports.push(r.report);
  }
  const out: Array<{ bytes: Uint8Array; pageCount: number; reports?: StepReport[] }> = [];
  for (const d of docs ?? [doc]) {
    await d.flush(); // embedded pages and fonts are written now, so what they use is reachable
    pruneUnreachable(d);
    out.push({ bytes: await d.save({ useObjectStreams: false, objectsPerTick: OBJECTS_PER_TICK }), pageCount: d.getPageCount() });
  }
  if (reports.length > 0) out[0].reports = reports;
  return out;
}
