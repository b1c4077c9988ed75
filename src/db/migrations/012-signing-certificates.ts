import type { Kysely } from 'kysely';

// Signing certificates: an account's PKCS#12 files for signing PDFs. The file and its
// passphrase are stored sealed (SecretBox: AES-256-GCM under FOLIO_SECRETS_KEY), as base64 text inside
// the sealed value; what Folio shows about a certificate (subject, issuer, validity, fingerprint, key) is
// read once at upload and kept in plain columns, so listing never decrypts anything. A delete removes the
// row: nothing refers to a certificate by foreign key, and keeping sealed keys of a deleted certificate
// would only keep a secret the account asked to be rid of.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signing_certificates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pkcs12_sealed', 'text', (c) => c.notNull())
    .addColumn('passphrase_sealed', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('serial_number', 'text', (c) => c.notNull())
    .addColumn('not_before', 'bigint', (c) => c.notNull())
    .addColumn('not_after', 'bigint', (c) => c.notNull())
    .addColumn('fingerprint_sha256', 'text', (c) => c.notNull())
    .addColumn('key_type', 'text', (c) => c.notNull())
    .addColumn('key_bits', 'integer', (c) => c.notNull())
    .addColumn('chain_certificates', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Lists page by (account_id, id desc); the per-account count uses it too.
  await db.schema.createIndex('signing_certificates_account').on('signing_certificates').columns(['account_id', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
