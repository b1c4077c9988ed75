// RFC 3161 time-stamp protocol messages, by pkijs: the request for a SHA-256 digest (with a random nonce
// and certReq, so the token carries the authority's certificate for verifiers), and the authority's
// answer checked before its token is put into a PDF: granted, a token whose TSTInfo stamps exactly this
// digest, answering this nonce. The HTTP exchange is src/net/timestamp-authority.ts.
import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { PdfError } from '../errors.js';

const SHA256 = '2.16.840.1.101.3.4.2.1';
const TST_INFO = '1.2.840.113549.1.9.16.1.4';

const ab = (b: Uint8Array): ArrayBuffer => new Uint8Array(b).buffer;

/** A TimeStampReq (DER) for `sha256` and its nonce. */
export function timestampRequest(sha256: Buffer): { der: Buffer; nonce: Buffer } {
  // A positive INTEGER: the high bit of the first byte clear.
  const nonce = randomBytes(8);
  nonce[0] &= 0x7f;
  nonce[0] |= 0x01;
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256, algorithmParams: new asn1js.Null() }),
      hashedMessage: new asn1js.OctetString({ valueHex: ab(sha256) }),
    }),
    nonce: new asn1js.Integer({ valueHex: ab(nonce) }),
    certReq: true,
  });
  return { der: Buffer.from(req.toSchema().toBER(false)), nonce };
}

/** The TimeStampToken (ContentInfo, DER) of a TimeStampResp, checked against the request. */
export function timestampToken(resp: Buffer, sha256: Buffer, nonce: Buffer): Buffer {
  let parsed: pkijs.TimeStampResp;
  try {
    parsed = pkijs.TimeStampResp.fromBER(ab(resp));
  } catch (err) {
    throw new PdfError('timestamp_response', `the answer is not an RFC 3161 TimeStampResp: ${(err as Error).message}`);
  }
  const status = parsed.status.status;
  if (status !== 0 && status !== 1) {
    const text = parsed.status.statusStrings?.map((s) => s.valueBlock.value).join('; ');
    throw new PdfError(
      'timestamp_response',
      `the authority refused the request (PKIStatus ${status}${text ? `: ${text.slice(0, 200)}` : ''})`,
    );
  }
  const token = parsed.timeStampToken;
  if (!token) throw new PdfError('timestamp_response', 'the answer holds no timeStampToken');
  let info: pkijs.TSTInfo;
  try {
    const signed = new pkijs.SignedData({ schema: token.content });
    if (signed.encapContentInfo.eContentType !== TST_INFO || !signed.encapContentInfo.eContent)
      throw new Error('the token does not hold a TSTInfo');
    info = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent.getValue());
  } catch (err) {
    throw new PdfError('timestamp_response', `the token cannot be read: ${(err as Error).message}`);
  }
  const imprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
  if (info.messageImprint.hashAlgorithm.algorithmId !== SHA256 || !imprint.equals(sha256))
    throw new PdfError('timestamp_response', 'the token stamps another digest than the one sent');
  const answered = info.nonce ? Buffer.from(info.nonce.valueBlock.valueHexView) : null;
  if (!answered || !answered.equals(nonce)) throw new PdfError('timestamp_response', 'the token does not answer the nonce sent');
  return Buffer.from(token.toSchema().toBER(false));
}
