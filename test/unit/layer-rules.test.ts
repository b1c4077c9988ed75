// The dependency rules of docs/architecture.md are enforced by ESLint's import restrictions
// (eslint.config.mjs), so `npm test` fails on a wrong import. This proves the rules bite: each wrong import
// below is linted as if it were a file of that layer, and must be refused; the right ones must pass.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import { ROOT } from '../helpers/server-process.js';

const eslint = new ESLint({
  cwd: ROOT,
  // Only the import rules: the type-aware rules need the file to exist in the TypeScript project.
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function refused(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result.messages.map((m) => m.message);
}

test('a wrong import between layers fails the lint', async () => {
  const wrong: Array<[string, string]> = [
    ['src/db/example.ts', "import { Accounts } from '../services/accounts/accounts.js';"],
    ['src/services/example.ts', "import { buildServer } from '../http/server.js';"],
    ['src/services/example.ts', "import Fastify from 'fastify';"],
    ['src/render/example.ts', "import { Deploys } from '../services/deploys/deploys.js';"],
    ['src/domain/example.ts', "import { readFileSync } from 'node:fs';"],
    ['src/domain/example.ts', "import type { Database } from '../db/tables.js';"],
    ['src/notifier/example.ts', "import { ApiKeys } from '../services/accounts/api-keys.js';"],
    ['src/sdk/example.ts', "import { errorCodes } from '../errors/codes.js';"],
    ['src/worker/example.ts', "import { buildServer } from '../http/server.js';"],
    ['src/worker/example.ts', "import { createApp } from '../app.js';"],
    ['src/http/example.ts', "import { Renderer } from '../render/renderer.js';"],
    ['src/http/example.ts', "import { RenderWorker } from '../worker/render-worker.js';"],
    ['src/http/routes/example.ts', "import pg from 'pg';"],
    ['src/cli/client/example.ts', "import { RenderJobs } from '../../services/jobs/render-jobs.js';"],
    ['src/services/example.ts', "import { createApp } from '../app.js';"],
    ['src/sandbox/example.ts', "import { Uploads } from '../services/deploys/uploads.js';"],
    // @folio/cli bundles the light entry and `folio init`: the client side only.
    ['src/main/client-cli.ts', "import { loadConfig } from '../config/load.js';"],
    ['src/main/client-cli.ts', "import { runDev } from '../cli/dev/index.js';"],
    ['src/main/client-cli.ts', "import { runOperator } from '../cli/operator.js';"],
    ['src/cli/init/example.ts', "import { validatePdfOverrides } from '../../render/pdf-options.js';"],
  ];
  for (const [file, source] of wrong) {
    const messages = await refused(file, source);
    assert.ok(
      messages.some((m) => /never|pure|does no I\/O|reach|client package|is a client/.test(m)),
      `${file}: ${source} was allowed (${messages.join('; ')})`,
    );
  }
});

test('the imports the architecture allows pass', async () => {
  const right: Array<[string, string]> = [
    ['src/services/example.ts', "import { newId } from '../domain/ids.js';"],
    ['src/db/example.ts', "import type { JobStatus } from '../domain/jobs/job-state.js';"],
    ['src/http/example.ts', "import { Accounts } from '../services/accounts/accounts.js';"],
    ['src/domain/example.ts', "import { createHash } from 'node:crypto';"],
    // The job body's schema lives in domain/ so that http/ validates with it and services/ derive their input from it.
    ['src/domain/example.ts', "import { Type } from '@sinclair/typebox';"],
    ['src/services/example.ts', "import type { CreateJobBody } from '../domain/jobs/job-body.js';"],
    ['src/worker/example.ts', "import { RenderJobs } from '../services/jobs/render-jobs.js';"],
    ['src/cli/client/example.ts', "import { FolioClient } from '../../sdk/client.js';"],
    ['src/main/example.ts', "import { createApp } from '../app.js';"],
    ['src/main/client-cli.ts', "import { runClient } from '../cli/client/index.js';"],
    ['src/main/client-cli.ts', "import { runInit } from '../cli/init/index.js';"],
    ['src/cli/init/example.ts', "import { TEMPLATE_ENGINES } from '../../domain/deploys/template-engines.js';"],
  ];
  for (const [file, source] of right) assert.deepEqual(await refused(file, source), [], `${file}: ${source}`);
});

test('an import that closes a circle fails the lint', async () => {
  const cycles = new ESLint({
    cwd: ROOT,
    ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-cycle',
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  });
  const lint = async (filePath: string, source: string) => (await cycles.lintText(source, { filePath }))[0].messages.map((m) => m.message);
  // render-jobs.ts imports job-views.ts: job-views importing it back closes a circle.
  assert.match(
    (await lint('src/services/jobs/job-views.ts', "import { RenderJobs } from './render-jobs.js';\nexport const x = RenderJobs;\n")).join(),
    /cycle/i,
  );
  // post-process.ts imports checks.ts, which may not import it back.
  assert.match(
    (await lint('src/pdf/checks.ts', "import { postProcessPdf } from './post-process.js';\nexport const p = postProcessPdf;\n")).join(),
    /cycle/i,
  );
  assert.deepEqual(
    await lint('src/services/jobs/job-views.ts', "import { newId } from '../domain/ids.js';\nexport const y = newId;\n"),
    [],
  );
});
