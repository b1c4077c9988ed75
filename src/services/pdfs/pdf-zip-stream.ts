// Stored PDFs as one zip, streamed: each entry is opened only when the zip reaches it, and stored, not
// deflated (PDF streams are compressed already). File names that repeat are numbered (`a.pdf`, `a-2.pdf`).
// Used by a batch's zip product and by POST /v1/pdfs/zip.
import { PassThrough, type Readable } from 'node:stream';
import yazl from 'yazl';
import type { ServiceContext } from '../context.js';

export interface ZipEntry {
  fileName: string;
  storageKey: string;
  bytes: number;
}

/** The zip of `entries`, in order; a failed entry stream fails the zip stream. */
export function zipOfStoredFiles(ctx: ServiceContext, entries: ZipEntry[]): Readable {
  const zip = new yazl.ZipFile();
  const mtime = new Date(ctx.clock.now());
  const taken = new Set<string>();
  for (const entry of entries) {
    let name = entry.fileName;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = entry.fileName.replace(/(\.pdf)?$/i, `-${n}.pdf`);
    taken.add(name.toLowerCase());
    zip.addReadStreamLazy(name, { compress: false, mtime, size: entry.bytes }, (cb) => {
      ctx.blobs.get(entry.storageKey).then(
        (s) => cb(null, s),
        (err: Error) => cb(err, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  // yazl reports a failed entry stream on the ZipFile: carry it into the stream read.
  const body = new PassThrough();
  zip.on('error', (err: Error) => body.destroy(err));
  zip.outputStream.pipe(body);
  return body;
}
