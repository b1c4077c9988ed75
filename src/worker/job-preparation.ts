// What a claimed job needs before it renders, read in one round: its version, payload, deploy, environment
// and plan; the bundle (worker/bundle-cache.ts); where its output goes; and its document step (the
// post-processing plan, with the signing key opened in the sandbox when it signs).
import { isTemplateEngine } from '../domain/deploys/template-engines.js';
import { documentPagesLimit } from '../domain/accounts/plans.js';
import { isPrintDefaults, UNSTATED_PRINT_DEFAULTS } from '../domain/jobs/print-defaults.js';
import { renderTimeoutMs } from '../domain/jobs/render-timeout.js';
import { parseStoredFailOn } from '../domain/jobs/job-warnings.js';
import { isSandboxLimit } from '../sandbox/pool.js';
import { JobInputs } from '../services/jobs/job-inputs.js';
import { jobPdfKey, outputKey } from '../blobs/keys.js';
import type { RenderJobsTable } from '../db/tables.js';
import { pdfFileName } from '../domain/jobs/file-name.js';
import { newId } from '../domain/ids.js';
import { signingKeyMaterial } from '../domain/pdfs/signing-certificates.js';
import type { TaskResult } from '../sandbox/tasks.js';
import { splitVersionPdf } from '../render/pdf-options.js';
import { RenderError, type PdfOverrides, type RenderRequest } from '../render/types.js';
import type { ServiceContext } from '../services/context.js';
import type { PlannedOutput } from '../services/jobs/job-outcomes.js';
import type { StoredJobDocument } from '../domain/jobs/job-document.js';
import type { UrlSource } from '../domain/jobs/url-source.js';
import { BundleCache } from './bundle-cache.js';
import { documentPlan, type SignatureStep } from './document-step.js';
import * as q from './job-queries.js';
import { SigningKeyCache } from './signing-key-cache.js';
import { officeOptionsOf } from './producers/office-conversion.js';
import { isOfficeFileName } from '../domain/office/office-input.js';
import { WORD_TEMPLATE_ENGINE } from '../domain/office/word-templates.js';
import type { PdfStandard } from '../domain/pdfs/pdf-document.js';

export class JobPreparation {
  private readonly bundles: BundleCache;
  /** Opened signing keys by certificate id (certificates never change; a deleted one is refused). */
  private readonly signingKeys = new SigningKeyCache();
  /** The job's payload and document input, from its row or the blob store. */
  private readonly inputs: JobInputs;

  constructor(private readonly ctx: ServiceContext) {
    this.bundles = new BundleCache(ctx.blobs);
    this.inputs = new JobInputs(ctx);
  }

  /**
   * The job's signing certificate, opened now (its key never leaves this process's memory): null for a job
   * that is not signed. A certificate deleted or expired since the job was created fails the job before it
   * is rendered, with pdf_postprocess_failed saying which.
   */
  private async signatureStep(accountId: string, doc: StoredJobDocument | null, versionPdf: unknown): Promise<SignatureStep | null> {
    // A job that keeps only page images keeps no PDF to sign.
    if (doc?.imagesOnly) return null;
    // The job's own signature, else the version's (render.metadata.pdf.signature, checked at commit).
    const sig = doc?.signature ?? splitVersionPdf(versionPdf).document.signature;
    if (!sig) return null;
    // The row is read for every job: a certificate deleted since the job was created must not sign it.
    const row = await this.ctx.db
      .selectFrom('signing_certificates')
      .select(['pkcs12_sealed', 'passphrase_sealed', 'not_before', 'not_after'])
      .where('id', '=', sig.certificateId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!row)
      throw new RenderError(
        'pdf_postprocess_failed',
        `signing certificate ${sig.certificateId} was deleted after the job or its version was created`,
      );
    const now = this.ctx.clock.now();
    if (now >= row.not_after) throw new RenderError('pdf_postprocess_failed', `signing certificate ${sig.certificateId} has expired`);
    if (row.not_before > now) throw new RenderError('pdf_postprocess_failed', `signing certificate ${sig.certificateId} is not valid yet`);
    // The key derivation (up to 50,000 iterations) runs in the sandbox; the key comes back as PKCS#8 bytes.
    const material = await this.signingKeys.get(sig.certificateId, async () => {
      let opened: TaskResult<'certificate.inspect'>;
      try {
        opened = await this.ctx.sandbox.run(
          'certificate.inspect',
          {
            pkcs12: Buffer.from(this.ctx.secrets.open(row.pkcs12_sealed), 'base64'),
            passphrase: this.ctx.secrets.open(row.passphrase_sealed),
            nowMs: now,
          },
          { account: accountId, timeoutMs: this.ctx.config.sandboxTimeoutMs },
        );
      } catch (err) {
        if (!isSandboxLimit(err)) throw err;
        throw new RenderError('pdf_limit_exceeded', `signing certificate ${sig.certificateId} could not be opened: ${err.message}`);
      }
      if (!opened.ok)
        throw new RenderError('pdf_postprocess_failed', `signing certificate ${sig.certificateId} cannot sign: ${opened.message}`);
      return signingKeyMaterial(opened.material);
    });
    const { reason, location, contactInfo, visible } = sig;
    return { material, fields: { reason, location, contactInfo, ...(visible ? { visible } : {}) } };
  }

  async prepare(job: RenderJobsTable, signal: AbortSignal) {
    const db = this.ctx.db;
    const [[version], [payloadRow], vars, secrets] = await Promise.all([
      q.versionSlugAndPlan(db, { accountId: job.account_id, versionId: job.deploy_version_id }),
      q.payloadOf(db, { jobId: job.id }),
      q.envVariables(db, { deployId: job.deploy_id }),
      q.envSecrets(db, { deployId: job.deploy_id }),
    ]);
    if (!version) throw new RenderError('render_failed', 'the deploy version no longer exists');
    if (!payloadRow) throw new RenderError('render_failed', 'the job payload is missing');
    if (version.plan_key === null) throw new RenderError('render_failed', 'the account no longer exists');
    const { policy } = this.ctx.plans.get(version.plan_key);
    const metadata = version.metadata_json ? (JSON.parse(version.metadata_json) as Record<string, unknown>) : {};
    const bundle = await this.bundles.get(version.render_pack_key);
    const [document, payload] = await Promise.all([
      this.inputs.document(payloadRow.document_input_json),
      this.inputs.payload(payloadRow.body_base64),
    ]);
    const print = printOverrides(metadata.pdf, document);
    const timeout = renderTimeoutMs(version.render_timeout_ms, policy.maxRenderTimeoutMs);
    const request: RenderRequest = {
      jobId: job.id,
      accountId: job.account_id,
      deployId: job.deploy_id,
      versionNo: version.version_no,
      bundle,
      entryPath: version.entry_path,
      ...(isTemplateEngine(version.engine) ? { engine: version.engine } : {}),
      payload,
      payloadMime: job.payload_mime,
      env: {
        variables: Object.fromEntries(vars.map((v) => [v.name, v.value])),
        secrets: Object.fromEntries(secrets.map((v) => [v.name, this.ctx.secrets.open(v.value)])),
      },
      // The print overrides only: the document options of render.metadata.pdf are applied after printing.
      pdf: print,
      printDefaults: isPrintDefaults(version.print_defaults) ? version.print_defaults : UNSTATED_PRINT_DEFAULTS,
      ...(document?.waitFor ? { waitFor: document.waitFor } : {}),
      timeoutMs: timeout,
      allowExternalNetwork: policy.allowExternalNetwork,
      maxOutputBytes: policy.maxRenderOutputBytes,
      maxDocumentPages: documentPagesLimit(policy),
      ...(payloadRow.source_sealed
        ? {
            urlSource: {
              ...(JSON.parse(this.ctx.secrets.open(payloadRow.source_sealed)) as UrlSource),
              allowedHosts: this.ctx.config.resolved.urlSourceAllowedHosts,
            },
          }
        : {}),
      signal,
    };
    const output = this.plannedOutput(job, version, document, metadata.fileName, policy.storageLimitBytes);
    const signature = await this.signatureStep(job.account_id, document, metadata.pdf);
    const post = documentPlan(metadata.pdf, document, bundle, (sealed) => this.ctx.secrets.open(sealed), signature);
    // The job's own failOn replaces the version's.
    const failOn = parseStoredFailOn(job.fail_on_json) ?? parseStoredFailOn(version.fail_on_json) ?? [];
    // An Office entry is converted with LibreOffice instead of printed (worker/producers/office-conversion.ts).
    const versionDoc = splitVersionPdf(metadata.pdf).document as { standard?: PdfStandard; accessibility?: string };
    const office = isOfficeFileName(version.entry_path)
      ? { options: officeOptionsOf(document, (sealed) => this.ctx.secrets.open(sealed), versionDoc) }
      : null;
    // A Word template's entry is filled from the payload before it is converted (worker/producers/word-template.ts).
    const wordTemplate = office !== null && version.engine === WORD_TEMPLATE_ENGINE;
    return { request, output, post, failOn, pdfJob: document?.pdfJob ?? null, office, wordTemplate };
  }

  /** Where the attempt's PDF goes: a job output, or a managed PDF, under the attempt's own key. */
  private plannedOutput(
    job: RenderJobsTable,
    version: { slug: string },
    document: StoredJobDocument | null,
    fileNameTemplate: unknown,
    storageLimitBytes: PlannedOutput['storageLimitBytes'],
  ): PlannedOutput {
    const outputId = newId('out', this.ctx.clock.now());
    const pdfId = job.output_mode === 'managed' ? newId('pdf', this.ctx.clock.now()) : null;
    const attempt = { jobId: job.id, attempt: job.attempt };
    const fileName = pdfFileName({
      template: document?.pdfJob ? document.pdfJob.fileName : fileNameTemplate,
      slug: document?.pdfJob ? 'pdf-job' : version.slug,
      businessKey: job.business_key,
      jobId: job.id,
    });
    return { outputId, pdfId, fileName, storageKey: pdfId ? jobPdfKey(attempt, pdfId) : outputKey(attempt, outputId), storageLimitBytes };
  }
}

/** The job's own print options (`print`) replace the version's, margin side by side. */
function printOverrides(versionPdf: unknown, document: StoredJobDocument | null): PdfOverrides {
  const versionPrint = (typeof versionPdf === 'object' && versionPdf !== null ? splitVersionPdf(versionPdf).print : {}) as PdfOverrides;
  if (!document?.print) return versionPrint;
  return {
    ...versionPrint,
    ...document.print,
    ...(versionPrint.margin && document.print.margin ? { margin: { ...versionPrint.margin, ...document.print.margin } } : {}),
  };
}
