// PKCS#12 signing certificates made with openssl for tests: a self-signed RSA or EC key, and a
// leaf signed by a CA of its own exported with the CA as its chain.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const PASSPHRASE = 'Folio-Passphrase-7f3c91e2';

/** Runs openssl in `dir`; throws with its stderr when it fails. */
export function openssl(dir: string, ...args: string[]): string {
  return execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface Made {
  p12: Buffer;
  certPem: string;
}

/** A self-signed certificate and its key as a PKCS#12 file (OpenSSL 3 defaults: AES-256, PBKDF2, SHA-256 MAC). */
export function selfSigned(dir: string, name: string, keyArgs: string[], subject: string, passphrase = PASSPHRASE): Made {
  openssl(dir, 'req', '-x509', ...keyArgs, '-nodes', '-days', '30', '-subj', subject, '-keyout', `${name}.key`, '-out', `${name}.pem`);
  openssl(dir, 'pkcs12', '-export', '-inkey', `${name}.key`, '-in', `${name}.pem`, '-passout', `pass:${passphrase}`, '-out', `${name}.p12`);
  return { p12: fs.readFileSync(path.join(dir, `${name}.p12`)), certPem: fs.readFileSync(path.join(dir, `${name}.pem`), 'utf8') };
}

/** A leaf signed by a CA of its own, exported with the CA certificate as its chain. */
export function withChain(dir: string): Made {
  openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '60',
    '-subj',
    '/CN=Folio Test CA/O=Folio',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
  );
  openssl(
    dir,
    'req',
    '-newkey',
    'rsa:3072',
    '-nodes',
    '-subj',
    '/CN=Folio Chained Signer/O=Folio',
    '-keyout',
    'leaf.key',
    '-out',
    'leaf.csr',
  );
  openssl(
    dir,
    'x509',
    '-req',
    '-in',
    'leaf.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '30',
    '-out',
    'leaf.pem',
  );
  openssl(
    dir,
    'pkcs12',
    '-export',
    '-inkey',
    'leaf.key',
    '-in',
    'leaf.pem',
    '-certfile',
    'ca.pem',
    '-passout',
    `pass:${PASSPHRASE}`,
    '-out',
    'leaf.p12',
  );
  return { p12: fs.readFileSync(path.join(dir, 'leaf.p12')), certPem: fs.readFileSync(path.join(dir, 'leaf.pem'), 'utf8') };
}

/**
 * Uploads a PKCS#12 file sealed with PASSPHRASE as the test app's account (POST /v1/signing-certificates)
 * and answers the certificate's id. The test clock stands still from the app's start while the certificate
 * starts when openssl made it: call `app.clock.set(Math.max(app.clock.now(), Date.now() + 1_000))` before
 * signing with it.
 */
export async function uploadCertificate(
  app: { api(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> },
  p12: Buffer,
  name: string,
): Promise<string> {
  const r = await app.api('POST', '/v1/signing-certificates', { name, pkcs12: p12.toString('base64'), passphrase: PASSPHRASE });
  if (r.status !== 201) throw new Error(`certificate upload: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.signingCertificate.id as string;
}
