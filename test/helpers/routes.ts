// Helpers for tests that walk every route of the served OpenAPI document: the route list, sample bodies
// derived from the JSON schemas, field paths in the `details.field` notation, and the uniform error check.
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { errorCodes } from '../../src/errors/codes.js';

export type Schema = Record<string, any>;
export type OpenApiDoc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, Schema> } } & Record<
  string,
  any
>;

export interface Operation {
  method: string;
  /** OpenAPI template, e.g. `/v1/deploys/{deployId}`. */
  path: string;
  op: any;
}

export interface Reply {
  status: number;
  body: any;
  raw: string;
  headers: Record<string, unknown>;
}

const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete'];

export async function fetchOpenApi(server: FastifyInstance): Promise<OpenApiDoc> {
  const res = await server.inject({ method: 'GET', url: '/v1/openapi.json' });
  assert.equal(res.statusCode, 200, 'GET /v1/openapi.json');
  return JSON.parse(res.body) as OpenApiDoc;
}

/** Every documented operation except the OpenAPI document itself, the docs page and the health probes. */
export function operations(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (path === '/v1/openapi.json' || path.startsWith('/docs') || path === '/healthz' || path === '/readyz') continue;
    for (const [method, op] of Object.entries(item)) {
      if (HTTP_METHODS.includes(method)) out.push({ method: method.toUpperCase(), path, op });
    }
  }
  return out;
}

export const label = (o: Operation) => `${o.method} ${o.path}`;

/** Public operations (signed file URLs, permanent links) declare `security: []`: they take no API key. */
export const isPublic = (o: Operation) => Array.isArray(o.op.security) && o.op.security.length === 0;

/** Operations whose JSON body may be omitted (`requestBody.required` is false). */
export const bodyOptional = (o: Operation) => o.op.requestBody !== undefined && o.op.requestBody.required !== true;

/** Names of the `{param}` segments of a path template, in order. */
export const pathParamNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);

/** Substitutes path params. Values are inserted as given (callers pre-encode odd values on purpose). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for path param ${name}`);
    return values[name];
  });
}

export function deref(doc: OpenApiDoc, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 20 && typeof s.$ref === 'string'; i++) {
    const m = /^#\/components\/schemas\/(.+)$/.exec(s.$ref);
    const target = m ? doc.components.schemas[decodeURIComponent(m[1])] : undefined;
    if (!target) throw new Error(`unresolvable $ref ${s.$ref}`);
    s = target;
  }
  return s;
}

export function queryParams(op: any): { name: string; schema: Schema; required: boolean }[] {
  return (op.parameters ?? [])
    .filter((p: any) => p.in === 'query')
    .map((p: any) => ({ name: p.name, schema: p.schema ?? {}, required: !!p.required }));
}

/** The JSON request body schema of an operation, if it has one. */
export function jsonBodySchema(doc: OpenApiDoc, op: any): Schema | undefined {
  const content = op.requestBody?.content;
  if (!content) return undefined;
  const key = Object.keys(content).find((k) => k.startsWith('application/json'));
  return key ? deref(doc, content[key].schema) : undefined;
}

/** The JSON type a schema describes ('string', 'integer', …), looking through anyOf/oneOf/enum/const. */
export function schemaType(doc: OpenApiDoc, schema: Schema): string | undefined {
  const s = deref(doc, schema);
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.type)) return s.type.find((t: string) => t !== 'null');
  const alts: Schema[] = s.anyOf ?? s.oneOf;
  if (alts) {
    const types = new Set(alts.map((a) => schemaType(doc, a)).filter((t) => t && t !== 'null'));
    return types.size === 1 ? [...types][0] : undefined;
  }
  if (s.const !== undefined) return typeof s.const;
  if (Array.isArray(s.enum) && s.enum.every((v: unknown) => typeof v === 'string')) return 'string';
  if (s.properties || s.patternProperties) return 'object';
  return undefined;
}

const STRING_CANDIDATES = ['a', 'abc', 'A', 'a1', 'A_1', '/', 'a'.repeat(64), 'latest'];

/** A value that satisfies the schema's structural rules (types, required fields, lengths, simple patterns). */
export function sampleValue(doc: OpenApiDoc, schema: Schema): unknown {
  const s = deref(doc, schema);
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (!s.type && (s.anyOf || s.oneOf)) {
    const alts: Schema[] = s.anyOf ?? s.oneOf;
    const nonNull = alts.find((a) => deref(doc, a).type !== 'null') ?? alts[0];
    return sampleValue(doc, nonNull);
  }
  switch (schemaType(doc, s)) {
    case 'string': {
      if (s.format === 'uri' || s.format === 'url') return 'https://hooks.example.com/folio';
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? Infinity;
      const re = typeof s.pattern === 'string' ? new RegExp(s.pattern) : undefined;
      const hit = STRING_CANDIDATES.find((c) => c.length >= min && c.length <= max && (!re || re.test(c)));
      return hit ?? 'a'.repeat(Math.max(1, min));
    }
    case 'integer':
    case 'number':
      return Math.max(
        typeof s.minimum === 'number' ? s.minimum : 0,
        typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 0,
        1,
      );
    case 'boolean':
      return true;
    case 'array':
      return s.items ? [sampleValue(doc, s.items)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries<Schema>(s.properties ?? {})) out[k] = sampleValue(doc, v);
      return out;
    }
    default:
      return null;
  }
}

export type FieldPath = (string | number)[];

export interface Field {
  path: FieldPath;
  schema: Schema;
  type: string | undefined;
  required: boolean;
}

/** Every property (at any depth; arrays through their first item) of a sample built by sampleValue. */
export function fields(doc: OpenApiDoc, schema: Schema, prefix: FieldPath = []): Field[] {
  const s = deref(doc, schema);
  const out: Field[] = [];
  const t = schemaType(doc, s);
  if (t === 'object' && s.properties) {
    const req: string[] = s.required ?? [];
    for (const [k, v] of Object.entries<Schema>(s.properties)) {
      const child = deref(doc, v);
      const path = [...prefix, k];
      out.push({ path, schema: child, type: schemaType(doc, child), required: req.includes(k) });
      out.push(...fields(doc, child, path));
    }
  } else if (t === 'array' && s.items) {
    out.push(...fields(doc, s.items, [...prefix, 0]));
  }
  return out;
}

/** `files[0].sha256`, `render.route`: the notation of `details.field`. */
export function fieldName(path: FieldPath): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : out ? `.${seg}` : seg;
  return out;
}

export function setAt(value: unknown, path: FieldPath, v: unknown): unknown {
  const copy = structuredClone(value) as any;
  let cur = copy;
  for (const seg of path.slice(0, -1)) cur = cur[seg];
  cur[path[path.length - 1]] = v;
  return copy;
}

export function deleteAt(value: unknown, path: FieldPath): unknown {
  const copy = structuredClone(value) as any;
  let cur = copy;
  for (const seg of path.slice(0, -1)) cur = cur[seg];
  delete cur[path[path.length - 1]];
  return copy;
}

/** A value of the wrong JSON type for a schema type, as the brief of the malformed-requests test lists. */
export const WRONG_TYPE: Record<string, unknown> = { string: 123, integer: '12', number: '12', array: {}, object: 'x', boolean: 'yes' };

export async function send(
  server: FastifyInstance,
  req: { method: string; url: string; headers?: Record<string, string>; payload?: string | Buffer },
): Promise<Reply> {
  const res = await server.inject({
    method: req.method as never,
    url: req.url,
    headers: req.headers,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  let body: unknown;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, body, raw: res.body.length > 500 ? `${res.body.slice(0, 500)}…` : res.body, headers: res.headers };
}

/** Describes a reply for assertion messages. */
export const show = (r: Reply) => `${r.status} ${r.raw}`;

/**
 * The uniform error body: `{error, message, details?}` with no other keys, a code from src/errors/codes.ts,
 * the status the code map gives that code, and a JSON content type.
 */
export function assertUniformError(r: Reply, context: string): void {
  assert.ok(r.body && typeof r.body === 'object' && !Array.isArray(r.body), `${context}: error body is not a JSON object: ${show(r)}`);
  assert.match(String(r.headers['content-type'] ?? ''), /^application\/json/, `${context}: content-type of the error: ${show(r)}`);
  const extra = Object.keys(r.body).filter((k) => !['error', 'message', 'details'].includes(k));
  assert.deepEqual(extra, [], `${context}: unexpected keys in the error body: ${show(r)}`);
  assert.equal(typeof r.body.error, 'string', `${context}: error is not a string: ${show(r)}`);
  assert.equal(typeof r.body.message, 'string', `${context}: message is not a string: ${show(r)}`);
  if (r.body.details !== undefined) {
    assert.ok(
      r.body.details !== null && typeof r.body.details === 'object' && !Array.isArray(r.body.details),
      `${context}: details is not an object: ${show(r)}`,
    );
  }
  assert.ok(Object.hasOwn(errorCodes, r.body.error), `${context}: "${r.body.error}" is not a code of src/errors/codes.ts: ${show(r)}`);
  assert.equal(
    r.status,
    errorCodes[r.body.error as keyof typeof errorCodes].status,
    `${context}: status differs from the code map's status for ${r.body.error}: ${show(r)}`,
  );
}

/** A 4xx (never 5xx) with the uniform error body. */
export function assertClientError(r: Reply, context: string): void {
  assert.ok(r.status >= 400 && r.status < 500, `${context}: expected a 4xx, got ${show(r)}`);
  assertUniformError(r, context);
}

/**
 * Collects failing cases of a table-driven test so one run reports all of them, then fails once with the
 * whole list (each entry names the route, the request and the reply).
 */
export class CaseLog {
  readonly failures: string[] = [];
  count = 0;
  async check(context: string, fn: () => unknown): Promise<void> {
    this.count++;
    try {
      await fn();
    } catch (err) {
      this.failures.push(`${context}\n    ${(err as Error).message.split('\n')[0]}`);
    }
  }
  assertNone(minCases = 1): void {
    assert.ok(this.count >= minCases, `expected at least ${minCases} cases, ran ${this.count}`);
    assert.equal(this.failures.length, 0, `${this.failures.length} of ${this.count} cases failed:\n  ${this.failures.join('\n  ')}`);
  }
}
