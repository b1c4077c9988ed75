// docs/sdk.md promises runnable examples: every ```ts block (except ```ts norun) is run as a program, in
// order, against a real server (in-process app on a real port, worker rendering in Chromium), with
// FOLIO_API_URL and FOLIO_API_KEY set as the page says.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const blocks = [...fs.readFileSync(path.join(ROOT, 'docs/sdk.md'), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);

describe('docs/sdk.md examples run', () => {
  let app: TestApp;
  let baseUrl: string;
  const work = tempDir('folio-sdk-docs-');

  before(async () => {
    app = await createTestApp();
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    app.config.resolved.publicUrl = baseUrl;
    app.startBackground();
  });
  after(async () => {
    await app.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('the page has examples for the client, errors, pagination, deployDirectory and renderAndWait', () => {
    assert.ok(blocks.length >= 5, `${blocks.length} runnable blocks`);
    for (const name of ['createClient', 'FolioApiError', 'iterate', 'deployDirectory', 'renderAndWait', 'download'])
      assert.ok(
        blocks.some((b) => b.includes(name)),
        name,
      );
  });

  test('each example exits 0', async () => {
    const sdk = path.join(ROOT, 'src/sdk/index.ts');
    for (const [i, block] of blocks.entries()) {
      const file = path.join(work, `example-${i}.mts`);
      fs.writeFileSync(file, block.replaceAll("from '@folio/sdk'", `from ${JSON.stringify(sdk)}`));
      const r = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/esm/index.mjs')).href, file],
          { cwd: work, env: { ...process.env, FOLIO_API_URL: baseUrl, FOLIO_API_KEY: app.key }, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('close', (code) => resolve({ code, out }));
      });
      assert.equal(r.code, 0, `example ${i}:\n${block}\n--- output:\n${r.out}`);
      if (block.includes('deploys.create')) assert.match(r.out, /400 invalid_request slug/);
      if (block.includes('deployDirectory')) assert.match(r.out, /1 files, 1 new blobs, \d+ bytes sent, version v1/);
      if (block.includes('renderAndWait')) assert.match(r.out, /wrote .*greeting\.pdf/);
    }
    assert.equal(fs.readFileSync(path.join(work, 'greeting.pdf')).subarray(0, 5).toString(), '%PDF-');
  });
});
