// Keeps the error catalog in one piece: the code map of src/errors/codes.ts, the tables of docs/errors.md,
// the `Error` schema of the served OpenAPI document, the codes the source throws, and the codes the
// interface and decisions.md fix. Also checks every documented route has a summary and an Error response.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { batchProductErrorCodes, errorCodes, jobErrorCodes } from '../../src/errors/codes.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deref, fetchOpenApi, label, operations, type OpenApiDoc, type Schema } from '../helpers/routes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** HTTP codes the interface's Errors table names, with the status it gives (null: "not shown"). */
const INTERFACE_HTTP_CODES: Record<string, number | null> = {
  deploy_slug_conflict: 409,
  deploy_not_found: 404,
  upload_session_too_large: 400,
  upload_blob_too_large: 400,
  deploy_commit_policy_limit_exceeded: 400,
  upload_session_policy_limit_exceeded: null,
  deploy_commit_quota_exceeded: null,
  render_job_quota_exceeded: null,
  render_time_quota_exceeded: null,
  storage_limit_exceeded: null,
};
/** Job `errorCode`s the interface's Errors table names. */
const INTERFACE_JOB_CODES = [
  'navigation_timeout',
  'render_crashed',
  'render_timeout_exceeded',
  'render_failed',
  'render_retry_limit_exceeded',
];

/** decisions.md: the Errors table and the rules beside it (Authentication: upload tokens; unknown routes; body limits). */
const DECISIONS_HTTP_CODES: Record<string, number> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  deploy_not_found: 404,
  deploy_version_not_found: 404,
  upload_session_not_found: 404,
  render_job_not_found: 404,
  render_output_not_found: 404,
  pdf_not_found: 404,
  permanent_link_not_found: 404,
  deploy_has_no_versions: 409,
  deploy_version_in_use: 409,
  deploy_id_mismatch: 400,
  upload_session_committed: 409,
  upload_session_expired: 409,
  upload_session_gone: 410,
  blob_not_in_session: 409,
  blob_hash_mismatch: 400,
  blob_missing: 400,
  invalid_path: 400,
  render_job_not_cancelable: 409,
  render_output_not_ready: 409,
  pdf_deleting: 409,
  idempotency_key_conflict: 409,
  idempotency_key_in_use: 409,
  payload_too_large: 400,
  link_expired: 410,
  link_invalid: 403,
  render_job_quota_exceeded: 429,
  render_time_quota_exceeded: 429,
  deploy_commit_quota_exceeded: 429,
  storage_limit_exceeded: 429,
  upload_session_policy_limit_exceeded: 400,
  rate_limited: 429,
  render_provider_unavailable: 503,
  internal_error: 500,
  upload_token_invalid: 401,
  route_not_found: 404,
  body_too_large: 413,
};

/** The rows of the markdown table under the `## <heading>` of a document, as arrays of trimmed cells. */
function tableUnder(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(`\n## ${heading}`);
  assert.notEqual(start, -1, `docs/errors.md has no "## ${heading}" section`);
  const rest = markdown.slice(start + 1);
  const next = rest.indexOf('\n## ');
  const section = next === -1 ? rest : rest.slice(0, next);
  return section
    .split('\n')
    .filter((l) => l.trim().startsWith('|'))
    .map((l) =>
      l
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((c) => c.trim().replace(/\\\|/g, '|')),
    )
    .filter((cells) => !cells.every((c) => /^:?-+:?$/.test(c)))
    .slice(1); // header row
}

const unquote = (cell: string) => cell.replace(/^`|`$/g, '');

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f));
}

/** Codes in an OpenAPI string schema: `enum`, `const`, or `anyOf`/`oneOf` of those (TypeBox unions of literals). */
function enumOf(doc: OpenApiDoc, schema: Schema): string[] {
  const s = deref(doc, schema);
  if (Array.isArray(s.enum)) return s.enum;
  if (typeof s.const === 'string') return [s.const];
  const alts: Schema[] | undefined = s.anyOf ?? s.oneOf;
  if (alts) return alts.flatMap((a) => enumOf(doc, a));
  return [];
}

describe('error catalog', () => {
  let app: TestApp;
  let doc: OpenApiDoc;
  const docs = fs.readFileSync(path.join(root, 'docs/errors.md'), 'utf8');
  const codes = Object.keys(errorCodes).sort();

  before(async () => {
    app = await createTestApp();
    doc = await fetchOpenApi(app.server);
  });
  after(async () => {
    await app?.close();
  });

  test('docs/errors.md HTTP table = errorCodes (code, status and description)', () => {
    const rows = tableUnder(docs, 'HTTP error codes');
    const documented = rows.map((r) => unquote(r[0]));
    assert.equal(new Set(documented).size, documented.length, `duplicate rows in docs/errors.md: ${documented.join(', ')}`);
    assert.deepEqual([...documented].sort(), codes, 'codes in docs/errors.md vs src/errors/codes.ts');
    for (const [cell, status, when] of rows) {
      const code = unquote(cell) as keyof typeof errorCodes;
      assert.equal(Number(status), errorCodes[code].status, `status of ${code} in docs/errors.md`);
      assert.equal(when, errorCodes[code].description, `description of ${code} in docs/errors.md`);
    }
  });

  test('docs/errors.md render job table = jobErrorCodes', () => {
    const rows = tableUnder(docs, 'Render job error codes');
    const documented = rows.map((r) => unquote(r[0]));
    assert.deepEqual([...documented].sort(), Object.keys(jobErrorCodes).sort(), 'job codes in docs/errors.md vs jobErrorCodes');
    for (const [cell, meaning] of rows)
      assert.equal(meaning, jobErrorCodes[unquote(cell) as keyof typeof jobErrorCodes], `meaning of ${unquote(cell)}`);
  });

  test('docs/errors.md batch product table = batchProductErrorCodes', () => {
    const rows = tableUnder(docs, 'Render batch product error codes');
    const documented = rows.map((r) => unquote(r[0]));
    assert.deepEqual([...documented].sort(), Object.keys(batchProductErrorCodes).sort(), 'product codes in docs/errors.md');
    for (const [cell, meaning] of rows)
      assert.equal(meaning, batchProductErrorCodes[unquote(cell) as keyof typeof batchProductErrorCodes], `meaning of ${unquote(cell)}`);
  });

  test('the OpenAPI Error schema enumerates exactly the codes of errorCodes', () => {
    const error = doc.components?.schemas?.Error;
    assert.ok(error, 'components.schemas.Error is missing');
    const errorProp = deref(doc, error).properties?.error;
    assert.ok(errorProp, 'Error.properties.error is missing');
    const listed = enumOf(doc, errorProp);
    assert.equal(new Set(listed).size, listed.length, 'duplicate codes in the Error schema');
    assert.deepEqual([...listed].sort(), codes, 'Error.error enum vs src/errors/codes.ts');
    assert.deepEqual([...(error.required ?? [])].sort(), ['error', 'message'], 'Error.required');
    assert.equal(deref(doc, error.properties.message).type, 'string', 'Error.message type');
    assert.ok(error.properties.details, 'Error.details is documented');
  });

  test('every status in the code map is an HTTP error status', () => {
    for (const [code, spec] of Object.entries(errorCodes)) {
      assert.ok(
        Number.isInteger(spec.status) && spec.status >= 400 && spec.status <= 599,
        `${code}: ${spec.status} is not a 4xx/5xx status`,
      );
      assert.ok(STATUS_CODES[spec.status], `${code}: ${spec.status} is not a known HTTP status`);
      assert.match(code, /^[a-z][a-z0-9_]*$/, `${code}: codes are snake_case`);
      assert.ok(spec.description.length > 0, `${code}: empty description`);
    }
    for (const [code, meaning] of Object.entries(jobErrorCodes)) {
      assert.match(code, /^[a-z][a-z0-9_]*$/, `${code}: codes are snake_case`);
      assert.ok(meaning.length > 0, `${code}: empty meaning`);
    }
  });

  test('every code the source throws exists in the map', () => {
    const used = new Map<string, string>();
    const patterns = [
      /new\s+AppError\(\s*([^,]*?)\s*,/g, // first argument, possibly a ternary of literals
      /new\s+AppError\(\s*(['"][^'"]+['"])\s*\)/g,
      /send\(\s*reply\s*,\s*(['"][^'"]+['"])/g,
    ];
    const files = sourceFiles(path.join(root, 'src'));
    assert.ok(files.length > 10, 'found the source files');
    for (const f of files) {
      const text = fs.readFileSync(f, 'utf8');
      for (const re of patterns) {
        for (const m of text.matchAll(re)) {
          // Literals of the argument itself (both branches of a ternary), not of calls inside it.
          const arg = m[1].replace(/\([^()]*\)/g, '()');
          for (const lit of arg.matchAll(/['"]([a-z][a-z0-9_]*)['"]/g)) used.set(lit[1], path.relative(root, f));
        }
      }
      // Job error codes and quota codes passed around as `errorCode: '…'`.
      for (const m of text.matchAll(/errorCode['"]?\s*[:=]\s*['"]([a-z][a-z0-9_]*)['"]/g)) {
        assert.ok(
          Object.hasOwn(errorCodes, m[1]) || Object.hasOwn(jobErrorCodes, m[1]),
          `${path.relative(root, f)}: errorCode "${m[1]}" is in neither errorCodes nor jobErrorCodes`,
        );
      }
    }
    assert.ok(used.size >= 15, `found only ${used.size} codes in the source: the patterns no longer match`);
    for (const [code, where] of used)
      assert.ok(Object.hasOwn(errorCodes, code), `${where} throws "${code}", which src/errors/codes.ts lacks`);
  });

  test("every code the interface names is in code, with the interface's status", () => {
    for (const [code, status] of Object.entries(INTERFACE_HTTP_CODES)) {
      assert.ok(Object.hasOwn(errorCodes, code), `interface code ${code} is missing from errorCodes`);
      if (status !== null) assert.equal(errorCodes[code as keyof typeof errorCodes].status, status, `status of ${code}`);
    }
    for (const code of INTERFACE_JOB_CODES)
      assert.ok(Object.hasOwn(jobErrorCodes, code), `interface job code ${code} is missing from jobErrorCodes`);
  });

  test('every code decisions.md fixes is in code, with its status', () => {
    for (const [code, status] of Object.entries(DECISIONS_HTTP_CODES)) {
      assert.ok(Object.hasOwn(errorCodes, code), `decisions.md code ${code} is missing from errorCodes`);
      assert.equal(errorCodes[code as keyof typeof errorCodes].status, status, `status of ${code}`);
    }
    // "Wrong method: 405" — the code name is ours, the status is fixed.
    assert.ok(
      Object.values(errorCodes).some((s) => s.status === 405),
      'a 405 code for a wrong method',
    );
  });

  test('every route in the OpenAPI document has a summary and a 4xx response with the Error schema', () => {
    const ops = operations(doc);
    assert.ok(ops.length >= 15, `only ${ops.length} operations`);
    const problems: string[] = [];
    for (const o of ops) {
      if (typeof o.op.summary !== 'string' || o.op.summary.trim() === '') problems.push(`${label(o)}: no summary`);
      const responses: Record<string, Schema> = o.op.responses ?? {};
      const refsError = (r: Schema) => {
        const content = r.content ?? {};
        return (
          Object.keys(content).length > 0 && Object.values<Schema>(content).every((c) => c.schema?.$ref === '#/components/schemas/Error')
        );
      };
      const clientErrors = Object.entries(responses).filter(([status]) => /^4\d\d$/.test(status));
      if (!clientErrors.some(([, r]) => refsError(r))) problems.push(`${label(o)}: no 4xx response referencing #/components/schemas/Error`);
      for (const [status, r] of Object.entries(responses)) {
        if (/^[45]\d\d$/.test(status) && !refsError(r)) problems.push(`${label(o)}: response ${status} does not use the Error schema`);
      }
    }
    assert.deepEqual(problems, []);
  });
});
