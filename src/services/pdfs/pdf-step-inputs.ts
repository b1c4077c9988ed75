// What the steps of a PDF job need the service to prepare before the sandbox runs them: the managed PDFs
// they name (a stamp's page, `merge`), resolved for the account as sources are (another account's id is
// 404 pdf_not_found) and read; the signing certificate of `sign`, opened in the sandbox (its key stays in
// this process's memory, never stored); the timestamp authority of `timestamp` and `sign.timestamp` (the
// account's own, else the deployment's). The
// encryption passwords stay here, in memory, for pdf-step-finish.ts: the sandbox gets the steps without
// them, and nothing stores or logs them.
import { randomBytes } from 'node:crypto';
import type { PdfStep } from '../../domain/pdfs/pdf-steps.js';
import type { EncryptStep, SignStep } from '../../domain/pdfs/pdf-step-shapes.js';
import { signingKeyMaterial } from '../../domain/pdfs/signing-certificates.js';
import { certificateValidityProblem } from '../../domain/pdfs/document-options.js';
import { AppError } from '../../errors/app-error.js';
import type { StepInputs } from '../../pdf/pipeline.js';
import type { PdfProtection } from '../../pdf/protect.js';
import type { SigningMaterial } from '../../pdf/signing/sign.js';
import { isSandboxLimit } from '../../sandbox/pool.js';
import type { ServiceContext } from '../context.js';
import { MAX_MERGE_BYTES, type PdfMerges } from './pdf-merges.js';
import { timestampAuthorityOf } from '../accounts/timestamp-authority-setting.js';
import { MAX_DOCUMENT_PAGES } from '../../domain/pdfs/pdf-document.js';

/** What pdf-step-finish.ts does after the sandbox, in this order, on each result. */
export interface FinishInputs {
  /** `sign`: its index, the step, the opened certificate and the name of its signature field. */
  sign?: { index: number; step: SignStep; material: SigningMaterial; fieldName: string };
  encrypt?: { index: number; protection: PdfProtection };
  /** The indices of the `timestamp` steps. */
  timestamps: number[];
  /** The account's timestamp authority, else FOLIO_TIMESTAMP_AUTHORITY_URL, when a step needs one. */
  timestampAuthorityUrl?: string;
}

export interface PreparedSteps {
  /** The steps as the sandbox gets them: `encrypt` without its passwords. */
  sandboxSteps: PdfStep[];
  /** Passed into the sandbox task beside the steps. */
  inputs: StepInputs;
  finish: FinishInputs;
}

/** The managed PDFs, signing certificate and timestamp authority `steps` need, for `accountId`. */
export async function prepareStepInputs(
  ctx: ServiceContext,
  deps: { merges: PdfMerges },
  accountId: string,
  steps: PdfStep[],
  /** Pages of the job's sources (counted by the caller); `merge` steps may add up to MAX_DOCUMENT_PAGES. */
  sourcePages = 0,
  /** PDFs the request brought itself (a form's stamp files), by the id its steps name them with. */
  given: Record<string, Uint8Array> = {},
): Promise<PreparedSteps> {
  const pdfs: Record<string, Uint8Array> = { ...given };
  const pageCounts: Record<string, number> = {};
  let pages = sourcePages;
  let total = 0;
  const named = async (pdfId: string, field: string) => {
    if (pdfs[pdfId]) return;
    const r = await deps.merges.resolve(accountId, { pdfId }, field);
    pageCounts[pdfId] = r.pageCount;
    total += r.bytes;
    if (total > MAX_MERGE_BYTES)
      throw new AppError('invalid_request', `the PDFs the steps name hold over ${MAX_MERGE_BYTES} bytes`, { field });
    pdfs[pdfId] = await ctx.blobs.getBuffer(r.storageKey);
  };
  const finish: FinishInputs = { timestamps: [] };
  for (const [i, s] of steps.entries()) {
    const f = `steps[${i}]`;
    if ((s.type === 'stamp' || s.type === 'watermark') && s.pdf) await named(s.pdf.pdfId, `${f}.pdf`);
    if (s.type === 'merge')
      for (const [k, id] of s.pdfIds.entries()) {
        // Each time a PDF is named it is appended again: its pages count each time, before anything is read.
        await named(id, `${f}.pdfIds[${k}]`);
        pages += pageCounts[id]!;
        if (pages > MAX_DOCUMENT_PAGES)
          throw new AppError(
            'invalid_request',
            `${f}.pdfIds[${k}] brings the document to ${pages} pages; at most ${MAX_DOCUMENT_PAGES} are allowed`,
            { field: `${f}.pdfIds[${k}]` },
          );
      }
    if (s.type === 'encrypt') finish.encrypt = { index: i, protection: protectionOf(s) };
    if (s.type === 'sign')
      finish.sign = {
        index: i,
        step: s,
        material: await openCertificate(ctx, accountId, s.certificateId, f),
        fieldName: fieldName('Signature'),
      };
    if (s.type === 'timestamp') finish.timestamps.push(i);
    if (s.type === 'timestamp' || (s.type === 'sign' && s.timestamp)) {
      const url = (await timestampAuthorityOf(ctx, accountId)).effectiveUrl;
      if (!url)
        throw new AppError(
          'invalid_request',
          `${f} needs a timestamp authority, and none is configured (PUT /v1/account/timestamp-authority, or the operator's FOLIO_TIMESTAMP_AUTHORITY_URL)`,
          { field: s.type === 'sign' ? `${f}.timestamp` : f },
        );
      finish.timestampAuthorityUrl = url;
    }
  }
  const sandboxSteps = steps.map((s) => (s.type === 'encrypt' ? ({ type: 'encrypt' } as PdfStep) : s));
  return { sandboxSteps, inputs: { pdfs }, finish };
}

/** A field name no source is likely to have already: two fields of one name would be one field. */
const fieldName = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

function protectionOf(s: EncryptStep): PdfProtection {
  return { ...(s.userPassword ? { userPassword: s.userPassword } : {}), ownerPassword: s.ownerPassword, permissions: s.permissions };
}

/**
 * The key and certificates of the account's certificate `id`, opened in the sandbox (a file may ask for up
 * to 50,000 key-derivation iterations). Another account's or a deleted one is 404; an expired one, or one
 * not valid yet, is 400 naming the field.
 */
async function openCertificate(ctx: ServiceContext, accountId: string, id: string, f: string): Promise<SigningMaterial> {
  const field = `${f}.certificateId`;
  const row = await ctx.db
    .selectFrom('signing_certificates')
    .select(['pkcs12_sealed', 'passphrase_sealed', 'not_before', 'not_after'])
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw new AppError('signing_certificate_not_found', `signing certificate ${id} not found`, { field });
  const now = ctx.clock.now();
  const validity = certificateValidityProblem(id, { notBefore: Number(row.not_before), notAfter: Number(row.not_after) }, now, field);
  if (validity) throw new AppError('invalid_request', validity.message, { field });
  let opened;
  try {
    opened = await ctx.sandbox.run(
      'certificate.inspect',
      {
        pkcs12: Buffer.from(ctx.secrets.open(row.pkcs12_sealed), 'base64'),
        passphrase: ctx.secrets.open(row.passphrase_sealed),
        nowMs: now,
      },
      { account: accountId, timeoutMs: ctx.config.sandboxTimeoutMs },
    );
  } catch (err) {
    if (!isSandboxLimit(err)) throw err;
    throw new AppError('pdf_step_failed', `signing certificate ${id} could not be opened within the limits: ${err.message}`, { field });
  }
  if (!opened.ok) throw new AppError('pdf_step_failed', `signing certificate ${id} cannot sign: ${opened.message}`, { field });
  return signingKeyMaterial(opened.material);
}
