// Files answered in the request, never stored (Gotenberg's PDF routes, a transient PDF job): one file as itself,
// several as a zip of them (stored entries: PDF streams and page images are compressed already).
import type { FastifyReply } from 'fastify';
import yazl from 'yazl';
import { outputFileName } from '../domain/gotenberg/form.js';
import { contentDisposition } from './routes/jobs/files.js';

export interface AnsweredFile {
  name: string;
  bytes: Uint8Array;
  pageCount?: number;
  /** Its media type (default application/pdf): `image/png` for a page image. */
  contentType?: string;
}

/** The zip of `files`, in memory (their bytes are in memory already); a name that repeats is numbered. */
export function zipOf(files: AnsweredFile[], now: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const taken = new Set<string>();
  for (const f of files) {
    let name = f.name;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = f.name.replace(/(\.[a-z0-9]+)?$/i, (ext) => `-${n}${ext}`);
    taken.add(name.toLowerCase());
    zip.addBuffer(Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.length), name, { compress: false, mtime: now });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** The one file to answer or send: the file itself (a PDF, an image), or a zip of several (`Gotenberg-Output-Filename`.zip). */
export async function oneFile(
  files: AnsweredFile[],
  header: string | undefined,
): Promise<{ name: string; bytes: Uint8Array; contentType: string }> {
  if (files.length === 1) return { name: files[0].name, bytes: files[0].bytes, contentType: files[0].contentType ?? 'application/pdf' };
  return { name: outputFileName(header, 'zip') ?? 'files.zip', bytes: await zipOf(files, new Date()), contentType: 'application/zip' };
}

/** 200 with the one file (application/pdf, or its own type) or a zip of several (application/zip, `Gotenberg-Output-Filename`.zip). */
export async function sendFiles(reply: FastifyReply, files: AnsweredFile[], header: string | undefined) {
  reply.code(200).header('cache-control', 'private, no-store');
  if (files.length === 1) {
    const [f] = files;
    if (f.pageCount !== undefined) reply.header('folio-page-count', String(f.pageCount));
    return reply
      .header('content-type', f.contentType ?? 'application/pdf')
      .header('content-disposition', contentDisposition('attachment', f.name))
      .send(Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.length));
  }
  const zip = await oneFile(files, header);
  return reply
    .header('content-type', zip.contentType)
    .header('content-disposition', contentDisposition('attachment', zip.name))
    .send(zip.bytes);
}
