// A deploy through the upload API of a server running as its own process (over HTTP, as a client does):
// session, blob uploads, commit. Returns the deploy id.
import { descriptors, entries, sha256, type BundleFile } from './bundle.js';
import { client } from './http-client.js';

export async function deployOverHttp(baseUrl: string, key: string, slug: string, files: BundleFile[]): Promise<string> {
  const api = client(baseUrl, key);
  const s = await api.request('POST', '/v1/upload-sessions', { json: { createDeploy: { slug, name: slug }, files: descriptors(files) } });
  if (s.status !== 201) throw new Error(`upload session: ${s.status} ${JSON.stringify(s.body)}`);
  const tok = { 'x-upload-token': s.body.uploadToken };
  for (const f of files)
    await api.request('PUT', `/v1/upload-sessions/${s.body.uploadSession.id}/blobs/${sha256(f.content)}`, {
      body: f.content,
      headers: tok,
    });
  const c = await api.request('POST', `/v1/upload-sessions/${s.body.uploadSession.id}/commit`, {
    json: { entries: entries(files), render: { route: '/', title: slug } },
    headers: tok,
  });
  if (c.status !== 201) throw new Error(`commit: ${c.status} ${JSON.stringify(c.body)}`);
  return c.body.deployVersion.deployId;
}
