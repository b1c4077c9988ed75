// Generates docs/config.md (from src/config/schema.ts) and docs/errors.md (from src/errors/codes.ts).
// `--check` fails when the committed files differ, so docs cannot drift from code.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { settings } from '../src/config/schema.js';
import { batchProductErrorCodes, errorCodes, jobErrorCodes } from '../src/errors/codes.js';
import { JOB_WARNINGS } from '../src/domain/jobs/job-warnings.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function configMarkdown(): string {
  const rows = settings.map((s) => {
    const def = s.default === null ? '—' : `\`${s.default}\``;
    const range = s.type === 'integer' && (s.min !== undefined || s.max !== undefined) ? ` (${s.min ?? ''}…${s.max ?? ''})` : '';
    return `| \`${s.env}\` | ${s.type}${range} | ${def} | ${s.doc.replace(/\|/g, '\\|')}${s.secret ? ' **Secret: never logged.**' : ''} |`;
  });
  return `# Configuration

<!-- Generated from src/config/schema.ts by \`npm run docs\`; do not edit by hand. -->

Folio reads its settings from environment variables only (nothing else reads \`process.env\`). An invalid
value stops start-up with a message naming the variable. The one exception is OpenTelemetry's standard
\`OTEL_*\` variables, which turn tracing (and metrics over OTLP) on and are read by the OpenTelemetry SDK
itself: see docs/operations.md, "Tracing".

| Variable | Type | Default | Meaning |
|---|---|---|---|
${rows.join('\n')}
`;
}

export function errorsMarkdown(): string {
  const rows = Object.entries(errorCodes).map(
    ([code, spec]) => `| \`${code}\` | ${spec.status} | ${spec.description.replace(/\|/g, '\\|')} |`,
  );
  const jobRows = Object.entries(jobErrorCodes).map(([code, d]) => `| \`${code}\` | ${d} |`);
  const productRows = Object.entries(batchProductErrorCodes).map(([code, d]) => `| \`${code}\` | ${d} |`);
  const warningRows = Object.entries(JOB_WARNINGS).map(([code, w]) => `| \`${code}\` | ${w.description} |`);
  return `# Errors

<!-- Generated from src/errors/codes.ts by \`npm run docs\`; do not edit by hand. -->

Every non-2xx response has the body \`{"error": "<code>", "message": "<human text>", "details"?: {...}}\` and
an \`x-request-id\` header. For validation errors \`details.field\` names the failing field
(\`files[2].sha256\`, \`render.route\`, \`cursor\`, \`body\`). A 500 never carries internals: quote the request id.

The API reference (\`/docs\` on a running server, or \`GET /v1/openapi.json\`) lists under each error status of
every operation the codes that operation can answer, each with an example; they come from the same map.

## HTTP error codes

| Code | Status | When |
|---|---|---|
${rows.join('\n')}

## Render job error codes

Set as \`errorCode\` on a failed render job (never an HTTP status).

| Code | Meaning |
|---|---|
${jobRows.join('\n')}

## Render batch product error codes

Set as \`product.error.code\` of a render batch whose merged PDF or zip could not be built (never an HTTP
status; the batch is \`completed\` and its items keep their own PDFs).

| Code | Meaning |
|---|---|
${productRows.join('\n')}

## Render job warning codes

Listed in a job's \`warnings\` (\`{code, count, message}\`: how often, and the first occurrence) when the job
made its PDF but something in the page went wrong: in the job, the job list, batch items, the
\`render.job.terminated\` webhook, the \`Folio-Warnings\` header of \`POST /v1/render\`, the CLI and the dashboard.
A version's \`render.failOn\` (or a job's \`failOn\`) turns the codes it lists into failures
(\`render_failed_on_warning\`; \`render_request_failed\` for \`request_failed\`). See the templates guide,
"Warnings and failOn" (src/domain/jobs/job-warnings.ts).

| Code | Meaning |
|---|---|
${warningRows.join('\n')}
`;
}

const outputs: Record<string, string> = {
  'docs/config.md': configMarkdown(),
  'docs/errors.md': errorsMarkdown(),
};

const check = process.argv.includes('--check');
let stale = false;
for (const [rel, content] of Object.entries(outputs)) {
  const file = path.join(root, rel);
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (current === content) continue;
  if (check) {
    console.error(`${rel} is out of date: run npm run docs`);
    stale = true;
  } else {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    console.log(`wrote ${rel}`);
  }
}
if (stale) process.exit(1);
