// The document options a version and a job both set, checked by one set of rules: a version's
// `render.metadata.pdf` at commit (render/pdf-options.ts `validateVersionPdf`) and a job's body at creation
// (services/jobs/job-documents.ts) give the same input the same answer, each under its own field names.
// What both set: the PDF/A level (`standard`), the accessibility level, the metadata and the signature; what
// the options demand of each other: PDF/UA-1 a tagged print and a protection that lets assistive technology
// read, PDF/A no protection at all. A job's options fall back on its version's, so these rules also take
// values from both, each named by where it came from. Pure: what needs a read (a certificate, the version's
// files, an e-invoice XML parsed in the sandbox) stays with the callers, which judge a certificate they
// read by `certificateValidityProblem`.
import {
  checkPdfDocumentRequest,
  effectiveStandard,
  type AttachmentInput,
  type EInvoiceInput,
  type PdfDocumentInput,
  type PdfInputProblem,
  type PdfStandard,
} from './pdf-document.js';
import { protectionProblems, type ProtectionInput } from './pdf-protection.js';
import { visibleSignatureProblem } from './signature-appearance.js';
import { signatureTextProblem } from './signature-text.js';

/**
 * Whether a certificate is outside its validity at `nowMs` (shown; job creation refuses it). Here, not with
 * the PKCS#12 rules: the client CLI bundles these rules, and it must not bundle node-forge.
 */
export function validityAt(notBefore: number, notAfter: number, nowMs: number): { expired: boolean; notYetValid: boolean } {
  return { expired: nowMs >= notAfter, notYetValid: nowMs < notBefore };
}

/** The fields of a signature: a job's `signature`, a version's `render.metadata.pdf.signature`. */
export const SIGNATURE_FIELDS = ['certificateId', 'reason', 'location', 'contactInfo', 'visible'] as const;

/** Longest signing certificate id a request may name (the ids Folio makes are `scert_` and 26 characters). */
export const MAX_CERTIFICATE_ID_LENGTH = 100;

/** Whether `id` has the form of a signing certificate id (`scert_…`); whose it is, is the caller's read. */
export function isSigningCertificateId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= MAX_CERTIFICATE_ID_LENGTH && /^scert_\w+$/.test(id);
}

/** Why `id` (named `field`) cannot name a signing certificate, or null. */
export function certificateIdProblem(id: unknown, field: string): PdfInputProblem | null {
  return isSigningCertificateId(id) ? null : { field, message: `${field} must be a signing certificate id (scert_…)` };
}

/**
 * Why the signing certificate `id` (named `field`) cannot sign at `nowMs`, or null: it is expired, or not
 * valid yet. The one rule of a version's signature at commit, a job's (or its version's) at creation and a
 * PDF job's sign step; whether the account has the certificate is the caller's read (404 otherwise).
 */
export function certificateValidityProblem(
  id: string,
  validity: { notBefore: number; notAfter: number },
  nowMs: number,
  field: string,
): PdfInputProblem | null {
  const { expired, notYetValid } = validityAt(validity.notBefore, validity.notAfter, nowMs);
  const when = (ms: number) => new Date(ms).toISOString();
  if (expired) return { field, message: `${field}: signing certificate ${id} is expired (since ${when(validity.notAfter)})` };
  if (notYetValid) return { field, message: `${field}: signing certificate ${id} is not valid yet (from ${when(validity.notBefore)})` };
  return null;
}

const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Why `sig` (named `field`) is not a signature's options: its fields, the certificate id's form, the texts, the box. */
export function signatureProblem(sig: unknown, field: string): PdfInputProblem | null {
  if (!isPlainObject(sig))
    return { field, message: `${field} must be an object {certificateId, reason?, location?, contactInfo?, visible?}` };
  const unknown = Object.keys(sig).find((k) => !(SIGNATURE_FIELDS as readonly string[]).includes(k));
  if (unknown !== undefined)
    return { field: `${field}.${unknown}`, message: `${field}.${unknown} is not a known field (allowed: ${SIGNATURE_FIELDS.join(', ')})` };
  return (
    certificateIdProblem(sig.certificateId, `${field}.certificateId`) ??
    signatureTextProblem(sig, field) ??
    (sig.visible === undefined ? null : visibleSignatureProblem(sig.visible, `${field}.visible`))
  );
}

/**
 * PDF/UA-1 is a tagged PDF (ISO 14289-1 § 7.1): an accessibility `pdf/ua-1` with the print option `tagged`
 * false is refused. `names` says what the message calls each value (`pdf.accessibility`, "the version's
 * render.metadata.pdf.tagged"), which `field` it names and how to fix it.
 */
export function untaggedAccessibilityProblem(
  accessibility: unknown,
  tagged: unknown,
  names: { accessibility: string; tagged: string; field: string; remedy: string },
): PdfInputProblem | null {
  if (accessibility !== 'pdf/ua-1' || tagged !== false) return null;
  return {
    field: names.field,
    message: `${names.accessibility} "pdf/ua-1" needs a tagged PDF, and ${names.tagged} is false: ${names.remedy}`,
  };
}

/**
 * ISO 14289-1 § 7.16 (Matterhorn 26-002): an encrypted PDF/UA document lets assistive technology extract
 * its text, so with accessibility `pdf/ua-1` a protection's `permissions.accessibility` cannot be false.
 */
export function uaPermissionsProblem(
  accessibility: unknown,
  protection: { permissions?: Partial<Record<string, unknown>> } | undefined,
  names: { accessibility: string; remedy: string },
): PdfInputProblem | null {
  if (accessibility !== 'pdf/ua-1' || protection?.permissions?.accessibility !== false) return null;
  const field = 'protection.permissions.accessibility';
  return {
    field,
    message: `${field} cannot be false with ${names.accessibility} "pdf/ua-1": PDF/UA lets assistive technology read an encrypted PDF (${names.remedy})`,
  };
}

/**
 * PDF/A forbids encryption (ISO 19005-2, 6.1.3): a `protection` of a document whose standard is not `none`
 * is refused. `names.standard` says where that standard comes from (`pdf.standard "pdf/a-3b"`).
 */
export function encryptedArchiveProblem(
  standard: PdfStandard,
  protection: unknown,
  names: { standard: string; remedy: string },
): PdfInputProblem | null {
  if (protection === undefined || standard === 'none') return null;
  return {
    field: 'protection',
    message: `protection cannot be combined with ${names.standard}: PDF/A forbids encryption (${names.remedy})`,
  };
}

/** How a path names the document options: where they are, and which field an untagged PDF/UA-1 names. */
export interface DocumentOptionNames {
  /** The object holding `standard`, `accessibility` and `metadata`. */
  pdf: string;
  /** The print option `tagged`. */
  tagged: string;
  signature: string;
  /** With PDF/UA-1 and `tagged` false: the field named, the accessibility's or the print option's. */
  untagged: 'accessibility' | 'tagged';
}

/** A version's `render.metadata.pdf`: the print options sit beside the document options. */
export const VERSION_OPTION_NAMES: DocumentOptionNames = {
  pdf: 'render.metadata.pdf',
  tagged: 'render.metadata.pdf.tagged',
  signature: 'render.metadata.pdf.signature',
  untagged: 'accessibility',
};

/** A job's body: `pdf`, `print`, `signature` (and `protection`, `attachments`, `eInvoice`, which only a job sets). */
export const JOB_OPTION_NAMES: DocumentOptionNames = { pdf: 'pdf', tagged: 'print.tagged', signature: 'signature', untagged: 'tagged' };

/** The document options of a version or of a job, as sent (unchecked). */
export interface DocumentOptions {
  standard?: unknown;
  accessibility?: unknown;
  metadata?: unknown;
  /** The print option `tagged` sent with them. */
  tagged?: unknown;
  signature?: unknown;
  /** A job's only. */
  attachments?: AttachmentInput[];
  eInvoice?: EInvoiceInput;
  protection?: ProtectionInput;
}

/**
 * The first problem of a version's or a job's document options (named by `names`), or null: the rules of
 * domain/pdfs/pdf-document.ts (levels, metadata, attachments, e-invoice and their combinations), PDF/UA-1
 * against an untagged print and a protection's permissions, the protection's passwords and permissions and
 * PDF/A against it, then the signature.
 */
export function documentOptionsProblem(o: DocumentOptions, names: DocumentOptionNames): PdfInputProblem | null {
  const { standard, accessibility, metadata, attachments, eInvoice, protection } = o;
  const [p] = checkPdfDocumentRequest({ standard, accessibility, metadata, attachments, eInvoice } as PdfDocumentInput, names.pdf);
  if (p) return p;
  const acc = `${names.pdf}.accessibility`;
  const untagged = untaggedAccessibilityProblem(accessibility, o.tagged, {
    accessibility: acc,
    tagged: names.tagged,
    field: names.untagged === 'tagged' ? names.tagged : acc,
    remedy: `leave out ${names.tagged} (or set it to true)`,
  });
  if (untagged) return untagged;
  if (protection !== undefined) {
    const standardNamed = eInvoice ? 'eInvoice (a Factur-X invoice is PDF/A-3b)' : `${names.pdf}.standard "${String(standard)}"`;
    const q =
      uaPermissionsProblem(accessibility, protection, { accessibility: acc, remedy: 'allow it, or leave it out' }) ??
      protectionProblems(protection)[0] ??
      encryptedArchiveProblem(effectiveStandard({ standard: standard as PdfStandard | undefined, eInvoice }), protection, {
        standard: standardNamed,
        remedy: `leave out ${eInvoice ? 'eInvoice' : `${names.pdf}.standard`} or protection`,
      });
    if (q) return q;
  }
  return o.signature === undefined ? null : signatureProblem(o.signature, names.signature);
}

/** What a job's document takes from its version when the job sets none, as a commit checked it. */
export interface VersionDocumentOptions {
  standard?: PdfStandard;
  accessibility?: unknown;
  /** The version's print option `tagged`. */
  tagged?: unknown;
}

/** A job's own options, as checkDocument stored them. */
export interface JobDocumentOptions {
  standard?: PdfStandard;
  accessibility?: unknown;
  attachments?: AttachmentInput[];
  eInvoice?: EInvoiceInput;
  protection?: { permissions?: Partial<Record<string, unknown>> };
  print?: { tagged?: unknown };
}

const OF_VERSION = "the version's render.metadata.pdf";

/**
 * The rules of documentOptionsProblem that take a value from the job and one from its version (a job's own
 * values are checked at creation, a version's at commit): PDF/A against a protection and against the
 * attachments or e-invoice, PDF/UA-1 against a protection's permissions and against an untagged print.
 * First problem, or null.
 */
export function withVersionProblem(job: JobDocumentOptions, version: VersionDocumentOptions): PdfInputProblem | null {
  const fromVersion = job.standard === undefined ? version.standard : undefined;
  const archived =
    fromVersion === undefined
      ? null
      : encryptedArchiveProblem(fromVersion, job.protection, {
          standard: `${OF_VERSION}.standard "${fromVersion}"`,
          remedy: 'set pdf.standard to "none" for this job, or leave out protection',
        });
  const unreadable =
    job.accessibility === undefined
      ? uaPermissionsProblem(version.accessibility, job.protection, {
          accessibility: `${OF_VERSION}.accessibility`,
          remedy: 'set pdf.accessibility to "none" for this job, or allow it',
        })
      : null;
  if (archived ?? unreadable) return archived ?? unreadable;
  if (fromVersion !== undefined) {
    const [problem] = checkPdfDocumentRequest({ standard: fromVersion, attachments: job.attachments, eInvoice: job.eInvoice });
    if (problem) {
      const field = problem.field === 'standard' ? 'eInvoice' : problem.field;
      return { field, message: `with ${OF_VERSION}.standard "${fromVersion}": ${problem.message}` };
    }
  }
  return untaggedWithVersionProblem(job, version);
}

/**
 * PDF/UA-1 against an untagged print when one of the two is the job's and the other its version's (the
 * job's print options replace the version's one by one): the job's field is named, as the one to change.
 */
function untaggedWithVersionProblem(job: JobDocumentOptions, version: VersionDocumentOptions): PdfInputProblem | null {
  const ownTagged = job.print?.tagged !== undefined;
  if ((job.accessibility !== undefined) === ownTagged) return null;
  const accessibility = job.accessibility ?? version.accessibility;
  const tagged = job.print?.tagged ?? version.tagged;
  return untaggedAccessibilityProblem(
    accessibility,
    tagged,
    ownTagged
      ? {
          accessibility: `${OF_VERSION}.accessibility`,
          tagged: 'print.tagged',
          field: 'print.tagged',
          remedy: 'leave out print.tagged (or set it to true), or set pdf.accessibility to "none" for this job',
        }
      : {
          accessibility: 'pdf.accessibility',
          tagged: `${OF_VERSION}.tagged`,
          field: 'pdf.accessibility',
          remedy: 'set print.tagged to true for this job, or leave out pdf.accessibility',
        },
  );
}
