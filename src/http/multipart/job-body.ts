import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_INLINE_BYTES_CEILING } from '../../domain/accounts/plans.js';
import { isOfficeFileName } from '../../domain/office/office-input.js';
import { AppError } from '../../errors/app-error.js';
import { readParts } from './read-parts.js';
import { ASSET_PARTS_LIMIT, MAX_ASSET_PARTS, MULTIPART_FILE_BYTES } from './limits.js';

/** The parts that may be the entry document: index.html, or index.md (Markdown) when there is no index.html. */
const ENTRY_PARTS = new Set(['index.html', 'index.md']);

/** Gotenberg's field for every file of a form; each part's file name is its path. */
const FILES_FIELD = 'files';
/** File names that Gotenberg reads as Chromium header and footer templates, not as files of the page. */
const GOTENBERG_TEMPLATES = new Set(['header.html', 'footer.html']);

/** Form fields of Gotenberg's Chromium routes: on /v1/render they are options, never files. */
const GOTENBERG_FIELDS =
  /^(paper(Width|Height)|margin(Top|Bottom|Left|Right)|landscape|scale|printBackground|preferCssPageSize|nativePageRanges|singlePage|wait(Delay|ForExpression|ForSelector)|emulatedMedia(Type|Features)|failOn\w+|metadata|pdfa|pdfua|userPassword|ownerPassword|generate\w+|omitBackground|skipNetwork\w*|userAgent|extraHttpHeaders|cookies)$/;

/** A text part that is neither index.html nor job: refused by name, with what to send instead. */
function unknownField(name: string): AppError {
  const hint = GOTENBERG_FIELDS.test(name)
    ? `${name} is a Gotenberg form field: send the form to POST /forms/chromium/convert/html (which maps it), or put print options in the job part as print (e.g. {"print":{"margin":{"top":"1in"}}})`
    : 'a multipart job takes index.html, job (JSON) and files: send files with a file name (-F css/style.css=@style.css, or -F files=@style.css)';
  return new AppError('invalid_request', `unknown field ${name}: ${hint}`, { field: name });
}

/** A part name that arrived as bytes that are not UTF-8 (the parser turns each such sequence into U+FFFD). */
const NOT_UTF8 = '\uFFFD';

/** The parts read so far: the entry, the job part and the files, with the counts their limits need. */
interface ReadJobParts {
  html?: string;
  job: Record<string, unknown>;
  files: Record<string, string>;
  seen: Set<string>;
  assetParts: number;
  sourceBytes: number;
}

/**
 * A `multipart/form-data` job (parts named by path, or Gotenberg-style `files` parts) turned into the JSON body of the same job,
 * before validation, so the body schema, idempotency and the service see one shape: the `index.html` part
 * is `html`, every other part a file whose path is its field name (`files`, base64), and the optional `job`
 * part (JSON) the rest of the job. A preValidation hook of the job-creation scope (server.ts); JSON
 * requests pass through untouched. A malformed body (no boundary, cut short before its closing delimiter,
 * a part name that is not UTF-8) is a 400, and every limit a 413 naming the part.
 */
export async function multipartJobBody(req: FastifyRequest): Promise<void> {
  if (!req.isMultipart()) return;
  const read: ReadJobParts = { job: {}, files: {}, seen: new Set(), assetParts: 0, sourceBytes: 0 };
  let current = 'body';
  await readParts(
    req,
    async (part) => {
      const name = partName(part);
      current = name;
      countPart(read, name);
      const bytes = await partBytes(part, name);
      countBytes(read, name, bytes);
      if (name === 'index.html') read.html = bytes.toString('utf8');
      else if (name === 'job') read.job = jobPart(bytes);
      else read.files[name] = bytes.toString('base64');
    },
    { current: () => current },
  );
  req.body = jobBody(read);
}

/** The path a part stands for (its field name, or a `files` part's file name), refused when it cannot be one. */
function partName(part: Multipart): string {
  // Gotenberg's shape: every file a `files` part, named by its file name (its path in the bundle).
  const gotenbergFile = part.fieldname === FILES_FIELD && part.type === 'file';
  const name = gotenbergFile ? part.filename : part.fieldname;
  if (part.fieldname === FILES_FIELD && !gotenbergFile)
    throw new AppError(
      'invalid_request',
      'a files part must be a file with a file name (its path, e.g. filename="css/style.css"); send each file as files=@path',
      { field: FILES_FIELD },
    );
  if (gotenbergFile && (name === '' || name === undefined))
    throw new AppError('invalid_request', 'a files part needs a file name: it is the path of the file (index.html, css/style.css)', {
      field: FILES_FIELD,
    });
  if (name.includes(NOT_UTF8))
    throw new AppError(
      'invalid_request',
      `a part name is not valid UTF-8 (${JSON.stringify(name)} as read): part names are paths, sent in UTF-8, and U+FFFD is refused as the mark of bytes that were not`,
      { field: name },
    );
  if (gotenbergFile && GOTENBERG_TEMPLATES.has(name))
    throw new AppError(
      'invalid_request',
      `${name} among the files parts is Gotenberg's ${name === 'header.html' ? 'header' : 'footer'} template: on /v1/render send it as print.${name === 'header.html' ? 'headerTemplate' : 'footerTemplate'} (with print.displayHeaderFooter: true) in the job part, or send the form to POST /forms/chromium/convert/html`,
      { field: name },
    );
  // A text part (no file name) is index.html, index.md or job; anything else was meant as an option, not a file.
  if (part.type !== 'file' && !ENTRY_PARTS.has(name) && name !== 'job') throw unknownField(name);
  return name;
}

/** Each path once, and at most MAX_ASSET_PARTS files besides the entry and the job part. */
function countPart(read: ReadJobParts, name: string): void {
  if (read.seen.has(name))
    throw new AppError(
      'invalid_request',
      `part ${name} is sent twice: name each part by its path (-F css/style.css=@style.css), or send them all as files parts with file names (-F files=@style.css), one per path`,
      { field: name },
    );
  read.seen.add(name);
  if (!ENTRY_PARTS.has(name) && name !== 'job' && ++read.assetParts > MAX_ASSET_PARTS)
    throw new AppError('body_too_large', `${ASSET_PARTS_LIMIT}; part ${name} is one more`, { field: name });
}

async function partBytes(part: Multipart, name: string): Promise<Buffer> {
  if (part.type === 'file') return await part.toBuffer();
  if (part.valueTruncated) throw new AppError('body_too_large', `part ${name} is larger than a part may be`, { field: name });
  // A field part sent with its own `Content-Type: application/json` (curl's `-F 'job={…};type=application/json'`)
  // arrives parsed; it is written back as JSON, so every job part goes through the same checks.
  const value: unknown = part.value;
  return Buffer.from(typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value), 'utf8');
}

function countBytes(read: ReadJobParts, name: string, bytes: Buffer): void {
  // A text part (no filename) has the same limit as a file part; the job part is as big as a JSON job.
  if (name !== 'job' && bytes.length > MULTIPART_FILE_BYTES)
    throw new AppError('body_too_large', `part ${name} is ${bytes.length} bytes; a part may be at most ${MULTIPART_FILE_BYTES}`, {
      field: name,
    });
  // The sources' ceiling bounds what a request can make the server hold (the plan's limits come later).
  if (name !== 'job') read.sourceBytes += bytes.length;
  if (read.sourceBytes > MAX_INLINE_BYTES_CEILING)
    throw new AppError('body_too_large', `part ${name} brings the sources past ${MAX_INLINE_BYTES_CEILING} bytes`, { field: name });
}

/** The job part: a JSON object holding the rest of the job, never its sources. */
function jobPart(bytes: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new AppError('invalid_request', 'the job part must be a JSON object', { field: 'job' });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new AppError('invalid_request', 'the job part must be a JSON object', { field: 'job' });
  const job = parsed as Record<string, unknown>;
  for (const k of ['html', 'markdown', 'files'])
    if (k in job) throw new AppError('invalid_request', `the job part must not hold ${k}: send it as parts`, { field: 'job' });
  return job;
}

/** The JSON body the parts make: html or Markdown and the files, or an Office entry, beside the job part's fields. */
function jobBody({ html, job, files }: ReadJobParts): Record<string, unknown> {
  // index.md is the entry of a Markdown job when there is no index.html; beside one, a file the page includes.
  let markdown: string | undefined;
  if (html === undefined && files['index.md'] !== undefined) {
    markdown = Buffer.from(files['index.md'], 'base64').toString('utf8');
    delete files['index.md'];
  }
  // Without an html or Markdown entry, an Office document is the entry: the one the job part names
  // (`entry`), else the only Office document among the parts (converted with LibreOffice).
  if (html === undefined && markdown === undefined) {
    const office = Object.keys(files).filter(isOfficeFileName);
    const entry = typeof job.entry === 'string' ? job.entry : office.length === 1 ? office[0] : undefined;
    if (entry !== undefined) return { ...job, entry, files };
    throw new AppError(
      'invalid_request',
      `a multipart job needs an index.html part (the entry document; index.md for Markdown): a part named index.html, or a files part with the file name index.html${
        Object.keys(files).length > 0 ? ` (the parts were ${Object.keys(files).slice(0, 5).join(', ')})` : ''
      }`,
      { field: 'index.html' },
    );
  }
  return { ...job, ...(markdown !== undefined ? { markdown } : { html }), ...(Object.keys(files).length > 0 ? { files } : {}) };
}

/**
 * A refusal of a multipart job names the part (`index.html`, `img/logo.png`) rather than the JSON field the
 * parts became (`html`, `files["img/logo.png"]`), in `details.field` and in the message.
 */
export function partField(err: unknown): never {
  if (err instanceof AppError && err.details && typeof err.details.field === 'string') {
    const field = err.details.field;
    const m = /^files\[("(?:[^"\\]|\\.)*")\]$/.exec(field);
    const part = field === 'html' ? 'index.html' : field === 'markdown' ? 'index.md' : m ? (JSON.parse(m[1]) as string) : null;
    if (part !== null) {
      err.details.field = part;
      if (err.message.startsWith(field)) err.message = `part ${part}${err.message.slice(field.length)}`;
    } else if (field === 'files')
      err.message = err.message
        .replace(/^files has (\d+) entries/, 'the job has $1 parts besides index.html and job')
        .replace(/^(html|markdown) and files are/, (_, e: string) => `${e === 'html' ? 'index.html' : 'index.md'} and the other parts are`);
  }
  throw err;
}
