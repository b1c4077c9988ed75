// The full upload flow over real HTTP against `bin/folio serve` started as a child process.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { descriptors, entries, file, sampleBundle, sha256 } from '../helpers/bundle.js';
import { client, type Client } from '../helpers/http-client.js';
import { tempDir } from '../helpers/app.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const KEY = 'folio_sk_flow000000000000000000000000000000000001';

describe('upload flow over HTTP (server process)', () => {
  let server: ServerProcess;
  let api: Client;
  let dataDir: string;

  before(async () => {
    dataDir = tempDir();
    server = await startServerProcess({ FOLIO_DATA_DIR: dataDir, FOLIO_BOOTSTRAP_API_KEY: KEY });
    api = client(server.url, KEY);
  });
  after(async () => {
    await server.stop();
  });

  async function session(
    files: ReturnType<typeof sampleBundle>,
    target: { deployId?: string; createDeploy?: { slug: string; name: string } },
  ) {
    const r = await api.request('POST', '/v1/upload-sessions', { json: { ...target, files: descriptors(files) } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return {
      id: r.body.uploadSession.id as string,
      token: r.body.uploadToken as string,
      deployId: r.body.uploadSession.deployId as string,
      body: r.body,
    };
  }

  test('3-file bundle, then a second session of the same files sends nothing and commits v2 with the same treeHash', async () => {
    const files = sampleBundle('flow');
    const s1 = await session(files, { createDeploy: { slug: 'flow', name: 'Flow' } });
    assert.equal(s1.body.uploadSession.status, 'open');
    assert.equal(s1.body.uploadSession.requestedFileCount, 3);
    assert.equal(
      s1.body.uploadSession.requestedBytes,
      files.reduce((n, f) => n + f.content.length, 0),
    );
    assert.equal(s1.body.uploadSession.expiresAt - s1.body.uploadSession.createdAt, 3600_000);
    assert.match(s1.token, /^folio_ut_/);

    const missing1 = await api.request('POST', `/v1/upload-sessions/${s1.id}/missing-blobs`, {
      json: { files: descriptors(files) },
      headers: { 'x-upload-token': s1.token },
    });
    assert.equal(missing1.status, 200);
    assert.deepEqual(
      new Set(missing1.body.missingBlobs.map((m: { sha256: string }) => m.sha256)),
      new Set(files.map((f) => sha256(f.content))),
    );

    for (const f of files) {
      const put = await api.request('PUT', `/v1/upload-sessions/${s1.id}/blobs/${sha256(f.content)}`, {
        body: f.content,
        headers: { 'x-upload-token': s1.token },
      });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      assert.equal(put.body.alreadyPresent, false);
      assert.equal(put.body.blob.size, f.content.length);
      assert.equal(put.body.blob.sha256, sha256(f.content));
    }
    const c1 = await api.request('POST', `/v1/upload-sessions/${s1.id}/commit`, {
      json: { entries: entries(files), render: { route: '/', title: 'Flow' } },
      headers: { 'x-upload-token': s1.token },
    });
    assert.equal(c1.status, 201, JSON.stringify(c1.body));
    const v1 = c1.body.deployVersion;
    assert.equal(v1.versionNo, 1);
    assert.equal(v1.status, 'ready');
    assert.equal(v1.displayId, `v1-${v1.treeHash.slice(0, 7)}`);

    const s2 = await session(files, { deployId: s1.deployId });
    const missing2 = await api.request('POST', `/v1/upload-sessions/${s2.id}/missing-blobs`, {
      json: { files: descriptors(files) },
      headers: { 'x-upload-token': s2.token },
    });
    assert.deepEqual(missing2.body.missingBlobs, []);
    const c2 = await api.request('POST', `/v1/upload-sessions/${s2.id}/commit`, {
      json: { entries: entries(files), render: { route: '/', title: 'Flow' } },
      headers: { 'x-upload-token': s2.token },
    });
    // The same files and settings as the latest version: every commit is a new version all the same.
    assert.equal(c2.status, 201);
    assert.equal(c2.body.deployVersion.versionNo, 2);
    assert.equal(c2.body.deployVersion.treeHash, v1.treeHash);

    // committed session → 409
    const again = await api.request('POST', `/v1/upload-sessions/${s2.id}/commit`, {
      json: { entries: entries(files), render: { route: '/', title: 'Flow' } },
      headers: { 'x-upload-token': s2.token },
    });
    assert.equal(again.status, 409);
    assert.equal(again.body.error, 'upload_session_committed');

    const deploy = await api.request('GET', `/v1/deploys/${s1.deployId}`);
    assert.equal(deploy.body.latestVersion.versionNo, 2);
  });

  test('tampered bytes → 400 and the blob stays missing; undeclared hash → 409; wrong token → 401; ../ path → 400', async () => {
    const good = file('page.html', '<p>genuine</p>');
    const s = await session([good], { createDeploy: { slug: 'tamper', name: 'Tamper' } });
    const tampered = await api.request('PUT', `/v1/upload-sessions/${s.id}/blobs/${sha256(good.content)}`, {
      body: Buffer.from('<p>forged!</p>'),
      headers: { 'x-upload-token': s.token },
    });
    assert.equal(tampered.status, 400);
    assert.equal(tampered.body.error, 'blob_hash_mismatch');
    const missing = await api.request('POST', `/v1/upload-sessions/${s.id}/missing-blobs`, {
      json: { files: descriptors([good]) },
      headers: { 'x-upload-token': s.token },
    });
    assert.deepEqual(missing.body.missingBlobs, [{ sha256: sha256(good.content) }]);

    const other = Buffer.from('not declared');
    const undeclared = await api.request('PUT', `/v1/upload-sessions/${s.id}/blobs/${sha256(other)}`, {
      body: other,
      headers: { 'x-upload-token': s.token },
    });
    assert.equal(undeclared.status, 409);
    assert.equal(undeclared.body.error, 'blob_not_in_session');

    const wrongToken = await api.request('PUT', `/v1/upload-sessions/${s.id}/blobs/${sha256(good.content)}`, {
      body: good.content,
      headers: { 'x-upload-token': 'folio_ut_wrong' },
    });
    assert.equal(wrongToken.status, 401);
    assert.equal(wrongToken.body.error, 'upload_token_invalid');
    const noToken = await api.request('POST', `/v1/upload-sessions/${s.id}/missing-blobs`, { json: { files: [] } });
    assert.equal(noToken.status, 401);

    const badPath = await api.request('POST', '/v1/upload-sessions', {
      json: { deployId: s.deployId, files: [{ path: '../etc/passwd', sha256: sha256('x'), size: 1 }] },
    });
    assert.equal(badPath.status, 400);
    assert.equal(badPath.body.error, 'invalid_path');
    const badCommitPath = await api.request('POST', `/v1/upload-sessions/${s.id}/commit`, {
      json: {
        entries: [{ path: 'a/../../b.html', blobHash: sha256(good.content), size: good.content.length }],
        render: { route: '/b.html', title: 'x' },
      },
      headers: { 'x-upload-token': s.token },
    });
    assert.equal(badCommitPath.status, 400);
    assert.equal(badCommitPath.body.error, 'invalid_path');

    // The genuine bytes still upload fine afterwards, and a repeat is alreadyPresent.
    const ok = await api.request('PUT', `/v1/upload-sessions/${s.id}/blobs/${sha256(good.content)}`, {
      body: good.content,
      headers: { 'x-upload-token': s.token },
    });
    assert.equal(ok.status, 200);
    const repeat = await api.request('PUT', `/v1/upload-sessions/${s.id}/blobs/${sha256(good.content)}`, {
      body: good.content,
      headers: { 'x-upload-token': s.token },
    });
    assert.equal(repeat.body.alreadyPresent, true);
  });

  test('a declared blob sent as text/plain → 415; a wrong token (401) or an undeclared hash (409) is answered first', async () => {
    const page = file('typed.html', '<p>raw bytes only</p>');
    const s = await session([page], { createDeploy: { slug: 'typed', name: 'Typed' } });
    const putAsText = (hash: string, token: string) =>
      api.request('PUT', `/v1/upload-sessions/${s.id}/blobs/${hash}`, {
        body: page.content,
        headers: { 'x-upload-token': token, 'content-type': 'text/plain; charset=utf-8' },
      });

    const asText = await putAsText(sha256(page.content), s.token);
    assert.equal(asText.status, 415);
    assert.deepEqual(asText.body, {
      error: 'unsupported_media_type',
      message: 'send the raw file bytes with Content-Type: application/octet-stream',
    });
    const wrongToken = await putAsText(sha256(page.content), 'folio_ut_wrong');
    assert.equal(wrongToken.status, 401);
    assert.equal(wrongToken.body.error, 'upload_token_invalid');
    const undeclared = await putAsText(sha256('never declared'), s.token);
    assert.equal(undeclared.status, 409);
    assert.equal(undeclared.body.error, 'blob_not_in_session');

    // Nothing was stored; the same bytes as application/octet-stream are accepted.
    const missing = await api.request('POST', `/v1/upload-sessions/${s.id}/missing-blobs`, {
      json: { files: descriptors([page]) },
      headers: { 'x-upload-token': s.token },
    });
    assert.deepEqual(missing.body.missingBlobs, [{ sha256: sha256(page.content) }]);
    const raw = await api.request('PUT', `/v1/upload-sessions/${s.id}/blobs/${sha256(page.content)}`, {
      body: page.content,
      headers: { 'x-upload-token': s.token, 'content-type': 'Application/Octet-Stream; x=1' },
    });
    assert.equal(raw.status, 200, JSON.stringify(raw.body));
    assert.equal(raw.body.alreadyPresent, false);
  });

  test('a blob over 10 MiB is stopped with 400 upload_blob_too_large and leaves nothing behind', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 7);
    const s = await session([file('ok.html', 'ok')], { createDeploy: { slug: 'big', name: 'Big' } });
    const declaredBig = await api.request('POST', '/v1/upload-sessions', {
      json: { deployId: s.deployId, files: [{ path: 'big.bin', sha256: sha256(big), size: big.length }] },
    });
    assert.equal(declaredBig.status, 400);
    assert.equal(declaredBig.body.error, 'upload_blob_too_large');

    // Declared small, streamed big: the server stops reading past 10 MiB and removes the partial file.
    const liar = await session([{ path: 'liar.bin', content: big.subarray(0, 100) }], { deployId: s.deployId });
    const streamed = await api.request('PUT', `/v1/upload-sessions/${liar.id}/blobs/${sha256(big.subarray(0, 100))}`, {
      body: big,
      headers: { 'x-upload-token': liar.token },
    });
    assert.equal(streamed.status, 400);
    assert.equal(streamed.body.error, 'upload_blob_too_large');
    assert.deepEqual(fs.readdirSync(path.join(dataDir, 'blobs', '.tmp')), []);
    assert.equal(fs.existsSync(path.join(dataDir, 'blobs', 'blobs', sha256(big.subarray(0, 100)).slice(0, 2))), false);
  });
});
