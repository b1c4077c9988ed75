// src/pdf/ is a library (docs/pdf.md): ESLint refuses its imports of services/, http/, db/, worker/ and
// render/ (eslint.config.mjs), and allows domain/, its npm libraries and node built-ins.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import { ROOT } from '../helpers/server-process.js';

const eslint = new ESLint({
  cwd: ROOT,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function messages(source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: 'src/pdf/example.ts' });
  return result.messages.map((m) => m.message);
}

test('src/pdf may not import services, http, db, worker or render', async () => {
  for (const source of [
    "import { RenderJobs } from '../services/jobs/render-jobs.js';",
    "import { buildServer } from '../http/server.js';",
    "import type { Database } from '../db/tables.js';",
    "import { RenderWorker } from '../worker/render-worker.js';",
    "import { Renderer } from '../render/renderer.js';",
  ])
    assert.ok(
      (await messages(source)).some((m) => /pdf\/ never imports/.test(m)),
      source,
    );
});

test('src/pdf may import domain/, its npm libraries and node built-ins', async () => {
  for (const source of [
    "import { effectiveStandard } from '../domain/pdfs/pdf-document.js';",
    "import { PDFDocument } from '@cantoo/pdf-lib';",
    "import { XMLValidator } from 'fast-xml-parser';",
    "import { readFileSync } from 'node:fs';",
  ])
    assert.deepEqual(await messages(source), [], source);
});
