import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Kysely } from 'kysely';
import { openDatabase, type OpenDatabase } from '../../src/db/database.js';
import { precompiled } from '../../src/db/precompiled.js';

interface T {
  items: { id: string; owner: string; n: number };
}

describe('precompiled queries', () => {
  let database: OpenDatabase;
  let db: Kysely<T>;
  before(async () => {
    database = openDatabase('sqlite::memory:');
    db = database.db as unknown as Kysely<T>;
    await db.schema
      .createTable('items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner', 'text')
      .addColumn('n', 'integer')
      .execute();
    await db
      .insertInto('items')
      .values([
        { id: 'a', owner: 'x', n: 1 },
        { id: 'b', owner: 'y', n: 2 },
        { id: 'c', owner: 'x', n: 3 },
      ])
      .execute();
  });
  after(() => database.close());

  test('binds each call’s values in place of the stand-ins, keeping constant parameters', async () => {
    const q = precompiled(['owner', 'above'], (k: Kysely<T>, p) =>
      k.selectFrom('items').select(['id', 'n']).where('owner', '=', p.owner).where('id', '>', p.above).orderBy('id').limit(5),
    );
    assert.deepEqual(await q(db, { owner: 'x', above: '' }), [
      { id: 'a', n: 1 },
      { id: 'c', n: 3 },
    ]);
    assert.deepEqual(await q(db, { owner: 'x', above: 'a' }), [{ id: 'c', n: 3 }]);
    assert.deepEqual(await q(db, { owner: 'y', above: '' }), [{ id: 'b', n: 2 }]);
    assert.deepEqual(await q(db, { owner: 'z', above: '' }), []);
  });

  test('refuses a parameter that is bound twice or not at all', async () => {
    const twice = precompiled(['owner'], (k: Kysely<T>, p) =>
      k.selectFrom('items').select('id').where('owner', '=', p.owner).where('id', '=', p.owner),
    );
    await assert.rejects(twice(db, { owner: 'x' }), /"owner" is bound 2 times/);
    const unused = precompiled(['owner', 'id'], (k: Kysely<T>, p) => k.selectFrom('items').select('id').where('owner', '=', p.owner));
    await assert.rejects(unused(db, { owner: 'x', id: 'a' }), /"id" is bound 0 times/);
  });
});
