// @folio/sdk as a new user gets it from a checkout, offline: `npm pack` in packages/sdk with no build step
// before it (the package's `prepare` builds it) into a temporary folder, a fresh project outside the
// repository, `npm install --offline <tarball>`; then, against a real Folio (in-process app on a real port,
// its worker rendering in Chromium), an ES-module script and a CommonJS script each deploy examples/invoice
// and render it to a PDF, and strict TypeScript resolves the package's declarations with "module": "NodeNext"
// (import and require) and "moduleResolution": "bundler" — and rejects a program with a type error, so the
// declarations are really used. And `npm install <checkout>/packages/sdk` (a folder) builds a stale package
// before linking it. (The tarball a running server serves: test/packaging/cli-package.test.ts.)
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tscBin = path.join(root, 'node_modules', '.bin', 'tsc');
const bundle = path.join(root, 'examples', 'invoice');
const sdkDir = path.join(root, 'packages', 'sdk');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
/** Runs a command to its end without blocking the event loop (the server answering it runs in this process). */
function run(file: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: opts.cwd, env: opts.env, encoding: 'utf8', timeout: 180_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}
const show = (r: Run) => `exit ${r.code}\n--- stdout:\n${r.stdout}\n--- stderr:\n${r.stderr}`;

/** Every file below dir, "/"-separated, sorted. */
function filesBelow(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

describe('@folio/sdk from its tarball', () => {
  let app: TestApp;
  let baseUrl = '';
  const work = tempDir('folio-sdk-package-');
  const packDir = path.join(work, 'pack');
  const project = path.join(work, 'project');
  // npm as a user runs it: none of the npm_* settings `npm test` passes to its children, a cache of its own.
  const npmEnv: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_'))),
    NODE_OPTIONS: '',
    npm_config_cache: path.join(work, 'npm-cache'),
    npm_config_update_notifier: 'false',
  };

  before(async () => {
    app = await createTestApp();
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    // Signed download links point at the public URL, as `folio serve` sets it once the port is known.
    app.config.resolved.publicUrl = baseUrl;
    app.startBackground();
  });
  after(async () => {
    await app.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('npm pack in packages/sdk builds it first; npm install --offline <tarball> in a fresh project', async () => {
    // As in a fresh clone: no build. The package's prepare script runs the build from inside its folder.
    fs.rmSync(path.join(sdkDir, 'dist'), { recursive: true, force: true });
    fs.mkdirSync(packDir);
    const pack = await run('npm', ['pack', '--pack-destination', packDir], { cwd: sdkDir, env: npmEnv });
    assert.equal(pack.code, 0, show(pack));
    assert.match(pack.stdout + pack.stderr, /built @folio\/sdk 0\.1\.0/, show(pack));
    assert.deepEqual(fs.readdirSync(packDir), ['folio-sdk-0.1.0.tgz']);

    assert.ok(path.relative(root, project).startsWith('..'), 'the project is outside the repository');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'sdk-user', version: '1.0.0', private: true }, null, 2));
    const install = await run('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(packDir, 'folio-sdk-0.1.0.tgz')], {
      cwd: project,
      env: npmEnv,
    });
    assert.equal(install.code, 0, show(install));
    assert.match(
      JSON.parse(fs.readFileSync(path.join(project, 'package.json'), 'utf8')).dependencies['@folio/sdk'],
      /^file:.*folio-sdk-0\.1\.0\.tgz$/,
    );

    // node_modules/@folio/sdk is the unpacked tarball: exactly what the package ships.
    const installed = path.join(project, 'node_modules', '@folio', 'sdk');
    assert.ok(!fs.lstatSync(installed).isSymbolicLink(), 'a copy from the tarball, not a link into the repository');
    const files = filesBelow(installed);
    for (const f of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'dist/cjs/package.json'])
      assert.ok(files.includes(f), `${f} in ${files.join(' ')}`);
    for (const format of ['esm', 'cjs'])
      for (const m of ['index', 'client', 'http', 'errors', 'webhooks', 'deploy-directory', 'concurrency', 'api-types'])
        for (const ext of ['.js', '.d.ts']) assert.ok(files.includes(`dist/${format}/${m}${ext}`), `dist/${format}/${m}${ext}`);
    const stray = files.filter(
      (f) => !/^(package\.json|README\.md|CHANGELOG\.md|LICENSE|dist\/(esm|cjs)\/[\w-]+\.(js|d\.ts)|dist\/cjs\/package\.json)$/.test(f),
    );
    assert.deepEqual(stray, [], 'no sources, configs, maps or build stamps in the package');
    assert.equal(fs.readFileSync(path.join(installed, 'LICENSE'), 'utf8'), fs.readFileSync(path.join(root, 'LICENSE'), 'utf8'));

    const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8'));
    assert.equal(manifest.name, '@folio/sdk');
    assert.equal(manifest.version, '0.1.0');
    assert.equal(manifest.license, 'Apache-2.0');
    assert.equal(manifest.type, 'module');
    assert.equal(manifest.sideEffects, false);
    assert.equal(manifest.dependencies, undefined, 'no runtime dependencies');
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(installed, 'dist/cjs/package.json'), 'utf8')), { type: 'commonjs' });
  });

  test('an ES-module script (import) and a CommonJS script (require) deploy examples/invoice and render it', async () => {
    // The same six lines in both: create a client, deploy the folder, render the sample payload, download.
    const body = (format: string) => [
      'const folio = createClient({ baseUrl: process.env.FOLIO_API_URL, apiKey: process.env.FOLIO_API_KEY });',
      `const deployed = await folio.deployDirectory(process.env.BUNDLE, { slug: 'invoice-${format}' });`,
      "const payload = JSON.parse(fs.readFileSync(process.env.BUNDLE + '/sample-payload.json', 'utf8'));",
      "const done = await folio.renderAndWait({ deployId: deployed.deployId, deployVersionId: 'latest', payload }, { timeoutMs: 120_000 });",
      `const file = await folio.download(done.job.id, 'invoice-${format}.pdf');`,
      'console.log(JSON.stringify({ version: deployed.version, files: deployed.files, pages: done.output.pageCount, bytes: file.bytes }));',
    ];
    const scripts = {
      'render.mjs': ["import fs from 'node:fs';", "import { createClient } from '@folio/sdk';", '', ...body('esm')],
      'render.cjs': [
        "const fs = require('node:fs');",
        "const { createClient } = require('@folio/sdk');",
        '(async () => {',
        ...body('cjs').map((line) => `  ${line}`),
        '})().catch((err) => { console.error(err); process.exit(1); });',
      ],
    };
    for (const [name, lines] of Object.entries(scripts)) {
      assert.ok(lines.length <= 10, name);
      fs.writeFileSync(path.join(project, name), lines.join('\n') + '\n');
    }

    const env = { ...npmEnv, FOLIO_API_URL: baseUrl, FOLIO_API_KEY: app.key, BUNDLE: bundle };
    const [esm, cjs] = await Promise.all(['render.mjs', 'render.cjs'].map((f) => run(process.execPath, [f], { cwd: project, env })));
    for (const [format, r] of [
      ['esm', esm],
      ['cjs', cjs],
    ] as const) {
      assert.equal(r.code, 0, `${format}: ${show(r)}`);
      const out = JSON.parse(r.stdout) as { version: number; files: number; pages: number; bytes: number };
      assert.equal(out.version, 1, format);
      assert.equal(out.files, filesBelow(bundle).length, format);
      assert.ok(out.pages >= 1, format);
      const pdf = fs.readFileSync(path.join(project, `invoice-${format}.pdf`));
      assert.equal(pdf.length, out.bytes, format);
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-', format);
    }
  });

  test('strict TypeScript uses the declarations: NodeNext (import and require) and bundler resolve them, a type error fails', async () => {
    const types = { types: ['node'], typeRoots: [path.join(root, 'node_modules', '@types')] };
    const user = `import { createClient, FolioApiError, verifyWebhook, type DeployDirectoryResult, type RenderJob } from '@folio/sdk';

const folio = createClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: 'folio_sk_example' });
export async function renderInvoice(dir: string, payload: Record<string, unknown>): Promise<{ version: number; job: RenderJob; pages: number }> {
  const deployed: DeployDirectoryResult = await folio.deployDirectory(dir, { slug: 'invoice', alias: 'production' });
  const done = await folio.renderAndWait({ deployId: deployed.deployId, deployVersionId: 'production', payload }, { timeoutMs: 60_000 });
  return { version: deployed.version, job: done.job, pages: done.output?.pageCount ?? 0 };
}
export function receive(headers: Record<string, string>, rawBody: Buffer): 'succeeded' | 'failed' {
  return verifyWebhook({ secret: 'whsec_example', headers, rawBody }).data.job.status;
}
export const notFound = (err: unknown): boolean => err instanceof FolioApiError && err.code === 'deploy_not_found';
`;
    fs.writeFileSync(path.join(project, 'user.mts'), user);
    fs.writeFileSync(path.join(project, 'user-bundler.ts'), user);
    fs.writeFileSync(
      path.join(project, 'user.cts'),
      `import sdk = require('@folio/sdk');

const folio: sdk.FolioClient = sdk.createClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: 'folio_sk_example' });
export async function slugs(): Promise<string[]> {
  const page: sdk.Operations['GET /v1/deploys']['response'] = await folio.deploys.list({ limit: 10 });
  return page.items.map((d) => d.slug);
}
`,
    );
    fs.writeFileSync(
      path.join(project, 'wrong.mts'),
      `import { createClient } from '@folio/sdk';

const folio = createClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: 'folio_sk_example' });
export const version: string = (await folio.deployDirectory('.', { slug: 'invoice' })).version;
`,
    );
    const config = (name: string, compilerOptions: Record<string, unknown>, files: string[]) =>
      fs.writeFileSync(
        path.join(project, name),
        JSON.stringify({ compilerOptions: { target: 'ES2022', lib: ['ES2022'], ...types, ...compilerOptions }, files }),
      );
    // No DOM library, and (once) no skipLibCheck: the package's declarations compile with @types/node alone.
    config('tsconfig.nodenext.json', { module: 'NodeNext', moduleResolution: 'NodeNext' }, ['user.mts', 'user.cts']);
    config('tsconfig.bundler.json', { module: 'ESNext', moduleResolution: 'bundler', skipLibCheck: true }, ['user-bundler.ts']);
    config('tsconfig.wrong.json', { module: 'NodeNext', moduleResolution: 'NodeNext', skipLibCheck: true }, ['wrong.mts']);

    const tsc = (configFile: string) =>
      run(tscBin, ['--strict', '--noEmit', '--listFiles', '-p', configFile], { cwd: project, env: npmEnv });
    const [nodenext, bundler, wrong] = await Promise.all(
      ['tsconfig.nodenext.json', 'tsconfig.bundler.json', 'tsconfig.wrong.json'].map(tsc),
    );
    const sdkDecl = (format: string) => path.join(project, 'node_modules', '@folio', 'sdk', 'dist', format, 'index.d.ts');
    assert.equal(nodenext.code, 0, show(nodenext));
    // import (user.mts) gets the ES-module declarations, require (user.cts) the CommonJS ones.
    assert.ok(nodenext.stdout.includes(sdkDecl('esm')) && nodenext.stdout.includes(sdkDecl('cjs')), show(nodenext));
    assert.equal(bundler.code, 0, show(bundler));
    assert.ok(bundler.stdout.includes(sdkDecl('esm')), show(bundler));
    assert.notEqual(wrong.code, 0, show(wrong));
    assert.match(wrong.stdout, /wrong\.mts\(4,14\): error TS2322: Type 'number' is not assignable to type 'string'\./, show(wrong));
    assert.equal([...wrong.stdout.matchAll(/error TS\d+/g)].length, 1, show(wrong));
  });

  test('npm install <checkout>/packages/sdk: a stale build is rebuilt by prepare, and require() works through the link', async () => {
    // Older than every source: the package must build again.
    fs.utimesSync(path.join(sdkDir, 'dist', '.build-stamp'), new Date(0), new Date(0));
    const linked = path.join(work, 'linked');
    fs.mkdirSync(linked);
    fs.writeFileSync(path.join(linked, 'package.json'), JSON.stringify({ name: 'sdk-folder-user', version: '1.0.0', private: true }));
    const install = await run('npm', ['install', '--offline', '--no-audit', '--no-fund', sdkDir], { cwd: linked, env: npmEnv });
    assert.equal(install.code, 0, show(install));
    assert.ok(fs.lstatSync(path.join(linked, 'node_modules', '@folio', 'sdk')).isSymbolicLink(), 'npm links a folder');
    assert.ok(
      fs.statSync(path.join(sdkDir, 'dist', '.build-stamp')).mtimeMs > 0,
      'prepare rebuilt the package (the stamp is no longer 1970)',
    );
    const probe = "const sdk = require('@folio/sdk'); console.log(typeof sdk.createClient, typeof sdk.verifyWebhook);";
    const r = await run(process.execPath, ['-e', probe], { cwd: linked, env: npmEnv });
    assert.equal(r.code, 0, show(r));
    assert.equal(r.stdout.trim(), 'function function');
  });
});
