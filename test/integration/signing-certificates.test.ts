// The signing certificates resource. PKCS#12 files made here with openssl (RSA 2048 with a
// chain, EC P-256, RSA 1024) are stored, listed, read and deleted; what is shown matches what openssl
// says of the certificate; every refusal names its field (`passphrase`, `pkcs12`) or its limit; another
// account sees 404; and the passphrase and the file appear in no answer, no log line and nowhere in the
// database (on SQLite: not in the database file's bytes). Runs on SQLite and (FOLIO_TEST_ENGINE=postgres)
// PostgreSQL.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { openssl, PASSPHRASE, selfSigned, withChain, type Made } from '../helpers/certificates.js';
import { engine } from '../helpers/engine.js';

const DAY = 86_400_000;

/** openssl's SHA-256 fingerprint of a PEM certificate, as lowercase hex. */
function fingerprint(dir: string, pem: string): string {
  fs.writeFileSync(path.join(dir, 'fp.pem'), pem);
  const out = openssl(dir, 'x509', '-in', 'fp.pem', '-noout', '-fingerprint', '-sha256');
  return out.trim().split('=')[1].replaceAll(':', '').toLowerCase();
}

function derOf(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
}

describe('signing certificates', () => {
  let app: TestApp;
  let dir: string;
  let rsa: Made;
  let chained: Made;
  let ec: Made;
  let weak: Made;
  let k1: Made;
  let ed: Made;
  let keyB: string;
  let log = '';
  /** Every response body of the file, to search for the secrets at the end. */
  const answers: string[] = [];

  const call = async (method: string, url: string, body?: unknown, headers?: Record<string, string>) => {
    const r = await app.api(method, url, body, headers);
    answers.push(JSON.stringify(r.body ?? null));
    return r;
  };
  const asB = (method: string, url: string, body?: unknown) => call(method, url, body, { authorization: `Bearer ${keyB}` });
  /** The test RSA key and certificate exported again by `openssl pkcs12 -export` with `args`, into `out`. */
  const exportRsa = (out: string, passphrase: string, args: string[]) =>
    openssl(dir, 'pkcs12', '-export', '-inkey', 'rsa.key', '-in', 'rsa.pem', '-passout', `pass:${passphrase}`, ...args, '-out', out);
  const upload = (made: Made, name = 'Invoices signer', passphrase = PASSPHRASE, headers?: Record<string, string>) =>
    call('POST', '/v1/signing-certificates', { name, pkcs12: made.p12.toString('base64'), passphrase }, headers);

  before(async () => {
    dir = tempDir('folio-certs-');
    rsa = selfSigned(dir, 'rsa', ['-newkey', 'rsa:2048'], '/CN=Folio Test Signer/O=Folio');
    chained = withChain(dir);
    ec = selfSigned(dir, 'ec', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-384'], '/CN=Folio EC Signer/O=Folio');
    k1 = selfSigned(dir, 'k1', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:secp256k1'], '/CN=Folio K1 Signer/O=Folio');
    ed = selfSigned(dir, 'ed', ['-newkey', 'ed25519'], '/CN=Folio Ed Signer/O=Folio');
    weak = selfSigned(dir, 'weak', ['-newkey', 'rsa:1024'], '/CN=Folio Weak Signer/O=Folio');
    const sink = new Writable({ write: (c, _e, cb) => ((log += String(c)), cb()) });
    // trace: every line Fastify or Folio can write for these requests is captured and searched.
    app = await createTestApp({ env: { FOLIO_LOG_LEVEL: 'trace' }, logDestination: sink });
    const b = await app.services.accounts.create({ name: 'Bravo' });
    keyB = b.apiKey;
  });
  after(async () => {
    await app?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('an RSA 2048 certificate is stored and described as openssl describes it', async () => {
    const r = await upload(rsa);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const c = r.body.signingCertificate;
    assert.match(c.id, /^scert_[0-9a-z]{26}$/);
    assert.equal(c.name, 'Invoices signer');
    assert.equal(c.subject, 'CN=Folio Test Signer, O=Folio');
    assert.equal(c.issuer, 'CN=Folio Test Signer, O=Folio');
    assert.equal(c.fingerprintSha256, fingerprint(dir, rsa.certPem));
    assert.equal(c.keyType, 'rsa');
    assert.equal(c.keyBits, 2048);
    assert.equal(c.chainCertificates, 0);
    assert.equal(c.expired, false);
    assert.equal(c.notYetValid, false);
    const enddate = openssl(dir, 'x509', '-in', 'rsa.pem', '-noout', '-enddate').trim().split('=')[1];
    const startdate = openssl(dir, 'x509', '-in', 'rsa.pem', '-noout', '-startdate').trim().split('=')[1];
    assert.equal(c.notAfter, Date.parse(enddate));
    assert.equal(c.notBefore, Date.parse(startdate));
    assert.equal(c.notAfter - c.notBefore, 30 * DAY);
    assert.deepEqual(Object.keys(c).sort(), [
      'chainCertificates',
      'createdAt',
      'expired',
      'fingerprintSha256',
      'id',
      'issuer',
      'keyBits',
      'keyType',
      'name',
      'notAfter',
      'notBefore',
      'notYetValid',
      'serialNumber',
      'subject',
    ]);

    const got = await call('GET', `/v1/signing-certificates/${c.id}`);
    assert.equal(got.status, 200);
    assert.deepEqual(got.body.signingCertificate, c);
  });

  test('an EC certificate (P-384) is stored as an ECDSA key of 384 bits', async () => {
    const r = await upload(ec, 'EC signer');
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const c = r.body.signingCertificate;
    assert.equal(c.subject, 'CN=Folio EC Signer, O=Folio');
    assert.equal(c.keyType, 'ec');
    assert.equal(c.keyBits, 384);
    assert.equal(c.fingerprintSha256, fingerprint(dir, ec.certPem));
    // Removed again: the listing test below counts the RSA certificates only.
    assert.equal((await call('DELETE', `/v1/signing-certificates/${c.id}`)).status, 204);
  });

  test('a certificate with its CA: the chain is counted, the issuer is the CA; base64 with line breaks is read', async () => {
    const wrapped = chained.p12.toString('base64').replace(/.{76}/g, '$&\n');
    const r = await call('POST', '/v1/signing-certificates', { name: 'Chained', pkcs12: wrapped, passphrase: PASSPHRASE });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const c = r.body.signingCertificate;
    assert.equal(c.subject, 'CN=Folio Chained Signer, O=Folio');
    assert.equal(c.issuer, 'CN=Folio Test CA, O=Folio');
    assert.equal(c.keyBits, 3072);
    assert.equal(c.chainCertificates, 1);
    assert.equal(c.fingerprintSha256, fingerprint(dir, chained.certPem));
  });

  test('older PKCS#12 encryptions are read too: 3DES with a SHA-1 MAC, and RC2 (-legacy)', async () => {
    for (const args of [['-certpbe', 'PBE-SHA1-3DES', '-keypbe', 'PBE-SHA1-3DES', '-macalg', 'sha1'], ['-legacy']]) {
      exportRsa('old.p12', PASSPHRASE, args);
      const r = await upload({ p12: fs.readFileSync(path.join(dir, 'old.p12')), certPem: rsa.certPem }, 'Old');
      assert.equal(r.status, 201, `${args.join(' ')}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.signingCertificate.fingerprintSha256, fingerprint(dir, rsa.certPem));
      assert.equal((await call('DELETE', `/v1/signing-certificates/${r.body.signingCertificate.id}`)).status, 204);
    }
  });

  test('a passphrase beyond ASCII opens both the OpenSSL 3 default (PBES2: UTF-8) and a -legacy file (BMPString)', async () => {
    // Accents, CJK and a character outside the Basic Multilingual Plane (a surrogate pair in UTF-16).
    const unicode = 'Pässwört-日本語-\u{1F511}';
    for (const args of [[], ['-legacy']]) {
      const name = `unicode${args.join('')}`;
      exportRsa(`${name}.p12`, unicode, args);
      const made = { p12: fs.readFileSync(path.join(dir, `${name}.p12`)), certPem: rsa.certPem };
      // openssl itself opens it with that passphrase (the file is what OpenSSL 3 writes, not a broken one).
      openssl(dir, 'pkcs12', '-in', `${name}.p12`, '-passin', `pass:${unicode}`, ...args, '-nokeys', '-out', `${name}.out.pem`);
      const r = await upload(made, `Unicode ${args.join(' ') || 'default'}`, unicode);
      assert.equal(r.status, 201, `${args.join(' ') || 'OpenSSL 3 default'}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.signingCertificate.fingerprintSha256, fingerprint(dir, rsa.certPem));
      assert.equal((await call('DELETE', `/v1/signing-certificates/${r.body.signingCertificate.id}`)).status, 204);
      // A near miss is still the wrong passphrase: the same letters without their accents.
      const wrong = await upload(made, 'Near miss', unicode.normalize('NFD').replace(/\p{M}/gu, ''));
      assert.equal(wrong.status, 400, JSON.stringify(wrong.body));
      assert.equal(wrong.body.details.field, 'passphrase');
    }
  });

  test('refusals name their field and never repeat the passphrase', async () => {
    const wrong = await upload(rsa, 'Wrong', 'not-the-passphrase');
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error, 'invalid_request');
    assert.equal(wrong.body.details.field, 'passphrase');
    assert.ok(!JSON.stringify(wrong.body).includes('not-the-passphrase'));

    const notBase64 = await call('POST', '/v1/signing-certificates', { name: 'x', pkcs12: 'not base64 @@@', passphrase: PASSPHRASE });
    assert.equal(notBase64.status, 400);
    assert.equal(notBase64.body.details.field, 'pkcs12');

    const pem = await call('POST', '/v1/signing-certificates', {
      name: 'A PEM',
      pkcs12: Buffer.from(rsa.certPem).toString('base64'),
      passphrase: PASSPHRASE,
    });
    assert.equal(pem.status, 400);
    assert.equal(pem.body.details.field, 'pkcs12');
    assert.match(pem.body.message, /not a PKCS#12/);

    const der = await call('POST', '/v1/signing-certificates', {
      name: 'A cert',
      pkcs12: derOf(rsa.certPem).toString('base64'),
      passphrase: '',
    });
    assert.equal(der.status, 400);
    assert.equal(der.body.details.field, 'pkcs12');

    // EC on a curve WebCrypto cannot sign with, and Ed25519: refused, naming what is accepted.
    const k1Key = await upload(k1, 'K1');
    assert.equal(k1Key.status, 400);
    assert.equal(k1Key.body.details.field, 'pkcs12');
    assert.equal(k1Key.body.details.keyType, 'ec');
    assert.equal(k1Key.body.details.curve, 'secp256k1');
    assert.match(k1Key.body.message, /EC key on secp256k1.*RSA keys of 2048–8192 bits and EC keys on P-256, P-384 or P-521/);
    const edKey = await upload(ed, 'Ed');
    assert.equal(edKey.status, 400);
    assert.equal(edKey.body.details.keyType, 'ed25519');

    const small = await upload(weak, 'Weak');
    assert.equal(small.status, 400);
    assert.equal(small.body.details.field, 'pkcs12');
    assert.equal(small.body.details.keyBits, 1024);

    const noName = await upload(rsa, '   ');
    assert.equal(noName.status, 400);
    assert.equal(noName.body.details.field, 'name');
    const longName = await upload(rsa, 'n'.repeat(101));
    assert.equal(longName.status, 400);
    assert.equal(longName.body.details.field, 'name');

    // Key derivations are bounded (50,000 iterations in all, MAC and encrypted parts together): the MAC's
    // count is read before any work, each encrypted part's as forge reaches it. A count over the limit is
    // refused before what it guards is opened: with a wrong passphrase the answer is still the iteration
    // limit, where opening first (verifying the MAC, decrypting the part) would have found the passphrase wrong.
    const upload12 = (passphrase: string) =>
      call('POST', '/v1/signing-certificates', {
        name: 'Slow',
        pkcs12: fs.readFileSync(path.join(dir, 'slow.p12')).toString('base64'),
        passphrase,
      });
    for (const [args, overAtFirstDerivation] of [
      [['-iter', '30000'], false], // the MAC's 30,000 fit; the first part's 30,000 more do not
      [['-iter', '60000'], true], // the MAC's own count is over
      [['-iter', '60000', '-nomac'], true], // no MAC: the first encrypted part's count is over
    ] as const) {
      exportRsa('slow.p12', PASSPHRASE, [...args]);
      for (const passphrase of overAtFirstDerivation ? [PASSPHRASE, 'not the passphrase'] : [PASSPHRASE]) {
        const slow = await upload12(passphrase);
        assert.equal(slow.status, 400, `${args.join(' ')}, ${passphrase}`);
        assert.equal(slow.body.details.field, 'pkcs12', `${args.join(' ')}, ${passphrase}: ${JSON.stringify(slow.body)}`);
        assert.equal(slow.body.details.maxIterations, 50000);
      }
    }
    exportRsa('java-like.p12', PASSPHRASE, ['-iter', '10000']);
    const javaLike = await call('POST', '/v1/signing-certificates', {
      name: 'Java-like',
      pkcs12: fs.readFileSync(path.join(dir, 'java-like.p12')).toString('base64'),
      passphrase: PASSPHRASE,
    });
    assert.equal(javaLike.status, 201, '10,000 iterations per part (Java keytool) are accepted');
    assert.equal((await call('DELETE', `/v1/signing-certificates/${javaLike.body.signingCertificate.id}`)).status, 204);

    const extra = await call('POST', '/v1/signing-certificates', {
      name: 'x',
      pkcs12: rsa.p12.toString('base64'),
      passphrase: PASSPHRASE,
      pem: 'x',
    });
    assert.equal(extra.status, 400);
  });

  test('size limits: a file over 64 KiB is refused naming the limit, a body over 256 KiB is a 413', async () => {
    const big = Buffer.alloc(70_000, 0x30);
    const r = await call('POST', '/v1/signing-certificates', { name: 'Big', pkcs12: big.toString('base64'), passphrase: PASSPHRASE });
    assert.equal(r.status, 400);
    assert.equal(r.body.details.field, 'pkcs12');
    assert.equal(r.body.details.maxBytes, 65536);
    assert.match(r.body.message, /65536 bytes/);

    const huge = await app.api(
      'POST',
      '/v1/signing-certificates',
      JSON.stringify({ name: 'Huge', pkcs12: 'A'.repeat(300_000), passphrase: 'x' }),
    );
    assert.equal(huge.status, 413);
    assert.equal(huge.body.error, 'body_too_large');
  });

  test('list pages newest first; delete removes; another account gets 404 and an empty list', async () => {
    const first = await call('GET', '/v1/signing-certificates?limit=1');
    assert.equal(first.status, 200);
    assert.equal(first.body.items.length, 1);
    assert.equal(first.body.items[0].name, 'Chained');
    assert.ok(first.body.nextCursor);
    const second = await call('GET', `/v1/signing-certificates?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    assert.equal(second.body.items.length, 1);
    assert.equal(second.body.items[0].name, 'Invoices signer');
    assert.equal(second.body.nextCursor, null, 'two certificates: the second page is the last');

    const id = second.body.items[0].id as string;
    const listB = await asB('GET', '/v1/signing-certificates');
    assert.deepEqual(listB.body, { items: [], nextCursor: null });
    for (const [method, url] of [
      ['GET', `/v1/signing-certificates/${id}`],
      ['DELETE', `/v1/signing-certificates/${id}`],
    ]) {
      const r = await asB(method, url);
      assert.equal(r.status, 404, `${method} ${url}`);
      assert.equal(r.body.error, 'signing_certificate_not_found');
    }
    assert.equal((await call('GET', `/v1/signing-certificates/${id}`)).status, 200, "B's delete left A's certificate");

    const del = await call('DELETE', `/v1/signing-certificates/${id}`);
    assert.equal(del.status, 204);
    for (const method of ['GET', 'DELETE']) {
      const r = await call(method, `/v1/signing-certificates/${id}`);
      assert.equal(r.status, 404);
      assert.equal(r.body.error, 'signing_certificate_not_found');
    }
    const rows = await app.services.ctx.db.selectFrom('signing_certificates').select('id').where('id', '=', id).execute();
    assert.deepEqual(rows, [], 'a delete removes the row, sealed file and passphrase with it');
  });

  test('validity: expired is shown once time passes and refused at upload; a not-yet-valid one is accepted', async () => {
    const kept = await upload(rsa, 'Expiring');
    assert.equal(kept.status, 201);
    const realNow = app.clock.now();
    try {
      app.clock.advance(31 * DAY);
      const later = await call('GET', `/v1/signing-certificates/${kept.body.signingCertificate.id}`);
      assert.equal(later.body.signingCertificate.expired, true);
      const again = await upload(rsa, 'Expired');
      assert.equal(again.status, 400);
      assert.equal(again.body.details.field, 'pkcs12');
      assert.match(again.body.message, /expired/);

      app.clock.set(realNow - 2 * DAY);
      const early = await upload(rsa, 'Early');
      assert.equal(early.status, 201);
      assert.equal(early.body.signingCertificate.notYetValid, true);
      assert.equal(early.body.signingCertificate.expired, false);
      await call('DELETE', `/v1/signing-certificates/${early.body.signingCertificate.id}`);
    } finally {
      app.clock.set(realNow);
    }
    await call('DELETE', `/v1/signing-certificates/${kept.body.signingCertificate.id}`);
  });

  test('Idempotency-Key: a repeat answers the same certificate and stores one', async () => {
    const h = { 'idempotency-key': 'signer-idem-1' };
    const one = await upload(rsa, 'Idempotent', PASSPHRASE, h);
    const two = await upload(rsa, 'Idempotent', PASSPHRASE, h);
    assert.equal(one.status, 201);
    assert.equal(two.status, 201);
    assert.equal(two.headers['idempotent-replayed'], 'true');
    assert.equal(two.body.signingCertificate.id, one.body.signingCertificate.id);
    const other = await upload(rsa, 'Idempotent 2', PASSPHRASE, h);
    assert.equal(other.status, 409);
    assert.equal(other.body.error, 'idempotency_key_conflict');
    const list = await call('GET', '/v1/signing-certificates?limit=100');
    assert.equal(list.body.items.filter((c: { name: string }) => c.name === 'Idempotent').length, 1);
  });

  test('scopes: certificates:read lists but cannot upload; a render key reaches neither', async () => {
    const reader = await app.services.apiKeys.create({ accountId: app.accountId, scopes: ['certificates:read'] });
    const render = await app.services.apiKeys.create({ accountId: app.accountId, scopes: ['render:write', 'render:read'] });
    const as = (key: string) => ({ authorization: `Bearer ${key}` });
    assert.equal((await call('GET', '/v1/signing-certificates', undefined, as(reader.key))).status, 200);
    const denied = await call(
      'POST',
      '/v1/signing-certificates',
      { name: 'x', pkcs12: rsa.p12.toString('base64'), passphrase: PASSPHRASE },
      as(reader.key),
    );
    assert.equal(denied.status, 403);
    assert.match(denied.body.message, /certificates:write/);
    assert.equal((await call('GET', '/v1/signing-certificates', undefined, as(render.key))).status, 403);
  });

  test('an account keeps at most 20 certificates', async () => {
    const c = await app.services.accounts.create({ name: 'Charlie' });
    const asC = { authorization: `Bearer ${c.apiKey}` };
    for (let i = 0; i < 20; i++) {
      const r = await upload(rsa, `Signer ${i}`, PASSPHRASE, asC);
      assert.equal(r.status, 201, `certificate ${i}: ${JSON.stringify(r.body)}`);
    }
    const over = await upload(rsa, 'Signer 21', PASSPHRASE, asC);
    assert.equal(over.status, 409);
    assert.equal(over.body.error, 'signing_certificate_limit_reached');
    assert.equal(over.body.details.limit, 20);
    const list = await call('GET', '/v1/signing-certificates?limit=100', undefined, asC);
    await call('DELETE', `/v1/signing-certificates/${list.body.items[0].id}`, undefined, asC);
    assert.equal((await upload(rsa, 'Signer 21', PASSPHRASE, asC)).status, 201, 'a delete frees a place');
  });

  test('the passphrase and the file are in no answer, no log line and nowhere in the database', async () => {
    const secrets: { what: string; bytes: Buffer }[] = [];
    for (const [label, made] of [
      ['rsa', rsa],
      ['chained', chained],
    ] as const) {
      const b64 = made.p12.toString('base64');
      secrets.push(
        { what: `${label} base64`, bytes: Buffer.from(b64.slice(200, 260)) },
        { what: `${label} PKCS#12 DER`, bytes: made.p12.subarray(300, 340) },
        // The certificate is stored inside the sealed file only.
        { what: `${label} certificate DER`, bytes: derOf(made.certPem).subarray(200, 240) },
      );
    }
    secrets.push({ what: 'passphrase', bytes: Buffer.from(PASSPHRASE) });
    secrets.push({ what: 'wrong passphrase', bytes: Buffer.from('not-the-passphrase') });

    const answered = answers.join('\n');
    assert.ok(log.includes('/v1/signing-certificates'), 'the requests were logged at all');
    for (const s of secrets) {
      assert.ok(!answered.includes(s.bytes.toString('latin1')) && !answered.includes(s.bytes.toString()), `${s.what} in an answer`);
      assert.ok(!log.includes(s.bytes.toString()), `${s.what} in the log`);
    }

    // Every column of the tables the requests wrote, on either engine.
    const db = app.services.ctx.db;
    const stored = JSON.stringify([
      await db.selectFrom('signing_certificates').selectAll().execute(),
      await db.selectFrom('idempotency_keys').selectAll().execute(),
    ]);
    assert.ok(stored.includes('enc:v1:'), 'the file and passphrase are sealed');
    for (const s of secrets) assert.ok(!stored.includes(s.bytes.toString()), `${s.what} in a stored row`);

    if (engine === 'sqlite') {
      // The database file and its WAL, byte for byte.
      const files = fs.readdirSync(app.dataDir).filter((f) => /\.db(-wal|-shm)?$/.test(f));
      assert.ok(files.length > 0, `no database file in ${app.dataDir}`);
      for (const f of files) {
        const bytes = fs.readFileSync(path.join(app.dataDir, f));
        for (const s of secrets) assert.equal(bytes.indexOf(s.bytes), -1, `${s.what} in ${f}`);
      }
    }
  });
});
