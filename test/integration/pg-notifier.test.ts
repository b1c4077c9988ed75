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
import { waitUntil } from '../helpers/wait.js';

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

describe('PgNotifier keeps listening through database outages', { skip }, () => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let pool: pg.Pool;
  let notifier: PgNotifier;
  /** A LISTEN connection straight to the database: tells that a notification has gone out to every listener. */
  let control: pg.Client;
  /** Job ids the notifier reported, and notification payloads the control connection received. */
  const heard = new Set<string>();
  const sent = new Set<string>();

  before(async () => {
    proxy = await startProxy(new URL(TEST_PG_URL));
    // Sends go straight to the database; only the listening connection goes through the proxy.
    pool = new pg.Pool({ connectionString: TEST_PG_URL, max: 2 });
    notifier = new PgNotifier(proxy.url, pool, pino({ level: 'silent' }));
    await notifier.start();
    notifier.onJobChanged((id) => heard.add(id));
    control = new pg.Client({ connectionString: TEST_PG_URL });
    await control.connect();
    control.on('notification', (n) => sent.add(String(n.payload)));
    await control.query('LISTEN folio_jobs');
  });
  after(async () => {
    await control?.end();
    await notifier?.close();
    await pool?.end();
    await proxy?.close();
  });

  /** Sends a job wake-up from "another process" (straight to the database); resolves with the job id once the database has sent it out. */
  async function sendFromOutside(): Promise<string> {
    const jobId = `job_${Math.random().toString(36).slice(2)}`;
    await pool.query('select pg_notify($1, $2)', ['folio_jobs', `c:${jobId}`]);
    await waitUntil('the control connection to receive the notification', () => sent.has(`c:${jobId}`));
    return jobId;
  }

  test('hears other processes, loses them while cut off, hears them again once reconnected; cached keys are dropped on return', async () => {
    const first = await sendFromOutside();
    await waitUntil('a notification sent by another process to arrive', () => heard.has(first), { timeoutMs: 5000 });

    const revoked: string[] = [];
    const off = notifier.onKeyRevoked((keyId) => revoked.push(keyId));
    try {
      proxy.cutAndRefuse();
      const acceptedBefore = proxy.accepted;
      // Sent while the connection is down: the database has delivered it to its listeners (the control
      // connection heard it), and it must never reach the notifier, not even after the reconnect below.
      const lost = await sendFromOutside();
      assert.equal(heard.has(lost), false, 'nothing arrives while the connection is down');
      // Reconnect attempts fail (backoff 0.5 s, 1 s, ...): the chain must survive them and keep trying.
      await waitUntil(
        () => `two refused reconnect attempts (${proxy.refused} so far)`,
        () => proxy.refused >= 2,
        { timeoutMs: 8000 },
      );
      proxy.accept();
      await waitUntil('a new LISTEN connection', () => proxy.accepted > acceptedBefore, { timeoutMs: 8000 });
      await waitUntil('the key caches to be dropped', () => revoked.includes(ALL_KEYS), { timeoutMs: 5000 });
      const again = await sendFromOutside();
      await waitUntil('notifications to arrive again after the reconnect', () => heard.has(again), { timeoutMs: 5000 });
      // A connection delivers notifications in the order sent: had the notifier still been listening
      // during the cut, the earlier one would have come before this one.
      assert.equal(heard.has(lost), false, 'the notification sent while cut off never arrives');
    } finally {
      off();
    }
  });
});
