// What renders produced: job outputs (transient or backing a managed PDF), managed PDFs, permanent links
// and the signed URLs that serve them.
import type { Transaction } from 'kysely';
import type { ManagedPdfsTable, PageImagesTable, RenderJobsTable, Tables } from '../../db/tables.js';
import { newId } from '../../domain/ids.js';
import { createLinkToken, DEFAULT_LINK_SECONDS, MAX_LINK_SECONDS, verifyLinkToken } from '../../domain/signed-links.js';
import { randomBase62 } from '../../domain/accounts/tokens.js';
import { AppError } from '../../errors/app-error.js';
import { newestFirst } from '../pagination.js';
import type { ServiceContext } from '../context.js';
import { isProtectedJob, outputView } from './job-views.js';
import type { StorageMeter } from '../accounts/storage-meter.js';
import { purgeStoredFiles } from './stored-file-purge.js';

type Trx = Transaction<Tables>;

export const pdfView = (p: ManagedPdfsTable) => ({
  id: p.id,
  state: p.state,
  fileName: p.file_name,
  bytes: p.bytes,
  pageCount: p.page_count,
  deployId: p.deploy_id,
  deployVersionId: p.deploy_version_id,
  renderJobId: p.render_job_id,
  businessKey: p.business_key,
  createdAt: p.created_at,
  ...(p.protected === 1 ? { protected: true } : {}),
});

export const IMAGE_MIME = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

/** How a stored page image is served: its type, and a file name of its job (or PDF) and page. */
export const imageFile = (i: PageImagesTable): Omit<ServedFile, 'disposition'> => ({
  storageKey: i.storage_key,
  contentType: IMAGE_MIME[i.format],
  fileName: `${i.job_id ?? i.pdf_id}-page-${i.page}.${i.format === 'jpeg' ? 'jpg' : i.format}`,
  sha256: i.sha256,
  bytes: i.bytes,
});

/** What a signed or permanent URL serves. */
export interface ServedFile {
  storageKey: string;
  contentType: string;
  fileName: string;
  sha256: string;
  bytes: number;
  disposition: 'attachment' | 'inline';
}

export class RenderedFiles {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly meter: StorageMeter,
    private readonly signingKey: string | null,
  ) {}

  /** The account's managed-PDF bytes change by `delta`, in the transaction that changes them (StorageMeter). */
  changeManagedBytes(trx: Trx, accountId: string, delta: number): Promise<void> {
    return this.meter.changeManagedBytes(trx, accountId, delta);
  }

  private lifetime(expiresInSeconds: number | undefined): number {
    const s = expiresInSeconds ?? DEFAULT_LINK_SECONDS;
    if (!Number.isInteger(s) || s < 1 || s > MAX_LINK_SECONDS)
      throw new AppError('invalid_request', `expiresInSeconds must be an integer from 1 to ${MAX_LINK_SECONDS}`, {
        field: 'expiresInSeconds',
      });
    return s;
  }

  /**
   * A signed link. `notAfter` is when the file itself is deleted (a transient output's expiry): a link never
   * promises longer than the file lives.
   */
  private sign(
    kind: 'out' | 'pdf' | 'img',
    id: string,
    disposition: 'attachment' | 'inline',
    expiresInSeconds?: number,
    notAfter?: number | null,
  ) {
    if (!this.signingKey) throw new AppError('render_provider_unavailable', 'no signing key is configured (set FOLIO_SIGNING_KEY)');
    const asked = this.ctx.clock.now() + this.lifetime(expiresInSeconds) * 1000;
    const expiresAt = notAfter != null ? Math.min(asked, notAfter) : asked;
    const token = createLinkToken(this.signingKey, { kind, id, disposition, expiresAt });
    return { access: { url: `${this.ctx.config.resolved.publicUrl}/v1/files/${token}`, expiresAt } };
  }

  /** A fresh download URL for an output (used by webhooks on every attempt), no longer than the output lives. */
  signOutput(outputId: string, expiresInSeconds?: number, outputExpiresAt?: number | null) {
    return this.sign('out', outputId, 'attachment', expiresInSeconds, outputExpiresAt);
  }

  /** A fresh URL for a page image (its `disposition` as asked: an image is often shown inline). */
  signImage(imageId: string, disposition: 'attachment' | 'inline', expiresInSeconds?: number) {
    return this.sign('img', imageId, disposition, expiresInSeconds);
  }

  /** A fresh download URL for a managed PDF (a batch's merged product). */
  signPdf(pdfId: string, expiresInSeconds?: number) {
    return this.sign('pdf', pdfId, 'attachment', expiresInSeconds);
  }

  async outputLink(accountId: string, jobId: string, disposition: 'attachment' | 'inline', expiresInSeconds?: number) {
    const seconds = this.lifetime(expiresInSeconds);
    const job = await this.jobStatus(accountId, jobId);
    if (job.status !== 'succeeded')
      throw new AppError('render_output_not_ready', `render job ${jobId} is ${job.status}; its output is not available`);
    const out = await this.ctx.db
      .selectFrom('render_outputs')
      .select(['id', 'state', 'expires_at'])
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    if (!out && (await this.hasImages(jobId)))
      throw new AppError(
        'render_output_not_found',
        `render job ${jobId} made page images only (outputFormat): get them with GET /v1/render-jobs/${jobId}/images`,
      );
    if (!out || out.state !== 'available') throw new AppError('render_output_not_found', `the output of render job ${jobId} was deleted`);
    return this.sign('out', out.id, disposition, seconds, out.expires_at);
  }

  /** The status of a job of this account; another account's job is not found (404, no leak). */
  private async jobStatus(accountId: string, jobId: string) {
    const job = await this.ctx.db
      .selectFrom('render_jobs')
      .select(['id', 'status'])
      .where('id', '=', jobId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!job) throw new AppError('render_job_not_found', `render job ${jobId} not found`);
    return job;
  }

  /**
   * DELETE /v1/render-jobs/{id}/output: the PDF and the job's page images. A managed job's PDF stays: it
   * lives independently (its thumbnail with it).
   */
  async deleteOutput(accountId: string, jobId: string): Promise<void> {
    const job = await this.jobStatus(accountId, jobId);
    if (job.status === 'rendering' || job.status === 'queued' || job.status === 'retry_scheduled')
      throw new AppError('render_output_not_ready', `render job ${jobId} is still ${job.status}`);
    const out = await this.ctx.db.selectFrom('render_outputs').selectAll().where('job_id', '=', jobId).executeTakeFirst();
    const images = await this.markImagesDeleting(this.ctx.db, { jobId });
    if (out && out.state === 'available') await this.removeOutput(out.id, out.managed === 1);
    else if (images === 0) throw new AppError('render_output_not_found', `render job ${jobId} has no output`);
  }

  /**
   * Inside the caller's transaction: a job's page images, or a PDF's thumbnail, become `deleting` (links stop
   * resolving at once; the janitor removes the bytes, PageImages.purge). Returns how many were available.
   */
  async markImagesDeleting(db: Trx | ServiceContext['db'], of: { jobId: string } | { pdfId: string }): Promise<number> {
    const res = await db
      .updateTable('page_images')
      .set({ state: 'deleting', deleted_at: this.ctx.clock.now() })
      .where('jobId' in of ? 'job_id' : 'pdf_id', '=', 'jobId' in of ? of.jobId : of.pdfId)
      .where('state', '=', 'available')
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** Whether a job made page images (kept or since deleted). */
  async hasImages(jobId: string): Promise<boolean> {
    return (await this.ctx.db.selectFrom('page_images').select('id').where('job_id', '=', jobId).limit(1).executeTakeFirst()) !== undefined;
  }

  /** Transient outputs past their availability window become `deleting`, then are purged (the janitor's step). */
  async expireTransientOutputs(limit = 500): Promise<number> {
    const now = this.ctx.clock.now();
    const due = this.ctx.db
      .selectFrom('render_outputs')
      .select('id')
      .where('state', '=', 'available')
      .where('managed', '=', 0)
      .where('expires_at', '<=', now)
      .limit(limit);
    const res = await this.ctx.db
      .updateTable('render_outputs')
      .set({ state: 'deleting', deleted_at: now })
      .where('id', 'in', due)
      .where('state', '=', 'available')
      .executeTakeFirst();
    await purgeStoredFiles(this.ctx, 'render_outputs', { limit });
    return Number(res.numUpdatedRows);
  }

  /** Inside a successful job's transaction: the managed PDF row, counted in the account's PDF storage. */
  async recordManagedPdf(
    trx: Trx,
    job: RenderJobsTable,
    out: { pdfId: string; storageKey: string; fileName: string },
    pdf: { sha256: string; bytes: number; pageCount: number },
    now: number,
  ): Promise<void> {
    await trx
      .insertInto('managed_pdfs')
      .values({
        id: out.pdfId,
        account_id: job.account_id,
        deploy_id: job.deploy_id,
        deploy_version_id: job.deploy_version_id,
        render_job_id: job.id,
        business_key: job.business_key,
        file_name: out.fileName,
        storage_key: out.storageKey,
        sha256: pdf.sha256,
        bytes: pdf.bytes,
        page_count: pdf.pageCount,
        state: 'available',
        created_at: now,
        deleted_at: null,
        protected: isProtectedJob(job) ? 1 : 0,
      })
      .execute();
    await this.changeManagedBytes(trx, job.account_id, pdf.bytes);
  }

  /**
   * Deletes an available output: a transient one (a job's PDF, a batch's zip) becomes `deleting` and is
   * purged at once; a managed job's output, whose bytes are its managed PDF's, becomes `deleted`.
   */
  async removeOutput(outputId: string, managed: boolean): Promise<void> {
    await this.ctx.db
      .updateTable('render_outputs')
      .set({ state: managed ? 'deleted' : 'deleting', deleted_at: this.ctx.clock.now() })
      .where('id', '=', outputId)
      .where('state', '=', 'available')
      .execute();
    if (!managed) await purgeStoredFiles(this.ctx, 'render_outputs', { limit: 1, ids: [outputId] });
  }

  // ---- managed PDFs ----

  /** A PDF of this account that is not deleted (available or deleting), read through `db` (a transaction, when given); else 404. */
  async requirePdf(accountId: string, pdfId: string, db: Trx | ServiceContext['db'] = this.ctx.db) {
    const p = await db
      .selectFrom('managed_pdfs')
      .selectAll()
      .where('id', '=', pdfId)
      .where('account_id', '=', accountId)
      .where('state', '!=', 'deleted')
      .executeTakeFirst();
    if (!p) throw new AppError('pdf_not_found', `PDF ${pdfId} not found`);
    return p;
  }

  async listPdfs(accountId: string, opts: { deployId?: string; cursor?: string; limit: number }) {
    let q = this.ctx.db.selectFrom('managed_pdfs').selectAll().where('account_id', '=', accountId).where('state', '!=', 'deleted');
    if (opts.deployId) q = q.where('deploy_id', '=', opts.deployId);
    return newestFirst(q, opts, pdfView);
  }

  async getPdf(accountId: string, pdfId: string) {
    return { pdf: pdfView(await this.requirePdf(accountId, pdfId)) };
  }

  /** available → deleting at once: links stop resolving; the janitor purges the bytes. */
  async deletePdf(accountId: string, pdfId: string): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const p = await this.requirePdf(accountId, pdfId, trx);
      if (p.state === 'deleting') return;
      await trx.updateTable('managed_pdfs').set({ state: 'deleting', deleted_at: this.ctx.clock.now() }).where('id', '=', pdfId).execute();
      // The job's output is the same file (no bytes of its own): its links stop resolving at once too.
      await trx
        .updateTable('render_outputs')
        .set({ state: 'deleted', deleted_at: this.ctx.clock.now() })
        .where('job_id', '=', p.render_job_id)
        .where('managed', '=', 1)
        .execute();
      await trx.deleteFrom('permanent_links').where('pdf_id', '=', pdfId).execute();
      // Its thumbnail, and the page images of its job: they live with the PDF.
      await this.markImagesDeleting(trx, { pdfId });
      await this.markImagesDeleting(trx, { jobId: p.render_job_id });
      await this.changeManagedBytes(trx, accountId, -p.bytes);
    });
  }

  /**
   * Janitor: removes the bytes of PDFs in `deleting` and marks them `deleted` (then they are not found). Their
   * jobs' outputs were marked `deleted` in the transaction that deleted them (deletePdf).
   */
  purgeDeletedPdfs(limit = 100): Promise<number> {
    return purgeStoredFiles(this.ctx, 'managed_pdfs', { limit });
  }

  async pdfLink(accountId: string, pdfId: string, disposition: 'attachment' | 'inline', expiresInSeconds?: number) {
    const seconds = this.lifetime(expiresInSeconds);
    const p = await this.requirePdf(accountId, pdfId);
    if (p.state === 'deleting') throw new AppError('pdf_deleting', `PDF ${pdfId} is being deleted`);
    return this.sign('pdf', p.id, disposition, seconds);
  }

  async listPermanentLinks(accountId: string, pdfId: string) {
    await this.requirePdf(accountId, pdfId);
    const rows = await this.ctx.db.selectFrom('permanent_links').selectAll().where('pdf_id', '=', pdfId).orderBy('id', 'desc').execute();
    return { items: rows.map((r) => this.linkView(r)) };
  }

  private linkView(r: { id: string; pdf_id: string; token: string; created_at: number }) {
    return { id: r.id, pdfId: r.pdf_id, url: `${this.ctx.config.resolved.publicUrl}/p/${r.token}`, createdAt: r.created_at };
  }

  async createPermanentLink(accountId: string, pdfId: string) {
    const p = await this.requirePdf(accountId, pdfId);
    if (p.state === 'deleting') throw new AppError('pdf_deleting', `PDF ${pdfId} is being deleted`);
    const now = this.ctx.clock.now();
    const row = { id: newId('lnk', now), pdf_id: pdfId, account_id: accountId, token: randomBase62(32), created_at: now };
    await this.ctx.db.insertInto('permanent_links').values(row).execute();
    return { link: this.linkView(row) };
  }

  async deletePermanentLink(accountId: string, pdfId: string, linkId: string): Promise<void> {
    await this.requirePdf(accountId, pdfId);
    const res = await this.ctx.db.deleteFrom('permanent_links').where('id', '=', linkId).where('pdf_id', '=', pdfId).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw new AppError('permanent_link_not_found', `permanent link ${linkId} not found`);
  }

  // ---- serving ----

  /** Resolves `/v1/files/<token>`: 403 bad signature, 410 expired, 404 when the file is gone. */
  async resolveSigned(token: string): Promise<ServedFile> {
    if (!this.signingKey) throw new AppError('render_provider_unavailable', 'no signing key is configured');
    const check = verifyLinkToken(this.signingKey, token, this.ctx.clock.now());
    if (!check.ok)
      throw check.reason === 'expired'
        ? new AppError('link_expired', 'this link has expired; request a new one')
        : new AppError('link_invalid', 'this link is not valid');
    const { kind, id, disposition } = check.claims;
    if (kind === 'out') {
      const o = await this.ctx.db.selectFrom('render_outputs').selectAll().where('id', '=', id).executeTakeFirst();
      if (!o || o.state !== 'available') throw new AppError('render_output_not_found', 'this file was deleted');
      // A render batch's zip product is the one output that is not a PDF.
      const contentType = o.storage_key.endsWith('.zip') ? 'application/zip' : 'application/pdf';
      return { storageKey: o.storage_key, contentType, fileName: o.file_name, sha256: o.sha256, bytes: o.bytes, disposition };
    }
    if (kind === 'img') {
      const i = await this.ctx.db.selectFrom('page_images').selectAll().where('id', '=', id).executeTakeFirst();
      if (!i || i.state !== 'available') throw new AppError('render_output_not_found', 'this image was deleted');
      return { ...imageFile(i), disposition };
    }
    const p = await this.ctx.db.selectFrom('managed_pdfs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!p || p.state !== 'available') throw new AppError('pdf_not_found', 'this PDF was deleted');
    return {
      storageKey: p.storage_key,
      contentType: 'application/pdf',
      fileName: p.file_name,
      sha256: p.sha256,
      bytes: p.bytes,
      disposition,
    };
  }

  async resolvePermanent(token: string): Promise<ServedFile> {
    if (!/^[A-Za-z0-9]{32}$/.test(token)) throw new AppError('permanent_link_not_found', 'no such link');
    const link = await this.ctx.db.selectFrom('permanent_links').select('pdf_id').where('token', '=', token).executeTakeFirst();
    if (!link) throw new AppError('permanent_link_not_found', 'no such link');
    const p = await this.ctx.db.selectFrom('managed_pdfs').selectAll().where('id', '=', link.pdf_id).executeTakeFirst();
    if (!p || p.state !== 'available') throw new AppError('permanent_link_not_found', 'no such link');
    return {
      storageKey: p.storage_key,
      contentType: 'application/pdf',
      fileName: p.file_name,
      sha256: p.sha256,
      bytes: p.bytes,
      disposition: 'inline',
    };
  }

  async outputOf(jobId: string) {
    const o = await this.ctx.db.selectFrom('render_outputs').selectAll().where('job_id', '=', jobId).executeTakeFirst();
    return o ? outputView(o) : null;
  }
}
