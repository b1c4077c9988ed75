import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import { BlobTooLargeError } from '../../src/blobs/blob-store.js';
import { FsBlobStore } from '../../src/blobs/fs-blob-store.js';
import { tempDir } from '../helpers/app.js';
import { sha256 } from '../helpers/bundle.js';

describe('filesystem blob store', () => {
  test('stage → publish is atomic; discard and oversize leave nothing behind', async () => {
    const root = tempDir();
    const store = new FsBlobStore(root);
    const body = Buffer.from('hello blobs');
    const staged = await store.stage(Readable.from([body.subarray(0, 5), body.subarray(5)]));
    assert.equal(staged.sha256, sha256(body));
    assert.equal(staged.size, body.length);
    assert.equal(await store.stat('x/y'), null, 'nothing visible before publish');
    await staged.publish('x/y');
    assert.deepEqual(await store.getBuffer('x/y'), body);
    const ranged = await store.get('x/y', { start: 6, end: 10 });
    let text = '';
    for await (const c of ranged) text += c;
    assert.equal(text, 'blobs');

    const discarded = await store.stage(Readable.from([Buffer.from('tmp')]));
    await discarded.discard();
    await assert.rejects(store.stage(Readable.from([Buffer.alloc(100)]), { maxBytes: 99 }), BlobTooLargeError);
    assert.deepEqual(fs.readdirSync(path.join(root, '.tmp')), []);

    const listed = [];
    for await (const o of store.list('x')) listed.push(o.key);
    assert.deepEqual(listed, ['x/y']);
    await store.delete('x/y');
    assert.equal(await store.stat('x/y'), null);
    await assert.rejects(store.get('../escape'), /invalid storage key/);
  });

  test('a body that fails before it is read rejects the put and leaves nothing behind (no uncaught error)', async () => {
    const root = tempDir();
    const store = new FsBlobStore(root);
    const body = new Readable({ read() {} });
    const putting = store.put('a/b', body);
    // Destroyed while the store is still opening its file: nobody reads the body yet.
    body.destroy(new Error('render canceled'));
    await assert.rejects(putting, /render canceled/);
    assert.equal(await store.stat('a/b'), null);
    assert.deepEqual(fs.readdirSync(path.join(root, '.tmp')), []);
  });

  test('a delete removes the folders it empties, up to (not including) the top-level one', async () => {
    const root = tempDir();
    const store = new FsBlobStore(root);
    await store.put('outputs/job_a/0/out_1.pdf', Buffer.from('a'));
    await store.put('outputs/job_a/1/out_2.pdf', Buffer.from('b'));
    await store.delete('outputs/job_a/0/out_1.pdf');
    assert.deepEqual(fs.readdirSync(path.join(root, 'outputs', 'job_a')), ['1'], 'the emptied attempt folder is gone');
    await store.delete('outputs/job_a/1/out_2.pdf');
    assert.deepEqual(fs.readdirSync(path.join(root, 'outputs')), [], 'the job folder went with its last file');
    await store.delete('outputs/job_a/1/out_2.pdf');
    // A folder removed meanwhile is made again by the next write into it.
    await store.put('outputs/job_a/1/out_3.pdf', Buffer.from('c'));
    assert.deepEqual(await store.getBuffer('outputs/job_a/1/out_3.pdf'), Buffer.from('c'));
  });

  test('a listing goes on past a file deleted while it runs (a job input deleted at its job’s end)', async () => {
    const store = new FsBlobStore(tempDir());
    await store.put('job-inputs/job_a/payload', Buffer.from('a'));
    await store.put('job-inputs/job_a/document', Buffer.from('b'));
    const listed: string[] = [];
    for await (const o of store.list('job-inputs/')) {
      listed.push(o.key);
      // The folder was read before the first answer: the other file is deleted between its readdir and stat.
      if (listed.length === 1) await store.delete(o.key.endsWith('payload') ? 'job-inputs/job_a/document' : 'job-inputs/job_a/payload');
    }
    assert.equal(listed.length, 1);
  });
});
