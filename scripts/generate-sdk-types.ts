// Generates src/sdk/api-types.ts from the OpenAPI document the server serves (GET /v1/openapi.json).
//
//   node --import tsx scripts/generate-sdk-types.ts            write the file (document from an in-process app)
//   node --import tsx scripts/generate-sdk-types.ts --check    fail when the committed file differs (scripts/test.sh)
//   node --import tsx scripts/generate-sdk-types.ts --url http://127.0.0.1:8080   use a running server instead
//
// A small generator over the JSON Schema subset the server emits (type, properties, required, anyOf/oneOf,
// enum, const, items, additionalProperties, $ref), so there is no generator dependency to keep in step with
// Node. The in-process app runs the api role on a throw-away data dir: no Chromium needed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT = path.join(root, 'src/sdk/api-types.ts');

type Schema = Record<string, any>;
interface OpenApiDoc {
  openapi: string;
  info?: { title?: string; version?: string };
  components?: { schemas?: Record<string, Schema> };
  paths: Record<string, Record<string, any>>;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function comment(text: string | undefined, indent: string): string {
  if (!text) return '';
  const lines = text.replace(/\*\//g, '*\\/').split('\n');
  return lines.length === 1
    ? `${indent}/** ${lines[0]} */\n`
    : `${indent}/**\n${lines.map((l) => `${indent} * ${l}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

function literal(v: unknown): string {
  return JSON.stringify(v);
}

function propKey(k: string): string {
  return IDENT.test(k) ? k : JSON.stringify(k);
}

function union(parts: string[]): string {
  const unique = [...new Set(parts)];
  if (unique.includes('unknown')) return 'unknown';
  return unique.length === 0 ? 'never' : unique.join(' | ');
}

function wrap(t: string): string {
  return /[|&]/.test(t) ? `(${t})` : t;
}

export function tsType(schema: Schema | boolean | undefined, indent = ''): string {
  if (schema === undefined || schema === true) return 'unknown';
  if (schema === false) return 'never';
  if (schema.$ref) {
    const m = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref);
    if (!m) throw new Error(`unsupported $ref ${schema.$ref}`);
    return m[1];
  }
  let t: string;
  if (schema.const !== undefined) t = literal(schema.const);
  else if (Array.isArray(schema.enum)) t = union(schema.enum.map(literal));
  else if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf))
    t = union((schema.anyOf ?? schema.oneOf).map((s: Schema) => tsType(s, indent)));
  else if (Array.isArray(schema.allOf)) t = schema.allOf.map((s: Schema) => wrap(tsType(s, indent))).join(' & ');
  else if (Array.isArray(schema.type)) t = union(schema.type.map((ty: string) => tsType({ ...schema, type: ty }, indent)));
  else {
    switch (schema.type) {
      case 'string':
        t = 'string';
        break;
      case 'integer':
      case 'number':
        t = 'number';
        break;
      case 'boolean':
        t = 'boolean';
        break;
      case 'null':
        t = 'null';
        break;
      case 'array':
        t = `${wrap(tsType(schema.items, indent))}[]`;
        break;
      case 'object':
        t = objectType(schema, indent);
        break;
      default:
        t = schema.properties ? objectType(schema, indent) : 'unknown';
    }
  }
  if (schema.nullable === true && t !== 'unknown') t = union([t, 'null']);
  return t;
}

function objectType(schema: Schema, indent: string): string {
  const props: Record<string, Schema> = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  const inner = `${indent}  `;
  const lines = Object.entries(props).map(
    ([k, s]) => `${comment(s.description, inner)}${inner}${propKey(k)}${required.has(k) ? '' : '?'}: ${tsType(s, inner)};`,
  );
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false)
    lines.push(`${inner}[key: string]: ${extra === true ? 'unknown' : lines.length ? 'unknown' : tsType(extra, inner)};`);
  else if (extra === undefined && lines.length === 0) return 'Record<string, unknown>';
  if (lines.length === 0) return 'Record<string, never>';
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function paramsType(params: any[], where: string, indent: string): string {
  const ps = params.filter((p) => p.in === where);
  if (ps.length === 0) return 'never';
  return objectType(
    {
      type: 'object',
      properties: Object.fromEntries(ps.map((p) => [p.name, { ...p.schema, description: p.description ?? p.schema?.description }])),
      required: ps.filter((p) => p.required).map((p) => p.name),
    },
    indent,
  );
}

function jsonSchemaOf(content: Record<string, any> | undefined): Schema | undefined | null {
  if (!content) return null;
  const json = Object.entries(content).find(([mime]) => /json/.test(mime));
  return json ? json[1].schema : undefined;
}

export function generate(doc: OpenApiDoc): string {
  const out: string[] = [];
  out.push(`// Generated from the server's OpenAPI document (GET /v1/openapi.json, OpenAPI ${doc.openapi}) by`);
  out.push('// scripts/generate-sdk-types.ts; do not edit by hand. `npm test` fails when this file drifts from the server.');
  out.push('');
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    const t = tsType(schema);
    out.push(`${comment(schema.description, '')}${t.startsWith('{') ? `export interface ${name} ${t}` : `export type ${name} = ${t};`}`);
    out.push('');
  }
  out.push('/** Every operation, keyed by "METHOD /path": path and query parameters, JSON body, and the success response body. */');
  out.push('export interface Operations {');
  const indent = '    ';
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])];
      const body = op.requestBody ? jsonSchemaOf(op.requestBody.content) : null;
      const ok = Object.entries(op.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
      const status = ok.map(([c]) => Number(c));
      const response = union(
        ok.map(([, r]: [string, any]) => {
          const s = jsonSchemaOf(r.content);
          return s === null ? 'void' : s === undefined ? 'unknown' : tsType(s, indent);
        }),
      );
      out.push(`${comment(op.summary, '  ')}  ${JSON.stringify(`${method.toUpperCase()} ${p}`)}: {`);
      out.push(`${indent}path: ${paramsType(params, 'path', indent)};`);
      out.push(`${indent}query: ${paramsType(params, 'query', indent)};`);
      out.push(`${indent}body: ${body === null ? 'never' : body === undefined ? 'unknown' : tsType(body, indent)};`);
      out.push(`${indent}status: ${status.length ? status.join(' | ') : 'never'};`);
      out.push(`${indent}response: ${response};`);
      out.push('  };');
    }
  }
  out.push('}');
  out.push('');
  out.push('export type OperationId = keyof Operations;');
  out.push('');
  return out.join('\n');
}

async function servedDocument(url: string | undefined): Promise<OpenApiDoc> {
  if (url) {
    const res = await fetch(new URL('/v1/openapi.json', url));
    if (!res.ok) throw new Error(`GET ${url}/v1/openapi.json answered ${res.status}`);
    return (await res.json()) as OpenApiDoc;
  }
  // Server code is imported only here, lazily: the SDK itself never sees it.
  const { createHttpApp } = await import('../src/app.js');
  const { loadConfig } = await import('../src/config/load.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-sdk-types-'));
  const config = loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_LOG_LEVEL: 'silent' });
  const app = await createHttpApp({ config, role: 'api' });
  try {
    const res = await app.server.inject({ method: 'GET', url: '/v1/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${res.statusCode}`);
    return JSON.parse(res.body) as OpenApiDoc;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes('--check');
  const urlAt = argv.indexOf('--url');
  const text = generate(await servedDocument(urlAt >= 0 ? argv[urlAt + 1] : undefined));
  const rel = path.relative(root, OUTPUT);
  if (check) {
    const committed = fs.existsSync(OUTPUT) ? fs.readFileSync(OUTPUT, 'utf8') : '';
    if (committed !== text) {
      console.error(
        `${rel} differs from the types of the served OpenAPI document: run \`node --import tsx scripts/generate-sdk-types.ts\` and commit the result`,
      );
      return 1;
    }
    console.log(`${rel} is up to date`);
    return 0;
  }
  fs.writeFileSync(OUTPUT, text);
  console.log(`wrote ${rel}`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
