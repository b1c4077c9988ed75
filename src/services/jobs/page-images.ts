// Page images: a job's pictures of its printed pages, listed with signed links, and the
// first-page thumbnail of a managed PDF, made when it is first asked for. The worker draws a job's images
// (worker/render-worker.ts) and JobOutcomes records them in the job's success transaction; deleting an
// output or a PDF marks its images `deleting` (RenderedFiles.markImagesDeleting), and the janitor's steps
// here remove the bytes.
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { forUpdate } from '../../db/dialect.js';
import { jobImageKey, thumbnailKey, type JobAttempt } from '../../blobs/keys.js';
import type { PageImagesTable, RenderJobsTable, Tables } from '../../db/tables.js';
import { newId } from '../../domain/ids.js';
import { isTerminal } from '../../domain/jobs/job-state.js';
import { AppError } from '../../errors/app-error.js';
import { isPdfError } from '../../pdf/errors.js';
import { rasterizePdf, type PageImage } from '../../pdf/rasterize.js';
import type { ServiceContext } from '../context.js';
import { imageFile, type RenderedFiles, type ServedFile } from './rendered-files.js';
import { purgeStoredFiles } from './stored-file-purge.js';

/** Thumbnails: PNG, 240 px wide (a list shows them at 60–120 CSS px: sharp on a 2× screen). */
export const THUMBNAIL_WIDTH = 240;
/** A PDF larger than this gets no thumbnail (it would be read whole into memory to draw one page). */
const MAX_THUMBNAIL_SOURCE_BYTES = 256 * 1024 * 1024;

/** An image the worker stored before the job's success transaction (under `storageKey`). */
export interface StoredPageImage {
  id: string;
  storageKey: string;
  page: number;
  format: PageImagesTable['format'];
  width: number;
  height: number;
  bytes: number;
  sha256: string;
}

export const pageImageView = (i: PageImagesTable) => ({
  page: i.page,
  format: i.format,
  width: i.width,
  height: i.height,
  bytes: i.bytes,
});

export class PageImages {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly files: RenderedFiles,
  ) {}

  /** Stores encoded images under fresh keys in the attempt's folder (before the job's transaction; removed again if it fails). */
  async store(attempt: JobAttempt, images: PageImage[]): Promise<StoredPageImage[]> {
    const stored: StoredPageImage[] = [];
    try {
      for (const img of images) {
        const id = newId('img', this.ctx.clock.now());
        const storageKey = jobImageKey(attempt, id, img.format);
        await this.ctx.blobs.put(storageKey, img.data);
        const sha256 = createHash('sha256').update(img.data).digest('hex');
        stored.push({
          id,
          storageKey,
          page: img.page,
          format: img.format,
          width: img.width,
          height: img.height,
          bytes: img.data.length,
          sha256,
        });
      }
      return stored;
    } catch (err) {
      await this.discard(stored);
      throw err;
    }
  }

  /** Removes stored images that no row records (a job lost, failed or over its storage limit). */
  async discard(images: StoredPageImage[]): Promise<void> {
    for (const i of images) await this.ctx.blobs.delete(i.storageKey).catch(() => undefined);
  }

  /** Inside the job's success transaction: one row per image, expiring with the job's output. */
  async record(trx: Transaction<Tables>, job: RenderJobsTable, images: StoredPageImage[], now: number, expiresAt: number | null) {
    if (images.length === 0) return;
    await trx
      .insertInto('page_images')
      .values(
        images.map((i) => ({
          id: i.id,
          account_id: job.account_id,
          job_id: job.id,
          pdf_id: null,
          page: i.page,
          format: i.format,
          width: i.width,
          height: i.height,
          bytes: i.bytes,
          sha256: i.sha256,
          storage_key: i.storageKey,
          state: 'available' as const,
          created_at: now,
          expires_at: expiresAt,
          deleted_at: null,
        })),
      )
      .execute();
  }

  /**
   * GET /v1/render-jobs/{id}/images: the job's images in page order, each with a fresh signed link. 404 for
   * another account's job, 409 before it succeeded, 404 once deleted; a job that asked for none has none.
   */
  async list(accountId: string, jobId: string, opts: { expiresInSeconds?: number; disposition?: 'attachment' | 'inline' }) {
    const job = await this.ctx.db
      .selectFrom('render_jobs')
      .select(['status'])
      .where('id', '=', jobId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!job) throw new AppError('render_job_not_found', `render job ${jobId} not found`);
    if (job.status !== 'succeeded')
      throw new AppError(
        'render_output_not_ready',
        `render job ${jobId} is ${job.status}; its images are not available${isTerminal(job.status) ? '' : ' yet'}`,
      );
    const rows = await this.ctx.db.selectFrom('page_images').selectAll().where('job_id', '=', jobId).orderBy('page').execute();
    const available = rows.filter((r) => r.state === 'available');
    if (rows.length > 0 && available.length === 0)
      throw new AppError('render_output_not_found', `the page images of render job ${jobId} were deleted`);
    return { images: available.map((i) => this.withLink(i, opts)) };
  }

  /** An image's view with a fresh signed link (also used by webhooks, on every attempt). */
  withLink(i: PageImagesTable, opts: { expiresInSeconds?: number; disposition?: 'attachment' | 'inline' } = {}) {
    return { ...pageImageView(i), ...this.files.signImage(i.id, opts.disposition ?? 'inline', opts.expiresInSeconds) };
  }

  /** The available images of a job, in page order (webhooks, the sync render). */
  async ofJob(jobId: string): Promise<PageImagesTable[]> {
    return this.ctx.db
      .selectFrom('page_images')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('state', '=', 'available')
      .orderBy('page')
      .execute();
  }

  /**
   * GET /v1/pdfs/{id}/thumbnail: page 1 of a managed PDF as a PNG, drawn on the first request and kept with
   * the PDF. 404 for another account's PDF, 409 pdf_deleting, 409 thumbnail_unavailable when poppler
   * cannot draw it (a PDF that needs a password to open), 503 without poppler.
   */
  async thumbnail(accountId: string, pdfId: string): Promise<ServedFile> {
    const pdf = await this.files.requirePdf(accountId, pdfId);
    if (pdf.state === 'deleting') throw new AppError('pdf_deleting', `PDF ${pdfId} is being deleted`);
    const existing = await this.thumbnailRow(pdfId);
    if (existing) return { ...imageFile(existing), disposition: 'inline' };
    if (pdf.bytes > MAX_THUMBNAIL_SOURCE_BYTES)
      throw new AppError('thumbnail_unavailable', `PDF ${pdfId} is larger than ${MAX_THUMBNAIL_SOURCE_BYTES} bytes: no thumbnail is drawn`);
    const chunks: Buffer[] = [];
    for await (const c of await this.ctx.blobs.get(pdf.storage_key)) chunks.push(c as Buffer);
    let image: PageImage;
    try {
      [image] = await rasterizePdf(Buffer.concat(chunks), { firstPage: 1, lastPage: 1, width: THUMBNAIL_WIDTH, timeoutMs: 10_000 });
    } catch (err) {
      if (isPdfError(err, 'rasterizer_missing')) throw new AppError('render_provider_unavailable', err.message);
      if (isPdfError(err, 'rasterize_failed'))
        throw new AppError(
          'thumbnail_unavailable',
          pdf.protected === 1
            ? `PDF ${pdfId} needs its password to open, so Folio cannot draw it`
            : `page 1 of PDF ${pdfId} could not be drawn: ${err.message}`,
        );
      throw err;
    }
    // Two first requests may draw it at once: the key is the PDF's, so both write the same bytes to the
    // same place, and the unique pdf_id keeps one row.
    const storageKey = thumbnailKey(pdfId);
    await this.ctx.blobs.put(storageKey, image.data);
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction().execute(async (trx) => {
      // The PDF's row locked: a delete that comes first is seen here, one that comes after sees this row.
      const current = await forUpdate(
        this.ctx.dialect,
        trx.selectFrom('managed_pdfs').select('state').where('id', '=', pdfId),
      ).executeTakeFirst();
      if (current?.state !== 'available') return;
      await trx
        .insertInto('page_images')
        .values({
          id: newId('img', now),
          account_id: accountId,
          job_id: null,
          pdf_id: pdfId,
          page: 1,
          format: 'png',
          width: image.width,
          height: image.height,
          bytes: image.data.length,
          sha256: createHash('sha256').update(image.data).digest('hex'),
          storage_key: storageKey,
          state: 'available',
          created_at: now,
          expires_at: null,
          deleted_at: null,
        })
        .onConflict((oc) => oc.column('pdf_id').doNothing())
        .execute();
    });
    const row = await this.thumbnailRow(pdfId);
    if (!row) {
      // The PDF was deleted meanwhile and no row refers to these bytes.
      await this.ctx.blobs.delete(storageKey).catch(() => undefined);
      throw new AppError('pdf_not_found', `PDF ${pdfId} not found`);
    }
    return { ...imageFile(row), disposition: 'inline' };
  }

  private thumbnailRow(pdfId: string) {
    return this.ctx.db
      .selectFrom('page_images')
      .selectAll()
      .where('pdf_id', '=', pdfId)
      .where('state', '=', 'available')
      .executeTakeFirst();
  }

  /** Janitor: images of transient outputs past their window become `deleting`. */
  async expire(limit = 1000): Promise<number> {
    const now = this.ctx.clock.now();
    const due = this.ctx.db
      .selectFrom('page_images')
      .select('id')
      .where('state', '=', 'available')
      .where('expires_at', '<=', now)
      .limit(limit);
    const res = await this.ctx.db
      .updateTable('page_images')
      .set({ state: 'deleting', deleted_at: now })
      .where('id', 'in', due)
      .where('state', '=', 'available')
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** Janitor: removes the bytes of images in `deleting` and marks them `deleted`. */
  purge(limit = 500): Promise<number> {
    return purgeStoredFiles(this.ctx, 'page_images', { limit });
  }
}
