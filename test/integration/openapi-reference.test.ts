// The API reference users learn from (GET /v1/openapi.json, browsed at /docs): every operation has a
// summary, a description, named responses, examples that are valid against their own schemas, and under
// every error status the codes it can carry (generated from src/errors/codes.ts); the `webhooks` section
// describes the render.job.terminated event and its signature; the page at /docs carries Folio's name.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { errorCodes, type ErrorCode } from '../../src/errors/codes.js';
import { GLOBAL_ERROR_CODES, UNDOCUMENTED_ERROR_CODES } from '../../src/http/openapi/errors.js';
import { OPERATION_IDS } from '../../src/http/openapi/operation-ids.js';
import { DOCS_TITLE } from '../../src/http/openapi/ui.js';
import { EVENT_TYPE, USER_AGENT } from '../../src/services/webhooks.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fetchOpenApi, type OpenApiDoc, type Schema } from '../helpers/routes.js';

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

const METHODS = ['get', 'head', 'put', 'post', 'patch', 'delete'];

interface Op {
  label: string;
  op: any;
}

/** Every operation of the document, HEAD included (GET and HEAD of one route are both listed). */
function allOperations(doc: OpenApiDoc): Op[] {
  const out: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) if (item[method]) out.push({ label: `${method.toUpperCase()} ${path}`, op: item[method] });
  }
  return out;
}

const hasExample = (media: any) => media?.example !== undefined || Object.keys(media?.examples ?? {}).length > 0;

/** Every example of a media type or parameter, with its schema and where it is. */
function examplesOf(doc: OpenApiDoc): { where: string; schema: Schema; value: unknown }[] {
  const out: { where: string; schema: Schema; value: unknown }[] = [];
  const media = (where: string, content: Record<string, any> | undefined) => {
    for (const [type, m] of Object.entries(content ?? {})) {
      if (m.example !== undefined) out.push({ where: `${where} ${type}`, schema: m.schema ?? {}, value: m.example });
      for (const [name, e] of Object.entries<any>(m.examples ?? {}))
        out.push({ where: `${where} ${type} (${name})`, schema: m.schema ?? {}, value: e.value });
    }
  };
  const operation = (label: string, op: any) => {
    for (const p of op.parameters ?? [])
      if (p.example !== undefined) out.push({ where: `${label} ${p.in} ${p.name}`, schema: p.schema, value: p.example });
    media(`${label} request`, op.requestBody?.content);
    for (const [status, r] of Object.entries<any>(op.responses ?? {})) media(`${label} ${status}`, r.content);
  };
  for (const { label, op } of allOperations(doc)) operation(label, op);
  for (const [name, item] of Object.entries<any>(doc.webhooks ?? {}))
    for (const m of METHODS) if (item[m]) operation(`webhook ${name}`, item[m]);
  return out;
}

/** Every `description` string of the document, with where it is. */
function descriptions(value: unknown, where = '', out: { where: string; text: string }[] = []) {
  if (Array.isArray(value)) value.forEach((v, i) => descriptions(v, `${where}[${i}]`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'description' && typeof v === 'string') out.push({ where, text: v });
      else descriptions(v, `${where}/${k}`, out);
    }
  }
  return out;
}

describe('the API reference', () => {
  let app: TestApp;
  let doc: OpenApiDoc;

  before(async () => {
    app = await createTestApp();
    doc = await fetchOpenApi(app.server);
  });
  after(async () => {
    await app?.close();
  });

  test('every operation has a summary, a description, named responses and examples', () => {
    const ops = allOperations(doc);
    assert.ok(ops.length >= 45, `only ${ops.length} operations`);
    const problems: string[] = [];
    for (const { label, op } of ops) {
      if (typeof op.summary !== 'string' || !op.summary.trim()) problems.push(`${label}: no summary`);
      if (typeof op.description !== 'string' || !op.description.trim()) problems.push(`${label}: no description`);
      const responses = Object.entries<any>(op.responses ?? {});
      if (!responses.some(([s]) => /^2/.test(s))) problems.push(`${label}: no success response`);
      for (const [status, r] of responses) {
        if (typeof r.description !== 'string' || !r.description.trim() || r.description === 'Default Response')
          problems.push(`${label} ${status}: the response is not named (description "${r.description}")`);
        for (const [type, m] of Object.entries<any>(r.content ?? {}))
          if (!hasExample(m)) problems.push(`${label} ${status} ${type}: no response example`);
      }
      if (!responses.some(([, r]) => Object.values<any>(r.content ?? {}).some(hasExample))) problems.push(`${label}: no response example`);
      for (const [type, m] of Object.entries<any>(op.requestBody?.content ?? {}))
        if (!hasExample(m)) problems.push(`${label}: request body ${type} has no example`);
      const query = (op.parameters ?? []).filter((p: any) => p.in === 'query');
      if (query.length > 0 && !query.some((p: any) => p.example !== undefined))
        problems.push(`${label}: no query parameter has an example`);
    }
    assert.deepEqual(problems, []);
  });

  test('every operation has a listed, unique, camelCase operationId', () => {
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const { label, op } of allOperations(doc)) {
      const id = op.operationId;
      if (typeof id !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(id)) problems.push(`${label}: operationId ${JSON.stringify(id)}`);
      else if (seen.has(id)) problems.push(`${label}: operationId ${id} is also ${seen.get(id)}'s`);
      else seen.set(id, label);
      if (!(label in OPERATION_IDS)) problems.push(`${label}: not in src/http/openapi/operation-ids.ts (derived ${id})`);
    }
    assert.deepEqual(problems, []);
  });

  test("Redocly's recommended lint rules pass without an error or a warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/v1/openapi.json', config });
    assert.deepEqual(
      problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`),
      [],
    );
  });

  test('the document is answered gzip-compressed to clients that accept it, the same JSON', async () => {
    for (const url of ['/v1/openapi.json', '/docs/json']) {
      const gz = await app.server.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      const plain = await app.server.inject({ method: 'GET', url });
      assert.equal(gz.headers['content-encoding'], 'gzip', url);
      assert.equal(plain.headers['content-encoding'], undefined, url);
      assert.match(String(gz.headers.vary), /accept-encoding/i);
      assert.equal(gunzipSync(gz.rawPayload).toString('utf8'), plain.body, url);
      assert.ok(gz.rawPayload.length < plain.rawPayload.length / 4, `${url}: ${gz.rawPayload.length} of ${plain.rawPayload.length} bytes`);
    }
  });

  test('every 4xx/5xx lists its error codes, each of that status in src/errors/codes.ts, with an example of each', () => {
    const problems: string[] = [];
    for (const { label, op } of allOperations(doc)) {
      const errorStatuses = Object.keys(op.responses ?? {}).filter((s) => /^[45]\d\d$/.test(s));
      if (!errorStatuses.some((s) => s.startsWith('4'))) problems.push(`${label}: no 4xx response`);
      for (const status of errorStatuses) {
        const r = op.responses[status];
        const codes: string[] = r['x-error-codes'];
        if (!Array.isArray(codes) || codes.length === 0) {
          problems.push(`${label} ${status}: no error-code list (x-error-codes)`);
          continue;
        }
        const examples = r.content?.['application/json']?.examples ?? {};
        for (const c of codes) {
          if (!Object.hasOwn(errorCodes, c)) problems.push(`${label} ${status}: ${c} is not in src/errors/codes.ts`);
          else if (errorCodes[c as ErrorCode].status !== Number(status))
            problems.push(`${label} ${status}: ${c} is a ${errorCodes[c as ErrorCode].status} in src/errors/codes.ts`);
          if (!r.description.includes(`\`${c}\``)) problems.push(`${label} ${status}: the description does not list ${c}`);
          if (examples[c]?.value?.error !== c) problems.push(`${label} ${status}: no example of ${c}`);
        }
        if (GLOBAL_ERROR_CODES.some((c) => codes.includes(c)))
          problems.push(`${label} ${status}: lists a global code (${codes.join(', ')})`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test('the codes of what every operation can answer: authentication, validation, body parsing, idempotency', () => {
    const codesOf = (path: string, method: string) =>
      Object.values<any>(doc.paths[path][method].responses).flatMap((r) => (r['x-error-codes'] ?? []) as string[]);
    const create = codesOf('/v1/render-jobs', 'post');
    for (const c of ['invalid_request', 'unauthorized', 'forbidden', 'rate_limited', 'body_too_large', 'idempotency_key_conflict'])
      assert.ok(create.includes(c), `POST /v1/render-jobs lists ${c}`);
    for (const c of ['deploy_not_found', 'deploy_version_not_found', 'render_job_quota_exceeded', 'render_provider_unavailable'])
      assert.ok(create.includes(c), `POST /v1/render-jobs lists ${c}`);
    assert.ok(!create.includes('deploy_id_mismatch'), 'only the deploy-scoped route can answer deploy_id_mismatch');
    assert.ok(codesOf('/v1/deploys/{deployId}/render-jobs', 'post').includes('deploy_id_mismatch'));
    const file = codesOf('/v1/files/{token}', 'get');
    assert.ok(!file.includes('unauthorized') && !file.includes('forbidden'), 'signed URLs take no API key');
    assert.ok(file.includes('link_invalid') && file.includes('link_expired'));
    assert.ok(!codesOf('/v1/deploys', 'get').includes('csrf_token_invalid'), 'reads need no CSRF token');
    assert.ok(codesOf('/v1/deploys', 'post').includes('csrf_token_invalid'));
  });

  test('every HTTP error code is documented: under an operation, in the introduction, or named as not reachable', () => {
    const listed = new Set(
      allOperations(doc).flatMap(({ op }) => Object.values<any>(op.responses ?? {}).flatMap((r) => (r['x-error-codes'] ?? []) as string[])),
    );
    for (const c of GLOBAL_ERROR_CODES) assert.ok(doc.info.description.includes(`\`${c}\``), `the introduction names ${c}`);
    const missing = Object.keys(errorCodes).filter(
      (c) => !listed.has(c) && !GLOBAL_ERROR_CODES.includes(c as ErrorCode) && !UNDOCUMENTED_ERROR_CODES.includes(c as ErrorCode),
    );
    assert.deepEqual(missing, [], 'codes of src/errors/codes.ts no operation lists');
    for (const c of UNDOCUMENTED_ERROR_CODES)
      assert.ok(!listed.has(c), `${c} is listed by an operation: take it out of UNDOCUMENTED_ERROR_CODES`);
  });

  test('every example is valid against its schema (Ajv, JSON Schema 2020-12)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    const base = 'https://folio.invalid/openapi.json';
    ajv.addSchema({ $id: base, components: doc.components });
    const rebase = (schema: Schema) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${base}#/components/`));
    const examples = examplesOf(doc);
    assert.ok(examples.length >= 200, `only ${examples.length} examples`);
    const problems: string[] = [];
    for (const e of examples) {
      const validate = ajv.compile(rebase(e.schema));
      if (!validate(e.value)) problems.push(`${e.where}: ${ajv.errorsText(validate.errors)}`);
    }
    assert.deepEqual(problems, []);
  });

  test('the webhooks section describes render.job.terminated, its headers and its signature', () => {
    const op = doc.webhooks?.[EVENT_TYPE]?.post;
    assert.ok(op, `webhooks["${EVENT_TYPE}"].post`);
    assert.ok(op.summary && op.description, 'summary and description');
    assert.equal(op.requestBody.content['application/json'].schema.$ref, '#/components/schemas/RenderJobTerminatedEvent');
    const event = doc.components.schemas.RenderJobTerminatedEvent;
    assert.deepEqual(Object.keys(event.properties).sort(), ['data', 'id', 'occurredAt', 'type']);
    assert.deepEqual(Object.keys(event.properties.data.properties).sort(), ['job', 'output']);

    const headers = Object.fromEntries(op.parameters.filter((p: any) => p.in === 'header').map((p: any) => [p.name.toLowerCase(), p]));
    for (const h of [
      'service-webhook-event',
      'service-webhook-id',
      'service-webhook-delivery',
      'service-webhook-attempt',
      'service-webhook-timestamp',
      'service-webhook-signature',
    ])
      assert.ok(headers[h]?.description, `header ${h} is described`);
    assert.equal(headers['user-agent'].example, USER_AGENT);
    assert.equal(headers['service-webhook-event'].example, EVENT_TYPE);

    // The signature scheme names the header, and the example signature verifies as the description says.
    const [scheme] = Object.keys(op.security[0]);
    const sec = (doc.components as any).securitySchemes[scheme];
    assert.equal(sec.in, 'header');
    assert.equal(sec.name.toLowerCase(), 'service-webhook-signature');
    assert.match(sec.description, /HMAC-SHA256/);
    const body = JSON.stringify(op.requestBody.content['application/json'].examples.succeeded.value);
    const timestamp = headers['service-webhook-timestamp'].example;
    const expected = createHmac('sha256', 'whsec_example').update(`${timestamp}.${body}`).digest('hex');
    assert.equal(headers['service-webhook-signature'].example, `v1=${expected}`);
    assert.ok(op.responses['2XX'] && op.responses.default, 'what the receiver answer does');
  });

  test('descriptions link only to pages the server serves', async () => {
    const problems: string[] = [];
    const links = new Set<string>();
    for (const { where, text } of descriptions(doc)) {
      if (/\b(docs|src|test)\/[\w./-]+\.(md|ts)\b/.test(text)) problems.push(`${where}: names a repository file: ${text.slice(0, 120)}`);
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^https?:\/\//.test(m[1])) continue;
        if (!m[1].startsWith('/')) problems.push(`${where}: relative link ${m[1]}`);
        else links.add(m[1]);
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(links.size > 0, 'the document links to a served page');
    for (const link of links) {
      const res = await app.server.inject({ method: 'GET', url: link });
      assert.ok(res.statusCode < 400, `GET ${link} answered ${res.statusCode}`);
    }
  });

  test("GET /docs is Folio's reference page: title, logo and icon", async () => {
    let res = await app.server.inject({ method: 'GET', url: '/docs' });
    if (res.statusCode >= 300 && res.statusCode < 400) res = await app.server.inject({ method: 'GET', url: String(res.headers.location) });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    const title = /<title>([^<]*)<\/title>/.exec(res.body)?.[1];
    assert.equal(title, DOCS_TITLE);
    assert.match(title!, /Folio/);
    assert.doesNotMatch(res.body, /Swagger UI<\/title>/);
    const icon = /<link rel="icon"[^>]*href="([^"]+)"/.exec(res.body)?.[1];
    assert.ok(icon && /folio\.svg$/.test(icon), `favicon ${icon}`);
    const iconRes = await app.server.inject({ method: 'GET', url: `/docs/static/theme/folio.svg` });
    assert.equal(iconRes.statusCode, 200);
    const init = await app.server.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    assert.equal(init.statusCode, 200);
    const logo = /data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/.exec(init.body)?.[1];
    assert.ok(logo, 'the top bar gets a logo');
    assert.match(Buffer.from(logo, 'base64').toString('utf8'), /aria-label="Folio"/);
  });
});
