// The OpenAPI document as users read it (GET /v1/openapi.json, browsed at /docs): the options given to
// @fastify/swagger, and finishDocument(), which turns what each route declares under `x-folio`
// (operation-doc.ts) into named responses, error-code lists generated from src/errors/codes.ts, and
// examples. test/integration/openapi-reference.test.ts fails when an operation lacks any of them.
import { RenderBatchCompletedEvent, RenderJobTerminatedEvent } from '../schemas/webhooks.js';
import { commonErrorCodes, errorResponses, globalErrorsMarkdown } from './errors.js';
import { css, ids, uploadToken } from './examples.js';
import type { DocResponse, OperationDoc } from './operation-doc.js';
import { operationIdOf } from './operation-ids.js';
import { webhooks, webhookSignatureScheme } from './webhooks.js';

const INTRO = `Folio turns deployed HTML/CSS/JS bundles into PDFs, asynchronously: upload a bundle through an upload session (it becomes an immutable deploy version), create render jobs against a version with a JSON payload, then fetch each PDF through a signed link, keep it as a managed PDF, or get told by the \`render.job.terminated\` webhook (see *Webhooks* at the end of this page).

**Authentication.** Every \`/v1\` operation needs an API key: \`Authorization: Bearer folio_sk_…\`. A key has the scope \`all\` or a list of \`deploys:read\`, \`deploys:write\`, \`render:read\`, \`render:write\`, \`pdfs:read\`, \`pdfs:write\`, \`usage:read\`, \`certificates:read\`, \`certificates:write\`; each operation needs one of them (a key without it gets 403 \`forbidden\`). The upload-session steps also need the session's \`X-Upload-Token\`. Signed file URLs and permanent links need no key.

**Conventions.** Bodies are JSON (\`Content-Type: application/json\`) unless stated. Ids are opaque strings with a type prefix (\`dep_…\`, \`ver_…\`, \`job_…\`). Timestamps are integer Unix epoch **milliseconds**. Every response carries an \`x-request-id\` header: quote it when reporting a problem. Lists answer \`{items, nextCursor}\`, newest first; pass \`nextCursor\` back unchanged as \`?cursor=\` for the next page (\`null\` on the last page). Resources of another account answer 404, exactly as if they did not exist.

**Idempotency.** Upload-session creation, render-job creation, render-batch creation and PDF merges accept an \`Idempotency-Key\` header (1–255 characters, remembered 24 hours per account): a repeat of the same request gets the stored answer with \`Idempotent-Replayed: true\`; the same key with a different body gets 409 \`idempotency_key_conflict\`. Only 2xx answers are stored.

**Rate limits.** Each API key has a token bucket; every authenticated response carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`. Past it: 429 \`rate_limited\` with \`Retry-After\`.

**Errors.** Every non-2xx answer has the body \`{"error": "<code>", "message": "<text>", "details"?: {…}}\` (schema \`Error\`); for validation errors \`details.field\` names the field (\`files[2].sha256\`, \`render.route\`). Each operation lists under each of its error statuses the codes it can answer, with an example of each. Besides those, any request can get:

${globalErrorsMarkdown()}

This reference as a JSON document: [/v1/openapi.json](/v1/openapi.json).`;

const TAGS = [
  {
    name: 'Deploys',
    description:
      'A deploy is a named container (`slug` unique per account) for the versions of one document template. Each commit of an upload session adds an immutable version (`versionNo` 1, 2, …). Aliases (`preview`, `production`, …) point at a version or at `latest`; render jobs may name one and bind to the concrete version when created. Settings hold the webhook, version retention, environment variables and write-only secrets.',
  },
  {
    name: 'Uploads',
    description:
      'A bundle is uploaded in four steps: create an upload session declaring every file (`{path, sha256, size}`), ask which blobs are missing, PUT those as raw bytes, then commit, which creates the deploy version. Blobs are content-addressed by sha256 and deduplicated per account, so unchanged files are never sent twice. A session lives 1 hour; its `uploadToken` is returned once and is needed as `X-Upload-Token` by the three following steps.',
  },
  {
    name: 'Render jobs',
    description:
      'A render job renders one version with one payload into one PDF, asynchronously: `queued` → `rendering` → `succeeded` or `failed` (with `retry_scheduled` in between for retryable failures, at most 2 retries), or `canceled`. Wait for it with the long poll (`GET /v1/render-jobs/{jobId}?waitSeconds=30`) or the webhook. A `transient` output is deleted 10 minutes after the job finished; `managed` also keeps a managed PDF until you delete it.',
  },
  {
    name: 'Render batches',
    description:
      'Up to 1,000 render jobs of one deploy version created by one request: the version is bound once, every item is checked before anything is created, and the monthly allowance is taken for the whole batch (all items or none). Each item is an ordinary render job; the batch answers counts per state, its items in order, and cancels every unfinished item at once.',
  },
  {
    name: 'Managed PDFs',
    description:
      'The PDFs of `managed` render jobs, and PDFs merged from them (`POST /v1/pdfs/merge`): they live until deleted, independently of their job and deploy, and may have permanent public links.',
  },
  {
    name: 'Files',
    description:
      'Where signed URLs and permanent links lead: the PDF itself, with no API key. Range requests, `ETag`/`If-None-Match` and `HEAD` are supported.',
  },
  {
    name: 'Gotenberg',
    description:
      "Gotenberg's own paths (`/forms/chromium/convert/html`, `/forms/chromium/screenshot/html`, `/forms/pdfengines/merge`, `/forms/pdf/merge`), so that code written for Gotenberg switches to Folio by changing its base URL and adding an API key (Bearer, or the password of HTTP Basic auth). Each conversion is an ordinary render job; every form field is mapped or refused by name.",
  },
  { name: 'Webhooks', description: 'The delivery log of the `render.job.terminated` webhook of a job, and redelivery.' },
  { name: 'Account', description: 'The account, its plan, usage meters and quotas.' },
  {
    name: 'Signing certificates',
    description:
      "The account's PKCS#12 signing certificates: uploaded with their passphrase, stored sealed; only subject, issuer, validity and fingerprint are ever shown.",
  },
  {
    name: 'API keys',
    description: 'The API keys of the account. Managing keys needs a key of scope `all` (or a dashboard session).',
  },
];

/** The `openapi` option of @fastify/swagger. */
export function openapiOptions(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Folio API',
      version: '1.0.0',
      description: INTRO,
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: publicUrl }],
    tags: TAGS,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: `folio_sk_…`.' },
        webhookSignature: webhookSignatureScheme,
      },
      schemas: { RenderJobTerminatedEvent, RenderBatchCompletedEvent },
    },
    security: [{ apiKey: [] }],
    webhooks,
  } as const;
}

/** Examples of path parameters and headers, by name: the same story as the body examples. */
const PARAMETER_EXAMPLES: Record<string, string> = {
  deployId: ids.deploy,
  deployVersionId: ids.version,
  alias: 'production',
  uploadSessionId: ids.uploadSession,
  jobId: ids.job,
  pdfId: ids.pdf,
  linkId: ids.link,
  keyId: ids.apiKey,
  sha256: css.sha256,
  'x-upload-token': uploadToken,
  'idempotency-key': 'render-INV-2026-0042',
};

const METHODS = ['get', 'head', 'put', 'post', 'patch', 'delete'] as const;

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  example?: unknown;
}
interface MediaType {
  schema?: Json & { anyOf?: Json[] };
  example?: unknown;
  encoding?: Json;
}
interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> } | DocResponse>;
  'x-folio'?: OperationDoc;
}
interface Document {
  paths?: Record<string, Record<string, Operation>>;
}

/** Applies one operation's `x-folio` to it (idempotent: GET and HEAD of one route share the object). */
function finishOperation(method: string, op: Operation): void {
  const doc = op['x-folio'];
  delete op['x-folio'];

  // Bodies declared as `object | null` are optional: say so, and show only the object form.
  const json = op.requestBody?.content?.['application/json'];
  if (json?.schema?.anyOf?.some((s) => s.type === 'null')) {
    op.requestBody!.required = false;
    json.schema = json.schema.anyOf.find((s) => s.type !== 'null');
  }
  if (!doc) return;

  const traits = {
    method: method.toUpperCase(),
    authenticated: !(Array.isArray(op.security) && op.security.length === 0),
    jsonBody: Boolean(json),
    idempotent: (op.parameters ?? []).some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
  };

  const responses: NonNullable<Operation['responses']> = {};
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    if (/^[45]/.test(status)) continue; // regenerated below from the codes
    responses[status] = response;
    if (/^2/.test(status)) {
      response.description = doc.success;
      const media = response.content?.['application/json'];
      const example = doc.responseExamples?.[status] ?? doc.response;
      if (media && example !== undefined) media.example = example;
    }
  }
  Object.assign(responses, doc.responses ?? {}, errorResponses([...commonErrorCodes(traits), ...(doc.errors ?? [])]));
  op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));

  if (json && doc.request !== undefined) json.example = doc.request;
  if (doc.rawBody) {
    op.requestBody = {
      required: true,
      description: doc.rawBody.description,
      content: { [doc.rawBody.mediaType]: { schema: { type: 'string', format: 'binary' }, example: doc.rawBody.example } },
    };
  }
  // A route that reads its multipart body itself has no runtime schema: the alternative is its only body.
  if (doc.alternativeBody && !op.requestBody) op.requestBody = { required: true, content: {} };
  if (doc.alternativeBody && op.requestBody?.content) {
    const { mediaType, schema, example, encoding } = doc.alternativeBody;
    op.requestBody.content[mediaType] = { schema, example, ...(encoding ? { encoding } : {}) };
  }
  for (const p of op.parameters ?? []) {
    const key = p.in === 'header' ? p.name.toLowerCase() : p.name;
    const example = p.in === 'query' ? doc.query?.[key] : (doc.parameters?.[key] ?? PARAMETER_EXAMPLES[key]);
    if (example !== undefined) p.example = example;
  }
}

/** The `transformObject` of @fastify/swagger: finishes every operation of the generated document. */
export function finishDocument<T>(openapiObject: T): T {
  const done = new WeakSet<Operation>();
  for (const [path, item] of Object.entries((openapiObject as Document).paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      // HEAD shares GET's operation object: it gets a copy of its own, for an operationId of its own.
      if (done.has(op)) item[method] = { ...op, operationId: operationIdOf(method, path) };
      else {
        done.add(op);
        finishOperation(method, op);
        op.operationId = operationIdOf(method, path);
      }
    }
  }
  return openapiObject;
}
