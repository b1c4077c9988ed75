// A render job's document options as stored, in two shapes: what the job asked of its PDF without any
// content (`render_jobs.document_view_json`: names, sizes, profile; shown in the job view) and the input
// the worker post-processes with (`render_payloads.document_input_json`: attachments and the e-invoice XML
// themselves, the passwords sealed; deleted with the payload at the job's terminal state). Each column has
// exactly one parser here, which every reader uses: it checks the stored JSON's shape and answers a typed
// value, or throws a StoredDataError (domain/stored-data.ts) naming the column.
import { EINVOICE_PROFILES, type EInvoiceProfile } from '../einvoice/einvoice-profiles.js';
import {
  AF_RELATIONSHIPS,
  PDF_ACCESSIBILITY,
  PDF_STANDARDS,
  type AfRelationship,
  type DocumentMetadata,
  type PdfAccessibility,
  type PdfStandard,
} from '../pdfs/pdf-document.js';
import { IMAGE_FORMATS, type OutputFormat, type PageImagesSpec } from './page-images.js';
import type { PdfPermissions } from '../pdfs/pdf-protection.js';
import type { VisibleSignature } from '../pdfs/signature-appearance.js';
import { validatePdfOverrides, type PdfOverrides } from './print-options.js';
import { isStoredWaitFor, type WaitFor } from './wait-for.js';
import { checkSteps, type PdfStep } from '../pdfs/pdf-steps.js';
import type { OfficeConversionOptions } from '../office/office-options.js';
import { StoredDataError } from '../stored-data.js';
import type { JobWarning } from './job-warnings.js';

export const DOCUMENT_VIEW_COLUMN = 'render_jobs.document_view_json';
export const DOCUMENT_INPUT_COLUMN = 'render_payloads.document_input_json';

export interface SignatureInput {
  certificateId: string;
  reason?: string;
  location?: string;
  contactInfo?: string;
  /** Draw the signature on a page (domain/pdfs/signature-appearance.ts); default invisible. */
  visible?: VisibleSignature;
}

/** A signature as stored: the certificate is read by id when the job renders; subject and fingerprint for the view. */
export type StoredSignature = SignatureInput & { subject: string; fingerprintSha256: string };

/** What the job view shows of the document options (render_jobs.document_view_json): never any content. */
export interface JobDocumentView {
  standard?: PdfStandard;
  /** PDF/UA-1 asked for (by the job or its version): the output is identified and checked as PDF/UA-1. */
  accessibility?: PdfAccessibility;
  metadata?: DocumentMetadata;
  attachments?: { name: string; mimeType: string; relationship: string; description?: string; bytes: number; bundlePath?: string }[];
  eInvoice?: { standard: 'factur-x'; profile: string; bytes: number };
  /** Never a password: whether one is needed to open the PDF, and what it may do. */
  protection?: { userPassword: boolean; permissions: PdfPermissions };
  signature?: StoredSignature;
  images?: Omit<PageImagesSpec, 'first' | 'last'>;
  /** Present when the job keeps only page images. */
  outputFormat?: Exclude<OutputFormat, 'pdf'>;
  /** The job's own print options (`print`), as checked. */
  print?: PdfOverrides;
  /** The types of the job's PDF steps, in order. */
  steps?: string[];
  /** A PDF job's sources, joined in this order instead of a printed page. */
  pdfSources?: PdfJobSource[];
  /** How the Office entry is converted; never the password, only that one was sent. */
  office?: Omit<OfficeConversionOptions, 'password'> & { password?: true };
}

/** A source of a PDF job: a managed PDF or a succeeded render job's output, of the job's account. */
export type PdfJobSource = { pdfId: string } | { jobId: string };

/**
 * A job's post-processing input as stored in render_payloads.document_input_json (deleted with the payload
 * at the job's terminal state) and read by the worker.
 */
export interface StoredJobDocument {
  standard?: PdfStandard;
  accessibility?: PdfAccessibility;
  metadata?: DocumentMetadata;
  attachments: {
    name: string;
    mimeType: string;
    relationship: AfRelationship;
    description?: string;
    size: number;
    /** Base64 bytes, or the normalised path of a file of the job's version. */
    contentBase64?: string;
    bundlePath?: string;
  }[];
  /**
   * `warning`: what the check at creation left for the job to report (warning-level findings, or no check
   * where Java is missing); the worker adds it to the job's warnings, where failOn can make it fatal.
   */
  eInvoice?: { standard: 'factur-x'; profile: EInvoiceProfile; xml: string; warning?: JobWarning };
  /**
   * The passwords sealed with the secrets key (JSON `{userPassword?, ownerPassword}`): the database row is
   * deleted at the terminal state, but its bytes may linger in free pages, so they are never plaintext.
   */
  protection?: { sealed: string; userPassword: boolean; permissions: PdfPermissions };
  signature?: StoredSignature;
  /** The pages to picture, checked at creation (domain/jobs/page-images.ts). */
  images?: PageImagesSpec;
  /** Set when the job keeps only its page images (an image outputFormat): no PDF is stored. */
  imagesOnly?: true;
  /** The job's print options over the version's (domain/jobs/print-options.ts), checked at creation. */
  print?: PdfOverrides;
  /** What the page waits for after it is ready, before it is printed (domain/jobs/wait-for.ts), checked at creation. */
  waitFor?: WaitFor;
  /** PDF steps applied to the printed PDF before the other document options (domain/jobs/render-job-steps.ts). */
  steps?: PdfStep[];
  /** A PDF job (POST /v1/pdf-jobs): no page is printed; these sources are joined and go through `steps`. */
  pdfJob?: { sources: PdfJobSource[]; fileName?: string };
  /** How the Office entry is converted (domain/office/office-options.ts); the password sealed with the secrets key. */
  office?: { options: Omit<OfficeConversionOptions, 'password'>; passwordSealed?: string };
}

/** A stored document column that does not hold what its parser expects (a damaged or foreign row). */
const damaged = (column: string, problem: string) => new StoredDataError('job_document', `${column} ${problem}`, { column });

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const oneOf = (list: readonly string[]) => (v: unknown) => typeof v === 'string' && list.includes(v);
const isString = (v: unknown) => typeof v === 'string';
const isCount = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isBoolean = (v: unknown) => typeof v === 'boolean';

/** Checks of one object's fields: each present field must pass; `required` ones must be present. */
type Fields = Record<string, { ok: (v: unknown) => boolean; required?: boolean }>;

function checkObject(column: string, where: string, v: unknown, fields: Fields): Obj {
  if (!isObject(v)) throw damaged(column, `${where} is not an object`);
  for (const [name, f] of Object.entries(fields)) {
    const value = v[name];
    if (value === undefined) {
      if (f.required) throw damaged(column, `${where}.${name} is missing`);
    } else if (!f.ok(value)) throw damaged(column, `${where}.${name} is not what is stored there`);
  }
  return v;
}

function parseObject(column: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw damaged(column, 'does not hold JSON');
  }
}

const signatureFields: Fields = {
  certificateId: { ok: isString, required: true },
  subject: { ok: isString, required: true },
  fingerprintSha256: { ok: isString, required: true },
  reason: { ok: isString },
  location: { ok: isString },
  contactInfo: { ok: isString },
  visible: { ok: isObject },
};

/** The fields both shapes share. */
const commonFields = (column: string): Fields => ({
  standard: { ok: oneOf(PDF_STANDARDS) },
  accessibility: { ok: oneOf(PDF_ACCESSIBILITY) },
  metadata: { ok: isObject },
  signature: { ok: (v) => !!checkObject(column, 'signature', v, signatureFields) },
  print: { ok: (v) => isObject(v) && validatePdfOverrides(v).ok },
});

const attachmentFields: Fields = {
  name: { ok: isString, required: true },
  mimeType: { ok: isString, required: true },
  relationship: { ok: oneOf(AF_RELATIONSHIPS), required: true },
  description: { ok: isString },
  bundlePath: { ok: isString },
};

const isPdfJobSource = (v: unknown) =>
  isObject(v) && Object.keys(v).length === 1 && (typeof v.pdfId === 'string' || typeof v.jobId === 'string');

const eachOf = (column: string, where: string, fields: Fields) => (v: unknown) =>
  Array.isArray(v) && v.every((item, i) => !!checkObject(column, `${where}[${i}]`, item, fields));

/** render_jobs.document_view_json → what the job view shows; null for a plain job (the column is null). */
export function parseJobDocumentView(stored: string | null): JobDocumentView | null {
  if (stored === null) return null;
  const c = DOCUMENT_VIEW_COLUMN;
  const v = checkObject(c, 'the document', parseObject(c, stored), {
    ...commonFields(c),
    attachments: { ok: eachOf(c, 'attachments', { ...attachmentFields, bytes: { ok: isCount, required: true } }) },
    eInvoice: {
      ok: (e) =>
        !!checkObject(c, 'eInvoice', e, {
          standard: { ok: (s) => s === 'factur-x', required: true },
          profile: { ok: oneOf(EINVOICE_PROFILES), required: true },
          bytes: { ok: isCount, required: true },
        }),
    },
    protection: {
      ok: (p) =>
        !!checkObject(c, 'protection', p, {
          userPassword: { ok: isBoolean, required: true },
          permissions: { ok: isObject, required: true },
        }),
    },
    images: {
      ok: (i) =>
        !!checkObject(c, 'images', i, { format: { ok: oneOf(IMAGE_FORMATS), required: true }, pages: { ok: isString, required: true } }),
    },
    outputFormat: { ok: oneOf(IMAGE_FORMATS) },
    steps: { ok: (x) => Array.isArray(x) && x.every(isString) },
    pdfSources: { ok: (x) => Array.isArray(x) && x.every(isPdfJobSource) },
    office: { ok: isObject },
  });
  return v as JobDocumentView;
}

/** render_payloads.document_input_json (unpacked: db/packed-inputs.ts) → the worker's post-processing input. */
export function parseStoredJobDocument(text: string): StoredJobDocument {
  const c = DOCUMENT_INPUT_COLUMN;
  const v = checkObject(c, 'the document', parseObject(c, text), {
    ...commonFields(c),
    attachments: {
      required: true,
      ok: eachOf(c, 'attachments', {
        ...attachmentFields,
        size: { ok: isCount, required: true },
        contentBase64: { ok: isString },
      }),
    },
    eInvoice: {
      ok: (e) =>
        !!checkObject(c, 'eInvoice', e, {
          standard: { ok: (s) => s === 'factur-x', required: true },
          profile: { ok: oneOf(EINVOICE_PROFILES), required: true },
          xml: { ok: isString, required: true },
          warning: {
            ok: (w) =>
              !!checkObject(c, 'eInvoice.warning', w, {
                code: { ok: (x) => x === 'einvoice_rule_warning' || x === 'einvoice_not_validated', required: true },
                count: { ok: isCount, required: true },
                message: { ok: isString, required: true },
              }),
          },
        }),
    },
    protection: {
      ok: (p) =>
        !!checkObject(c, 'protection', p, {
          sealed: { ok: isString, required: true },
          userPassword: { ok: isBoolean, required: true },
          permissions: { ok: isObject, required: true },
        }),
    },
    images: {
      ok: (i) =>
        !!checkObject(c, 'images', i, {
          format: { ok: oneOf(IMAGE_FORMATS), required: true },
          pages: { ok: isString, required: true },
          first: { ok: isCount, required: true },
          last: { ok: (l) => l === null || isCount(l), required: true },
        }),
    },
    imagesOnly: { ok: (b) => b === true },
    waitFor: { ok: isStoredWaitFor },
    steps: { ok: (x) => 'steps' in checkSteps(x) },
    pdfJob: {
      ok: (j) =>
        !!checkObject(c, 'pdfJob', j, {
          sources: { ok: (x) => Array.isArray(x) && x.length > 0 && x.every(isPdfJobSource), required: true },
          fileName: { ok: isString },
        }),
    },
    office: {
      ok: (o) => !!checkObject(c, 'office', o, { options: { ok: isObject, required: true }, passwordSealed: { ok: isString } }),
    },
  });
  const doc = v as unknown as StoredJobDocument;
  // Steps are stored as sent: the worker gets them in their checked form, defaults filled in.
  if (doc.steps) {
    const checked = checkSteps(doc.steps);
    if ('steps' in checked) doc.steps = checked.steps;
  }
  for (const [i, a] of doc.attachments.entries())
    if ((a.contentBase64 === undefined) === (a.bundlePath === undefined))
      throw damaged(c, `attachments[${i}] holds neither or both of contentBase64 and bundlePath`);
  return doc;
}
