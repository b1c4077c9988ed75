// Generates src/sdk/api-types.ts from the OpenAPI document the server serves (GET /v1/openapi.json).
//
//   node --import tsx scripts/generate-sdk-types.ts            write the file (document from an in-process app)
//   node --import tsx scripts/generate-sdk-types.ts --check    fail when the committed file differs (scripts/test.sh)
//   node --import tsx scripts/generate-sdk-types.ts --url http://127.0.0.1:8080   use a running server instead
//
// openapi-typescript turns the document into `paths`, `components` and `webhooks` types, plus one alias per
// component schema (`Deploy`, `RenderJob`, …). The SDK's own view, `Operations` keyed by "METHOD /path"
// with each operation's path and query parameters, JSON body, success statuses and success body, is written
// below (OPERATIONS) as types over `paths`, so it follows the document too. The in-process app runs the api
// role on a throw-away data dir: no Chromium needed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT = path.join(root, 'src/sdk/api-types.ts');

const HEADER = `// Generated from the server's OpenAPI document (GET /v1/openapi.json) by scripts/generate-sdk-types.ts with
// openapi-typescript; do not edit by hand. \`npm test\` fails when this file drifts from the server.
`;

/** The SDK's operation map, as types over the generated \`paths\`. */
const OPERATIONS = `
// ---- The SDK's view of the operations: types over \`paths\` (written in scripts/generate-sdk-types.ts) ----

type HttpMethod = "get" | "put" | "post" | "patch" | "delete";
type Defined<T> = Exclude<T, undefined>;

/** Every operation of the document, as "METHOD /path": "GET /v1/deploys", "POST /v1/render-jobs", … */
export type OperationId = {
    [P in keyof paths]: {
        [M in HttpMethod]: [Defined<paths[P][M]>] extends [never] ? never : \`\${Uppercase<M>} \${P & string}\`;
    }[HttpMethod];
}[keyof paths];

type OperationObject<K extends OperationId> = K extends \`\${infer M} \${infer P}\` ? Defined<paths[P & keyof paths][Lowercase<M> & HttpMethod]> : never;
type ParametersOf<O, W extends "path" | "query"> = O extends { parameters: infer Ps } ? (W extends keyof Ps ? Defined<Ps[W]> : never) : never;
/** The JSON request body; never when there is none, or when it is raw bytes (sent with \`send()\`, not as JSON). */
type JsonBodyOf<O> = O extends { requestBody?: infer B } ? (Defined<B> extends { content: infer C } ? (C extends { "application/json": infer J } ? J : never) : never) : never;
type ResponsesOf<O> = O extends { responses: infer R } ? R : never;
type SuccessStatus<R> = { [S in keyof R]: S extends number ? (\`\${S}\` extends \`2\${string}\` ? S : never) : never }[keyof R];
/** The JSON body of a response; void when it has none (204), unknown when it is not JSON (a PDF). */
type ResponseBody<X> = X extends { content: infer C } ? (C extends { "application/json": infer J } ? J : unknown) : void;

/** Every operation, keyed by "METHOD /path": path and query parameters, JSON body, success statuses and success body. */
export type Operations = {
    [K in OperationId]: {
        path: ParametersOf<OperationObject<K>, "path">;
        query: ParametersOf<OperationObject<K>, "query">;
        body: JsonBodyOf<OperationObject<K>>;
        status: SuccessStatus<ResponsesOf<OperationObject<K>>>;
        response: { [S in SuccessStatus<ResponsesOf<OperationObject<K>>>]: ResponseBody<ResponsesOf<OperationObject<K>>[S]> }[SuccessStatus<ResponsesOf<OperationObject<K>>>];
    };
};
`;

/**
 * The document as the types need it: without the examples (they belong in the reference; as JSDoc they
 * would make most of this file), and with every error response a reference to one shared `Error` response
 * described by the codes it carries (the body is the same `Error` schema under every status).
 */
function forTypes(doc: OpenAPI3): OpenAPI3 {
  const copy = structuredClone(doc) as unknown as Record<string, any>;
  const visit = (value: unknown, key = ''): void => {
    if (Array.isArray(value)) return value.forEach((v) => visit(v));
    if (value === null || typeof value !== 'object') return;
    const o = value as Record<string, any>;
    if (key !== 'properties') {
      delete o.example;
      delete o.examples;
    }
    if (key === 'responses') {
      for (const [status, r] of Object.entries<any>(o))
        if (Array.isArray(r['x-error-codes']))
          o[status] = { $ref: '#/components/responses/Error', description: `Error codes: ${r['x-error-codes'].join(', ')}.` };
    }
    for (const [k, v] of Object.entries(o)) visit(v, k);
  };
  visit(copy.paths);
  visit(copy.webhooks);
  copy.components.responses = {
    Error: {
      description: 'The uniform error body of every non-2xx response.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
  };
  return copy as OpenAPI3;
}

export async function generate(doc: OpenAPI3): Promise<string> {
  const ast = await openapiTS(forTypes(doc), {
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
    // A property with a default is optional in a request: keep it optional everywhere.
    defaultNonNullable: false,
    silent: true,
  });
  return `${HEADER}\n${astToString(ast).trimEnd()}\n${OPERATIONS}`;
}

async function servedDocument(url: string | undefined): Promise<OpenAPI3> {
  if (url) {
    const res = await fetch(new URL('/v1/openapi.json', url));
    if (!res.ok) throw new Error(`GET ${url}/v1/openapi.json answered ${res.status}`);
    return (await res.json()) as OpenAPI3;
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
    return JSON.parse(res.body) as OpenAPI3;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes('--check');
  const urlAt = argv.indexOf('--url');
  const text = await generate(await servedDocument(urlAt >= 0 ? argv[urlAt + 1] : undefined));
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
