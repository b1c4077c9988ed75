// Gotenberg's Chromium routes at Gotenberg's own paths: a form of files (index.html and its assets, the
// header.html/footer.html templates) and fields, read into an ordinary Folio render job with inline sources
// (POST /v1/render's path: quotas, meters, diagnostics, Idempotency-Key, retention), waited for and answered
// as the PDF or the screenshot; with PDF-engine work the render job cannot do itself (a split), the page is
// printed and the work run on its PDF (chromium-results.ts). The field mapping is
// domain/gotenberg/chromium-form.ts; docs/gotenberg.md the table.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mapChromiumForm, type ChromiumRoute, type MappedForm } from '../../../domain/gotenberg/chromium-form.js';
import { REPEATABLE_FIELDS } from '../../../domain/gotenberg/pdf-engines.js';
import { urlSourceOfForm } from '../../../domain/gotenberg/url.js';
import { AppError } from '../../../errors/app-error.js';
import type { ErrorCode } from '../../../errors/codes.js';
import type { Services } from '../../../services/index.js';
import type { CreateJobInput } from '../../../services/jobs/render-jobs.js';
import { jobBodyLimit } from '../../job-body-limit.js';
import { readFormParts, type FormParts } from '../../multipart/form-parts.js';
import { renderAndAnswer } from './answer.js';
import { renderThenWork } from './chromium-results.js';
import { EXTRA_FILE_FIELDS } from './pdf-engine-inputs.js';
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

/** The form's fields mapped (its `stamp`, `watermark` and `embeds` files with them); 400 naming the first field Folio cannot honour. */
function mapped(
  route: ChromiumRoute,
  form: FormParts,
  fields: ReadonlyMap<string, string>,
  templates: { header?: string; footer?: string },
) {
  const extra = form.files.filter((f) => EXTRA_FILE_FIELDS.has(f.field));
  const m = mapChromiumForm(route, fields, templates, { repeated: form.repeated, extra });
  if ('problem' in m) throw new AppError('invalid_request', m.problem.message, { field: m.problem.field });
  return m;
}

/** The job body of a Chromium form: the HTML, its files and the mapped fields; 400 naming the first field Folio cannot honour. */
async function jobOfForm(req: FastifyRequest, route: ChromiumRoute, markdown: boolean) {
  const form = await readFormParts(req, REPEATABLE_FIELDS);
  const pages = form.files.filter((f) => !EXTRA_FILE_FIELDS.has(f.field));
  const byName = new Map(pages.map((f) => [f.name, f.bytes]));
  const text = (name: string) => byName.get(name)?.toString('utf8');
  // The fields first, as Gotenberg reads them: a wrong field is named even when index.html is missing too.
  const m = mapped(route, form, form.fields, { header: text('header.html'), footer: text('footer.html') });
  const index = byName.get('index.html');
  if (!index)
    throw new AppError(
      'invalid_request',
      `the form needs a file named index.html (the page): send it as a files part with the file name index.html${
        pages.length > 0
          ? `; the files were ${pages
              .map((f) => f.name)
              .slice(0, 5)
              .join(', ')}`
          : ''
      }`,
      { field: 'index.html' },
    );
  const assets = pages.filter((f) => !['index.html', 'header.html', 'footer.html'].includes(f.name));
  return {
    source: {
      html: index.toString('utf8'),
      // Gotenberg's Markdown routes: index.html places the .md files with {{ toHTML "name.md" }}.
      ...(markdown ? { engine: 'markdown' as const } : {}),
      ...(assets.length > 0 ? { files: Object.fromEntries(assets.map((f) => [f.name, f.bytes.toString('base64')])) } : {}),
    },
    mapped: m,
  };
}

/** The header and footer templates, files of the convert routes besides the page. */
const TEMPLATES = ['header.html', 'footer.html'];

/** The job body of a convert/url form: its URL source and the mapped Chromium fields; 400 naming the first field Folio cannot honour. */
async function jobOfUrlForm(req: FastifyRequest, route: ChromiumRoute) {
  const form = await readFormParts(req, REPEATABLE_FIELDS);
  const templates = new Map(form.files.filter((f) => TEMPLATES.includes(f.name)).map((f) => [f.name, f.bytes.toString('utf8')]));
  const page = form.files.find((f) => !EXTRA_FILE_FIELDS.has(f.field) && !TEMPLATES.includes(f.name));
  if (page)
    throw new AppError(
      'invalid_request',
      `files: a URL conversion takes no page files (the page comes from url), only header.html and footer.html; got ${page.name}`,
      { field: page.field },
    );
  const taken = urlSourceOfForm(form.fields);
  if ('problem' in taken) throw new AppError('invalid_request', taken.problem.message, { field: taken.problem.field });
  const m = mapped(route, form, taken.rest, { header: templates.get('header.html'), footer: templates.get('footer.html') });
  return { source: { source: taken.source }, mapped: m };
}

/** Which PDF-engine field made a render-job step, to name it in the step's refusal (`steps[0]` → `stampSource`). */
const STEP_FIELDS: Record<string, string> = {
  watermark: 'watermarkSource',
  stamp: 'stampSource',
  rotate: 'rotateAngle',
  flatten: 'flatten',
  metadata: 'metadata',
  optimize: 'optimizeImages',
};

/** The job (its source and mapped fields) answered: printed and answered, or printed and worked on (a split). */
/**
 * A failure named by the form field it came from: a render-job step's refusal by the field that made the
 * step. Two failures of the render are the form's mistake, a 400 as Gotenberg answers them: Chromium's
 * refusal of a page range past the document's last page (naming nativePageRanges), and a wait expression
 * that threw or was undefined (naming waitForExpression).
 */
function formFailure(err: unknown, steps: Array<Record<string, unknown>> | undefined): never {
  if (!(err instanceof AppError)) throw err;
  const step = typeof err.details?.field === 'string' ? /^steps\[(\d+)\]/.exec(err.details.field) : null;
  const field = step ? STEP_FIELDS[String(steps?.[Number(step[1])]?.type)] : undefined;
  if (field) err.details!.field = field;
  if (err.code === 'render_job_failed' && /Page range exceeds page count/.test(err.message))
    throw new AppError('invalid_request', `nativePageRanges: a page of the range is past the document's last page (${err.message})`, {
      ...err.details,
      field: 'nativePageRanges',
    });
  const thrown = err.code === 'render_job_failed' ? /^waitFor\.expression [\s\S]* threw: ([\s\S]*)$/.exec(err.message) : null;
  if (thrown)
    throw new AppError('invalid_request', `waitForExpression: the expression returned an exception or undefined: ${thrown[1]}`, {
      ...err.details,
      field: 'waitForExpression',
    });
  throw err;
}

/** The job (its source and mapped fields) answered: printed and answered, or printed and worked on (a split). */
async function answer(
  s: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  path: string,
  job: { source: Record<string, unknown>; mapped: MappedForm },
) {
  const { print, after, warnings, steps, ...rest } = job.mapped;
  const body = { ...job.source, ...(Object.keys(print).length > 0 ? { print } : {}), ...(steps ? { steps } : {}), ...rest };
  const failure = (err: unknown) => formFailure(err, steps);
  if (after) return renderThenWork(s, req, reply, body as Omit<CreateJobInput, 'hasPayload'>, after).catch(failure);
  // The plan's warnings, unless the job's own replace them (renderAndAnswer).
  if (warnings) reply.header('folio-warnings', warnings.map((w) => `option_not_honoured;field=${w.split(' ')[0]}`).join(', '));
  return renderAndAnswer(s, req, reply, path, body as Omit<CreateJobInput, 'hasPayload'>).catch(failure);
}

/** Gotenberg names a JPEG screenshot by its format, `.jpeg`; Folio's stored page images are `.jpg`. */
function jpegName(_req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) {
  const disposition = reply.getHeader('content-disposition');
  if (String(reply.getHeader('content-type')).startsWith('image/jpeg') && typeof disposition === 'string')
    reply.header('content-disposition', disposition.replace(/\.jpg(?=";|$)/g, '.jpeg'));
  done(null, payload);
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
        ...(route === 'screenshot' ? { onSend: jpegName } : {}),
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
          } Each request is an ordinary render job with inline sources (as \`POST /v1/render\`): it counts in the plan's allowances and meters, shows in \`GET /v1/render-jobs\` with its diagnostics, and \`Idempotency-Key\` replays it. Every form field is mapped to the job (\`print\`, \`pdf\`, \`protection\`, \`failOn\`, page images) or refused with 400 naming it: nothing is silently ignored.${
            route === 'convert'
              ? " The PDF-engine fields of a conversion work as on the `/forms/pdfengines` routes: `flatten`, `watermark…` and `stamp…` (text, or an image file), `rotateAngle`, `metadata`, `optimizeImages` become the job's `steps`, `embeds` files its `attachments`; with `splitMode`/`splitSpan` (or a stamp of a PDF's page) the page is printed, then worked on, and the parts answered as a zip (`<name>_0.pdf`, `<name>_1.pdf`…)."
              : ''
          } \`Gotenberg-Output-Filename\` names the file, \`Gotenberg-Trace\` is echoed; with \`Gotenberg-Webhook-Url\` the answer is 204 and the result goes to the webhook. A page range past the document's last page, or a \`waitForExpression\` that throws or is undefined, answers 400 naming the field, as Gotenberg. A job that fails on a \`failOn…\` condition answers 409 \`conversion_failed\`, another failure 422 \`render_job_failed\`, one still running after its render timeout (plus 10 s) 503 \`conversion_timeout\`.`,
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
      async (req, reply) => answer(s, req, reply, path, await jobOfForm(req, route, markdown)),
    );
  }

  for (const route of ['convert', 'screenshot'] as const) {
    const path = `/forms/chromium/${route}/url`;
    app.post(
      path,
      {
        config: { scope: 'render:write', basicAuth: true },
        ...(route === 'screenshot' ? { onSend: jpegName } : {}),
        bodyLimit: jobBodyLimit(s),
        schema: {
          tags,
          summary: route === 'convert' ? 'Convert a URL to PDF (Gotenberg-compatible)' : 'Screenshot a URL (Gotenberg-compatible)',
          description:
            `Gotenberg's \`${path}\`: ` +
            "the form field `url` is the page to print, as a render job with a URL source (`source` on `POST /v1/render-jobs`): Folio fetches it under the network policy (public addresses only unless the operator allow-listed the host, DNS pinned, redirects checked again), so the plan must allow the external network (403 `url_source_not_allowed`). `extraHttpHeaders` (a JSON object) and `cookies` (Gotenberg's JSON array of `{name, value, domain, path, secure, httpOnly, sameSite}`) are sent to the URL's origin only, and are never shown or logged. Each cookie needs its name, value and domain, as in Gotenberg; a header scoped to some requests (`value;scope=…`) is refused. The other Chromium fields are mapped as on `/forms/chromium/convert/html` (a screenshot's: `format`, `quality`, `width`, as on `/forms/chromium/screenshot/html`); files parts other than `header.html`, `footer.html` and the PDF-engine fields' files (`embeds`, `stamp`, `watermark`) are refused. Answers the PDF (a screenshot: one image of the first page); failures as on `/forms/chromium/convert/html`.",
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
      async (req, reply) => answer(s, req, reply, path, await jobOfUrlForm(req, route)),
    );
  }
}
