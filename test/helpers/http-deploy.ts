// A deploy through the upload API of a server running as its own process (over HTTP, as a client does):
// session, blob uploads, commit. Throws with the status and body of the first step that fails.
import { descriptors, entries, sha256, type BundleFile } from './bundle.js';
import type { Client } from './http-client.js';

export async function deployOverHttp(
  api: Client,
  slug: string,
  files: BundleFile[],
  opts: { name?: string; metadata?: Record<string, unknown>; render?: Record<string, unknown> } = {},
): Promise<{ deployId: string; version: { id: string; displayId: string; versionNo: number } & Record<string, unknown> }> {
  const name = opts.name ?? slug;
  const step = (what: string, r: { status: number; body: unknown }, want: number) => {
    if (r.status !== want) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  };
  const s = await api.request('POST', '/v1/upload-sessions', { json: { createDeploy: { slug, name }, files: descriptors(files) } });
  step('upload session', s, 201);
  const tok = { 'x-upload-token': s.body.uploadToken as string };
  const id = s.body.uploadSession.id as string;
  for (const f of files)
    step(
      `upload of ${f.path}`,
      await api.request('PUT', `/v1/upload-sessions/${id}/blobs/${sha256(f.content)}`, { body: f.content, headers: tok }),
      200,
    );
  const c = await api.request('POST', `/v1/upload-sessions/${id}/commit`, {
    json: {
      entries: entries(files),
      render: { route: '/', title: name, ...opts.render, ...(opts.metadata ? { metadata: opts.metadata } : {}) },
    },
    headers: tok,
  });
  step('commit', c, 201);
  return { deployId: c.body.deployVersion.deployId, version: c.body.deployVersion };
}
