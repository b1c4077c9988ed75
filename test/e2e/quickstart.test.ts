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
  test('first start prints a key; the quickstart deploys a folder twice, sending nothing the second time', async () => {
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
      assert.match(second.stdout, /uploaded 0 new blob\(s\); version: v2-/);
      assert.match(second.stdout, /deploy commits this month: 2/);
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
});
