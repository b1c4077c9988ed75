// A job's document options (PDF/A, metadata, attachments, an e-invoice, passwords, a signature, page
// images) and its render options (print options, wait conditions): checked without the version at creation
// (400 naming the field), then against the version and the plan inside the creating transaction. Single
// jobs, sync renders and batch items all come through here.
import type { Transaction } from 'kysely';
import type { DeployVersionsTable, Tables } from '../../db/tables.js';
import { base64ByteLength, isBase64 } from '../../domain/base64.js';
import { normalizeBundlePath } from '../../domain/deploys/file-paths.js';
import {
  effectiveStandard,
  PDF_STANDARDS,
  type PdfAccessibility,
  type PdfInputProblem,
  type PdfStandard,
} from '../../domain/pdfs/pdf-document.js';
import {
  certificateValidityProblem,
  documentOptionsProblem,
  JOB_OPTION_NAMES,
  withVersionProblem,
} from '../../domain/pdfs/document-options.js';
import { validatePdfOverrides, type PdfOverrides } from '../../domain/jobs/print-options.js';
import { pageImagesSpec, type PageImagesSpec } from '../../domain/jobs/page-images.js';
import { permissionsOf } from '../../domain/pdfs/pdf-protection.js';
import { MAX_ATTACHMENT_BYTES_CEILING, MAX_ATTACHMENTS_CEILING, type PlanPolicy } from '../../domain/accounts/plans.js';
import { renderTimeoutMs } from '../../domain/jobs/render-timeout.js';
import { asksToWait, MAX_WAIT_DELAY_MS, waitForProblem } from '../../domain/jobs/wait-for.js';
import { checkRenderJobSteps, renderJobStepsConflict, stepsView } from '../../domain/jobs/render-job-steps.js';
import type { PdfStep } from '../../domain/pdfs/pdf-steps.js';
import { AppError } from '../../errors/app-error.js';
import { checkJobEInvoice } from '../einvoices/einvoice-checks.js';
import type { ServiceContext } from '../context.js';
import type { JobDocumentView, StoredJobDocument } from '../../domain/jobs/job-document.js';
import type { CreateJobInput, DocumentInput } from './render-job-types.js';
import { planOfAccount } from './job-rows.js';
import { officeDocument, officeView } from './office-job-options.js';

/** What the job view shows of the pages it pictures: as asked, without the parsed range. */
const imagesView = ({ first: _f, last: _l, ...asked }: PageImagesSpec) => asked;

const invalid = (p: PdfInputProblem) => new AppError('invalid_request', p.message, { field: p.field });

/**
 * A job's `print`, checked by the rules of a version's print overrides (domain/jobs/print-options.ts): 400 naming
 * `print.<option>` (`print.margin.top`).
 */
function printOptions(print: Record<string, unknown>): PdfOverrides {
  const v = validatePdfOverrides(print);
  if (v.ok) return v.value;
  const message = v.message.replace(/^pdf\./, 'print.');
  const field = /^(print(?:\.[A-Za-z]+){0,2})/.exec(message)?.[1] ?? 'print';
  throw new AppError('invalid_request', message, { field });
}

export const hasDocumentOptions = (input: DocumentInput) =>
  input.images !== undefined ||
  (input.outputFormat !== undefined && input.outputFormat !== 'pdf') ||
  input.pdf !== undefined ||
  (input.attachments !== undefined && input.attachments.length > 0) ||
  input.eInvoice !== undefined ||
  input.protection !== undefined ||
  input.signature !== undefined ||
  input.print !== undefined ||
  (input.steps !== undefined && input.steps.length > 0) ||
  input.office !== undefined ||
  asksToWait(input.waitFor);

/** The version's `render.metadata.pdf` document options (and its print option `tagged`), as a commit validated them. */
function versionDocument(metadataJson: string | null): { standard?: PdfStandard; accessibility?: PdfAccessibility; tagged?: false } {
  if (!metadataJson) return {};
  const pdf = (JSON.parse(metadataJson) as { pdf?: { standard?: unknown; accessibility?: unknown; tagged?: unknown } }).pdf;
  const { standard, accessibility, tagged } = pdf ?? {};
  return {
    ...(typeof standard === 'string' && (PDF_STANDARDS as readonly string[]).includes(standard)
      ? { standard: standard as PdfStandard }
      : {}),
    ...(accessibility === 'pdf/ua-1' ? { accessibility: 'pdf/ua-1' as const } : {}),
    ...(tagged === false ? { tagged } : {}),
  };
}

/** The certificate id of a version's `render.metadata.pdf.signature`, if it has one. */
export function versionSignatureCertificate(metadataJson: string | null): string | undefined {
  if (!metadataJson) return undefined;
  const id = (JSON.parse(metadataJson) as { pdf?: { signature?: { certificateId?: unknown } } }).pdf?.signature?.certificateId;
  return typeof id === 'string' ? id : undefined;
}

/** Each attachment with exactly one of `content` (valid base64) and `bundlePath` (a valid path), as stored. */
function attachmentsOf(input: NonNullable<DocumentInput['attachments']>): StoredJobDocument['attachments'] {
  const attachments: StoredJobDocument['attachments'] = [];
  for (const [i, a] of input.entries()) {
    const f = `attachments[${i}]`;
    if ((a.content === undefined) === (a.bundlePath === undefined))
      throw invalid({ field: `${f}.content`, message: `${f} needs exactly one of content (base64) and bundlePath` });
    const base = {
      name: a.name,
      mimeType: a.mimeType,
      relationship: a.relationship,
      ...(a.description !== undefined ? { description: a.description } : {}),
    };
    if (a.content !== undefined) {
      if (!isBase64(a.content)) throw invalid({ field: `${f}.content`, message: `${f}.content must be base64 (RFC 4648, with padding)` });
      attachments.push({ ...base, size: base64ByteLength(a.content), contentBase64: a.content });
    } else {
      const n = normalizeBundlePath(a.bundlePath!);
      if (!n.ok) throw invalid({ field: `${f}.bundlePath`, message: `${f}.bundlePath: ${n.reason}` });
      attachments.push({ ...base, size: 0, bundlePath: n.path });
    }
  }
  return attachments;
}

/** A job's wait conditions, bounded by the plan's longest render timeout; undefined when it asks for no wait. */
function checkedWaitFor(input: DocumentInput['waitFor'], policy: PlanPolicy) {
  const waitFor = asksToWait(input) ? input : undefined;
  if (waitFor) {
    const planMax = policy.maxRenderTimeoutMs;
    const p = waitForProblem(
      waitFor,
      planMax !== null && planMax < MAX_WAIT_DELAY_MS
        ? { ms: planMax, named: "the plan's longest render timeout (maxRenderTimeoutMs)" }
        : { ms: MAX_WAIT_DELAY_MS, named: 'the longest render timeout a version can have' },
    );
    if (p) throw invalid(p);
  }
  return waitFor;
}

export class JobDocuments {
  constructor(private readonly ctx: ServiceContext) {}

  /**
   * The document options of a job body, checked without the version: each attachment has exactly one of
   * `content` (valid base64) and `bundlePath` (a valid path), the rules a version's options are checked by
   * too (domain/pdfs/document-options.ts: levels, metadata, attachments, protection, signature and their
   * combinations), the e-invoice XML (services/einvoices/einvoice-checks.ts), the signing certificate, and
   * the plan's attachment count and (for inline content and the XML) byte limits. 400 naming the field.
   */
  async checkDocument(accountId: string, input: DocumentInput): Promise<StoredJobDocument> {
    const pictured = pageImagesSpec({
      images: input.images,
      outputFormat: input.outputFormat,
      outputMode: input.outputMode,
      pdfOptions: (['pdf', 'attachments', 'eInvoice', 'protection', 'signature'] as const).filter((k) => input[k] !== undefined),
    });
    if ('problem' in pictured) throw invalid(pictured.problem);
    const print = input.print === undefined ? undefined : printOptions(input.print);
    const checkedSteps = input.steps !== undefined && input.steps.length > 0 ? checkRenderJobSteps(input.steps) : null;
    if (checkedSteps && 'problem' in checkedSteps) throw invalid(checkedSteps.problem);
    // Stored as sent (the checked form adds what it found, e.g. an image's format); read back through the
    // same check (domain/jobs/job-document.ts).
    const steps = checkedSteps ? (input.steps as unknown[] as PdfStep[]) : undefined;
    const attachments = attachmentsOf(input.attachments ?? []);
    const { standard, accessibility, metadata } = input.pdf ?? {};
    const { eInvoice, protection, signature: sig } = input;
    const problem = documentOptionsProblem(
      { standard, accessibility, metadata, tagged: print?.tagged, signature: sig, attachments, eInvoice, protection },
      JOB_OPTION_NAMES,
    );
    if (problem) throw invalid(problem);
    const eInvoiceCheck = input.eInvoice ? await checkJobEInvoice(this.ctx, accountId, input.eInvoice) : undefined;
    const signature = sig ? await this.#signature(accountId, sig) : undefined;
    const [account] = await planOfAccount(this.ctx.db, { accountId });
    if (!account) throw new Error(`account ${accountId} not found`);
    const { policy } = this.ctx.plans.get(account.plan_key);
    const waitFor = checkedWaitFor(input.waitFor, policy);
    const maxCount = Math.min(policy.maxAttachmentsPerJob ?? MAX_ATTACHMENTS_CEILING, MAX_ATTACHMENTS_CEILING);
    if (attachments.length > maxCount)
      throw invalid({ field: 'attachments', message: `the job has ${attachments.length} attachments; the plan allows ${maxCount}` });
    const stored: StoredJobDocument = {
      ...(pictured.spec ? { images: pictured.spec } : {}),
      ...(print ? { print } : {}),
      ...(waitFor ? { waitFor } : {}),
      ...(steps ? { steps } : {}),
      ...(input.outputFormat !== undefined && input.outputFormat !== 'pdf' ? { imagesOnly: true as const } : {}),
      ...(input.office ? { office: officeDocument(input.office, (p) => this.ctx.secrets.seal(p)) } : {}),
      ...(signature ? { signature } : {}),
      ...(input.pdf?.standard !== undefined ? { standard: input.pdf.standard } : {}),
      ...(input.pdf?.accessibility !== undefined ? { accessibility: input.pdf.accessibility } : {}),
      ...(input.pdf?.metadata !== undefined ? { metadata: input.pdf.metadata } : {}),
      attachments,
      ...(input.eInvoice && eInvoiceCheck
        ? {
            eInvoice: {
              standard: input.eInvoice.standard,
              xml: eInvoiceCheck.xml,
              profile: eInvoiceCheck.profile,
              ...(eInvoiceCheck.warning ? { warning: eInvoiceCheck.warning } : {}),
            },
          }
        : {}),
      ...(input.protection
        ? {
            protection: {
              sealed: this.ctx.secrets.seal(
                JSON.stringify({ userPassword: input.protection.userPassword, ownerPassword: input.protection.ownerPassword }),
              ),
              userPassword: (input.protection.userPassword ?? '') !== '',
              permissions: permissionsOf(input.protection.permissions),
            },
          }
        : {}),
    };
    this.#checkAttachmentBytes(stored, policy);
    return stored;
  }

  /**
   * A job's `signature`, its options checked (documentOptionsProblem): a certificate of the account (404
   * otherwise, as for any other account's id), valid now (400 naming signature.certificateId).
   */
  async #signature(accountId: string, sig: NonNullable<CreateJobInput['signature']>) {
    const cert = await this.usableCertificate(accountId, sig.certificateId, 'signature.certificateId');
    return {
      certificateId: sig.certificateId,
      ...(sig.reason !== undefined ? { reason: sig.reason } : {}),
      ...(sig.location !== undefined ? { location: sig.location } : {}),
      ...(sig.contactInfo !== undefined ? { contactInfo: sig.contactInfo } : {}),
      ...(sig.visible !== undefined ? { visible: sig.visible } : {}),
      subject: cert.subject,
      fingerprintSha256: cert.fingerprint_sha256,
    };
  }

  /**
   * A certificate of the account, valid now: 404 for another account's or an unknown id, 400 naming
   * `field` when it is expired or not valid yet. Used for a job's own signature and its version's.
   */
  async usableCertificate(accountId: string, certificateId: string, field: string, trx?: Transaction<Tables>) {
    const cert = await (trx ?? this.ctx.db)
      .selectFrom('signing_certificates')
      .select(['subject', 'fingerprint_sha256', 'not_before', 'not_after'])
      .where('id', '=', certificateId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!cert) throw new AppError('signing_certificate_not_found', `signing certificate ${certificateId} not found`, { field });
    const validity = { notBefore: Number(cert.not_before), notAfter: Number(cert.not_after) };
    const problem = certificateValidityProblem(certificateId, validity, this.ctx.clock.now(), field);
    if (problem) throw invalid(problem);
    return cert;
  }

  /** The plan's byte limit over attachments (sizes known so far) and the e-invoice XML: 400 naming the one that passes it. */
  #checkAttachmentBytes(doc: StoredJobDocument, policy: PlanPolicy): void {
    const max = Math.min(policy.maxAttachmentBytesPerJob ?? MAX_ATTACHMENT_BYTES_CEILING, MAX_ATTACHMENT_BYTES_CEILING);
    let total = doc.eInvoice ? Buffer.byteLength(doc.eInvoice.xml, 'utf8') : 0;
    if (total > max)
      throw invalid({
        field: 'eInvoice.xml',
        message: `eInvoice.xml is ${total} bytes; the plan allows ${max} bytes of attachments per job`,
      });
    for (const [i, a] of doc.attachments.entries()) {
      total += a.size;
      if (total > max) {
        const field = `attachments[${i}].${a.bundlePath !== undefined ? 'bundlePath' : 'content'}`;
        throw invalid({
          field,
          message: `${field} brings the job's attachments to ${total} bytes; the plan allows ${max} (maxAttachmentBytesPerJob)`,
        });
      }
    }
  }

  /** The sizes of the attachments taken from the version's files (400 for a path that is not one), then the plan's byte limits. */
  async #sizeBundleAttachments(trx: Transaction<Tables>, versionId: string, doc: StoredJobDocument, policy: PlanPolicy): Promise<boolean> {
    const paths = [...new Set(doc.attachments.flatMap((a) => (a.bundlePath !== undefined ? [a.bundlePath] : [])))];
    if (paths.length === 0) return false;
    const rows = await trx
      .selectFrom('version_files')
      .select(['path', 'size'])
      .where('version_id', '=', versionId)
      .where('path', 'in', paths)
      .execute();
    const sizes = new Map(rows.map((r) => [r.path, Number(r.size)]));
    for (const [i, a] of doc.attachments.entries()) {
      if (a.bundlePath === undefined) continue;
      const size = sizes.get(a.bundlePath);
      if (size === undefined)
        throw invalid({
          field: `attachments[${i}].bundlePath`,
          message: `attachments[${i}].bundlePath ${a.bundlePath} is not a file of the job's version`,
        });
      a.size = size;
    }
    this.#checkAttachmentBytes(doc, policy);
    return true;
  }

  /**
   * Inside the job's transaction, once the version is bound: a wait delay fits in the job's render timeout,
   * attachments from the bundle exist in the version (and count with their size), and the rules hold with
   * the version's standard when the job sets none.
   * Returns what is stored: the worker's input (stringified when read) and the job view's summary, and
   * whether this check changed `doc` (it fills in the sizes of bundle attachments): a caller that stored the
   * input before the transaction (services/jobs/job-inputs.ts) stores it again then, and only then.
   */
  async checkDocumentAgainstVersion(
    trx: Transaction<Tables>,
    /** render_timeout_ms absent: the version sets none (an inline version never does). */
    version: Pick<DeployVersionsTable, 'id' | 'metadata_json'> & Partial<Pick<DeployVersionsTable, 'render_timeout_ms'>>,
    doc: StoredJobDocument,
    policy: PlanPolicy,
  ): Promise<{ input: string; view: string; changed: boolean }> {
    if (doc.waitFor?.delayMs !== undefined) {
      // The delay must end within the render timeout the job will have: a longer one could only time out.
      const ms = renderTimeoutMs(version.render_timeout_ms, policy.maxRenderTimeoutMs);
      const p = waitForProblem({ delayMs: doc.waitFor.delayMs }, { ms, named: "the job's render timeout" });
      if (p) throw invalid(p);
    }
    const sized = await this.#sizeBundleAttachments(trx, version.id, doc, policy);
    const fromVersion = versionDocument(version.metadata_json);
    const problem = withVersionProblem(doc, fromVersion);
    if (problem) throw invalid(problem);
    const standard = effectiveStandard({ standard: doc.standard ?? fromVersion.standard, eInvoice: doc.eInvoice });
    if (doc.steps) {
      const signs = doc.signature !== undefined || versionSignatureCertificate(version.metadata_json) !== undefined;
      const p = renderJobStepsConflict(doc.steps, { standard, protection: doc.protection !== undefined, signature: signs });
      if (p) throw invalid(p);
    }
    const view: JobDocumentView = {
      standard,
      ...((doc.accessibility ?? fromVersion.accessibility) === 'pdf/ua-1' ? { accessibility: 'pdf/ua-1' as const } : {}),
      ...(doc.metadata !== undefined ? { metadata: doc.metadata } : {}),
      ...(doc.attachments.length > 0
        ? {
            attachments: doc.attachments.map((a) => ({
              name: a.name,
              mimeType: a.mimeType,
              relationship: a.relationship,
              ...(a.description !== undefined ? { description: a.description } : {}),
              bytes: a.size,
              ...(a.bundlePath !== undefined ? { bundlePath: a.bundlePath } : {}),
            })),
          }
        : {}),
      ...(doc.eInvoice
        ? {
            eInvoice: {
              standard: doc.eInvoice.standard,
              profile: doc.eInvoice.profile,
              bytes: Buffer.byteLength(doc.eInvoice.xml, 'utf8'),
            },
          }
        : {}),
      ...(doc.protection ? { protection: { userPassword: doc.protection.userPassword, permissions: doc.protection.permissions } } : {}),
      ...(doc.signature ? { signature: doc.signature } : {}),
      ...(doc.images ? { images: imagesView(doc.images) } : {}),
      ...(doc.imagesOnly && doc.images ? { outputFormat: doc.images.format } : {}),
      ...(doc.print ? { print: doc.print } : {}),
      ...(doc.steps ? { steps: stepsView(doc.steps) } : {}),
      ...(doc.pdfJob ? { pdfSources: doc.pdfJob.sources } : {}),
      ...(doc.office ? { office: officeView(doc.office) } : {}),
    };
    return {
      get input() {
        return JSON.stringify(doc);
      },
      view: JSON.stringify(view),
      changed: sized,
    };
  }

  /** 404 unless the account has the deploy (its id is all a job creation needs to know here). */
}
