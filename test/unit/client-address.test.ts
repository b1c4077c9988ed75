import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressBucket } from '../../src/domain/client-address.js';

test('per-address limits count an IPv4 address, an IPv6 /64, and IPv4-mapped IPv6 as IPv4', () => {
  assert.equal(addressBucket('203.0.113.7'), '203.0.113.7');
  assert.equal(addressBucket('::ffff:203.0.113.7'), '203.0.113.7');
  assert.equal(addressBucket('2001:db8:1:2:aaaa:bbbb:cccc:dddd'), '2001:db8:1:2::/64');
  assert.equal(addressBucket('2001:db8:1:2::1'), '2001:db8:1:2::/64');
  assert.equal(addressBucket('2001:0db8:0001:0002::ffff'), '2001:db8:1:2::/64', 'leading zeros do not make another bucket');
  assert.equal(addressBucket('2001:db8::1'), '2001:db8:0:0::/64');
  assert.equal(addressBucket('::1'), '0:0:0:0::/64');
  assert.equal(addressBucket('fe80::1%eth0'), 'fe80:0:0:0::/64');
  assert.notEqual(addressBucket('2001:db8:1:2::1'), addressBucket('2001:db8:1:3::1'));
});
