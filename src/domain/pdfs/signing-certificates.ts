// Signing certificates: what an uploaded PKCS#12 file is allowed to be, and the facts about it
// Folio shows. node-forge opens the container (decrypts it with the passphrase: OpenSSL 3's AES-256/PBKDF2
// files as well as the legacy 3DES/RC2 ones); Node's X509Certificate and KeyObject then read the
// certificate and the key, because forge itself understands RSA only and re-derives what Node reads
// from the DER directly. Pure: bytes and a time in, a description or a problem out.
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

/** Largest PKCS#12 file accepted (decoded bytes): a key, its certificate and a chain of a few certificates fit many times. */
export const MAX_PKCS12_BYTES = 64 * 1024;
/** Longest passphrase accepted (characters). */
export const MAX_PASSPHRASE_LENGTH = 1024;
export const MAX_NAME_LENGTH = 100;
/** Certificates an account may keep at once. */
export const MAX_SIGNING_CERTIFICATES_PER_ACCOUNT = 20;
/** RSA moduli accepted, in bits. pdf/signing/sign.ts signs with RSA PKCS#1 v1.5. */
export const MIN_RSA_BITS = 2048;
export const MAX_RSA_BITS = 8192;
/**
 * EC curves accepted (OpenSSL's names, as Node reports them) and their size in bits: the NIST curves that
 * WebCrypto signs with (ECDSA) and PAdES verifiers know (ETSI TS 119 312). Brainpool, secp256k1 and
 * Ed25519 are refused: WebCrypto has no ECDSA for them, and most readers could not verify them.
 */
export const EC_CURVES: Readonly<Record<string, { bits: number; webCrypto: 'P-256' | 'P-384' | 'P-521' }>> = {
  prime256v1: { bits: 256, webCrypto: 'P-256' },
  secp384r1: { bits: 384, webCrypto: 'P-384' },
  secp521r1: { bits: 521, webCrypto: 'P-521' },
};
/** Certificates beside the signer's own (its chain). */
export const MAX_CHAIN_CERTIFICATES = 10;
/**
 * Most key-derivation iterations a file may ask for, MAC and every encrypted part together. Opening a
 * PKCS#12 file runs them synchronously, the MAC's and the legacy ciphers' in JavaScript (about 10 µs
 * each): a file declaring 2^31 iterations, or hundreds of encrypted parts, would stall the process for
 * minutes, and 50,000 is about half a second at worst. OpenSSL writes 2048 per part (three parts), Windows
 * 2000, Java 10000.
 */
export const MAX_KDF_ITERATIONS = 50_000;

/** What Folio shows about a stored certificate (never the key, the file or the passphrase). */
export interface CertificateFacts {
  /** The subject's distinguished name, `CN=…, O=…` in the certificate's order. */
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: number;
  notAfter: number;
  /** Lowercase hex SHA-256 of the certificate's DER. */
  fingerprintSha256: string;
  /** `rsa`, or `ec` (ECDSA on P-256, P-384 or P-521; keyBits says which). */
  keyType: 'rsa' | 'ec';
  keyBits: number;
  /** Certificates of the chain stored beside the signer's own. */
  chainCertificates: number;
}

/** What signing needs from the file: the key, the signer's certificate and the chain (DER). */
export interface SigningKeyMaterial {
  key: KeyObject;
  certificate: Buffer;
  chain: Buffer[];
}

/** Key material as bytes (the private key in PKCS#8 DER): how it crosses from a sandbox process. */
export interface SigningKeyBytes {
  keyPkcs8: Uint8Array;
  certificate: Uint8Array;
  chain: Uint8Array[];
}

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

export const signingKeyBytes = (m: SigningKeyMaterial): SigningKeyBytes => ({
  keyPkcs8: m.key.export({ format: 'der', type: 'pkcs8' }),
  certificate: m.certificate,
  chain: m.chain,
});

export const signingKeyMaterial = (b: SigningKeyBytes): SigningKeyMaterial => ({
  key: createPrivateKey({ key: asBuffer(b.keyPkcs8), format: 'der', type: 'pkcs8' }),
  certificate: asBuffer(b.certificate),
  chain: b.chain.map(asBuffer),
});

export type Pkcs12Result =
  | { ok: true; facts: CertificateFacts; material: SigningKeyMaterial }
  | { ok: false; field: 'pkcs12' | 'passphrase'; message: string; details?: Record<string, unknown> };

type Pkcs12Failure = Extract<Pkcs12Result, { ok: false }>;

const fail = (field: 'pkcs12' | 'passphrase', message: string, details?: Record<string, unknown>): Pkcs12Failure => ({
  ok: false,
  field,
  message,
  ...(details ? { details } : {}),
});

/** `CN=Folio Test Signer\nO=Folio` (Node's form, one attribute per line) as `CN=Folio Test Signer, O=Folio`. */
function distinguishedName(multiline: string): string {
  return multiline
    .split('\n')
    .filter((l) => l.length > 0)
    .join(', ');
}

/** Every INTEGER of an ASN.1 tree (iteration counts are the only integers of PBE parameters that can be large). */
function largestInteger(node: forge.asn1.Asn1): number {
  if (node.tagClass === forge.asn1.Class.UNIVERSAL && node.type === forge.asn1.Type.INTEGER && typeof node.value === 'string') {
    // Longer than 6 bytes is beyond any sensible count; the exact value does not matter then.
    return node.value.length > 6 ? Number.MAX_SAFE_INTEGER : node.value.length === 0 ? 0 : parseInt(forge.util.bytesToHex(node.value), 16);
  }
  return Array.isArray(node.value) ? Math.max(0, ...node.value.map(largestInteger)) : 0;
}

// forge decrypts every encrypted part (the SafeContents and each shrouded key, which may sit inside
// encrypted SafeContents where nothing can see it beforehand) through pki.pbe.getCipher: counting the
// iterations there bounds all the work. inspectPkcs12 sets the budget for its one synchronous call to
// forge and clears it after, so the guard changes nothing for any other use of forge.
//
// The same place encodes the passphrase for each scheme, as OpenSSL does. PKCS#12's own key derivation
// (the MAC, and the legacy 3DES/RC2 ciphers) takes the passphrase as a BMPString (UTF-16BE), which forge
// builds from the JavaScript string. PBES2 (PBKDF2, OpenSSL 3's default AES-256 parts) takes octets:
// OpenSSL feeds it the passphrase's UTF-8 bytes, while forge would take each UTF-16 code unit as one byte
// (a latin1-only "binary string"), so for PBES2 the passphrase is handed over UTF-8 encoded. ASCII is the
// same either way; without this, any other passphrase opened the MAC and then failed to decrypt.
let iterationBudget: number | null = null;
const pbe = (forge.pki as unknown as { pbe: { getCipher: (oid: string, params: forge.asn1.Asn1, password: string) => unknown } }).pbe;
const guarded = Symbol.for('folio.pbeIterationGuard');
if (!(pbe.getCipher as unknown as Record<symbol, boolean>)[guarded]) {
  const original = pbe.getCipher;
  const getCipher = (oid: string, params: forge.asn1.Asn1, password: string) => {
    if (iterationBudget !== null) {
      iterationBudget -= largestInteger(params);
      if (iterationBudget < 0) throw new IterationLimitError();
      if (oid === forge.pki.oids.pkcs5PBES2) return original.call(pbe, oid, params, forge.util.encodeUtf8(password));
    }
    return original.call(pbe, oid, params, password);
  };
  (getCipher as unknown as Record<symbol, boolean>)[guarded] = true;
  pbe.getCipher = getCipher;
}

class IterationLimitError extends Error {
  constructor() {
    super(`the file asks for more than ${MAX_KDF_ITERATIONS} key-derivation iterations`);
  }
}

const tooManyIterations = () =>
  fail('pkcs12', `pkcs12 asks for more than ${MAX_KDF_ITERATIONS} key-derivation iterations (MAC and encryption together), the limit`, {
    maxIterations: MAX_KDF_ITERATIONS,
  });

/** The `forge` binary string of a buffer, as its ASN.1 reader takes it. */
const binary = (b: Buffer) => forge.util.createBuffer(b.toString('binary'));
const derOf = (node: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary');

/**
 * Opens a PKCS#12 file with its passphrase and checks it: exactly one private key (RSA of 2048–8192 bits,
 * or EC on P-256, P-384 or P-521),
 * exactly one certificate of that key (the signer), at most MAX_CHAIN_CERTIFICATES others, and the
 * signer's certificate not expired at `nowMs` (one that is not valid yet is accepted: a renewal may be
 * uploaded before it starts). Problems name `pkcs12` or `passphrase` and never repeat the passphrase.
 */
export function inspectPkcs12(bytes: Buffer, passphrase: string, nowMs: number): Pkcs12Result {
  const p12 = openPkcs12(bytes, passphrase);
  if ('ok' in p12) return p12;
  const bags = p12.safeContents.flatMap((s) => s.safeBags);
  const key = privateKeyOf(bags);
  if ('ok' in key) return key;
  const certs = signerOf(bags, key.key);
  if ('ok' in certs) return certs;
  const { signer, chain } = certs;
  const notAfter = Date.parse(signer.validTo);
  const notBefore = Date.parse(signer.validFrom);
  if (!Number.isFinite(notAfter) || !Number.isFinite(notBefore)) return fail('pkcs12', 'the certificate has no readable validity');
  if (notAfter <= nowMs) {
    return fail('pkcs12', `the certificate expired at ${new Date(notAfter).toISOString()}`, { notAfter });
  }
  return {
    ok: true,
    facts: {
      subject: distinguishedName(signer.subject),
      issuer: distinguishedName(signer.issuer),
      serialNumber: signer.serialNumber.toLowerCase(),
      notBefore,
      notAfter,
      fingerprintSha256: signer.fingerprint256.replaceAll(':', '').toLowerCase(),
      keyType: key.keyType,
      keyBits: key.keyBits,
      chainCertificates: chain.length,
    },
    material: { key: key.key, certificate: Buffer.from(signer.raw), chain: chain.map((c) => Buffer.from(c.raw)) },
  };
}

/** The file parsed and opened with the passphrase, its key derivations counted against MAX_KDF_ITERATIONS. */
function openPkcs12(bytes: Buffer, passphrase: string): forge.pkcs12.Pkcs12Pfx | Pkcs12Failure {
  if (bytes.length > MAX_PKCS12_BYTES) {
    return fail('pkcs12', `pkcs12 is ${bytes.length} bytes; the limit is ${MAX_PKCS12_BYTES} bytes`, { maxBytes: MAX_PKCS12_BYTES });
  }
  let pfx: forge.asn1.Asn1;
  try {
    pfx = forge.asn1.fromDer(binary(bytes), { strict: false, parseAllBytes: true, decodeBitStrings: false } as never);
  } catch {
    return fail('pkcs12', 'pkcs12 is not a PKCS#12 file (it is not DER-encoded ASN.1)');
  }
  // The MAC's iteration count is read before forge derives the MAC key from it (see MAX_KDF_ITERATIONS).
  const macData = Array.isArray(pfx.value) ? pfx.value[2] : undefined;
  const macIterations = macData && Array.isArray(macData.value) && macData.value[2] ? largestInteger(macData.value[2]) : 0;
  if (macIterations > MAX_KDF_ITERATIONS) return tooManyIterations();
  try {
    iterationBudget = MAX_KDF_ITERATIONS - macIterations;
    return forge.pkcs12.pkcs12FromAsn1(pfx, false, passphrase);
  } catch (err) {
    if (err instanceof IterationLimitError) return tooManyIterations();
    const message = (err as Error).message ?? '';
    // forge's words for a MAC or a decryption that the passphrase does not open.
    if (/MAC could not be verified|wrong password|Failed to decrypt/i.test(message)) {
      return fail('passphrase', 'passphrase does not open this PKCS#12 file');
    }
    return fail('pkcs12', 'pkcs12 is not a PKCS#12 file Folio can read (unsupported structure or algorithm)');
  } finally {
    iterationBudget = null;
  }
}

type Bag = forge.pkcs12.Bag;

/** Exactly one private key: RSA of MIN_RSA_BITS–MAX_RSA_BITS bits, or EC on a curve of EC_CURVES. */
function privateKeyOf(bags: Bag[]): { key: KeyObject; keyType: 'rsa' | 'ec'; keyBits: number } | Pkcs12Failure {
  const keyBags = bags.filter((b) => b.type === forge.pki.oids.pkcs8ShroudedKeyBag || b.type === forge.pki.oids.keyBag);
  if (keyBags.length !== 1) {
    return fail('pkcs12', `pkcs12 must contain exactly one private key; it contains ${keyBags.length}`);
  }
  let key: KeyObject;
  try {
    const bag = keyBags[0];
    const info = bag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key)) : bag.asn1;
    key = createPrivateKey({ key: derOf(info), format: 'der', type: 'pkcs8' });
  } catch {
    return fail('pkcs12', 'the private key in pkcs12 cannot be read');
  }
  const keyType = key.asymmetricKeyType;
  const curve = key.asymmetricKeyDetails?.namedCurve;
  const accepted = `Folio signs with RSA keys of ${MIN_RSA_BITS}–${MAX_RSA_BITS} bits and EC keys on P-256, P-384 or P-521`;
  if (keyType !== 'rsa' && keyType !== 'ec') {
    return fail('pkcs12', `the private key is of type ${keyType ?? 'unknown'}; ${accepted}`, { keyType });
  }
  if (keyType === 'ec' && !(curve && Object.hasOwn(EC_CURVES, curve))) {
    return fail('pkcs12', `the private key is an EC key on ${curve ?? 'an unnamed curve'}; ${accepted}`, { keyType, curve });
  }
  const keyBits = keyType === 'ec' ? EC_CURVES[curve!].bits : (key.asymmetricKeyDetails?.modulusLength ?? 0);
  if (keyType === 'rsa' && (keyBits < MIN_RSA_BITS || keyBits > MAX_RSA_BITS)) {
    return fail('pkcs12', `the RSA key has ${keyBits} bits; Folio accepts ${MIN_RSA_BITS}–${MAX_RSA_BITS}`, { keyType, keyBits });
  }
  return { key, keyType, keyBits };
}

/** The one certificate of the key (several copies of it count once) and the distinct others, its chain. */
function signerOf(bags: Bag[], key: KeyObject): { signer: X509Certificate; chain: X509Certificate[] } | Pkcs12Failure {
  const certificates: X509Certificate[] = [];
  for (const bag of bags.filter((b) => b.type === forge.pki.oids.certBag)) {
    try {
      certificates.push(new X509Certificate(derOf(bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1!)));
    } catch {
      return fail('pkcs12', 'a certificate in pkcs12 cannot be read');
    }
  }
  const signers = certificates.filter((c) => c.checkPrivateKey(key));
  const distinct = new Set(signers.map((c) => c.fingerprint256));
  if (distinct.size !== 1) {
    return fail(
      'pkcs12',
      distinct.size === 0
        ? 'pkcs12 holds no certificate of its private key'
        : 'pkcs12 holds several different certificates of its private key; keep one',
    );
  }
  const chain = [...new Map(certificates.filter((c) => !signers.includes(c)).map((c) => [c.fingerprint256, c])).values()];
  if (chain.length > MAX_CHAIN_CERTIFICATES) {
    return fail('pkcs12', `pkcs12 holds ${chain.length} chain certificates; the limit is ${MAX_CHAIN_CERTIFICATES}`, {
      maxChainCertificates: MAX_CHAIN_CERTIFICATES,
    });
  }
  return { signer: signers[0], chain };
}

/** Decodes the `pkcs12` field: standard base64, line breaks and other whitespace allowed (`base64` wraps). */
export function decodePkcs12Base64(text: string): Buffer | null {
  const compact = text.replace(/[\s]+/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return null;
  return Buffer.from(compact, 'base64');
}
