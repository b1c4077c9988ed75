// Limits that hold with several api processes: two real `folio api` processes on one database
// (PostgreSQL, and one SQLite file), a client spreading its requests over both as a round-robin balancer
// would. The per-key rate limit must hold within ±20 % of the configured rate (before: each process
// allowed the full rate, so 2×), and a revocation or plan change made by `folio` (its own process) must
// reach both. The processes cache a verified key for an hour here: a refusal can only come from the change.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { openDatabase, type OpenDatabase } from '../../src/db/database.js';
import { tempDir } from '../helpers/app.js';
import { createPgDatabase } from '../helpers/engine.js';
import { FOLIO_BIN, startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { waitUntil } from '../helpers/wait.js';

const run = promisify(execFile);
const KEY = 'folio_sk_multi000000000000000000000000000000000001';
const RATE = 20;
const BURST = 20;

for (const engine of ['postgres', 'sqlite'] as const) {
  describe(`two api processes on ${engine}`, () => {
    let db: Awaited<ReturnType<typeof createPgDatabase>> | null = null;
    let env: Record<string, string>;
    /** The test's own connection to the processes' database, to watch their heartbeat rows. */
    let meta: OpenDatabase;
    const procs: ServerProcess[] = [];

    before(async () => {
      const dir = tempDir();
      db = engine === 'postgres' ? await createPgDatabase() : null;
      env = {
        ...(db ? { FOLIO_DATABASE_URL: db.url, FOLIO_SECRETS_KEY: 'multi-test-secrets-key-0123456789abcdef01' } : {}),
        FOLIO_DATA_DIR: dir,
        FOLIO_STORAGE_URL: `file:${path.join(dir, 'blobs')}`,
        FOLIO_SIGNING_KEY: 'multi-test-signing-key-0123456789abcdef0123',
        FOLIO_BOOTSTRAP_API_KEY: KEY,
        FOLIO_DEFAULT_PLAN: 'pro', // the server-wide rate limit below
        FOLIO_RATE_LIMIT_PER_SECOND: String(RATE),
        FOLIO_RATE_LIMIT_BURST: String(BURST),
        FOLIO_PROCESS_HEARTBEAT_MS: '300',
        FOLIO_AUTH_CACHE_TTL_MS: '3600000',
      };
      await run(FOLIO_BIN, ['migrate'], { env: { ...process.env, ...env } });
      // One after the other: the first creates the bootstrap account.
      procs.push(await startServerProcess(env, 'api'));
      procs.push(await startServerProcess(env, 'api'));
      meta = openDatabase(db?.url ?? `sqlite:${path.join(dir, 'folio.db')}`);
    });
    after(async () => {
      await Promise.all(procs.map((p) => p.stop()));
      await meta?.close();
      await db?.drop();
    });

    const get = (i: number, key: string) =>
      fetch(`${procs[i % 2].url}/v1/deploys`, { headers: { authorization: `Bearer ${key}` } }).then(
        async (r) => (await r.arrayBuffer(), r.status),
      );
    const operator = (...args: string[]) => run(FOLIO_BIN, args, { env: { ...process.env, ...env, FOLIO_LOG_LEVEL: 'silent' } });

    async function newAccount(name: string, plan = 'pro'): Promise<{ id: string; key: string }> {
      const r = await operator('accounts', 'create', '--name', name, '--plan', plan);
      return { id: /account (\S+)/.exec(r.stdout)![1], key: /API key (\S+)/.exec(r.stdout)![1] };
    }

    test(`the per-key rate limit holds within ±20 % across both processes (${RATE}/s, burst ${BURST})`, async () => {
      // Both processes serve authenticated traffic and have counted each other: a heartbeat refreshes the
      // process's row, then counts the live rows, so one that started after both rows were there counted 2.
      await Promise.all([get(0, KEY), get(1, KEY)]);
      let rows: { id: string; heartbeat_at: number }[] = [];
      let bothSince = 0;
      await waitUntil(
        () => `a heartbeat of each process after both had registered (rows: ${JSON.stringify(rows)}, both since ${bothSince})`,
        async () => {
          rows = await meta.db.selectFrom('api_processes').select(['id', 'heartbeat_at']).execute();
          if (rows.length !== 2) return false;
          bothSince ||= Date.now();
          return rows.every((r) => Number(r.heartbeat_at) > bothSince);
        },
      );
      const { key } = await newAccount('rate');
      // 4 s at ~100 requests/s (5× the limit), alternating between the processes.
      const seconds = 4;
      // What is measured is a rate: the requests sent over a stretch of time, against the limit's allowance for
      // that stretch (from the first request sent to the last, not to the last answer, which a loaded machine
      // delays). The 10 ms between requests paces the load; it waits for nothing.
      const start = performance.now();
      let lastSent = start;
      const statuses: Promise<number>[] = [];
      for (let i = 0; lastSent - start < seconds * 1000; i++) {
        statuses.push(get(i, key));
        lastSent = performance.now();
        await new Promise((r) => setTimeout(r, 10));
      }
      const results = await Promise.all(statuses);
      const elapsed = (lastSent - start) / 1000;
      const ok = results.filter((s) => s === 200).length;
      const limited = results.filter((s) => s === 429).length;
      assert.equal(ok + limited, results.length, `only 200 and 429: ${[...new Set(results)]}`);
      const allowed = BURST + RATE * elapsed;
      console.log(
        `# ${engine}: ${results.length} requests in ${elapsed.toFixed(2)} s, ${ok} admitted, ${allowed.toFixed(0)} allowed (${((ok / allowed) * 100).toFixed(0)} %)`,
      );
      assert.ok(ok >= allowed * 0.8 && ok <= allowed * 1.2, `${ok} admitted, the limit allows ${allowed.toFixed(0)} (±20 %)`);
    });

    test('folio keys revoke and folio plans set reach both processes', async () => {
      const acct = await newAccount('changes');
      await Promise.all([get(0, acct.key), get(1, acct.key)]); // cached by both
      await operator('plans', 'set', '--account', acct.id, '--plan', 'free'); // free: 10/s, burst 20
      // free allows a burst of 20 in all: 30 requests at once must meet a 429 (pro allowed 20 + refill). The
      // processes' plan cache would also let go of the old plan on its own after 5 s: that the change signal
      // brings it is auth-changes.test.ts's to prove, on a clock that does not move; here, that it applies.
      const burstLimited = async () => (await Promise.all(Array.from({ length: 30 }, (_, i) => get(i, acct.key)))).includes(429);
      await waitUntil('the free plan to apply', burstLimited);
      const r = await operator('keys', 'list', '--account', acct.id);
      const keyId = r.stdout.split('\t')[0];
      await operator('keys', 'revoke', keyId);
      await Promise.all([
        waitUntil('process 1 to refuse the revoked key', async () => (await get(0, acct.key)) === 401),
        waitUntil('process 2 to refuse the revoked key', async () => (await get(1, acct.key)) === 401),
      ]);
    });
  });
}
