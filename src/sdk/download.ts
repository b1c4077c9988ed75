// download(): a PDF (a job's output, a managed PDF or a signed/permanent URL) written to a file.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { HttpCore } from './http.js';
import type { pdfsResource, renderJobsResource } from './resources.js';

export interface DownloadOptions {
  /** Signed-link lifetime when the SDK asks for one (default: the server's 600 s). */
  expiresInSeconds?: number;
  signal?: AbortSignal;
}

export interface DownloadResult {
  path: string;
  bytes: number;
  url: string;
}

/** download() over the client's HTTP core, asking the client's resources for the signed links it follows. */
export function downloader(
  http: HttpCore,
  pdfs: Pick<ReturnType<typeof pdfsResource>, 'downloadLink'>,
  renderJobs: Pick<ReturnType<typeof renderJobsResource>, 'downloadLink'>,
) {
  /**
   * Downloads a PDF to `dest` (written to a temporary file, then renamed: never a half-written file).
   * `ref` is a render job id (`job_…`: its output), a managed PDF id (`pdf_…`), or a signed/permanent URL.
   */
  async function download(ref: string, dest: string, o: DownloadOptions = {}): Promise<DownloadResult> {
    let url: string;
    if (/^https?:\/\//i.test(ref)) url = ref;
    else if (ref.startsWith('pdf_')) url = (await pdfs.downloadLink(ref, o.expiresInSeconds, { signal: o.signal })).access.url;
    else url = (await renderJobs.downloadLink(ref, o.expiresInSeconds, { signal: o.signal })).access.url;
    const res = await http.send({
      method: 'GET',
      url,
      headers: { accept: 'application/pdf' },
      signal: o.signal,
      retrySafe: true,
      what: 'GET PDF',
    });
    const target = path.resolve(dest);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${randomUUID().slice(0, 8)}.part`;
    let bytes = 0;
    try {
      const body = Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>);
      body.on('data', (c: Buffer) => (bytes += c.length));
      await pipeline(body, fs.createWriteStream(tmp), { signal: o.signal });
      fs.renameSync(tmp, target);
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      throw err;
    }
    return { path: target, bytes, url };
  }

  return download;
}
