// A RenderRequest for one HTML page, as the worker would build it for a one-file bundle: for benches that
// drive the Renderer directly (bench/render.ts, bench/pdf-postprocess.ts).
import type { RenderRequest } from '../../src/render/types.js';

let seq = 0;

export function htmlRenderRequest(html: string, accountId = 'acct_bench'): RenderRequest {
  return {
    jobId: `job_${++seq}`,
    accountId,
    deployId: 'dep_bench',
    versionNo: 1,
    bundle: {
      key: `bench-${html.length}`,
      files: new Map([['/index.html', { body: Buffer.from(html), mime: 'text/html; charset=utf-8' }]]),
    },
    entryPath: '/index.html',
    payload: Buffer.from('{}'),
    payloadMime: 'application/json',
    env: { variables: {}, secrets: {} },
    pdf: {},
    timeoutMs: 60_000,
    allowExternalNetwork: false,
    maxOutputBytes: null,
  };
}
