import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import { createHttpApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/load.js';
import { createLogger } from '../../src/observability/logger.js';
import { tempDir } from '../helpers/app.js';

/** An api-role app whose log lines are collected; `seen` records each request's logger. */
async function appAt(level: string) {
  const dataDir = tempDir();
  let out = '';
  const sink = new Writable({ write: (c, _e, cb) => ((out += c), cb()) });
  const app = await createHttpApp({
    config: loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_LOG_LEVEL: level }),
    role: 'api',
    logger: createLogger(level, sink as never),
  });
  const seen: unknown[] = [];
  app.server.addHook('onRequest', async (req) => void seen.push(req.log));
  return {
    app,
    seen,
    lines: () =>
      out
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    close: async () => (await app.close(), fs.rmSync(dataDir, { recursive: true, force: true })),
  };
}

describe('per-request logger', () => {
  test('at info every request line carries the request id that the x-request-id header shows', async () => {
    const t = await appAt('info');
    try {
      const res = await t.app.server.inject({ method: 'GET', url: '/healthz' });
      await new Promise((r) => setImmediate(r));
      const mine = t.lines().filter((l) => l.reqId === res.headers['x-request-id']);
      assert.deepEqual(
        mine.map((l) => l.msg),
        ['incoming request', 'request completed'],
      );
      assert.notEqual(t.seen[0], t.app.server.log, 'a child logger bound to the request');
    } finally {
      await t.close();
    }
  });

  test('at silent no child logger is made (it could never write), and nothing is written', async () => {
    const t = await appAt('silent');
    try {
      const res = await t.app.server.inject({ method: 'GET', url: '/v1/nope' });
      assert.equal(res.statusCode, 404);
      assert.match(String(res.headers['x-request-id']), /^[0-9a-f-]{36}$/);
      assert.equal(t.seen[0], t.app.server.log);
      assert.deepEqual(t.lines(), []);
    } finally {
      await t.close();
    }
  });
});
