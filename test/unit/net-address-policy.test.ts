import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isBlockedAddress } from '../../src/net/address-policy.js';
import { NetError } from '../../src/net/net-error.js';
import { resolveAndCheckHost } from '../../src/net/resolve-host.js';
import { requestPinned } from '../../src/net/pinned-request.js';

const blocked = [
  '127.0.0.1',
  '127.255.255.254',
  '0.0.0.0',
  '0.1.2.3',
  '10.0.0.1',
  '10.255.255.255',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '100.64.0.1',
  '100.127.255.255',
  '169.254.0.1',
  '169.254.169.254',
  '224.0.0.1',
  '239.255.255.250',
  '255.255.255.255',
  '240.0.0.1',
  '198.18.0.1',
  '192.0.0.192',
  '192.0.2.5',
  '::',
  '::1',
  '[::1]',
  'fe80::1',
  'fe80::1%eth0',
  'febf::1',
  'fc00::1',
  'fd12:3456::1',
  'fd00:ec2::254',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.1.2.3',
  '::ffff:169.254.169.254',
  '::ffff:a9fe:a9fe',
  '::127.0.0.1',
  '::ffff:0:127.0.0.1',
  '64:ff9b::7f00:1',
  '64:ff9b::10.0.0.1',
  '2002:7f00:1::',
  '2002:c0a8:101::1',
  '2001:0:4136:e378::1',
  '2001:db8::1',
  'fec0::1',
  // not an address at all: fail closed
  'localhost',
  '',
  'example.com',
  '1.2.3',
  '01.2.3.4',
  '::ffff:999.1.1.1',
];
const allowed = [
  '1.1.1.1',
  '8.8.8.8',
  '93.184.216.34',
  '172.15.255.255',
  '172.32.0.1',
  '100.63.255.255',
  '100.128.0.1',
  '169.253.255.255',
  '11.0.0.1',
  '192.167.255.255',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

test('blocked addresses are classified as blocked', () => {
  for (const ip of blocked) assert.equal(isBlockedAddress(ip), true, ip);
});

test('public unicast addresses are allowed', () => {
  for (const ip of allowed) assert.equal(isBlockedAddress(ip), false, ip);
});

test('resolveAndCheckHost refuses when any resolved address is blocked and pins a public one otherwise', async () => {
  const lookup = async (host: string) => {
    if (host === 'rebind.test')
      return [
        { address: '93.184.216.34', family: 4 as const },
        { address: '127.0.0.1', family: 4 as const },
      ];
    if (host === 'metadata.test') return [{ address: 'fd00:ec2::254', family: 6 as const }];
    if (host === 'public.test')
      return [
        { address: '93.184.216.34', family: 4 as const },
        { address: '2606:4700::1', family: 6 as const },
      ];
    throw new Error('ENOTFOUND');
  };
  await assert.rejects(resolveAndCheckHost('rebind.test', { lookup }), (e: NetError) => e.kind === 'blocked_address');
  await assert.rejects(resolveAndCheckHost('metadata.test', { lookup }), (e: NetError) => e.kind === 'blocked_address');
  await assert.rejects(resolveAndCheckHost('missing.test', { lookup }), (e: NetError) => e.kind === 'dns_failed');
  await assert.rejects(resolveAndCheckHost('localhost', { lookup }), (e: NetError) => e.kind === 'blocked_address');
  await assert.rejects(resolveAndCheckHost('a.localhost', { lookup }), (e: NetError) => e.kind === 'blocked_address');
  await assert.rejects(resolveAndCheckHost('127.0.0.1', { lookup }), (e: NetError) => e.kind === 'blocked_address');
  await assert.rejects(resolveAndCheckHost('[::1]', { lookup }), (e: NetError) => e.kind === 'blocked_address');
  assert.deepEqual(await resolveAndCheckHost('public.test', { lookup }), { address: '93.184.216.34', family: 4 });
  assert.deepEqual(await resolveAndCheckHost('8.8.8.8', { lookup }), { address: '8.8.8.8', family: 4 });
});

test('resolveAndCheckHost with the system resolver refuses localhost names', async () => {
  await assert.rejects(resolveAndCheckHost('localhost'), (e: NetError) => e.kind === 'blocked_address');
});

test('requestPinned connects to the pinned address, not to what the host name resolves to', async () => {
  let seenHost = '';
  const server = http.createServer((req, res) => {
    seenHost = req.headers.host ?? '';
    res.setHeader('set-cookie', 'a=b');
    res.end('pinned ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const { port } = server.address() as AddressInfo;
    // "does-not-exist.invalid" can never resolve: the response proves no DNS lookup happened.
    const res = await requestPinned({
      url: new URL(`http://does-not-exist.invalid:${port}/x`),
      method: 'GET',
      headers: {},
      address: { address: '127.0.0.1', family: 4 },
      maxBodyBytes: 1024,
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.toString(), 'pinned ok');
    assert.equal(seenHost, `does-not-exist.invalid:${port}`);
    await assert.rejects(
      requestPinned({
        url: new URL(`http://x.invalid:${port}/`),
        method: 'GET',
        headers: {},
        address: { address: '127.0.0.1', family: 4 },
        maxBodyBytes: 3,
      }),
      /over 3 bytes/,
    );
  } finally {
    server.close();
  }
});
