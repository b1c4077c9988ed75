import type { FastifyRequest } from 'fastify';
import { MAX_INLINE_BYTES_CEILING } from '../../domain/accounts/plans.js';
import { AppError } from '../../errors/app-error.js';
import { readParts } from './read-parts.js';
import { ASSET_PARTS_LIMIT, MAX_ASSET_PARTS, MULTIPART_FILE_BYTES } from './limits.js';

/** One file of a Gotenberg form: named by the part's file name (Gotenberg reads files of any field name). */
export interface FormFile {
  name: string;
  bytes: Buffer;
  /** The part's form field name (`files`; the PDF routes also read `stamp`, `watermark`, `embeds`). */
  field: string;
}

/** A Gotenberg-style form as read: its files in the order sent, and its text fields by name. */
export interface FormParts {
  files: FormFile[];
  /** Each field's first value. */
  fields: Map<string, string>;
  /** Every value of a field the route lets repeat, in the order sent. */
  repeated: Map<string, string[]>;
}

/**
 * Reads a `multipart/form-data` body the way Gotenberg does: every part with a file name is a file (named by
 * that file name), every other part a form field. Within the same fixed ceilings as a multipart job
 * (job-body.ts: a part at most 10 MiB, the files together at most the inline ceiling, at most 1,000 files):
 * a limit is a 413 naming the part, a malformed body (no boundary, cut short, a name that is not UTF-8, a
 * name sent twice, unless `repeatable` lists it) a 400.
 */
export async function readFormParts(req: FastifyRequest, repeatable: ReadonlySet<string> = new Set()): Promise<FormParts> {
  if (!req.isMultipart())
    throw new AppError('invalid_request', 'this route takes multipart/form-data (Gotenberg form fields and files parts)', {
      field: 'content-type',
    });
  const files: FormFile[] = [];
  const fields = new Map<string, string>();
  const repeated = new Map<string, string[]>();
  const names = new Set<string>();
  let current = 'body';
  let total = 0;
  await readParts(
    req,
    async (part) => {
      const name = part.type === 'file' && part.filename ? part.filename : part.fieldname;
      current = name;
      if (name.includes('\uFFFD'))
        throw new AppError('invalid_request', `a part name is not valid UTF-8 (${JSON.stringify(name)} as read)`, { field: name });
      if (part.type === 'file' && part.filename) {
        if (names.has(name))
          throw new AppError('invalid_request', `file ${name} is sent twice: each file of a form needs a name of its own`, { field: name });
        names.add(name);
        if (files.length >= MAX_ASSET_PARTS)
          throw new AppError('body_too_large', `${ASSET_PARTS_LIMIT}; file ${name} is one more`, { field: name });
        const bytes = await part.toBuffer();
        total += bytes.length;
        if (total > MAX_INLINE_BYTES_CEILING)
          throw new AppError('body_too_large', `file ${name} brings the files past ${MAX_INLINE_BYTES_CEILING} bytes`, { field: name });
        files.push({ name, bytes, field: part.fieldname });
      } else {
        if (part.type === 'file') await part.toBuffer();
        if (fields.has(name) && !repeatable.has(name))
          throw new AppError('invalid_request', `field ${name} is sent twice`, { field: name });
        if (part.type !== 'file' && part.valueTruncated)
          throw new AppError('body_too_large', `field ${name} is larger than a field may be`, { field: name });
        const value: unknown = part.type === 'file' ? '' : part.value;
        const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
        if (Buffer.byteLength(text) > MULTIPART_FILE_BYTES)
          throw new AppError('body_too_large', `field ${name} is larger than ${MULTIPART_FILE_BYTES} bytes`, { field: name });
        if (!fields.has(name)) fields.set(name, text);
        repeated.set(name, [...(repeated.get(name) ?? []), text]);
      }
    },
    { current: () => current },
  );
  return { files, fields, repeated };
}
