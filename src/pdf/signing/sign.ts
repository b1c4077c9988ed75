// Digital signatures: a PAdES baseline B-B signature over the final bytes of a PDF.
// - signature-field.ts appends an incremental update with the signature field, its widget and a signature
//   dictionary (SubFilter ETSI.CAdES.detached, /M = the signing time), so the bytes before it — Chromium's,
//   and a PDF/A conversion's — stay as they are.
// - @signpdf/signpdf computes the byte range and puts the CMS into the placeholder. The two steps are
//   apart (prepareSignature, fillSignature) so a protected job encrypts in between: qpdf rewrites the file
//   with the field, encrypting its strings and appearance, and the byte range is taken on those bytes.
// - The CMS is built by pkijs (PeculiarVentures): SignedData, detached, SHA-256, RSA PKCS#1 v1.5 or ECDSA
//   (pkijs writes WebCrypto's r‖s signature as the DER SEQUENCE CMS wants), with the
//   signed attributes PAdES B-B asks for (ETSI EN 319 142-1, 5.2: content-type, message-digest and ESS
//   signing-certificate-v2; no signing-time attribute, since the time is /M). @signpdf's own P12Signer
//   (node-forge) writes a signing-time and no signing-certificate-v2, and forge cannot encode the latter.
// - PAdES B-T (ETSI EN 319 142-1, 5.3) when a `timestamp` function is given: the signer info gets the
//   unsigned attribute signature-time-stamp (RFC 3161 token over the signature value, RFC 5126 § 6.1.1),
//   fetched from a timestamp authority by the caller's function. Room for the token is reserved by the
//   caller (`reserveBytes` of prepareSignature).
import { createHash, webcrypto, X509Certificate, type KeyObject } from 'node:crypto';
import { SignPdf } from '@signpdf/signpdf';
import { Signer } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { signatureLines, type VisibleSignature } from '../../domain/pdfs/signature-appearance.js';
import { EC_CURVES } from '../../domain/pdfs/signing-certificates.js';
import { isPdfError, PdfError } from '../errors.js';
import { addSignatureField } from './signature-field.js';

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const;

/** An RFC 3161 TimeStampToken (ContentInfo, DER) over a SHA-256 digest, from a timestamp authority. */
export type TimestampFn = (sha256: Buffer) => Promise<Buffer>;

const engine = new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto });

export interface SigningMaterial {
  /** The signer's private key: RSA, or EC on a curve of EC_CURVES (domain/pdfs/signing-certificates.ts). */
  key: KeyObject;
  /** The signer's certificate (DER). */
  certificate: Buffer;
  /** Other certificates of the file (its chain), DER; embedded so verifiers can build the path. */
  chain: Buffer[];
}

export interface SignatureFields {
  reason?: string;
  location?: string;
  contactInfo?: string;
  /** The signer's name shown by readers (default: the certificate's common name, as readers show it). */
  name?: string;
  signingTime: Date;
  /** Draw the signature on a page (default: an invisible signature). */
  visible?: VisibleSignature;
}

/** The certificate's common name (else its whole subject), as a visible signature names the signer. */
function signerName(certificate: Buffer): string {
  const subject = new X509Certificate(certificate).subject;
  return /^CN=(.+)$/m.exec(subject)?.[1] ?? subject.replace(/\n/g, ', ');
}

/** A copy of the bytes as an ArrayBuffer of their own (what pkijs and WebCrypto take). */
const arrayBuffer = (b: Buffer): ArrayBuffer => new Uint8Array(b).buffer;

/** A CMS SignedData (PAdES B-B profile) over the byte ranges @signpdf hands it. */
class PadesSigner extends Signer {
  constructor(
    private readonly material: SigningMaterial,
    private readonly timestamp?: TimestampFn,
  ) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const cert = pkijs.Certificate.fromBER(arrayBuffer(this.material.certificate));
    const chain = this.material.chain.map((der) => pkijs.Certificate.fromBER(arrayBuffer(der)));
    const digest = createHash('sha256').update(content).digest();
    const certHash = createHash('sha256').update(this.material.certificate).digest();
    const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 0,
      attributes: [
        new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
        new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: arrayBuffer(digest) })] }),
        // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 ::= SEQUENCE {
        // hashAlgorithm DEFAULT sha256 (so left out), certHash OCTET STRING } (RFC 5035).
        new pkijs.Attribute({
          type: OID.signingCertificateV2,
          values: [
            new asn1js.Sequence({
              value: [
                new asn1js.Sequence({
                  value: [new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: arrayBuffer(certHash) })] })],
                }),
              ],
            }),
          ],
        }),
      ],
    });
    const signedData = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
          signedAttrs,
        }),
      ],
      certificates: [cert, ...chain],
    });
    const { key } = this.material;
    const pkcs8 = key.export({ format: 'der', type: 'pkcs8' });
    const curve = key.asymmetricKeyType === 'ec' ? EC_CURVES[key.asymmetricKeyDetails?.namedCurve ?? ''] : undefined;
    if (key.asymmetricKeyType === 'ec' && !curve) throw new Error('the EC key is on a curve Folio does not sign with');
    const algorithm = curve ? { name: 'ECDSA', namedCurve: curve.webCrypto } : { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
    const privateKey = await webcrypto.subtle.importKey('pkcs8', arrayBuffer(pkcs8), algorithm, false, ['sign']);
    await signedData.sign(privateKey as CryptoKey, 0, 'SHA-256', undefined, engine);
    if (this.timestamp) {
      const info = signedData.signerInfos[0];
      const value = Buffer.from(info.signature.valueBlock.valueHexView);
      const token = await this.timestamp(createHash('sha256').update(value).digest());
      const parsed = asn1js.fromBER(arrayBuffer(token));
      if (parsed.offset === -1) throw new Error('the timestamp authority answered a token that is not DER');
      info.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
        type: 1,
        attributes: [new pkijs.Attribute({ type: OID.signatureTimeStampToken, values: [parsed.result] })],
      });
    }
    const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
    return Buffer.from(contentInfo.toSchema().toBER(false));
  }
}

/**
 * `pdf` followed by an update with an unsigned signature field: the placeholder fillSignature puts the CMS
 * into. Anything that rewrites the file (the encryption of protect.ts) may run in between: the byte range
 * is only computed when the signature is filled in.
 */
export function prepareSignature(
  pdf: Buffer,
  material: SigningMaterial,
  fields: SignatureFields,
  /** More room in the placeholder (a signature time-stamp token), and the field's name (default Signature1). */
  opts: { reserveBytes?: number; fieldName?: string } = {},
): Buffer {
  // Room for the CMS in the placeholder (bytes; written as hex): the certificates, the signature and the
  // attributes, with a margin. Too small a placeholder fails the signing, too large only costs zeros.
  const signatureLength = 4096 + material.certificate.length + material.chain.reduce((n, c) => n + c.length, 0) + (opts.reserveBytes ?? 0);
  try {
    const { visible, ...texts } = fields;
    return addSignatureField(pdf, {
      ...texts,
      contentsBytes: signatureLength,
      ...(opts.fieldName ? { fieldName: opts.fieldName } : {}),
      ...(visible
        ? {
            visible: {
              ...visible,
              lines: signatureLines({ signer: fields.name ?? signerName(material.certificate), ...fields }),
            },
          }
        : {}),
    });
  } catch (err) {
    if (isPdfError(err, 'postprocess')) throw err;
    throw new PdfError('postprocess', `the PDF could not take a signature field: ${(err as Error).message}`);
  }
}

/** The signed PDF: the byte range of prepareSignature's placeholder computed, and the CMS put into it. */
export async function fillSignature(
  prepared: Buffer,
  material: SigningMaterial,
  signingTime: Date,
  /** PAdES B-T: the signature-time-stamp token comes from this function. */
  timestamp?: TimestampFn,
): Promise<Buffer> {
  try {
    return await new SignPdf().sign(prepared, new PadesSigner(material, timestamp), signingTime);
  } catch (err) {
    throw new PdfError('postprocess', `signing the PDF failed: ${(err as Error).message}`);
  }
}

/** The signed PDF: `pdf` unchanged, followed by the signature's incremental update. */
export async function signPdf(pdf: Buffer, material: SigningMaterial, fields: SignatureFields): Promise<Buffer> {
  return fillSignature(prepareSignature(pdf, material, fields), material, fields.signingTime);
}
