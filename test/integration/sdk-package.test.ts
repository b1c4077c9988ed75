// The SDK as a standalone package of plain JavaScript (scripts/build-sdk.mjs): built into a temporary
// folder, installed into a scratch project, and used by a .mjs program that Node runs without tsx.
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
let app: TestApp;
let baseUrl = '';
const work = tempDir('folio-sdk-package-');

before(async () => {
  app = await createTestApp();
  baseUrl = await app.server.listen({ port: 0, host: '127.0.0.1' });
});
after(async () => {
  await app.close();
  fs.rmSync(work, { recursive: true, force: true });
});

test('npm run build:sdk makes a plain-JavaScript @folio/sdk that a .mjs program uses without TypeScript', async () => {
  const out = path.join(work, 'sdk');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-sdk.mjs'), out], { encoding: 'utf8' });
  assert.equal(build.status, 0, build.stderr + build.stdout);
  const manifest = JSON.parse(fs.readFileSync(path.join(out, 'package.json'), 'utf8'));
  assert.equal(manifest.name, '@folio/sdk');
  assert.ok(fs.existsSync(path.join(out, 'index.js')) && fs.existsSync(path.join(out, 'index.d.ts')));
  assert.ok(!fs.readdirSync(out).some((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')), 'no TypeScript sources in the package');

  // A scratch project with the package installed (a symlink is what `npm install <folder>` creates).
  const project = path.join(work, 'app');
  fs.mkdirSync(path.join(project, 'node_modules', '@folio'), { recursive: true });
  fs.symlinkSync(out, path.join(project, 'node_modules', '@folio', 'sdk'), 'dir');
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'scratch', type: 'module', private: true }));
  fs.writeFileSync(
    path.join(project, 'check.mjs'),
    `import { createClient, FolioApiError, verifyWebhook } from '@folio/sdk';
const folio = createClient({ baseUrl: process.env.FOLIO_API_URL, apiKey: process.env.FOLIO_API_KEY });
const account = await folio.account();
const deploy = await folio.deploys.create({ slug: 'from-plain-js', name: 'Plain JS' });
let error = null;
try { await folio.deploys.create({ slug: 'from-plain-js', name: 'again' }); } catch (e) { error = e instanceof FolioApiError ? e.code : String(e); }
console.log(JSON.stringify({ accountId: account.account.id, slug: deploy.deploy.slug, error, verify: typeof verifyWebhook }));
`,
  );
  // Asynchronously: the server answering the program runs in this process.
  const run = await promisify(execFile)(process.execPath, ['check.mjs'], {
    cwd: project,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NODE_OPTIONS: '', FOLIO_API_URL: baseUrl, FOLIO_API_KEY: app.key },
  });
  assert.deepEqual(JSON.parse(run.stdout), {
    accountId: app.accountId,
    slug: 'from-plain-js',
    error: 'deploy_slug_conflict',
    verify: 'function',
  });
});
