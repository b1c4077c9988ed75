// The byte budgets of internet fetches (src/net/fetch-budget.ts): one resource (decoded and as sent), one
// job's fetches together, and the bytes the fetches of all jobs hold at once. A refused count takes nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FetchPool, JobFetchBudget, shownBytes, type FetchLimit } from '../../src/net/fetch-budget.js';
import { isNetError } from '../../src/net/net-error.js';

const KiB = 1024;

const refused = (limit: FetchLimit, message: RegExp) => (err: unknown) =>
  isNetError(err, 'fetch_budget') && err.limit === limit && message.test(err.message);

test('one resource: its decoded bytes and its bytes as sent each stop at the limit, naming it', () => {
  const pool = new FetchPool(1024 * KiB);
  const job = new JobFetchBudget({ resourceBytes: 16 * KiB, jobBytes: 64 * KiB }, pool);
  const a = job.meter();
  a.decoded(10 * KiB);
  a.decoded(6 * KiB);
  assert.throws(() => a.decoded(1), refused('resource', /^over the 16 KiB limit of one fetched resource$/));
  assert.equal(a.decodedBytes, 16 * KiB, 'the refused byte is not counted');
  assert.equal(job.used, 16 * KiB);
  assert.equal(pool.held, 16 * KiB);

  const b = job.meter();
  b.wire(16 * KiB);
  assert.throws(() => b.wire(1), refused('resource', /16 KiB limit of one fetched resource/));
  assert.equal(job.used, 16 * KiB, 'bytes as sent are not the job budget');
});

test("one job's fetches share its budget; what a refused fetch took stays taken", () => {
  const pool = new FetchPool(1024 * KiB);
  const job = new JobFetchBudget({ resourceBytes: 40 * KiB, jobBytes: 64 * KiB }, pool);
  const a = job.meter();
  const b = job.meter();
  a.decoded(30 * KiB);
  b.decoded(30 * KiB);
  assert.throws(() => a.decoded(5 * KiB), refused('job', /^over the 64 KiB budget of fetched resources for one job$/));
  assert.equal(job.used, 60 * KiB);
  assert.equal(pool.held, 60 * KiB, 'the refused chunk is not held');
  a.release();
  b.release();
  assert.equal(pool.held, 0);
  assert.equal(job.used, 60 * KiB, 'released bytes were fetched: the job keeps them counted');
  const c = job.meter();
  c.decoded(4 * KiB);
  assert.throws(() => c.decoded(1 * KiB), refused('job', /64 KiB budget/));
});

test('the pool bounds what the fetches of all jobs hold at once, and is given back on release', () => {
  const pool = new FetchPool(100 * KiB);
  const limits = { resourceBytes: 64 * KiB, jobBytes: 64 * KiB };
  const one = new JobFetchBudget(limits, pool).meter();
  const other = new JobFetchBudget(limits, pool).meter();
  one.decoded(60 * KiB);
  other.decoded(40 * KiB);
  assert.equal(pool.held, 100 * KiB);
  assert.throws(
    () => other.decoded(1),
    refused('process', /^over the 100 KiB that Folio's fetches of all jobs may hold at once; try again later$/),
  );
  one.release();
  one.release();
  assert.equal(pool.held, 40 * KiB, 'release is idempotent');
  other.decoded(20 * KiB);
  assert.equal(pool.held, 60 * KiB);
  assert.throws(() => one.decoded(1), /released/, 'a released meter counts nothing more');
});

test('a job over its budget gives the pool back the bytes it was refused', () => {
  const pool = new FetchPool(1024 * KiB);
  const job = new JobFetchBudget({ resourceBytes: 64 * KiB, jobBytes: 32 * KiB }, pool);
  const m = job.meter();
  m.decoded(30 * KiB);
  assert.throws(() => m.decoded(4 * KiB), refused('job', /32 KiB budget/));
  assert.equal(pool.held, 30 * KiB);
});

test('atLeast counts a body its fetch did not count as it read', () => {
  const pool = new FetchPool(1024 * KiB);
  const job = new JobFetchBudget({ resourceBytes: 16 * KiB, jobBytes: 64 * KiB }, pool);
  const m = job.meter();
  m.decoded(4 * KiB);
  m.atLeast(10 * KiB);
  assert.equal(m.decodedBytes, 10 * KiB);
  m.atLeast(2 * KiB);
  assert.equal(m.decodedBytes, 10 * KiB, 'bytes already counted are not counted twice');
  assert.throws(() => job.meter().atLeast(17 * KiB), refused('resource', /16 KiB/));
});

test('byte counts read as people write them', () => {
  assert.equal(shownBytes(64 * 1024 * 1024), '64 MiB');
  assert.equal(shownBytes(1.5 * 1024 * 1024), '1.5 MiB');
  assert.equal(shownBytes(16 * KiB), '16 KiB');
  assert.equal(shownBytes(1000), '1000 bytes');
});
