import assert from 'node:assert/strict';
import type { TestApp } from './app.js';
import { descriptors, entries, sha256, type BundleFile } from './bundle.js';

/** Runs session → missing-blobs → upload → commit through inject(); returns the version. */
export async function deployFiles(
  app: TestApp,
  target: { deployId?: string; createDeploy?: { slug: string; name: string } },
  files: BundleFile[],
  render: Record<string, unknown> = { route: '/', title: 'Test' },
  headers: Record<string, string> = {},
) {
  const s = await app.api('POST', '/v1/upload-sessions', { ...target, files: descriptors(files) }, headers);
  assert.equal(s.status, 201, JSON.stringify(s.body));
  const tok = { ...headers, 'x-upload-token': s.body.uploadToken };
  const id = s.body.uploadSession.id;
  const missing = await app.api('POST', `/v1/upload-sessions/${id}/missing-blobs`, { files: descriptors(files) }, tok);
  assert.equal(missing.status, 200, JSON.stringify(missing.body));
  const need = new Set(missing.body.missingBlobs.map((m: { sha256: string }) => m.sha256));
  for (const f of files) {
    if (!need.has(sha256(f.content))) continue;
    const put = await app.server.inject({
      method: 'PUT',
      url: `/v1/upload-sessions/${id}/blobs/${sha256(f.content)}`,
      headers: {
        authorization: headers.authorization ?? `Bearer ${app.key}`,
        'x-upload-token': s.body.uploadToken,
        'content-type': 'application/octet-stream',
      },
      payload: f.content,
    });
    assert.equal(put.statusCode, 200, put.body);
    need.delete(sha256(f.content));
  }
  const c = await app.api('POST', `/v1/upload-sessions/${id}/commit`, { entries: entries(files), render }, tok);
  return {
    status: c.status,
    body: c.body,
    deployId: s.body.uploadSession.deployId as string,
    version: c.body.deployVersion,
    uploadedMissing: missing.body.missingBlobs.length,
  };
}
