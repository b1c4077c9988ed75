// Row types of accounts: the account, its dashboard users, the first start's record, its monthly
// meters and its signing certificates.
// Timestamps are integer epoch milliseconds and booleans 0/1 integers (see tables.ts).

export interface AccountsTable {
  id: string;
  name: string;
  plan_key: string;
  webhook_secret: string;
  /** The account's RFC 3161 timestamp authority for PDF jobs; null: the deployment's. */
  timestamp_authority_url?: string | null;
  created_at: number;
}

export interface UsersTable {
  id: string;
  account_id: string;
  email: string;
  password_hash: string;
  role: string;
  created_at: number;
}

export interface BootstrapTable {
  id: number;
  account_id: string;
  created_at: number;
}

export interface UsageCountersTable {
  account_id: string;
  period_start: number;
  meter: string;
  quantity: number;
}

/** An account's PKCS#12 signing certificate: the file and passphrase sealed (SecretBox), the shown facts in plain. */
export interface SigningCertificatesTable {
  id: string;
  account_id: string;
  name: string;
  /** SecretBox-sealed base64 of the PKCS#12 file as uploaded. */
  pkcs12_sealed: string;
  /** SecretBox-sealed passphrase of the file. */
  passphrase_sealed: string;
  subject: string;
  issuer: string;
  serial_number: string;
  not_before: number;
  not_after: number;
  fingerprint_sha256: string;
  key_type: string;
  key_bits: number;
  chain_certificates: number;
  created_at: number;
}
