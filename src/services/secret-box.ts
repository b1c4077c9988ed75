// Encryption at rest for the secrets Folio must be able to read back: webhook signing secrets (it signs
// with them) and deploy secrets (the rendering page receives them). API keys and upload tokens are not
// here: only their SHA-256 is stored. AES-256-GCM under FOLIO_SECRETS_KEY; stored values look like
// `enc:v1:<base64url(iv | tag | ciphertext)>`. Values without that prefix are read as they are, so rows
// written before encryption existed (or by a PostgreSQL deployment that ran without a key) keep working;
// seal-plaintext-secrets.ts encrypts them at the next start.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

export class SecretBox {
  readonly #key: Buffer | null;
  /**
   * A key for HMAC derivations (upload tokens, when no link-signing key exists), derived from the secret
   * under another label than the AES key so neither use can reveal the other; null without a secret.
   */
  readonly derivationKey: string | null;

  /** `secret`: any string of at least 32 characters (hashed to the AES key); null stores values as they are. */
  constructor(secret: string | null) {
    this.#key = secret === null ? null : createHash('sha256').update(`folio secrets\n${secret}`).digest();
    this.derivationKey = secret === null ? null : createHash('sha256').update(`folio derivations\n${secret}`).digest('base64url');
  }

  /** Whether a stored value is already encrypted (anything else is a plaintext value from before). */
  static isSealed(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }

  get encrypting(): boolean {
    return this.#key !== null;
  }

  seal(plain: string): string {
    if (this.#key === null) return plain;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    if (this.#key === null) throw new Error('a secret is stored encrypted but FOLIO_SECRETS_KEY is not set');
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
