// Signing keys opened from their PKCS#12 files, kept for a while per certificate id. Opening a PKCS#12 file
// (its key derivation, MAC and decryption in node-forge) costs ~25–30 ms of this process's CPU, about as much
// as rendering a one-page invoice: paid per job, it would halve the throughput of signed jobs. A certificate
// is immutable (Folio has no way to change one), so its key can be reused; the worker still reads the
// certificate's row for every job, so a deleted or expired certificate is refused at once. The opening
// itself runs in the sandbox (render-worker.ts): a file may ask for up to 50,000 iterations.
import type { SigningKeyMaterial } from '../domain/pdfs/signing-certificates.js';

/** How long an opened key is kept after it was opened. */
const TTL_MS = 10 * 60_000;
/** At most this many keys are held (the least recently used goes first). */
const MAX_KEYS = 32;

export class SigningKeyCache {
  private readonly keys = new Map<string, { material: SigningKeyMaterial; openedAt: number }>();

  /** The key of `certificateId`, opened by `open` when it is not held (or was held too long). */
  async get(certificateId: string, open: () => Promise<SigningKeyMaterial>, now = Date.now()): Promise<SigningKeyMaterial> {
    const held = this.keys.get(certificateId);
    this.keys.delete(certificateId);
    if (held && now - held.openedAt < TTL_MS) {
      this.keys.set(certificateId, held);
      return held.material;
    }
    const material = await open();
    this.keys.set(certificateId, { material, openedAt: now });
    while (this.keys.size > MAX_KEYS) this.keys.delete(this.keys.keys().next().value!);
    return material;
  }
}
