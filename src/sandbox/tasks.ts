// The work that runs in the sandbox (src/sandbox/pool.ts): each task takes what an account sent (a PDF from
// a bundle, a payload schema and a payload, a PKCS#12 file, an XML) and does the part whose cost that input
// controls. Inputs and results cross a process boundary by V8's serializer, so a Buffer may arrive as a
// Uint8Array: `buf` wraps it again without copying. Modules are imported on a task's first use, so a process
// that only validates payloads never loads pdf-lib.
import type { PdfLimits } from '../pdf/syntax/limits.js';
import type { PostProcessRequest } from '../pdf/post-process.js';
import type { TemplateEngine } from '../domain/deploys/template-engines.js';
import type { PdfStep } from '../domain/pdfs/pdf-steps.js';
import type { StepInputs } from '../pdf/pipeline.js';
import type { WordFillInput } from './word-template.js';
import type { EInvoiceProfile, EInvoiceSyntax } from '../domain/einvoice/einvoice-profiles.js';

const buf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

export interface PayloadCheckInput {
  /** Cache key of the compiled schema (a version id, or a hash of the schema for a commit). */
  key: string;
  schemaJson: string;
  /** JSON text of the value to check. */
  valueJson: string;
}

export const tasks = {
  /** The raw bytes of a PDF from outside against the limits (src/pdf/syntax/limits.ts scanPdf): the limit it passes, or null. */
  async 'pdf.scan'(input: { pdf: Uint8Array }) {
    const { scanPdf, DEFAULT_PDF_LIMITS } = await import('../pdf/syntax/limits.js');
    const { isPdfError } = await import('../pdf/errors.js');
    try {
      scanPdf(buf(input.pdf), DEFAULT_PDF_LIMITS);
      return null;
    } catch (err) {
      if (isPdfError(err, 'limit')) return err.message;
      throw err;
    }
  },
  /** A PDF to prepend or append: why it cannot be joined (null) and its pages, within `limits`. */
  async 'pdf.inspectJoined'(input: { pdf: Uint8Array; limits?: Partial<PdfLimits> }) {
    const { inspectJoinedPdf } = await import('../pdf/checks.js');
    const { DEFAULT_PDF_LIMITS } = await import('../pdf/syntax/limits.js');
    return inspectJoinedPdf(buf(input.pdf), { ...DEFAULT_PDF_LIMITS, ...input.limits });
  },
  /** postProcessPdf (src/pdf/post-process.ts) on the printed PDF. */
  async 'pdf.postProcess'(input: { pdf: Uint8Array; req: PostProcessRequest }) {
    const { postProcessPdf } = await import('../pdf/post-process.js');
    const r = input.req;
    const req: PostProcessRequest = {
      ...r,
      attachments: r.attachments.map((a) => ({ ...a, content: buf(a.content) })),
      ...(r.eInvoice ? { eInvoice: { ...r.eInvoice, xml: buf(r.eInvoice.xml) } } : {}),
      ...(r.prepend ? { prepend: r.prepend.map(buf) } : {}),
      ...(r.append ? { append: r.append.map(buf) } : {}),
    };
    return postProcessPdf(buf(input.pdf), req);
  },
  /** The PDF/UA-1 conditions a finished document fails (src/pdf/ua/ua-check.ts). */
  async 'pdf.uaCheck'(input: { pdf: Uint8Array }) {
    const { checkPdfUa } = await import('../pdf/ua/ua-check.js');
    return checkPdfUa(input.pdf);
  },
  /** Pages of PDFs joined into one (src/pdf/select-pages.ts); a PdfError of kind merge_source names the source's field. */
  async 'pdf.merge'(input: { sources: Array<{ bytes: Uint8Array; pages: number[] | null; field: string }>; nowMs: number }) {
    const { mergePdfSources } = await import('../pdf/select-pages.js');
    return mergePdfSources(input.sources, new Date(input.nowMs));
  },
  /** The facts GET /v1/pdfs/{id}/info reports (src/pdf/info.ts) of a managed PDF. */
  async 'pdf.info'(input: { pdf: Uint8Array }) {
    const { readPdfInfo } = await import('../pdf/info.js');
    return readPdfInfo(buf(input.pdf));
  },
  /** A PDF's information, version, page count and outline (src/pdf/describe.ts), for Gotenberg's read routes. */
  async 'pdf.describe'(input: { pdf: Uint8Array }) {
    const { describePdf } = await import('../pdf/describe.js');
    return describePdf(input.pdf);
  },
  /** Images (PNG, JPEG, WebP, TIFF, GIF, AVIF) as a PDF of one page each (src/pdf/images-to-pdf.ts), the page the image's size. */
  async 'pdf.fromImages'(input: { images: Array<{ bytes: Uint8Array; field: string }> }) {
    const { imagesToPdf } = await import('../pdf/images-to-pdf.js');
    const doc = await imagesToPdf(input.images, { page: null, margin: 0, fit: 'contain' });
    return { bytes: await doc.save({ useObjectStreams: false }), pageCount: doc.getPageCount() };
  },
  /**
   * Loads the libraries of PDF jobs (pdf-lib, pdf.js with its worker) into this process: run once after the
   * server starts (SandboxPool.warm), so the first PDF job does not wait for them.
   */
  async 'pdf.preload'(_input: Record<string, never>) {
    await import('../pdf/pipeline.js');
    const { preloadPdfjs } = await import('../pdf/extract-text.js');
    await preloadPdfjs();
    return true;
  },
  /** The steps of a PDF job (src/pdf/pipeline.ts); a PdfError of kind step names the step's field. */
  async 'pdf.steps'(input: { sources: Array<{ bytes: Uint8Array; field: string }>; steps: PdfStep[]; nowMs: number; inputs?: StepInputs }) {
    const { runPdfSteps } = await import('../pdf/pipeline.js');
    return runPdfSteps(input.sources, input.steps, input.nowMs, input.inputs);
  },
  /** One embedded file of a PDF by name, or the first of several names (src/pdf/attachment-read.ts), at most `maxBytes`, or null. */
  async 'pdf.attachment'(input: { pdf: Uint8Array; name: string | string[]; maxBytes: number }) {
    const { readAttachment } = await import('../pdf/attachment-read.js');
    return readAttachment(input.pdf, input.name, input.maxBytes);
  },
  /** Why an e-invoice XML is not well-formed CII, or null: the check where the rule sets cannot run. */
  async 'xml.eInvoiceProblem'(input: { xml: Uint8Array }) {
    const { eInvoiceXmlProblem } = await import('../pdf/checks.js');
    return eInvoiceXmlProblem(buf(input.xml));
  },
  /** An e-invoice's XML generated from invoice data (sandbox/einvoice-generate.ts); InvoiceDataError says why not. */
  async 'einvoice.generate'(input: { data: unknown; profile: EInvoiceProfile; syntax: EInvoiceSyntax }) {
    const { generateEInvoiceXml } = await import('./einvoice-generate.js');
    return generateEInvoiceXml(input.data, input.profile, input.syntax);
  },
  /** A version's template files parsed by their engine: the first syntax error, or null. */
  async 'template.check'(input: { engine: TemplateEngine; files: Array<{ path: string; text: string }> }) {
    const { checkTemplates } = await import('./template-check.js');
    return checkTemplates(input.engine, input.files);
  },
  /** A Word template's tags (sandbox/word-template-check.ts): the first broken one, or null. */
  async 'word.check'(input: { template: Uint8Array; images?: string[] }) {
    const { checkWordTemplate } = await import('./word-template-check.js');
    return checkWordTemplate(input.template, input.images);
  },
  /** A Word template filled from a payload (sandbox/word-template.ts): the DOCX; an error named WordTemplateError says why not. */
  async 'word.fill'(input: WordFillInput) {
    const { fillWordTemplate } = await import('./word-template.js');
    return fillWordTemplate(input);
  },
  /** Compiles a payload schema: null, or why it is not one Folio can run. */
  async 'payload.compile'(input: { schemaJson: string }) {
    const { compileProblem } = await import('./payload-validator.js');
    return compileProblem(input.schemaJson);
  },
  /** A JSON value against a payload schema: its problems (empty when it matches). */
  async 'payload.check'(input: PayloadCheckInput) {
    const { checkValue } = await import('./payload-validator.js');
    return checkValue(input.key, input.schemaJson, input.valueJson);
  },
  /** A PKCS#12 file and its passphrase (the key derivation is the cost): the facts or the problem. */
  async 'certificate.inspect'(input: { pkcs12: Uint8Array; passphrase: string; nowMs: number }) {
    const { inspectPkcs12, signingKeyBytes } = await import('../domain/pdfs/signing-certificates.js');
    const r = inspectPkcs12(buf(input.pkcs12), input.passphrase, input.nowMs);
    // A KeyObject lives in one process: the key leaves the sandbox as PKCS#8 bytes.
    return r.ok ? { ...r, material: signingKeyBytes(r.material) } : r;
  },
};

export type SandboxTasks = typeof tasks;
export type TaskName = keyof SandboxTasks;
export type TaskInput<K extends TaskName> = Parameters<SandboxTasks[K]>[0];
export type TaskResult<K extends TaskName> = Awaited<ReturnType<SandboxTasks[K]>>;
