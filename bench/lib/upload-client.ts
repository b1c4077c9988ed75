// The client side of a deploy, as the SDK/CLI does it: create a session → ask which blobs are missing →
// upload only those, a few at a time → commit. Every call is timed.
import type { BenchFile } from './bundle.js';
import { mapLimit, now } from './stats.js';

export interface DeployTiming {
  deployId: string;
  versionNo: number;
  treeHash: string;
  filesDeclared: number;
  blobsUploaded: number;
  bytesUploaded: number;
  alreadyPresent: number;
  totalMs: number;
  sessionMs: number;
  missingBlobsMs: number;
  /** Extra timed missing-blobs calls on the same session (same answer; for a median). */
  missingBlobsRepeatsMs: number[];
  uploadMs: number;
  commitMs: number;
}

export class HttpError extends Error {}

async function call(
  base: string,
  key: string,
  method: string,
  path: string,
  opts: { json?: unknown; body?: Buffer; token?: string } = {},
): Promise<any> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (opts.token) headers['x-upload-token'] = opts.token;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.body) {
    headers['content-type'] = 'application/octet-stream';
    body = opts.body as unknown as BodyInit; // a Buffer is a Uint8Array; the DOM typings want ArrayBuffer-backed views
  }
  const res = await fetch(base + path, { method, headers, body });
  const text = await res.text();
  if (!res.ok) throw new HttpError(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

export async function deployBundle(input: {
  baseUrl: string;
  key: string;
  files: BenchFile[];
  target: { deployId: string } | { createDeploy: { slug: string; name: string } };
  concurrency?: number;
  missingBlobsRepeats?: number;
}): Promise<DeployTiming> {
  const { baseUrl, key, files } = input;
  const descriptors = files.map((f) => ({ path: f.path, sha256: f.sha256, size: f.content.length }));
  const t0 = now();
  const created = await call(baseUrl, key, 'POST', '/v1/upload-sessions', { json: { ...input.target, files: descriptors } });
  const t1 = now();
  const sid: string = created.uploadSession.id;
  const token: string = created.uploadToken;

  const missing = await call(baseUrl, key, 'POST', `/v1/upload-sessions/${sid}/missing-blobs`, { json: { files: descriptors }, token });
  const t2 = now();
  const repeats: number[] = [];
  for (let i = 0; i < (input.missingBlobsRepeats ?? 0); i++) {
    const s = now();
    await call(baseUrl, key, 'POST', `/v1/upload-sessions/${sid}/missing-blobs`, { json: { files: descriptors }, token });
    repeats.push(now() - s);
  }

  const wanted = new Set<string>(missing.missingBlobs.map((m: { sha256: string }) => m.sha256));
  const byHash = new Map<string, BenchFile>();
  for (const f of files) if (wanted.has(f.sha256)) byHash.set(f.sha256, f);
  const t3 = now();
  const puts = await mapLimit(
    [...byHash.values()],
    input.concurrency ?? 8,
    (f) =>
      call(baseUrl, key, 'PUT', `/v1/upload-sessions/${sid}/blobs/${f.sha256}`, { body: f.content, token }) as Promise<{
        alreadyPresent: boolean;
      }>,
  );
  const t4 = now();

  const committed = await call(baseUrl, key, 'POST', `/v1/upload-sessions/${sid}/commit`, {
    json: {
      entries: files.map((f) => ({ path: f.path, blobHash: f.sha256, size: f.content.length })),
      render: { route: '/', title: 'Bench' },
    },
    token,
  });
  const t5 = now();
  const v = committed.deployVersion;
  return {
    deployId: v.deployId,
    versionNo: v.versionNo,
    treeHash: v.treeHash,
    filesDeclared: files.length,
    blobsUploaded: byHash.size,
    bytesUploaded: [...byHash.values()].reduce((n, f) => n + f.content.length, 0),
    alreadyPresent: puts.filter((p) => p.alreadyPresent).length,
    // Wall time of the deploy as a client sees it (the repeated missing-blobs calls are left out).
    totalMs: t5 - t0 - repeats.reduce((a, b) => a + b, 0),
    sessionMs: t1 - t0,
    missingBlobsMs: t2 - t1,
    missingBlobsRepeatsMs: repeats,
    uploadMs: t4 - t3,
    commitMs: t5 - t4,
  };
}
