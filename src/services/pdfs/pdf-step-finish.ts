// The part of a PDF job's steps that runs outside the sandbox after it (and after `optimize`), on each
// result, mirroring a protected and signed render job (src/worker/document-step.ts): the signature field
// of `sign` is added, then `encrypt` (qpdf, passwords in memory only, protect.ts), then the signature is
// computed over the final bytes — with a signature time-stamp from the timestamp authority when
// `sign.timestamp` is true (PAdES B-T) — and then each `timestamp` step appends a document timestamp.
// A timestamp authority that cannot be reached or gives no valid token is 502 timestamp_authority_failed;
// a PDF that cannot take a step is 422 pdf_step_failed naming the step.
import { AppError } from '../../errors/app-error.js';
import { isNetError } from '../../net/net-error.js';
import { postTimestampQuery, TIMESTAMP_TIMEOUT_MS } from '../../net/timestamp-authority.js';
import { isPdfError } from '../../pdf/errors.js';
import { protectPdf } from '../../pdf/protect.js';
import type { ServiceContext } from '../context.js';
import type { FinishInputs } from './pdf-step-inputs.js';

/** Time limit of qpdf's encryption of one result. */
export const ENCRYPT_TIMEOUT_MS = 60_000;

/** Whether anything is left to do after the sandbox. */
export const needsFinish = (f: FinishInputs) => Boolean(f.sign || f.encrypt || f.timestamps.length);

/**
 * What is left of a job's time (`deadline`, a `performance.now()` instant) for one more piece of work, at
 * most `cap` ms; past the deadline the job fails naming its limit.
 */
export function timeLeft(deadline: number, cap: number, limitMs: number, field: string): number {
  const left = Math.floor(deadline - performance.now());
  if (left <= 0)
    throw new AppError('pdf_step_failed', `the steps took longer than ${limitMs / 1000} s, the limit of a PDF job run in the request`, {
      field,
    });
  return Math.min(cap, left);
}

/** Applies `encrypt`, `sign` and `timestamp` to each result, in place, within the job's `deadline`. */
export async function finishSteps(
  ctx: ServiceContext,
  finish: FinishInputs,
  results: Array<{ bytes: Uint8Array }>,
  time: { deadline: number; limitMs: number },
): Promise<void> {
  if (!needsFinish(finish)) return;
  let at = 'steps';
  const left = (cap: number) => timeLeft(time.deadline, cap, time.limitMs, at);
  // The authority's failure is kept apart: the signing libraries wrap what a signer throws.
  let authorityFailure: Error | null = null;
  const timestamp = async (sha256: Buffer): Promise<Buffer> => {
    // The timestamp protocol's ASN.1 library is loaded only by jobs that ask for a timestamp.
    const { timestampRequest, timestampToken } = await import('../../pdf/signing/tsp.js');
    try {
      const { der, nonce } = timestampRequest(sha256);
      const answer = await postTimestampQuery(finish.timestampAuthorityUrl!, der, {
        lookup: ctx.net.lookup,
        allowedHosts: ctx.config.resolved.timestampAllowedHosts,
        timeoutMs: left(TIMESTAMP_TIMEOUT_MS),
      });
      return timestampToken(answer, sha256, nonce);
    } catch (err) {
      if (isNetError(err, 'timestamp_authority') || isPdfError(err, 'timestamp_response')) authorityFailure = err;
      throw err;
    }
  };
  const signing = finish.sign || finish.timestamps.length ? await import('../../pdf/signing/sign.js') : null;
  const stamping = finish.timestamps.length ? await import('../../pdf/signing/doc-timestamp.js') : null;
  const now = new Date(ctx.clock.now());
  try {
    for (const r of results) {
      let pdf = Buffer.from(r.bytes.buffer, r.bytes.byteOffset, r.bytes.byteLength);
      const { sign, encrypt } = finish;
      if (sign && signing) {
        at = `steps[${sign.index}]`;
        const { reason, location, contactInfo } = sign.step;
        pdf = signing.prepareSignature(
          pdf,
          sign.material,
          { reason, location, contactInfo, signingTime: now },
          { fieldName: sign.fieldName, reserveBytes: sign.step.timestamp ? 20_000 : 0 },
        );
      }
      if (encrypt) {
        at = `steps[${encrypt.index}]`;
        pdf = await protectPdf(pdf, encrypt.protection, { timeoutMs: left(ENCRYPT_TIMEOUT_MS) });
      }
      if (sign && signing) {
        at = `steps[${sign.index}]`;
        pdf = await signing.fillSignature(pdf, sign.material, now, sign.step.timestamp ? timestamp : undefined);
      }
      for (const [k, index] of finish.timestamps.entries()) {
        at = `steps[${index}]`;
        pdf = await stamping!.addDocumentTimestamp(pdf, timestamp, `DocTimeStamp${k + 1}`, now);
      }
      r.bytes = pdf;
    }
  } catch (err) {
    const failure = authorityFailure as Error | null;
    if (failure)
      throw new AppError('timestamp_authority_failed', `the timestamp authority gave no timestamp: ${failure.message}`, { field: at });
    if (isPdfError(err, 'postprocess')) throw new AppError('pdf_step_failed', `${at}: ${err.message}`, { field: at });
    throw err;
  }
}
