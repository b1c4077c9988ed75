// compose.yaml as a Compose implementation reads it: podman-compose (Debian's) resolves the anchors, merges
// and ${…} variables and prints the `podman create` commands it would run (--dry-run). Every Folio
// container gets only settings of src/config/schema.ts, fully substituted, that the config accepts; the
// workers get the seccomp setting docs/operations.md documents; the required keys are required.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, describe, test } from 'node:test';
import { loadConfig } from '../../src/config/load.js';
import { checkEnvName, VALID_KEY } from '../helpers/deploy-checks.js';
import { tempDir } from '../helpers/app.js';
import { ROOT } from '../helpers/server-process.js';
import { podman } from './podman.js';

const exec = promisify(execFile);
const PROJECT = `folio-compose-${process.pid}`;

// A folder of its own, so that no .env of the checkout's is read.
const dir = tempDir('folio-compose-');
fs.copyFileSync(path.join(ROOT, 'compose.yaml'), path.join(dir, 'compose.yaml'));

/** `podman-compose --dry-run up`: what it would create, without starting anything. */
async function dryRun(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const keep = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('FOLIO_')));
  try {
    const r = await exec('podman-compose', ['--dry-run', '-f', 'compose.yaml', '-p', PROJECT, 'up', '--no-build'], {
      cwd: dir,
      env: { ...keep, ...env },
      maxBuffer: 16 << 20,
    });
    return { code: 0, output: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('compose.yaml through podman-compose', () => {
  // Even a dry run creates the project's network and volumes.
  after(async () => {
    const label = `label=io.podman.compose.project=${PROJECT}`;
    const volumes = (await podman(['volume', 'ls', '-q', '--filter', label])).split('\n').filter(Boolean);
    if (volumes.length > 0) await podman(['volume', 'rm', '--force', ...volumes]);
    const networks = (await podman(['network', 'ls', '-q', '--filter', label])).split('\n').filter(Boolean);
    if (networks.length > 0) await podman(['network', 'rm', '--force', ...networks]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('parses; each Folio container gets substituted settings the config accepts, workers their seccomp setting', async () => {
    const r = await dryRun({ FOLIO_SIGNING_KEY: VALID_KEY, FOLIO_SECRETS_KEY: VALID_KEY });
    assert.equal(r.code, 0, r.output);
    const creates = r.output.split('\n').filter((l) => l.startsWith('podman create '));
    const folio = creates.filter((l) => / folio:local bin\/folio /.test(l));
    const roles = folio.map((l) => / folio:local bin\/folio (\w+)$/.exec(l)![1]).sort();
    assert.deepEqual(roles, ['api', 'api', 'migrate', 'worker', 'worker'], creates.join('\n'));
    for (const line of folio) {
      const service = /--name=(\S+)/.exec(line)![1];
      const env = Object.fromEntries([...line.matchAll(/(?:^| )-e ([A-Za-z_][A-Za-z0-9_]*)=(\S*)/g)].map((m) => [m[1], m[2]]));
      for (const [name, value] of Object.entries(env)) {
        checkEnvName(name, `podman-compose ${service}`);
        assert.doesNotMatch(value, /\$\{/, `${service}: ${name} is substituted (${value})`);
      }
      const config = loadConfig(env);
      assert.ok(config.resolved.databaseUrl.startsWith('postgres://'), `${service}: PostgreSQL`);
      assert.ok(config.resolved.storageUrl.startsWith('s3://'), `${service}: S3`);
      if (line.endsWith('bin/folio worker'))
        assert.match(line, /--security-opt seccomp=unconfined/, `${service}: Chromium's sandbox can start`);
    }
  });

  test('without the keys in the environment (.env) it refuses, naming the one to set', async () => {
    const r = await dryRun({});
    assert.notEqual(r.code, 0);
    assert.match(r.output, /set FOLIO_SIGNING_KEY \(at least 32 characters\) in \.env/);
    assert.doesNotMatch(r.output, /^podman create /m, 'nothing created');
  });
});
