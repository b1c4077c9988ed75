// Gotenberg's Chromium routes at Gotenberg's own paths: a form of files (index.html and its assets, the
// header.html/footer.html templates) and fields, read into an ordinary Folio render job with inline sources
// (POST /v1/render's path: quotas, meters, diagnostics, Idempotency-Key, retention), waited for and answered
// as the PDF or the screenshot. The field mapping is domain/gotenberg-form.ts; docs/gotenberg.md the table.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mapChromiumForm, type ChromiumRoute } from '../../../domain/gotenberg/chromium-form.js';
import { urlSourceOfForm } from '../../../domain/gotenberg/url.js';
import { AppError } from '../../../errors/app-error.js';
import type { ErrorCode } from '../../../errors/codes.js';
import type { Services } from '../../../services/index.js';
import { jobBodyLimit } from '../../job-body-limit.js';
import { readFormParts } from '../../multipart/form-parts.js';
import { renderAndAnswer } from './answer.js';
import { QUOTA_ERRORS, WAITED_JOB_ERRORS } from '../../openapi/job-creation-errors.js';

const tags = ['Gotenberg'];

/** Headers of every Gotenberg route, documented once. */
export const gotenbergHeaders = {
  type: 'object',
  properties: {
    'gotenberg-output-filename': {
      type: 'string',
      description: 'The file name of the answer (`Content-Disposition`); the extension is added.',
    },
    'gotenberg-trace': { type: 'string', description: 'Echoed as the `Gotenberg-Trace` response header (default: the request id).' },
    'idempotency-key': { type: 'string', minLength: 1, maxLength: 255, description: 'As on `POST /v1/render` (24 h).' },
    'gotenberg-webhook-url': {
      type: 'string',
      description:
        'Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio\'s webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode").',
    },
    'gotenberg-webhook-error-url': { type: 'string', description: 'Webhook mode: where an error goes, as JSON `{status, message}`.' },
    'gotenberg-webhook-events-url': {
      type: 'string',
      description: 'Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`).',
    },
    'gotenberg-webhook-method': {
      type: 'string',
      description: 'Webhook mode: the method of the result request: POST (default), PATCH or PUT.',
    },
    'gotenberg-webhook-error-method': {
      type: 'string',
      description: 'Webhook mode: the method of the error request: POST (default), PATCH or PUT.',
    },
    'gotenberg-webhook-extra-http-headers': {
      type: 'string',
      description:
        "Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`).",
    },
  },
} as const;

const formSchema = (route: ChromiumRoute) => ({
  type: 'object',
  description:
    route === 'convert'
      ? "Gotenberg's form: `files` parts (each named by its file name; `index.html` is the page, `header.html`/`footer.html` the header and footer templates, any other file an asset the page refers to by name) and the form fields."
      : "Gotenberg's screenshot form: `files` parts as for a conversion, and `format`, `quality`, `width`, `emulatedMediaType`, `failOn…`.",
  required: ['files'],
  properties: {
    files: { type: 'array', items: { type: 'string', format: 'binary' }, description: 'The files, each part named by its file name.' },
    ...(route === 'convert'
      ? {
          paperWidth: { type: 'string', example: '8.27' },
          paperHeight: { type: 'string', example: '11.7' },
          marginTop: { type: 'string', example: '1cm' },
          landscape: { type: 'string', example: 'false' },
        }
      : { format: { type: 'string', enum: ['png', 'jpeg', 'webp'] }, quality: { type: 'string' }, width: { type: 'string' } }),
  },
  additionalProperties: { type: 'string', description: 'A Gotenberg form field: mapped, or refused by name (400).' },
});

const errors: ErrorCode[] = [
  'conversion_failed',
  'conversion_timeout',
  ...WAITED_JOB_ERRORS,
  ...QUOTA_ERRORS,
  'render_provider_unavailable',
  'body_too_large',
  'invalid_path',
  'storage_limit_exceeded',
  'insufficient_storage',
];

/** The job body of a Chromium form: the HTML, its files and the mapped fields; 400 naming the first field Folio cannot honour. */
async function jobOfForm(req: FastifyRequest, route: ChromiumRoute, markdown: boolean) {
  const form = await readFormParts(req);
  const byName = new Map(form.files.map((f) => [f.name, f.bytes]));
  const index = byName.get('index.html');
  if (!index)
    throw new AppError(
      'invalid_request',
      `the form needs a file named index.html (the page): send it as a files part with the file name index.html${
        form.files.length > 0
          ? `; the files were ${form.files
              .map((f) => f.name)
              .slice(0, 5)
              .join(', ')}`
          : ''
      }`,
      { field: 'index.html' },
    );
  const text = (name: string) => byName.get(name)?.toString('utf8');
  const mapped = mapChromiumForm(route, form.fields, { header: text('header.html'), footer: text('footer.html') });
  if ('problem' in mapped) throw new AppError('invalid_request', mapped.problem.message, { field: mapped.problem.field });
  const assets = form.files.filter((f) => !['index.html', 'header.html', 'footer.html'].includes(f.name));
  const { print, ...rest } = mapped;
  return {
    html: index.toString('utf8'),
    // Gotenberg's Markdown routes: index.html places the .md files with {{ toHTML "name.md" }}.
    ...(markdown ? { engine: 'markdown' as const } : {}),
    ...(assets.length > 0 ? { files: Object.fromEntries(assets.map((f) => [f.name, f.bytes.toString('base64')])) } : {}),
    ...(Object.keys(print).length > 0 ? { print } : {}),
    ...rest,
  };
}

/** The job body of a convert/url form: its URL source and the mapped Chromium fields; 400 naming the first field Folio cannot honour. */
async function jobOfUrlForm(req: FastifyRequest, route: ChromiumRoute) {
  const form = await readFormParts(req);
  if (form.files.length > 0)
    throw new AppError('invalid_request', 'files: a URL conversion takes no files (the page comes from url)', { field: 'files' });
  const taken = urlSourceOfForm(form.fields);
  if ('problem' in taken) throw new AppError('invalid_request', taken.problem.message, { field: taken.problem.field });
  const mapped = mapChromiumForm(route, taken.rest, {});
  if ('problem' in mapped) throw new AppError('invalid_request', mapped.problem.message, { field: mapped.problem.field });
  const { print, ...rest } = mapped;
  return { source: taken.source, ...(Object.keys(print).length > 0 ? { print } : {}), ...rest };
}

export function gotenbergChromiumRoutes(app: FastifyInstance, s: Services) {
  for (const [route, markdown] of [
    ['convert', false],
    ['screenshot', false],
    ['convert', true],
    ['screenshot', true],
  ] as const) {
    const path = `/forms/chromium/${route}/${markdown ? 'markdown' : 'html'}`;
    app.post(
      path,
      {
        config: { scope: 'render:write', basicAuth: true },
        bodyLimit: jobBodyLimit(s),
        schema: {
          tags,
          summary: `${route === 'convert' ? 'Convert' : 'Screenshot'} ${markdown ? 'Markdown' : 'HTML'}${route === 'convert' ? ' to PDF' : ''} (Gotenberg-compatible)`,
          description: `Gotenberg's \`${path}\`: ${
            markdown
              ? '`index.html` places each Markdown file sent with it where it says `{{ toHTML "file.md" }}` (rendered in the page by the Markdown engine: CommonMark, GFM tables, raw HTML; `engine: "markdown"` of a job, the templates guide); a name that is not among the files is a 400 `template_syntax_error` with its line and column. Otherwise the '
              : 'the '
          }same multipart form a Gotenberg client (chromiumly, gotenberg-client, curl) sends, authenticated with a Folio API key (\`Authorization: Bearer …\`, or the key as the password of HTTP Basic auth with any user name). ${
            route === 'convert'
              ? 'Answers the PDF.'
              : 'Answers one image of the first page (`format` png, jpeg or webp; `width` in pixels; `quality` for jpeg and webp), drawn from the page printed edge to edge with the `screen` media type.'
          } Each request is an ordinary render job with inline sources (as \`POST /v1/render\`): it counts in the plan's allowances and meters, shows in \`GET /v1/render-jobs\` with its diagnostics, and \`Idempotency-Key\` replays it. Every form field is mapped to the job (\`print\`, \`pdf\`, \`protection\`, \`failOn\`, page images) or refused with 400 naming it: nothing is silently ignored. \`Gotenberg-Output-Filename\` names the file, \`Gotenberg-Trace\` is echoed; the webhook headers are refused (Folio's webhooks are per deploy and signed). A job that fails on a \`failOn…\` condition answers 409 \`conversion_failed\`, another failure 422 \`render_job_failed\`, one still running after its render timeout (plus 10 s) 503 \`conversion_timeout\`.`,
          headers: gotenbergHeaders,
          'x-folio': {
            success: route === 'convert' ? 'The PDF' : 'The image',
            errors: markdown ? [...errors, 'template_syntax_error'] : errors,
            alternativeBody: {
              mediaType: 'multipart/form-data',
              schema: formSchema(route),
              example:
                route === 'convert'
                  ? {
                      files: markdown ? ['<index.html>', '<notes.md>', '<style.css>'] : ['<index.html>', '<style.css>', '<footer.html>'],
                      paperWidth: '8.27',
                      paperHeight: '11.7',
                      marginTop: '1cm',
                      landscape: 'false',
                    }
                  : { files: markdown ? ['<index.html>', '<notes.md>'] : ['<index.html>', '<style.css>'], format: 'png', width: '800' },
            },
            responses: {
              200: {
                description: route === 'convert' ? 'The PDF' : 'The image',
                content:
                  route === 'convert'
                    ? { 'application/pdf': { schema: { type: 'string', format: 'binary' }, example: '%PDF-1.7 … (the PDF bytes)' } }
                    : {
                        'image/png': {
                          schema: { type: 'string', format: 'binary' },
                          example: 'PNG … (the image bytes; image/jpeg, image/webp alike)',
                        },
                      },
              },
            },
          },
        },
      },
      async (req, reply) => renderAndAnswer(s, req, reply, path, await jobOfForm(req, route, markdown)),
    );
  }

  for (const route of ['convert', 'screenshot'] as const) {
    const path = `/forms/chromium/${route}/url`;
    app.post(
      path,
      {
        config: { scope: 'render:write', basicAuth: true },
        bodyLimit: jobBodyLimit(s),
        schema: {
          tags,
          summary: route === 'convert' ? 'Convert a URL to PDF (Gotenberg-compatible)' : 'Screenshot a URL (Gotenberg-compatible)',
          description:
            `Gotenberg's \`${path}\`: ` +
            "the form field `url` is the page to print, as a render job with a URL source (`source` on `POST /v1/render-jobs`): Folio fetches it under the network policy (public addresses only unless the operator allow-listed the host, DNS pinned, redirects checked again), so the plan must allow the external network (403 `url_source_not_allowed`). `extraHttpHeaders` (a JSON object) and `cookies` (Gotenberg's JSON array of `{name, value, domain, path, secure, httpOnly, sameSite}`) are sent to the URL's origin only, and are never shown or logged. The other Chromium fields are mapped as on `/forms/chromium/convert/html` (a screenshot's: `format`, `quality`, `width`, as on `/forms/chromium/screenshot/html`); files parts are refused. Answers the PDF (a screenshot: one image of the first page); failures as on `/forms/chromium/convert/html`.",
          headers: gotenbergHeaders,
          'x-folio': {
            success: route === 'convert' ? 'The PDF' : 'The image',
            errors: [...errors, 'url_source_not_allowed'],
            alternativeBody: {
              mediaType: 'multipart/form-data',
              schema: {
                type: 'object',
                required: ['url'],
                properties: {
                  url: { type: 'string', example: 'https://app.example.com/invoices/42/print' },
                  extraHttpHeaders: { type: 'string', example: '{"Authorization":"Bearer eyJhbGciOi…"}' },
                  cookies: { type: 'string', example: '[{"name":"session","value":"s3cr3t","domain":"app.example.com"}]' },
                  ...(route === 'convert'
                    ? { paperWidth: { type: 'string', example: '8.27' } }
                    : { format: { type: 'string', enum: ['png', 'jpeg', 'webp'] }, width: { type: 'string', example: '1200' } }),
                },
                additionalProperties: { type: 'string', description: 'A Gotenberg form field: mapped, or refused by name (400).' },
              },
              example:
                route === 'convert'
                  ? {
                      url: 'https://app.example.com/invoices/42/print',
                      extraHttpHeaders: '{"Authorization":"Bearer eyJhbGciOi…"}',
                      paperWidth: '8.27',
                      paperHeight: '11.7',
                    }
                  : { url: 'https://app.example.com/invoices/42/print', format: 'png', width: '1200' },
            },
            responses: {
              200:
                route === 'convert'
                  ? {
                      description: 'The PDF',
                      content: {
                        'application/pdf': { schema: { type: 'string', format: 'binary' }, example: '%PDF-1.7 … (the PDF bytes)' },
                      },
                    }
                  : {
                      description: 'The image',
                      content: {
                        'image/png': {
                          schema: { type: 'string', format: 'binary' },
                          example: 'PNG … (the image bytes; image/jpeg, image/webp alike)',
                        },
                      },
                    },
            },
          },
        },
      },
      async (req, reply) => renderAndAnswer(s, req, reply, path, await jobOfUrlForm(req, route)),
    );
  }
}
