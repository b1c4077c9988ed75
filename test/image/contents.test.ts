// What the image is, before anything runs in it: a non-root user, tini as PID 1 with `folio serve`, the
// health check, no compilers and no package caches left by the build, a size within the budget that
// docs/operations.md states, and a `folio doctor` with nothing missing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from '../helpers/server-process.js';
import { check, chromiumSetting, doctor, ENGINE_DEFAULT, UNCONFINED } from './chromium-settings.js';
import { IMAGE, podman } from './podman.js';

/** Runs a shell command in a new container of the image (its default user), without a network. */
const sh = (script: string) => podman(['run', '--rm', '--network', 'none', '--entrypoint', '/bin/sh', IMAGE, '-c', script]);

/** What `podman image inspect` says of the image. */
const inspect = async () => JSON.parse(await podman(['image', 'inspect', IMAGE]))[0];

describe('the image', () => {
  test('runs as the non-root node user (uid 1000), tini as PID 1, `folio serve` by default, with the health check', async () => {
    const { Config: config, Healthcheck: health } = await inspect();
    assert.equal(config.User, 'node');
    assert.deepEqual(config.Entrypoint, ['/usr/bin/tini', '--']);
    assert.deepEqual(config.Cmd, ['bin/folio', 'serve']);
    assert.equal(health?.Test?.[0], 'CMD', 'the HEALTHCHECK is in the image (built in Docker format)');
    assert.deepEqual(Object.keys(config.ExposedPorts ?? {}), ['8080/tcp']);
    assert.equal((await sh(`test -x ${config.Entrypoint[0]} && id -u && id -g`)).trim(), '1000\n1000', 'tini is installed');
    assert.equal((await sh('test -w /data && stat -c %U /data')).trim(), 'node', '/data belongs to the user the server runs as');
  });

  test('runs a supported Node.js LTS: 24 or newer', async () => {
    const version = (await sh('node --version')).trim();
    console.log(`the image's Node.js: ${version}`);
    assert.ok(Number(/^v(\d+)\./.exec(version)?.[1]) >= 24, version);
  });

  test('no compilers, build tools or package caches', async () => {
    const found = await sh(
      'for t in gcc cc c++ g++ clang make cmake ld as; do command -v "$t"; done; ' +
        'ls /var/cache/apt/archives/*.deb /var/cache/apt/*.bin 2>/dev/null; ls -A /var/lib/apt/lists 2>/dev/null | grep -v -e "^lock$" -e "^partial$"; ' +
        'for d in /root/.npm /home/node/.npm /home/node/.cache /tmp/*; do [ -e "$d" ] && echo "$d"; done; true',
    );
    assert.equal(found.trim(), '', `left in the image:\n${found}`);
    // Only production dependencies: no dev tool the build stage used.
    const dev = await sh('cd /app/node_modules && ls -d typescript vite tsx eslint prettier s3rver 2>/dev/null; true');
    assert.equal(dev.trim(), '', `dev dependencies in the image: ${dev}`);
  });

  test('its size is within the budget docs/operations.md states', async (t) => {
    const bytes = Number((await inspect()).Size);
    const docs = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
    const budget = /image size budget: \*\*([\d.]+) GB\*\*/i.exec(docs);
    assert.ok(budget, 'docs/operations.md states the image size budget ("Image size budget: **N GB**")');
    const gb = bytes / 1e9;
    t.diagnostic(`image size: ${gb.toFixed(2)} GB (${bytes} bytes), budget ${budget[1]} GB`);
    console.log(`image size: ${gb.toFixed(2)} GB uncompressed (budget ${budget[1]} GB)`);
    assert.ok(gb <= Number(budget[1]), `${gb.toFixed(2)} GB is over the ${budget[1]} GB budget`);
  });

  test('folio doctor finds everything it checks for (fonts, PDF tools, Chromium printing)', async () => {
    const setting = await chromiumSetting([ENGINE_DEFAULT, UNCONFINED]);
    // A fresh /data has no database, blobs or keys yet; the public URL is the one setting to give.
    const fresh = ['database', 'blob store', 'signing key', 'secrets key', ...(setting.sandbox ? [] : ['chromium sandbox'])];
    const checks = await doctor(setting.args, { FOLIO_PUBLIC_URL: 'https://folio.example.com' });
    const bad = checks.filter((c) => c.status !== 'ok' && !fresh.includes(c.name));
    assert.deepEqual(bad, [], 'every check of the machine is ok');
    for (const name of ['fonts', 'pdf tools', 'chromium', 'chromium print']) assert.equal(check(checks, name)?.status, 'ok', name);
  });
});
