// PgNotifier's LISTEN connection through outages: a TCP proxy in front of PostgreSQL cuts the listening
// connection and then refuses new ones for a while, as a restarting database or a flapping network does.
// The notifier must keep retrying through the refused attempts (a failed reconnect must not end the retry
// chain), listen again once the database is back, and drop every cached key on return, since revocations
// announced while it was away were never heard.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import pino from 'pino';
import { PgNotifier } from '../../src/notifier/pg-notifier.js';
import { ALL_KEYS } from '../../src/notifier/notifier.js';
import { engine, TEST_PG_URL } from '../helpers/engine.js';

const skip = engine !== 'postgres' && 'PostgreSQL only (FOLIO_TEST_ENGINE=postgres)';

/** A TCP proxy to PostgreSQL that can cut every connection and refuse new ones. */
async function startProxy(target: URL) {
  let refusing = false;
  let accepted = 0;
  let refused = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (refusing) {
      refused++;
      client.destroy();
      return;
    }
    accepted++;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    open.add(client);
    open.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(target.toString());
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    get accepted() {
      return accepted;
    },
    get refused() {
      return refused;
    },
    /** Cuts every open connection and refuses new ones until `accept()`. */
    cutAndRefuse() {
      refusing = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    accept() {
      refusing = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('PgNotifier keeps listening through database outages', { skip }, () => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let pool: pg.Pool;
  let notifier: PgNotifier;

  before(async () => {
    proxy = await startProxy(new URL(TEST_PG_URL));
    // Sends go straight to the database; only the listening connection goes through the proxy.
    pool = new pg.Pool({ connectionString: TEST_PG_URL, max: 2 });
    notifier = new PgNotifier(proxy.url, pool, pino({ level: 'silent' }));
    await notifier.start();
  });
  after(async () => {
    await notifier?.close();
    await pool?.end();
    await proxy?.close();
  });

  /** Sends a job wake-up from "another process" (straight to the database) and reports whether it arrives. */
  async function heardFromOutside(ms: number): Promise<boolean> {
    const jobId = `job_${Math.random().toString(36).slice(2)}`;
    let heard = false;
    const off = notifier.onJobChanged((id) => {
      if (id === jobId) heard = true;
    });
    try {
      await pool.query('select pg_notify($1, $2)', ['folio_jobs', `c:${jobId}`]);
      await until('the notification', () => heard, ms).catch(() => undefined);
      return heard;
    } finally {
      off();
    }
  }

  test('hears other processes, loses them while cut off, hears them again once reconnected; cached keys are dropped on return', async () => {
    assert.equal(await heardFromOutside(5000), true, 'a notification sent by another process arrives');

    const revoked: string[] = [];
    const off = notifier.onKeyRevoked((keyId) => revoked.push(keyId));
    try {
      proxy.cutAndRefuse();
      const acceptedBefore = proxy.accepted;
      assert.equal(await heardFromOutside(300), false, 'nothing arrives while the connection is down');
      // Reconnect attempts fail (backoff 0.5 s, 1 s, ...): the chain must survive them and keep trying.
      await until('two refused reconnect attempts', () => proxy.refused >= 2, 8000);
      proxy.accept();
      await until('a new LISTEN connection', () => proxy.accepted > acceptedBefore, 8000);
      await until('the key caches to be dropped', () => revoked.includes(ALL_KEYS), 5000);
      assert.equal(await heardFromOutside(5000), true, 'notifications arrive again after the reconnect');
    } finally {
      off();
    }
  });
});
