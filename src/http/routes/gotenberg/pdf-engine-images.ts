// Gotenberg's `/forms/pdfengines/convert/image` (a route proposed to Gotenberg): the pages of each uploaded
// PDF as PNG, JPEG or TIFF images, drawn by poppler's pdftoppm (pdf/rasterize.ts) as a job's page images
// are, within their bounds: the uploads are checked in the sandbox first (PdfMerges.checkUploads), the dpi
// is 18–600, at most 200 pages are drawn per request, every page's pixels are bounded before it is drawn,
// the images together stay within the plan's byte limit of a result, and the whole request within the time
// limit of a PDF job run in the request. TIFF is made from the lossless PNG by sharp. One image is answered
// as itself, several as a zip (`<name>-1.png`, `<name>-2.png`…); nothing is stored.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { outputFileName, type FormProblem } from '../../../domain/gotenberg/form.js';
import { IMAGE_CONTENT_TYPES, imageName, imagePages, pdfImageForm, type PdfImageForm } from '../../../domain/gotenberg/pdf-image-form.js';
import { MAX_IMAGE_PAGES } from '../../../domain/jobs/page-images.js';
import { AppError } from '../../../errors/app-error.js';
import { isPdfError } from '../../../pdf/errors.js';
import { loadSharp, rasterizePdf } from '../../../pdf/rasterize.js';
import type { Services } from '../../../services/index.js';
import { PDF_JOB_TIMEOUT_MS } from '../../../services/pdfs/pdf-jobs.js';
import { oneFile, sendFiles, type AnsweredFile } from '../../file-answer.js';
import { jobBodyLimit } from '../../job-body-limit.js';
import { readFormParts, type FormFile, type FormParts } from '../../multipart/form-parts.js';
import { principalOf } from '../../plugins/auth.js';
import { webhookCall } from './answer.js';
import { gotenbergHeaders } from './chromium.js';
import { imageRouteSchema } from './pdf-engine-docs.js';
import { EXTRA_FILE_FIELDS, inputPdfs } from './pdf-engine-inputs.js';

const refused = (p: FormProblem) => new AppError('invalid_request', p.message, { field: p.field });

/** One file's pages as encoded images, within what is left of the request's time and bytes. */
async function draw(f: FormFile, pages: { first: number; last: number }, form: PdfImageForm, left: { deadline: number; bytes: number }) {
  const timeoutMs = Math.floor(left.deadline - performance.now());
  if (timeoutMs <= 0 || left.bytes <= 0)
    throw new AppError('pdf_step_failed', `file ${f.name}: ${timeoutMs <= 0 ? 'the time' : 'the bytes'} of the request ran out`, {
      field: f.name,
    });
  try {
    const images = await rasterizePdf(f.bytes, {
      firstPage: pages.first,
      lastPage: pages.last,
      maxPages: MAX_IMAGE_PAGES,
      dpi: form.dpi,
      // TIFF is encoded from the lossless PNG.
      format: form.format === 'tiff' ? 'png' : form.format,
      ...(form.format === 'jpeg' ? { quality: form.quality } : {}),
      timeoutMs,
      maxOutputBytes: left.bytes,
    });
    if (form.format !== 'tiff') return images.map((i) => i.data);
    const sharp = await loadSharp();
    return await Promise.all(images.map((i) => sharp(i.data).tiff({ compression: 'lzw' }).toBuffer()));
  } catch (err) {
    if (isPdfError(err, 'rasterizer_missing')) throw new AppError('service_unavailable', err.message);
    if (isPdfError(err, 'rasterize_failed') && /bytes of pixels/.test(err.message))
      throw new AppError('invalid_request', `dpi: at ${form.dpi} dpi, file ${f.name}: ${err.message}; choose a lower dpi`, {
        field: 'dpi',
      });
    if (isPdfError(err, 'rasterize_failed'))
      throw new AppError('pdf_step_failed', `file ${f.name}: the pages could not be drawn: ${err.message}`, { field: f.name });
    throw err;
  }
}

/** The images of the form's PDFs, in order, or a 4xx naming what is wrong. */
async function produce(s: Services, accountId: string, form: FormParts, header: string | undefined) {
  const options = pdfImageForm(form.fields);
  if ('problem' in options) throw refused(options.problem);
  const extra = form.files.find((f) => EXTRA_FILE_FIELDS.has(f.field));
  if (extra)
    throw new AppError('invalid_request', `${extra.field}: /forms/pdfengines/convert/image takes no ${extra.field} files`, {
      field: extra.field,
    });
  const inputs = inputPdfs(form.files, false);
  const deadline = performance.now() + PDF_JOB_TIMEOUT_MS;
  const { maxBytes, pages } = await s.pdfMerges.checkUploads(accountId, inputs);
  const ranges = imagePages(
    options,
    inputs.map((f, i) => ({ name: f.name, pages: pages[i] })),
  );
  if ('problem' in ranges) throw refused(ranges.problem);
  const files: AnsweredFile[] = [];
  let bytes = 0;
  for (const [i, f] of inputs.entries()) {
    const images = await draw(f, ranges[i], options, { deadline, bytes: maxBytes - bytes });
    for (const [k, data] of images.entries()) {
      bytes += data.length;
      files.push({ name: imageName(f.name, k, options.format), bytes: data, contentType: IMAGE_CONTENT_TYPES[options.format] });
    }
  }
  if (bytes > maxBytes)
    throw new AppError('pdf_step_failed', `the images would be ${bytes} bytes; at most ${maxBytes} are allowed`, { field: 'format' });
  if (files.length === 1) files[0].name = outputFileName(header, options.format) ?? files[0].name;
  return { files, warnings: options.warnings };
}

async function handle(s: Services, req: FastifyRequest, reply: FastifyReply) {
  const { accountId } = principalOf(req);
  const hook = webhookCall(req, reply);
  const form = await readFormParts(req);
  const header = req.headers['gotenberg-output-filename'] as string | undefined;
  if (hook) {
    // Webhook mode, as Gotenberg: 204 now; the images, or the refusal of the form, go to the webhook.
    s.gotenbergWebhooks.start(hook, async () => oneFile((await produce(s, accountId, form, header)).files, header));
    return reply.code(204).send();
  }
  const { files, warnings } = await produce(s, accountId, form, header);
  if (warnings.length > 0) reply.header('folio-warnings', warnings.map((w) => `option_not_honoured;field=${w.split(' ')[0]}`).join(', '));
  return sendFiles(reply, files, header);
}

export function imageRoute(app: FastifyInstance, s: Services) {
  app.post(
    '/forms/pdfengines/convert/image',
    {
      config: { scope: 'render:write', basicAuth: true },
      bodyLimit: jobBodyLimit(s),
      schema: { ...imageRouteSchema(), headers: gotenbergHeaders },
    },
    (req, reply) => handle(s, req, reply),
  );
}
