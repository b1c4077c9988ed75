// Shared by the tests that check the deployment files against the code (test/integration/
// container-files.test.ts, deploy-manifests.test.ts): what the code offers (settings, commands, routes),
// and the assertions that a deployment file uses only that.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { operatorHelp } from '../../src/cli/operator-help.js';
import { settings } from '../../src/config/schema.js';
import { createTestApp, tempDir, type TestApp } from './app.js';
import { ROOT } from './server-process.js';

export const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8');

const SCHEMA_ENV = new Set(settings.map((s) => s.env));
/** Variables the AWS SDK reads that docs/operations.md documents (S3 credentials). */
const AWS_ENV = new Set(read('docs/operations.md').match(/\bAWS_[A-Z_]+[A-Z]\b/g) ?? []);

/** Every env name a deployment file sets must be read by Folio: a setting, or a documented AWS SDK one. */
export function checkEnvName(name: string, where: string): void {
  if (SCHEMA_ENV.has(name)) return;
  assert.ok(!name.startsWith('FOLIO_'), `${where}: ${name} is not a setting of src/config/schema.ts`);
  assert.ok(
    AWS_ENV.has(name),
    `${where}: ${name} is neither a setting of src/config/schema.ts nor an AWS_* variable docs/operations.md documents`,
  );
}

const cliSource = read('src/main/cli.ts');
/** `argv` (after the image's tini) runs `bin/folio <command>`, a command src/main/cli.ts dispatches and lists in its help. */
export function checkFolioCommand(argv: unknown, where: string): string {
  assert.ok(Array.isArray(argv) && argv.every((a) => typeof a === 'string'), `${where}: the command is a list of strings`);
  let args = argv as string[];
  if (args[0] === '/usr/bin/tini') args = args.slice(args[1] === '--' ? 2 : 1);
  assert.equal(args[0], 'bin/folio', `${where}: runs bin/folio (${JSON.stringify(argv)})`);
  assert.ok(fs.statSync(path.join(ROOT, 'bin/folio')).mode & 0o111, 'bin/folio is executable');
  const cmd = args[1];
  assert.ok(cliSource.includes(`case '${cmd}':`), `${where}: "folio ${cmd}" is not a command of src/main/cli.ts`);
  assert.ok(
    new RegExp(`^\\s+folio ${cmd}\\b`, 'm').test(cliSource + '\n' + operatorHelp),
    `${where}: "folio ${cmd}" is not in folio --help`,
  );
  return cmd;
}

/** A value for the secret settings that must be at least 32 characters, to load a configuration. */
export const VALID_KEY = 'k'.repeat(48);

/** A real app (SQLite and files whatever FOLIO_TEST_ENGINE says: only its routes matter) to ask for routes. */
export async function routeApp(): Promise<{
  app: TestApp;
  checkRoute(urlPath: string, where: string): Promise<void>;
  close(): Promise<void>;
}> {
  const dataDir = tempDir();
  const app = await createTestApp({
    dataDir,
    env: { FOLIO_DATABASE_URL: `sqlite:${path.join(dataDir, 'folio.db')}`, FOLIO_STORAGE_URL: `file:${path.join(dataDir, 'blobs')}` },
  });
  const seen = new Map<string, number>();
  return {
    app,
    /** The path answers something other than 404 (/readyz may answer 503: it exists). */
    async checkRoute(urlPath, where) {
      let status = seen.get(urlPath);
      if (status === undefined) {
        status = (await app.server.inject({ method: 'GET', url: urlPath })).statusCode;
        seen.set(urlPath, status);
      }
      assert.notEqual(status, 404, `${where}: GET ${urlPath} is not a route of the app`);
    },
    close: () => app.close(),
  };
}

/** A routeApp for the calling test file: created before its tests, closed after them. */
export function useRouteApp(): { checkRoute(urlPath: string, where: string): Promise<void>; readonly app: TestApp } {
  let routes: Awaited<ReturnType<typeof routeApp>> | undefined;
  before(async () => {
    routes = await routeApp();
  });
  after(async () => {
    await routes?.close();
  });
  return {
    checkRoute: (urlPath, where) => routes!.checkRoute(urlPath, where),
    get app() {
      return routes!.app;
    },
  };
}
