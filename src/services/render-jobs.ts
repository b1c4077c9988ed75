import { packBytes, packText } from '../db/packed-inputs.js';
import type { Kysely, Transaction } from 'kysely';
import { precompiled } from '../db/precompiled.js';
import type { DeployVersionsTable, RenderJobsTable, Tables } from '../db/tables.js';
import { base64ByteLength, isBase64 } from '../domain/base64.js';
import { newId } from '../domain/ids.js';
import { CANCELABLE_STATUSES, isTerminal } from '../domain/job-state.js';
import { normalizeBundlePath } from '../domain/file-paths.js';
import { buildPayload } from '../domain/payload.js';
import {
  checkPdfDocumentRequest,
  effectiveStandard,
  PDF_STANDARDS,
  type AfRelationship,
  type DocumentMetadata,
  type FacturXProfile,
  type PdfInputProblem,
  type PdfStandard,
} from '../domain/pdf-document.js';
import { visibleSignatureProblem } from '../domain/signature-appearance.js';
import { pageImagesSpec, type OutputFormat, type PageImagesInput, type PageImagesSpec } from '../domain/page-images.js';
import { permissionsOf, protectionProblems, type PdfPermissions, type ProtectionInput } from '../domain/pdf-protection.js';
import { MAX_ATTACHMENT_BYTES_CEILING, MAX_ATTACHMENTS_CEILING, type PlanPolicy } from '../domain/plans.js';
import { secondsToPeriodEnd } from '../domain/period.js';
import { AppError } from '../errors/app-error.js';
import { SandboxLimitError } from '../sandbox/pool.js';
import { newestFirst } from './pagination.js';
import type { ServiceContext } from './context.js';
import type { Deploys } from './deploys.js';
import type { Notifier } from '../notifier/notifier.js';
import type { PayloadSchemas } from './payload-schemas.js';
import type { JobCancels } from './job-transitions.js';
import type { RenderDiagnostics } from '../domain/render-diagnostics.js';
import type { Usage } from './usage.js';
import { jobView, outputView, pdfEmbeddedView, type JobDocumentView, type SignatureInput } from './job-views.js';
import type { Versions } from './versions.js';
import type { BoundVersion, InlineSources } from './inline-sources.js';

export interface CreateJobInput {
  deployId?: string;
  /** Required unless the job brings inline sources (`html`). */
  deployVersionId?: string;
  /** Inline sources instead of a deploy: the entry document, and its files by path (base64). */
  html?: string;
  files?: Record<string, string>;
  businessKey?: string;
  payload?: unknown;
  hasPayload: boolean;
  payloadMime?: string;
  payloadBase64?: string;
  outputMode?: 'transient' | 'managed';
  /** Document options over the version's `render.metadata.pdf`. */
  pdf?: { standard?: PdfStandard; metadata?: DocumentMetadata };
  attachments?: JobAttachmentInput[];
  eInvoice?: { standard: 'factur-x'; profile: FacturXProfile; xml: string };
  /** Passwords and permissions of the PDF: secrets, kept sealed until the job ends. */
  protection?: ProtectionInput;
  /** A PAdES signature with one of the account's signing certificates. */
  signature?: SignatureInput;
  /** Pictures of the printed pages, stored beside the PDF. */
  images?: PageImagesInput;
  /** `pdf` (default), or an image format: the job keeps only page images, no PDF. */
  outputFormat?: OutputFormat;
}

export interface JobAttachmentInput {
  name: string;
  mimeType: string;
  relationship: AfRelationship;
  description?: string;
  /** The bytes in base64; exactly one of content and bundlePath. */
  content?: string;
  bundlePath?: string;
}

/**
 * A job's post-processing input as stored in render_payloads.document_json (deleted with the payload at
 * the job's terminal state) and read by the worker.
 */
export interface StoredJobDocument {
  standard?: PdfStandard;
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
  eInvoice?: { standard: 'factur-x'; profile: FacturXProfile; xml: string };
  /**
   * The passwords sealed with the secrets key (JSON `{userPassword?, ownerPassword}`): the database row is
   * deleted at the terminal state, but its bytes may linger in free pages, so they are never plaintext.
   */
  protection?: { sealed: string; userPassword: boolean; permissions: PdfPermissions };
  /** The certificate is read by id when the job renders (it holds the key); subject and fingerprint for the view. */
  signature?: SignatureInput & { subject: string; fingerprintSha256: string };
  /** The pages to picture, checked at creation (domain/page-images.ts). */
  images?: PageImagesSpec;
  /** Set when the job keeps only its page images (an image outputFormat): no PDF is stored. */
  imagesOnly?: true;
}

/** What the job view shows of the pages it pictures: as asked, without the parsed range. */
const imagesView = ({ first: _f, last: _l, ...asked }: PageImagesSpec) => asked;

const invalid = (p: PdfInputProblem) => new AppError('invalid_request', p.message, { field: p.field });
/** A field of the domain rules (`standard`, `metadata.title`) as it is named in the job body (`pdf.standard`). */
const jobField = (p: PdfInputProblem): PdfInputProblem =>
  p.field === 'standard' || p.field.startsWith('metadata')
    ? { field: `pdf.${p.field}`, message: p.message.startsWith(p.field) ? `pdf.${p.message}` : p.message }
    : p;

/** The job body's fields that checkDocument reads. */
type DocumentInput = Pick<
  CreateJobInput,
  'pdf' | 'attachments' | 'eInvoice' | 'protection' | 'signature' | 'images' | 'outputFormat' | 'outputMode'
>;

export const hasDocumentOptions = (input: DocumentInput) =>
  input.images !== undefined ||
  (input.outputFormat !== undefined && input.outputFormat !== 'pdf') ||
  input.pdf !== undefined ||
  (input.attachments !== undefined && input.attachments.length > 0) ||
  input.eInvoice !== undefined ||
  input.protection !== undefined ||
  input.signature !== undefined;

/** The longest reason, location and contact info of a signature (readers show them in one line). */
const MAX_SIGNATURE_TEXT = 500;

/** The version's `render.metadata.pdf` document options, as a commit validated them. */
function versionDocument(metadataJson: string | null): { standard?: PdfStandard } {
  if (!metadataJson) return {};
  const standard = (JSON.parse(metadataJson) as { pdf?: { standard?: unknown } }).pdf?.standard;
  return typeof standard === 'string' && (PDF_STANDARDS as readonly string[]).includes(standard)
    ? { standard: standard as PdfStandard }
    : {};
}

/** The certificate id of a version's `render.metadata.pdf.signature`, if it has one. */
export function versionSignatureCertificate(metadataJson: string | null): string | undefined {
  if (!metadataJson) return undefined;
  const id = (JSON.parse(metadataJson) as { pdf?: { signature?: { certificateId?: unknown } } }).pdf?.signature?.certificateId;
  return typeof id === 'string' ? id : undefined;
}

// The statements of every job's creation and long poll, built and compiled once (db/precompiled.ts).
const deployOfAccount = precompiled(['deployId', 'accountId'], (db: Kysely<Tables>, p) =>
  db.selectFrom('deploys').select('id').where('id', '=', p.deployId).where('account_id', '=', p.accountId),
);
const planOfAccount = precompiled(['accountId'], (db: Kysely<Tables>, p) =>
  db.selectFrom('accounts').select('plan_key').where('id', '=', p.accountId),
);
// Every column, checked by the compiler: a column added to the table and missing here would not compile.
const JOB_COLUMNS = Object.keys({
  id: 1,
  account_id: 1,
  deploy_id: 1,
  deploy_version_id: 1,
  deploy_version_no: 1,
  deploy_version_route: 1,
  deploy_version_title: 1,
  business_key: 1,
  payload_hash: 1,
  payload_mime: 1,
  payload_bytes: 1,
  output_mode: 1,
  queue: 1,
  status: 1,
  attempt: 1,
  requested_at: 1,
  available_at: 1,
  started_at: 1,
  finished_at: 1,
  error_code: 1,
  error_message: 1,
  lease_owner: 1,
  lease_expires_at: 1,
  render_ms: 1,
  updated_at: 1,
  document_json: 1,
  batch_id: 1,
  batch_index: 1,
} satisfies Record<keyof RenderJobsTable, 1>) as (keyof RenderJobsTable)[];
const insertJob = precompiled(JOB_COLUMNS, (db: Kysely<Tables>, p) => db.insertInto('render_jobs').values(p));
const insertPayload = precompiled(['jobId', 'body'], (db: Kysely<Tables>, p) =>
  db.insertInto('render_payloads').values({ job_id: p.jobId, body_base64: p.body }),
);
const insertPayloadWithDocument = precompiled(['jobId', 'body', 'document'], (db: Kysely<Tables>, p) =>
  db.insertInto('render_payloads').values({ job_id: p.jobId, body_base64: p.body, document_json: p.document }),
);
const jobOfAccount = precompiled(['jobId', 'accountId'], (db: Kysely<Tables>, p) =>
  db.selectFrom('render_jobs').selectAll().where('id', '=', p.jobId).where('account_id', '=', p.accountId),
);
const outputOfJob = precompiled(['jobId'], (db: Kysely<Tables>, p) =>
  db.selectFrom('render_outputs').selectAll().where('job_id', '=', p.jobId),
);

/** A new job row in `queued`, as every creation path writes it (single jobs, sync renders, batch items). */
export function queuedJobRow(p: {
  id: string;
  accountId: string;
  deployId: string;
  version: Pick<DeployVersionsTable, 'id' | 'version_no' | 'route' | 'title'>;
  businessKey: string | undefined;
  payload: { hash: string; mime: string; bytes: Buffer };
  outputMode: 'transient' | 'managed' | undefined;
  now: number;
  documentView?: string | null;
  batch?: { id: string; index: number };
}): RenderJobsTable {
  return {
    id: p.id,
    account_id: p.accountId,
    deploy_id: p.deployId,
    deploy_version_id: p.version.id,
    deploy_version_no: p.version.version_no,
    deploy_version_route: p.version.route,
    deploy_version_title: p.version.title,
    business_key: p.businessKey ?? p.id,
    payload_hash: p.payload.hash,
    payload_mime: p.payload.mime,
    payload_bytes: p.payload.bytes.length,
    output_mode: p.outputMode ?? 'transient',
    queue: 'default',
    status: 'queued',
    attempt: 0,
    requested_at: p.now,
    available_at: p.now,
    started_at: null,
    finished_at: null,
    error_code: null,
    error_message: null,
    lease_owner: null,
    lease_expires_at: null,
    render_ms: 0,
    updated_at: p.now,
    document_json: p.documentView ?? null,
    batch_id: p.batch?.id ?? null,
    batch_index: p.batch?.index ?? null,
  };
}

const MAX_WAIT_SECONDS = 30;

export class RenderJobs {
  /** Set by the composition root when this process cannot render at all (no Chromium). */
  providerProblem: (() => string | null) | null = null;
  /** Stores a job's inline sources as a version of the account's inline deploy (set by the composition root). */
  inlineSources: InlineSources | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly deploys: Deploys,
    private readonly versions: Versions,
    private readonly usage: Usage,
    private readonly notifier: Notifier,
    private readonly payloadSchemas: PayloadSchemas,
    private readonly cancels: JobCancels,
  ) {}

  /**
   * 400 payload_invalid when the payload does not match the version's payload.schema.json. The check runs in
   * the sandbox: callers run it before their transaction, never while holding one.
   */
  async checkPayload(
    accountId: string,
    version: { id: string; payload_schema_json?: string | null },
    payload: { bytes: Buffer; mime: string },
  ): Promise<void> {
    await this.payloadSchemas.check(accountId, version, payload);
  }

  async create(accountId: string, input: CreateJobInput, pathDeployId?: string) {
    // An unknown (or another account's) deploy is 404 before anything about the body is judged.
    const knownDeploy = pathDeployId ?? input.deployId;
    if (knownDeploy !== undefined) await this.#requireDeploy(accountId, knownDeploy);
    const inline = input.html !== undefined || input.files !== undefined;
    if (inline) this.#checkInlineShape(input, pathDeployId);
    else if (input.deployVersionId === undefined)
      throw new AppError('invalid_request', 'deployVersionId is required (or html, for inline sources)', { field: 'deployVersionId' });
    if (pathDeployId !== undefined && input.deployId !== undefined && input.deployId !== pathDeployId) {
      throw new AppError('deploy_id_mismatch', `body deployId ${input.deployId} differs from the path's ${pathDeployId}`, {
        field: 'deployId',
      });
    }
    const requestedDeployId = pathDeployId ?? input.deployId;
    if (!inline && !requestedDeployId) throw new AppError('invalid_request', 'deployId is required', { field: 'deployId' });
    const problem = this.providerProblem?.();
    if (problem) throw new AppError('render_provider_unavailable', problem);
    const payload = buildPayload({
      payload: input.payload,
      hasPayload: input.hasPayload,
      payloadMime: input.payloadMime,
      payloadBase64: input.payloadBase64,
      maxBytes: this.ctx.config.maxPayloadBytes,
    });
    if (!payload.ok) {
      throw new AppError(payload.message.includes('at most') ? 'payload_too_large' : 'invalid_request', payload.message, {
        field: payload.field,
      });
    }
    // Document options (PDF/A, metadata, attachments, e-invoice): everything that needs no version is
    // checked before the transaction; a plain job skips all of it.
    const document = hasDocumentOptions(input) ? await this.checkDocument(accountId, input) : null;
    // Inline sources last of the checks: they write content-addressed bytes (never a row) before the
    // transaction, which binds them to a version of the inline deploy or undoes everything.
    let prepared = null;
    if (inline) {
      if (!this.inlineSources) throw new Error('inline sources are not wired');
      prepared = await this.inlineSources.prepare(accountId, { html: input.html!, files: input.files });
    }
    // The version is resolved (alias, latest) and the payload checked against its schema before the
    // transaction: the check may take up to its time limit, and no write lock is held meanwhile. The
    // transaction then binds that concrete version, which must still exist.
    let versionId = input.deployVersionId;
    if (!prepared) {
      const pre = await this.versions.resolve(undefined, requestedDeployId!, input.deployVersionId!);
      await this.checkPayload(accountId, pre, payload);
      versionId = pre.id;
    }
    const now = this.ctx.clock.now();
    const id = newId('job', now);
    const storedBody = await packBytes(payload.bytes);
    const job = await this.ctx.db.transaction().execute(async (trx) => {
      let bound: BoundVersion;
      if (prepared) bound = await this.inlineSources!.bind(trx, accountId, prepared);
      else {
        const deployId = requestedDeployId!;
        const [deploy] = await deployOfAccount(this.ctx.db, { deployId, accountId }, trx);
        if (!deploy) throw new AppError('deploy_not_found', `deploy ${deployId} not found`);
        const resolved = await this.versions.resolve(trx, deployId, versionId!);
        // A version that signs every job: its certificate must still be usable, unless the job signs itself.
        const versionSignature = input.signature ? undefined : versionSignatureCertificate(resolved.metadata_json);
        if (versionSignature) await this.usableCertificate(accountId, versionSignature, 'render.metadata.pdf.signature.certificateId', trx);
        bound = { deployId, version: resolved };
      }
      const { deployId, version } = bound;
      const [account] = await planOfAccount(this.ctx.db, { accountId }, trx);
      if (!account) throw new Error(`account ${accountId} not found`);
      const { policy } = this.ctx.plans.get(account.plan_key);
      const documentJson = document ? await this.checkDocumentAgainstVersion(trx, version, document, policy) : null;
      await this.checkRenderTime(trx, accountId, policy, now);
      await this.usage.increment(trx, {
        accountId,
        meter: 'render_jobs',
        amount: 1,
        limit: policy.maxRenderJobsPerBillPeriod,
        errorCode: 'render_job_quota_exceeded',
      });
      const row = queuedJobRow({
        id,
        accountId,
        deployId,
        version,
        businessKey: input.businessKey,
        payload,
        outputMode: input.outputMode,
        now,
        documentView: documentJson?.view ?? null,
      });
      await insertJob(this.ctx.db, row, trx);
      if (documentJson)
        await insertPayloadWithDocument(this.ctx.db, { jobId: id, body: storedBody, document: await packText(documentJson.input) }, trx);
      else await insertPayload(this.ctx.db, { jobId: id, body: storedBody }, trx);
      return row;
    });
    this.notifier.jobQueued(id);
    return { accepted: true, queue: job.queue, job: jobView(job) };
  }

  /** Inside a creating transaction: 429 once the plan's render time of the period is used up (a render is never cut short). */
  async checkRenderTime(trx: Transaction<Tables>, accountId: string, policy: PlanPolicy, now: number): Promise<void> {
    if (policy.maxRenderTimeMsPerBillPeriod === null) return;
    const used = await this.usage.meterValue(trx, accountId, 'render_time_ms');
    if (used >= policy.maxRenderTimeMsPerBillPeriod) {
      throw new AppError(
        'render_time_quota_exceeded',
        `the plan's ${policy.maxRenderTimeMsPerBillPeriod} ms of render time this period are used up`,
        undefined,
        { retryAfterSeconds: secondsToPeriodEnd(now) },
      );
    }
  }

  /**
   * Inline sources replace the deploy: no deployId (body or path) and no deployVersionId beside `html`,
   * and `files` only with `html`. 400 naming the field; the sources themselves are checked by prepare.
   */
  #checkInlineShape(input: CreateJobInput, pathDeployId: string | undefined) {
    if (input.html === undefined) throw new AppError('invalid_request', 'files needs html (the entry document)', { field: 'html' });
    if (pathDeployId !== undefined || input.deployId !== undefined)
      throw new AppError('invalid_request', 'html replaces deployId: send one of them', { field: 'html' });
    if (input.deployVersionId !== undefined)
      throw new AppError('invalid_request', 'html replaces deployVersionId: send one of them', { field: 'deployVersionId' });
  }

  /**
   * The document options of a job body, checked without the version: each attachment has exactly one of
   * `content` (valid base64) and `bundlePath` (a valid path), the domain rules (names, media types,
   * relationships, metadata, combinations), the e-invoice XML (well-formed, a CrossIndustryInvoice), and
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
    const attachments: StoredJobDocument['attachments'] = [];
    for (const [i, a] of (input.attachments ?? []).entries()) {
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
    const [problem] = checkPdfDocumentRequest({
      standard: input.pdf?.standard,
      metadata: input.pdf?.metadata,
      attachments,
      eInvoice: input.eInvoice,
    });
    if (problem) throw invalid(jobField(problem));
    if (input.eInvoice) {
      // Parsing an XML of up to the body limit is the account's cost: it runs in the sandbox.
      let p: string | null;
      try {
        p = await this.ctx.sandbox.run(
          'xml.eInvoiceProblem',
          { xml: Buffer.from(input.eInvoice.xml, 'utf8') },
          { account: accountId, timeoutMs: this.ctx.config.sandboxTimeoutMs },
        );
      } catch (err) {
        if (!(err instanceof SandboxLimitError) || err.kind === 'closed') throw err;
        p = `could not be checked: ${err.message}`;
      }
      if (p) throw invalid({ field: 'eInvoice.xml', message: `eInvoice.xml ${p}` });
    }
    if (input.protection) {
      const standard = effectiveStandard({ standard: input.pdf?.standard, eInvoice: input.eInvoice });
      const [p] = protectionProblems(input.protection, standard);
      if (p) throw invalid(p);
    }
    const signature = input.signature ? await this.#checkSignature(accountId, input) : undefined;
    const [account] = await planOfAccount(this.ctx.db, { accountId });
    if (!account) throw new Error(`account ${accountId} not found`);
    const { policy } = this.ctx.plans.get(account.plan_key);
    const maxCount = Math.min(policy.maxAttachmentsPerJob ?? MAX_ATTACHMENTS_CEILING, MAX_ATTACHMENTS_CEILING);
    if (attachments.length > maxCount)
      throw invalid({ field: 'attachments', message: `the job has ${attachments.length} attachments; the plan allows ${maxCount}` });
    const stored: StoredJobDocument = {
      ...(pictured.spec ? { images: pictured.spec } : {}),
      ...(input.outputFormat !== undefined && input.outputFormat !== 'pdf' ? { imagesOnly: true as const } : {}),
      ...(signature ? { signature } : {}),
      ...(input.pdf?.standard !== undefined ? { standard: input.pdf.standard } : {}),
      ...(input.pdf?.metadata !== undefined ? { metadata: input.pdf.metadata } : {}),
      attachments,
      ...(input.eInvoice ? { eInvoice: input.eInvoice } : {}),
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
   * A job's `signature`: a certificate of the account (404 otherwise, as for any other account's id), valid
   * now (400 naming signature.certificateId), short texts, and a valid `visible` box.
   */
  async #checkSignature(accountId: string, input: Pick<CreateJobInput, 'signature' | 'protection'>) {
    const sig = input.signature!;
    for (const key of ['reason', 'location', 'contactInfo'] as const) {
      const v = sig[key];
      if (v !== undefined && (v.length > MAX_SIGNATURE_TEXT || /[\u0000-\u001f\u007f]/.test(v)))
        throw invalid({
          field: `signature.${key}`,
          message: `signature.${key} must be at most ${MAX_SIGNATURE_TEXT} characters without control characters`,
        });
    }
    if (sig.visible !== undefined) {
      const p = visibleSignatureProblem(sig.visible, 'signature.visible');
      if (p) throw invalid(p);
    }
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
    const now = this.ctx.clock.now();
    if (Number(cert.not_after) <= now || Number(cert.not_before) > now)
      throw invalid({
        field,
        message: `signing certificate ${certificateId} is ${Number(cert.not_after) <= now ? `expired (since ${new Date(Number(cert.not_after)).toISOString()})` : `not valid yet (from ${new Date(Number(cert.not_before)).toISOString()})`}`,
      });
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

  /**
   * Inside the job's transaction, once the version is bound: attachments from the bundle exist in it (and
   * count with their size), and the rules hold with the version's standard when the job sets none.
   * Returns what is stored: the worker's input and the job view's summary.
   */
  async checkDocumentAgainstVersion(
    trx: Transaction<Tables>,
    version: Pick<DeployVersionsTable, 'id' | 'metadata_json'>,
    doc: StoredJobDocument,
    policy: PlanPolicy,
  ): Promise<{ input: string; view: string }> {
    const paths = [...new Set(doc.attachments.flatMap((a) => (a.bundlePath !== undefined ? [a.bundlePath] : [])))];
    if (paths.length > 0) {
      const rows = await trx
        .selectFrom('version_files')
        .select(['path', 'size'])
        .where('version_id', '=', version.id)
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
    }
    const fromVersion = versionDocument(version.metadata_json);
    if (doc.protection && doc.standard === undefined && fromVersion.standard !== undefined && fromVersion.standard !== 'none')
      throw invalid({
        field: 'protection',
        message: `protection cannot be combined with the version's render.metadata.pdf.standard "${fromVersion.standard}": PDF/A forbids encryption (set pdf.standard to "none" for this job, or leave out protection)`,
      });
    if (doc.standard === undefined && fromVersion.standard !== undefined) {
      const [problem] = checkPdfDocumentRequest({ standard: fromVersion.standard, attachments: doc.attachments, eInvoice: doc.eInvoice });
      if (problem) {
        const field = problem.field === 'standard' ? 'eInvoice' : problem.field;
        throw invalid({ field, message: `with the version's render.metadata.pdf.standard "${fromVersion.standard}": ${problem.message}` });
      }
    }
    const view: JobDocumentView = {
      standard: effectiveStandard({ standard: doc.standard ?? fromVersion.standard, eInvoice: doc.eInvoice }),
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
    };
    return { input: JSON.stringify(doc), view: JSON.stringify(view) };
  }

  /** 404 unless the account has the deploy (its id is all a job creation needs to know here). */
  async #requireDeploy(accountId: string, deployId: string): Promise<void> {
    const [row] = await deployOfAccount(this.ctx.db, { deployId, accountId });
    if (!row) throw new AppError('deploy_not_found', `deploy ${deployId} not found`);
  }

  async require(accountId: string, jobId: string): Promise<RenderJobsTable> {
    const [j] = await jobOfAccount(this.ctx.db, { jobId, accountId });
    if (!j) throw new AppError('render_job_not_found', `render job ${jobId} not found`);
    return j;
  }

  /** GET job; with waitSeconds (≤ 30) answers as soon as the job is terminal or when the wait is over. */
  async get(accountId: string, jobId: string, waitSeconds = 0) {
    let job = await this.require(accountId, jobId);
    if (waitSeconds > 0 && !isTerminal(job.status)) {
      job = await this.waitForTerminal(accountId, jobId, Math.min(waitSeconds, MAX_WAIT_SECONDS) * 1000, job);
    }
    const result: { job: ReturnType<typeof jobView>; output?: ReturnType<typeof outputView>; pdf?: ReturnType<typeof pdfEmbeddedView> } = {
      job: jobView(job),
    };
    if (job.status === 'succeeded') {
      const [out] = await outputOfJob(this.ctx.db, { jobId });
      if (out && out.state === 'available') result.output = outputView(out);
      if (job.output_mode === 'managed') {
        const pdf = await this.ctx.db
          .selectFrom('managed_pdfs')
          .selectAll()
          .where('render_job_id', '=', jobId)
          .where('state', '!=', 'purged')
          .executeTakeFirst();
        if (pdf) result.pdf = pdfEmbeddedView(pdf);
      }
    }
    return result;
  }

  /**
   * The job once terminal, or as it is after `ms` (no cap here: callers bound it) or when `signal` aborts
   * (a client that went away, a server shutting down): every timer and listener is released then.
   */
  waitForTerminal(accountId: string, jobId: string, ms: number, initial: RenderJobsTable, signal?: AbortSignal): Promise<RenderJobsTable> {
    return new Promise((resolve) => {
      let latest = initial;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(poll);
        off();
        signal?.removeEventListener('abort', finish);
        resolve(latest);
      };
      const check = async () => {
        if (done) return;
        try {
          latest = await this.require(accountId, jobId);
        } catch {
          return finish();
        }
        if (isTerminal(latest.status)) finish();
      };
      // Wall-clock timers on purpose: a long poll is transport behaviour, not a business rule.
      const timer = setTimeout(finish, ms);
      // Other processes change jobs too; a slow poll covers notifications that never reach this process.
      const poll = setInterval(check, 1000);
      const off = this.notifier.onJobChanged((id) => {
        if (id === jobId) void check();
      });
      if (signal?.aborted) finish();
      else signal?.addEventListener('abort', finish);
    });
  }

  async list(accountId: string, opts: { deployId?: string; status?: string; businessKey?: string; cursor?: string; limit: number }) {
    if (opts.deployId) await this.deploys.require(accountId, opts.deployId);
    let q = this.ctx.db.selectFrom('render_jobs').selectAll().where('account_id', '=', accountId);
    if (opts.deployId) q = q.where('deploy_id', '=', opts.deployId);
    if (opts.status) q = q.where('status', '=', opts.status as RenderJobsTable['status']);
    if (opts.businessKey) q = q.where('business_key', '=', opts.businessKey);
    return newestFirst(q, opts, jobView);
  }

  /** GET /v1/render-jobs/{id}/diagnostics: the last finished attempt's, or null. */
  async diagnostics(accountId: string, jobId: string) {
    const job = await this.ctx.db
      .selectFrom('render_jobs')
      .select('id')
      .where('id', '=', jobId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!job) throw new AppError('render_job_not_found', `render job ${jobId} not found`);
    const row = await this.ctx.db.selectFrom('render_diagnostics').selectAll().where('job_id', '=', jobId).executeTakeFirst();
    return { diagnostics: row ? { attempt: row.attempt, ...(JSON.parse(row.diagnostics_json) as RenderDiagnostics) } : null };
  }

  /**
   * queued / retry_scheduled → canceled at once; rendering → canceled, and the worker that holds the lease
   * aborts the page (it is told through the notifier, and notices on its next heartbeat otherwise). The rule
   * of every cancel is JobCancels' (services/job-transitions.ts).
   */
  async cancel(accountId: string, jobId: string) {
    const { job, effects } = await this.ctx.db.transaction().execute(async (trx) => {
      const j = await trx
        .selectFrom('render_jobs')
        .selectAll()
        .where('id', '=', jobId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (!j) throw new AppError('render_job_not_found', `render job ${jobId} not found`);
      if (!CANCELABLE_STATUSES.includes(j.status))
        throw new AppError('render_job_not_cancelable', `render job ${jobId} is already ${j.status}`);
      const effects = await this.cancels.cancelIn(trx, { jobId, accountId, fromStatus: j.status });
      if (effects.jobIds.length === 0) throw new AppError('render_job_not_cancelable', `render job ${jobId} changed state; try again`);
      const now = this.ctx.clock.now();
      return { job: { ...j, status: 'canceled' as const, finished_at: now, updated_at: now, lease_owner: null }, effects };
    });
    this.cancels.announce(effects);
    return { job: jobView(job) };
  }

  /**
   * The cancel above for every unfinished item of a batch at once (DELETE /v1/render-batches/{id}): one
   * transaction; terminal items stay as they are. Returns how many items were canceled.
   */
  async cancelBatchItems(accountId: string, batchId: string): Promise<number> {
    const effects = await this.ctx.db.transaction().execute((trx) => this.cancels.cancelIn(trx, { batchId, accountId }));
    this.cancels.announce(effects);
    return effects.jobIds.length;
  }
}
