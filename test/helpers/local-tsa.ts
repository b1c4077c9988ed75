// A local RFC 3161 timestamp authority for tests: a throwaway CA and a TSA certificate
// (extendedKeyUsage critical timeStamping) made by openssl, served by a small HTTP server that pipes each
// query into `openssl ts -reply`. `fail` makes it answer HTTP 500 instead.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { openssl } from './certificates.js';

const run = promisify(execFile);

export interface LocalTsa {
  url: string;
  port: number;
  /** The CA that issued the TSA certificate (PEM file) and the TSA certificate (PEM file). */
  caFile: string;
  tsaFile: string;
  /** Queries answered so far, and the paths they were sent to. */
  answered: number;
  paths: string[];
  fail: boolean;
  close(): Promise<void>;
}

export async function startLocalTsa(dir: string): Promise<LocalTsa> {
  openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '30',
    '-subj',
    '/CN=Test TSA Root',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
  );
  fs.writeFileSync(
    path.join(dir, 'tsa.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n',
  );
  openssl(dir, 'req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=Test TSA', '-keyout', 'tsa.key', '-out', 'tsa.csr');
  openssl(
    dir,
    'x509',
    '-req',
    '-in',
    'tsa.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '30',
    '-extfile',
    'tsa.ext',
    '-out',
    'tsa.pem',
  );
  fs.writeFileSync(path.join(dir, 'tsaserial'), '01\n');
  fs.writeFileSync(
    path.join(dir, 'tsa.cnf'),
    [
      '[ tsa ]',
      'default_tsa = tsa_config',
      '[ tsa_config ]',
      `dir = ${dir}`,
      'serial = $dir/tsaserial',
      'crypto_device = builtin',
      'signer_cert = $dir/tsa.pem',
      'certs = $dir/ca.pem',
      'signer_key = $dir/tsa.key',
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1',
      'ordering = yes',
      'tsa_name = yes',
      'ess_cert_id_chain = no',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (tsa.fail || req.headers['content-type'] !== 'application/timestamp-query') {
        res.writeHead(500).end('no');
        return;
      }
      const id = ++n;
      const q = path.join(dir, `q${id}.tsq`);
      const r = path.join(dir, `r${id}.tsr`);
      fs.writeFileSync(q, Buffer.concat(chunks));
      run('openssl', ['ts', '-reply', '-config', path.join(dir, 'tsa.cnf'), '-queryfile', q, '-out', r]).then(
        () => {
          tsa.answered++;
          tsa.paths.push(req.url ?? '');
          res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(fs.readFileSync(r));
        },
        (err: Error) => res.writeHead(500).end(err.message),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const tsa: LocalTsa = {
    url: `http://127.0.0.1:${port}/tsa`,
    port,
    caFile: path.join(dir, 'ca.pem'),
    tsaFile: path.join(dir, 'tsa.pem'),
    answered: 0,
    paths: [],
    fail: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return tsa;
}
