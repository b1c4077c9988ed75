// A document timestamp (ISO 32000-2 § 12.8.5, PAdES B-LTA's building block): an incremental update with a
// /DocTimeStamp signature field whose /Contents is an RFC 3161 token over the bytes of its byte range (the
// whole file but the token). Appended after the bytes it is given, so an earlier signature's byte range
// still covers exactly what it covered. The token comes from the caller's function (a timestamp authority).
import { createHash } from 'node:crypto';
import { SignPdf } from '@signpdf/signpdf';
import { Signer } from '@signpdf/utils';
import { isPdfError, PdfError } from '../errors.js';
import type { TimestampFn } from './sign.js';
import { addSignatureField } from './signature-field.js';

/** Room for the token: the authority's signature and certificates (real ones carry a chain of 2–3). */
export const TIMESTAMP_TOKEN_RESERVE = 20_000;

class TokenSigner extends Signer {
  constructor(private readonly timestamp: TimestampFn) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    return this.timestamp(createHash('sha256').update(content).digest());
  }
}

/** `pdf` followed by a document timestamp in the field `fieldName`. */
export async function addDocumentTimestamp(pdf: Buffer, timestamp: TimestampFn, fieldName: string, now: Date): Promise<Buffer> {
  let prepared: Buffer;
  try {
    prepared = addSignatureField(pdf, { kind: 'timestamp', fieldName, contentsBytes: TIMESTAMP_TOKEN_RESERVE, signingTime: now });
  } catch (err) {
    if (isPdfError(err, 'postprocess')) throw err;
    throw new PdfError('postprocess', `the PDF could not take a document timestamp: ${(err as Error).message}`);
  }
  try {
    return await new SignPdf().sign(prepared, new TokenSigner(timestamp));
  } catch (err) {
    throw new PdfError('postprocess', `timestamping the PDF failed: ${(err as Error).message}`);
  }
}
