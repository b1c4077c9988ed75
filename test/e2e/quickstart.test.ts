// The README's quickstart, run as a new user would: a server process and examples/quickstart.sh.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, test } from 'node:test';
import { tempDir } from '../helpers/app.js';
import { pdfText } from '../helpers/pdf.js';
import { ROOT, startServerProcess } from '../helpers/server-process.js';

const run = promisify(execFile);

describe('README quickstart', () => {
  test('first start prints a key; the quickstart deploys a folder twice, sending nothing and committing nothing the second time', async () => {
    const dataDir = tempDir();
    const server = await startServerProcess({ FOLIO_DATA_DIR: dataDir });
    try {
      const key = /API key\s+(folio_sk_[A-Za-z0-9]+)/.exec(server.output())?.[1];
      assert.ok(key, `no key printed:\n${server.output()}`);
      const env = { ...process.env, FOLIO_API_URL: server.url, FOLIO_API_KEY: key };
      const script = path.join(ROOT, 'examples/quickstart.sh');
      const first = await run(script, [path.join(ROOT, 'examples/hello'), 'hello'], { env });
      const fileCount = fs.readdirSync(path.join(ROOT, 'examples/hello')).length;
      assert.match(first.stdout, new RegExp(`uploaded ${fileCount} new blob\\(s\\); version: v1-`));
      assert.match(first.stdout, /deploy commits this month: 1, stored bytes: \d+/);
      const second = await run(script, [path.join(ROOT, 'examples/hello'), 'hello'], { env });
      assert.match(second.stdout, /uploaded 0 new blob\(s\); version: v1-\w+ \(ver_\w+\) of deploy dep_\w+ \(unchanged;/);
      assert.match(second.stdout, /deploy commits this month: 1,/, 'an unchanged folder is not committed');
      // Asked to, it commits the same files: a new version, counted (every commit is).
      const forced = await run(script, [path.join(ROOT, 'examples/hello'), 'hello'], { env: { ...env, FOLIO_NEW_VERSION: '1' } });
      assert.match(forced.stdout, /uploaded 0 new blob\(s\); version: v2-/);
      assert.match(forced.stdout, /deploy commits this month: 2,/);
      // Deploy and render the invoice example as the README shows; the PDF lands where render.sh says.
      await run(script, [path.join(ROOT, 'examples/invoice'), 'invoice'], { env });
      const out = path.join(dataDir, 'invoice.pdf');
      const rendered = await run(
        path.join(ROOT, 'examples/render.sh'),
        ['invoice', path.join(ROOT, 'examples/invoice/sample-payload.json'), out],
        { env },
      );
      assert.match(rendered.stdout, /job job_\w+: succeeded \(\d+ pages, \d+ bytes\)/);
      assert.match(rendered.stdout, new RegExp(`PDF saved to ${out}`));
      const buyer = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples/invoice/sample-payload.json'), 'utf8'));
      assert.ok(pdfText(fs.readFileSync(out)).includes(buyer.buyer.name), 'the buyer from the payload is in the PDF');
      // The README's curl commands for health and usage.
      assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
      const usage = await fetch(`${server.url}/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(usage.status, 200);
    } finally {
      await server.stop();
    }
    // The key is printed once: a restart on the same data dir prints none.
    const restarted = await startServerProcess({ FOLIO_DATA_DIR: dataDir });
    try {
      assert.doesNotMatch(restarted.output(), /folio_sk_/);
    } finally {
      await restarted.stop();
    }
  });

  test('npm start is development mode: an http webhook to loopback is accepted and the banner says so; folio serve refuses it', async () => {
    const hook = { webhook: { enabled: true, url: 'http://127.0.0.1:3999/hooks' } };
    const key = 'folio_sk_quickstartDevMode0123456789abcdefXY';
    const dev = await startServerProcess({ FOLIO_DATA_DIR: tempDir(), FOLIO_BOOTSTRAP_API_KEY: key }, 'serve', 180_000, ROOT, [
      'bash',
      'scripts/start.sh',
    ]);
    try {
      assert.match(dev.output(), /Development mode: webhooks may use http:\/\/ and loopback or private hosts/);
      const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const deploy = await fetch(`${dev.url}/v1/deploys`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ slug: 'hooked', name: 'Hooked' }),
      });
      assert.equal(deploy.status, 201);
      const set = await fetch(`${dev.url}/v1/deploys/hooked/settings`, { method: 'PATCH', headers: auth, body: JSON.stringify(hook) });
      assert.equal(set.status, 200, await set.text());
    } finally {
      await dev.stop();
    }
    const prod = await startServerProcess({ FOLIO_DATA_DIR: tempDir(), FOLIO_BOOTSTRAP_API_KEY: key });
    try {
      assert.doesNotMatch(prod.output(), /Development mode/);
      const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      await fetch(`${prod.url}/v1/deploys`, { method: 'POST', headers: auth, body: JSON.stringify({ slug: 'hooked', name: 'Hooked' }) });
      const set = await fetch(`${prod.url}/v1/deploys/hooked/settings`, { method: 'PATCH', headers: auth, body: JSON.stringify(hook) });
      assert.equal(set.status, 400);
      assert.match(((await set.json()) as { message: string }).message, /must use https/);
    } finally {
      await prod.stop();
    }
  });
});
