// An account's signing certificates: PKCS#12 files kept for signing PDFs. The file and
// its passphrase are sealed with the SecretBox before they reach the database and are never shown again:
// a certificate is described by what domain/pdfs/signing-certificates.ts reads from it at upload. The worker
// opens them for a signed job (render-worker.ts, signatureStep).
import { forUpdate } from '../../db/dialect.js';
import type { SigningCertificatesTable } from '../../db/tables.js';
import { newId } from '../../domain/ids.js';
import {
  decodePkcs12Base64,
  MAX_NAME_LENGTH,
  MAX_PASSPHRASE_LENGTH,
  MAX_SIGNING_CERTIFICATES_PER_ACCOUNT,
} from '../../domain/pdfs/signing-certificates.js';
import { validityAt } from '../../domain/pdfs/document-options.js';
import { AppError } from '../../errors/app-error.js';
import { isSandboxLimit } from '../../sandbox/pool.js';
import type { TaskResult } from '../../sandbox/tasks.js';
import type { ServiceContext } from '../context.js';
import { newestFirst } from '../pagination.js';
import { secretTextProblem } from '../../domain/secret-text.js';

export interface SigningCertificateView {
  id: string;
  name: string;
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: number;
  notAfter: number;
  /** At the time of the answer: past notAfter. */
  expired: boolean;
  /** At the time of the answer: before notBefore. */
  notYetValid: boolean;
  fingerprintSha256: string;
  keyType: string;
  keyBits: number;
  chainCertificates: number;
  createdAt: number;
}

export interface CreateSigningCertificateInput {
  name: string;
  /** Base64 of the PKCS#12 file. */
  pkcs12: string;
  passphrase: string;
}

type Row = Omit<SigningCertificatesTable, 'pkcs12_sealed' | 'passphrase_sealed'>;

/** The columns a view needs: the sealed ones are never read for it. */
const SHOWN = [
  'id',
  'account_id',
  'name',
  'subject',
  'issuer',
  'serial_number',
  'not_before',
  'not_after',
  'fingerprint_sha256',
  'key_type',
  'key_bits',
  'chain_certificates',
  'created_at',
] as const;

export class SigningCertificates {
  constructor(private readonly ctx: ServiceContext) {}

  private view(r: Row): SigningCertificateView {
    return {
      id: r.id,
      name: r.name,
      subject: r.subject,
      issuer: r.issuer,
      serialNumber: r.serial_number,
      notBefore: Number(r.not_before),
      notAfter: Number(r.not_after),
      ...validityAt(Number(r.not_before), Number(r.not_after), this.ctx.clock.now()),
      fingerprintSha256: r.fingerprint_sha256,
      keyType: r.key_type,
      keyBits: Number(r.key_bits),
      chainCertificates: Number(r.chain_certificates),
      createdAt: Number(r.created_at),
    };
  }

  async create(accountId: string, input: CreateSigningCertificateInput): Promise<{ signingCertificate: SigningCertificateView }> {
    const name = input.name.trim();
    if (name.length < 1 || name.length > MAX_NAME_LENGTH) {
      throw new AppError('invalid_request', `name must be 1–${MAX_NAME_LENGTH} characters (not only spaces)`, { field: 'name' });
    }
    if (input.passphrase.length > MAX_PASSPHRASE_LENGTH) {
      throw new AppError('invalid_request', `passphrase must be at most ${MAX_PASSPHRASE_LENGTH} characters`, { field: 'passphrase' });
    }
    const badPassphrase = secretTextProblem(input.passphrase, 'passphrase');
    if (badPassphrase) throw new AppError('invalid_request', badPassphrase, { field: 'passphrase' });
    const bytes = decodePkcs12Base64(input.pkcs12);
    if (!bytes) throw new AppError('invalid_request', 'pkcs12 must be the PKCS#12 file in standard base64', { field: 'pkcs12' });
    const now = this.ctx.clock.now();
    // An account at its limit is told so before the key derivation is paid for (checked again below, in
    // the transaction, against concurrent uploads).
    await this.#refuseAtLimit(this.ctx.db, accountId);
    // Deriving the key costs what the file's iteration count says (up to MAX_KDF_ITERATIONS): in the sandbox.
    let inspected: TaskResult<'certificate.inspect'>;
    try {
      inspected = await this.ctx.sandbox.run(
        'certificate.inspect',
        { pkcs12: bytes, passphrase: input.passphrase, nowMs: now },
        { account: accountId, timeoutMs: this.ctx.config.sandboxTimeoutMs },
      );
    } catch (err) {
      if (!isSandboxLimit(err)) throw err;
      throw new AppError('invalid_request', `the PKCS#12 file could not be opened within the limits: ${err.message}`, { field: 'pkcs12' });
    }
    if (!inspected.ok) throw new AppError('invalid_request', inspected.message, { field: inspected.field, ...inspected.details });
    const { facts } = inspected;

    const row: SigningCertificatesTable = {
      id: newId('scert', now),
      account_id: accountId,
      name,
      // The bytes as uploaded (base64, canonical): the signing step opens them exactly as checked here.
      pkcs12_sealed: this.ctx.secrets.seal(bytes.toString('base64')),
      passphrase_sealed: this.ctx.secrets.seal(input.passphrase),
      subject: facts.subject,
      issuer: facts.issuer,
      serial_number: facts.serialNumber,
      not_before: facts.notBefore,
      not_after: facts.notAfter,
      fingerprint_sha256: facts.fingerprintSha256,
      key_type: facts.keyType,
      key_bits: facts.keyBits,
      chain_certificates: facts.chainCertificates,
      created_at: now,
    };
    await this.ctx.db.transaction().execute(async (trx) => {
      // The account row serialises concurrent uploads on PostgreSQL, so two at the limit cannot both pass.
      await forUpdate(this.ctx.dialect, trx.selectFrom('accounts').select('id').where('id', '=', accountId)).execute();
      await this.#refuseAtLimit(trx, accountId);
      await trx.insertInto('signing_certificates').values(row).execute();
    });
    return { signingCertificate: this.view(row) };
  }

  /** 409 signing_certificate_limit_reached when the account keeps the most certificates it may. */
  async #refuseAtLimit(db: Pick<ServiceContext['db'], 'selectFrom'>, accountId: string): Promise<void> {
    const { n } = await db
      .selectFrom('signing_certificates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_SIGNING_CERTIFICATES_PER_ACCOUNT) {
      throw new AppError(
        'signing_certificate_limit_reached',
        `this account already keeps ${MAX_SIGNING_CERTIFICATES_PER_ACCOUNT} signing certificates, the most it may; delete one first`,
        { limit: MAX_SIGNING_CERTIFICATES_PER_ACCOUNT },
      );
    }
  }

  async list(accountId: string, opts: { cursor?: string; limit: number }) {
    const q = this.ctx.db.selectFrom('signing_certificates').select(SHOWN).where('account_id', '=', accountId);
    return newestFirst(q, opts, (r) => this.view(r));
  }

  async get(accountId: string, id: string): Promise<{ signingCertificate: SigningCertificateView }> {
    const r = await this.ctx.db
      .selectFrom('signing_certificates')
      .select(SHOWN)
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!r) throw notFound(id);
    return { signingCertificate: this.view(r) };
  }

  /** Removes the row, sealed file and passphrase included (nothing is kept for an undo). */
  async delete(accountId: string, id: string): Promise<void> {
    const res = await this.ctx.db
      .deleteFrom('signing_certificates')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw notFound(id);
  }
}

const notFound = (id: string) => new AppError('signing_certificate_not_found', `signing certificate ${id} not found`);
