import { Type } from '@sinclair/typebox';
import {
  MAX_CHAIN_CERTIFICATES,
  MAX_KDF_ITERATIONS,
  MAX_NAME_LENGTH,
  MAX_PASSPHRASE_LENGTH,
  MAX_PKCS12_BYTES,
  MAX_RSA_BITS,
  MAX_SIGNING_CERTIFICATES_PER_ACCOUNT,
  MIN_RSA_BITS,
} from '../../domain/pdfs/signing-certificates.js';
import { EpochMs } from './common.js';

/** Largest JSON body of the upload route: the base64 of MAX_PKCS12_BYTES with line breaks, and room to spare. */
export const SIGNING_CERTIFICATE_BODY_LIMIT = 256 * 1024;

export const CreateSigningCertificateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH, description: `Your name for it (1–${MAX_NAME_LENGTH} characters).` }),
    pkcs12: Type.String({
      minLength: 1,
      maxLength: 200_000,
      description: `The PKCS#12 file (\`.p12\`/\`.pfx\`) in standard base64; line breaks are ignored. At most ${MAX_PKCS12_BYTES} bytes once decoded. It must hold exactly one private key — RSA of ${MIN_RSA_BITS}–${MAX_RSA_BITS} bits, or EC on P-256, P-384 or P-521 — and that key's certificate, plus at most ${MAX_CHAIN_CERTIFICATES} chain certificates; key derivations of at most ${MAX_KDF_ITERATIONS} iterations. Never shown again.`,
    }),
    passphrase: Type.String({
      maxLength: MAX_PASSPHRASE_LENGTH,
      description: 'The passphrase of the file (may be empty). Stored encrypted, never shown again and never logged.',
    }),
  },
  { additionalProperties: false },
);

export const SigningCertificate = Type.Object(
  {
    id: Type.String({ description: 'Certificate id (`scert_…`).' }),
    name: Type.String(),
    subject: Type.String({ description: "The certificate's subject, `CN=…, O=…` in the certificate's order." }),
    issuer: Type.String({ description: "The certificate's issuer (the subject again when it is self-signed)." }),
    serialNumber: Type.String({ description: 'Serial number, lowercase hex.' }),
    notBefore: EpochMs,
    notAfter: EpochMs,
    expired: Type.Boolean({ description: 'Past `notAfter` now. An expired certificate cannot be uploaded; one kept here may expire.' }),
    notYetValid: Type.Boolean({ description: 'Before `notBefore` now (a renewal uploaded ahead of time).' }),
    fingerprintSha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: "Lowercase hex SHA-256 of the certificate's DER." }),
    keyType: Type.String({
      description:
        'The private key type: `rsa` (signs with RSA PKCS#1 v1.5) or `ec` (ECDSA; keyBits 256, 384 or 521 names the curve P-256, P-384 or P-521).',
    }),
    keyBits: Type.Integer({ description: 'Size of the key in bits: the RSA modulus, or the EC curve.' }),
    chainCertificates: Type.Integer({ description: "Certificates stored beside the signer's own (its chain)." }),
    createdAt: EpochMs,
  },
  {
    description: `A signing certificate of the account. The PKCS#12 file and its passphrase are stored encrypted and are never answered. An account keeps at most ${MAX_SIGNING_CERTIFICATES_PER_ACCOUNT}.`,
  },
);

const T = Date.UTC(2026, 4, 4, 9, 15, 0);

export const examples = {
  id: 'scert_01m80q5tcme0091s5qfha3cwtz',
  create: {
    name: 'Invoices signer 2026',
    pkcs12: 'MIIJ…(base64 of invoices-signer.p12)…',
    passphrase: 'correct horse battery staple',
  },
  get certificate() {
    return {
      id: this.id,
      name: 'Invoices signer 2026',
      subject: 'CN=Acme Invoicing, O=Acme GmbH, C=DE',
      issuer: 'CN=Acme Issuing CA, O=Acme GmbH, C=DE',
      serialNumber: '4f2a9c01d3b7e85a',
      notBefore: T - 86_400_000,
      notAfter: T + 364 * 86_400_000,
      expired: false,
      notYetValid: false,
      fingerprintSha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      keyType: 'rsa',
      keyBits: 3072,
      chainCertificates: 1,
      createdAt: T,
    };
  },
};
