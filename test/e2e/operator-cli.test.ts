// `bin/folio` operator commands against a real SQLite file, as an operator would run them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { tempDir } from '../helpers/app.js';
import { runFolio } from '../helpers/cli-run.js';
import { startServerProcess } from '../helpers/server-process.js';

/** This process's environment without any FOLIO_* setting of the developer's shell, plus `extra`. */
function bareEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { FOLIO_LOG_LEVEL: 'silent', ...extra };
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('FOLIO_') && !(k in e)) e[k] = v;
  return e;
}

/** In this process (helpers/cli-run.ts): the first migrate and --help are real `bin/folio` launches. */
const runIn = (cwd: string, env: NodeJS.ProcessEnv, ...args: string[]) => runFolio(args, { cwd, env });

describe('operator CLI', () => {
  const dir = tempDir();
  const env = bareEnv({ FOLIO_DATA_DIR: dir });
  const folio = (...args: string[]) => runFolio(args, { cwd: process.cwd(), env });
  const launch = (...args: string[]) => runFolio(args, { cwd: process.cwd(), env, process: true });

  test('migrate, accounts, keys, plans — and the keys work against the server', async () => {
    const first = await launch('migrate');
    assert.match(first.stdout, /applied: 001-foundation|up to date/);
    // Every operator command names the database and data dir it uses, on stderr.
    assert.match(first.stderr, new RegExp(`^folio: database sqlite:${dir}/folio\\.db, data dir ${dir}$`, 'm'));
    assert.match(first.stderr, /there is no Folio database at .*: creating it/, 'migrate creates the database, and says so');
    assert.match((await folio('migrate')).stdout, /up to date/);

    const created = await folio('accounts', 'create', '--name', 'Acme', '--plan', 'free');
    assert.equal(created.code, 0, created.stderr);
    const accountId = /account (acct_\w+)/.exec(created.stdout)![1];
    const apiKey = created.stdout.trim().split(/\s+/).pop()!;
    assert.match(apiKey, /^folio_sk_[A-Za-z0-9]{40}$/);

    const plans = await folio('plans', 'list');
    assert.match(plans.stdout, /^free\t/m);
    assert.match(plans.stdout, /^unlimited\t/m);
    assert.equal((await folio('plans', 'set', '--account', accountId, '--plan', 'pro')).code, 0);
    const badPlan = await folio('plans', 'set', '--account', accountId, '--plan', 'gold');
    assert.notEqual(badPlan.code, 0);
    assert.match(badPlan.stderr, /unknown plan "gold"/);

    const key2 = await folio('keys', 'create', '--account', accountId, '--scopes', 'deploys:read,usage:read');
    assert.equal(key2.code, 0, key2.stderr);
    const keyId = /key id\s+(key_\w+)/.exec(key2.stdout)![1];
    const scopedKey = key2.stdout.trim().split(/\s+/).pop()!;
    const badScope = await folio('keys', 'create', '--account', accountId, '--scopes', 'root');
    assert.equal(badScope.code, 2);
    assert.match(badScope.stderr, /unknown scope "root"/);

    // FOLIO_AUTH_CACHE_TTL_MS=0: a key revoked from another process stops working on the next request
    // (with the default cache it stops within the TTL; see docs/config.md).
    const server = await startServerProcess({ FOLIO_DATA_DIR: dir, FOLIO_AUTH_CACHE_TTL_MS: '0' });
    try {
      const usage = await fetch(`${server.url}/v1/usage`, { headers: { authorization: `Bearer ${apiKey}` } });
      assert.equal(usage.status, 200);
      assert.equal((await usage.json()).plan.key, 'pro', 'plans set took effect');
      const scoped = await fetch(`${server.url}/v1/deploys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${scopedKey}`, 'content-type': 'application/json' },
        body: '{"slug":"x","name":"x"}',
      });
      assert.equal(scoped.status, 403);
      assert.equal((await fetch(`${server.url}/v1/usage`, { headers: { authorization: `Bearer ${scopedKey}` } })).status, 200);
      assert.equal((await folio('keys', 'revoke', keyId)).code, 0);
      const revoked = await fetch(`${server.url}/v1/usage`, { headers: { authorization: `Bearer ${scopedKey}` } });
      assert.equal(revoked.status, 401);
    } finally {
      await server.stop();
    }

    const help = await launch('--help');
    assert.match(help.stdout, /folio accounts create --name N/);
    assert.match(help.stdout, /folio doctor \[--json\]/);
    assert.match(help.stdout, /--create/);
  });

  // The same refusal of other commands, and an unknown subcommand: test/unit/cli-arguments.test.ts.
  test('without a database, operator commands refuse with the fix (exit 2) and create nothing; --create and migrate create', async () => {
    // FOLIO_DATA_DIR unset: the data dir would be ./data under the current folder.
    const cwd = tempDir('folio-nodb-');
    try {
      for (const args of [['secrets', 'reveal']]) {
        const r = await runIn(cwd, bareEnv(), ...args);
        assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
        assert.match(
          r.stderr,
          new RegExp(`^folio: database sqlite:${cwd}/data/folio\\.db, data dir ${cwd}/data \\(FOLIO_DATA_DIR is not set`, 'm'),
        );
        assert.match(
          r.stderr,
          new RegExp(
            `error: there is no Folio database at ${cwd}/data/folio\\.db, and \`folio ${args.slice(0, 2).join(' ')}\` does not create one`,
          ),
        );
        assert.match(r.stderr, /fix: .*FOLIO_DATA_DIR=/);
        assert.match(r.stderr, /run `folio migrate` first, or repeat the command with --create/);
        assert.equal(r.stdout, '');
        assert.deepEqual(fs.readdirSync(cwd), [], `${args.join(' ')} created nothing`);
      }
      const created = await runIn(cwd, bareEnv(), 'accounts', 'create', '--name', 'Fresh', '--create');
      assert.equal(created.code, 0, created.stderr);
      assert.match(created.stderr, /creating it/);
      assert.ok(fs.existsSync(path.join(cwd, 'data/folio.db')), '--create made the database');
      assert.equal((await runIn(cwd, bareEnv(), 'accounts', 'list')).code, 0, 'and it is used from then on');
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });

  test('a PostgreSQL URL is named without its password', async () => {
    // Nothing listens on port 1: the command fails, after saying which database it tried.
    const cwd = tempDir('folio-pg-');
    try {
      const r = await runIn(cwd, bareEnv({ FOLIO_DATABASE_URL: 'postgres://folio:s3cret-pw@127.0.0.1:1/folio' }), 'plans', 'list');
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, /^folio: database postgres:\/\/folio:\*\*\*@127\.0\.0\.1:1\/folio, data dir /m);
      assert.match(r.stderr, /ECONNREFUSED/);
      assert.ok(!r.stderr.includes('s3cret-pw'), 'the password is never printed');
      assert.deepEqual(fs.readdirSync(cwd), []);
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });
});
