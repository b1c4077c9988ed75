// Page images: the types of a job's pictures and their download from the signed URLs the API lists.
import type { PageImage } from './api-types.js';
import type { HttpCore } from './http.js';
import { etagHash, readBody, verifiedStream } from './streams.js';

/** The formats of page images (`images.format`, an image `outputFormat`). */
export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** A page image with its bytes: what `renderJobs.downloadImages()` and `renderImages()` resolve with. */
export interface DownloadedPageImage {
  page: number;
  format: ImageFormat;
  width: number;
  height: number;
  /** Size of `image`. */
  bytes: number;
  image: Buffer;
}

export interface ImagesQuery {
  /** Lifetime of the signed URLs (default: the server's 600 s). */
  expiresInSeconds?: number;
  /** `inline` (default) or `attachment`: the Content-Disposition the signed URLs answer with. */
  disposition?: 'inline' | 'attachment';
}

export const IMAGE_FORMATS: ReadonlySet<string> = new Set<ImageFormat>(['png', 'jpeg', 'webp']);

/** Downloads listed page images from their signed URLs, in order; each is checked against its size and the ETag's sha256. */
export async function fetchImages(http: HttpCore, images: PageImage[], what: string, signal?: AbortSignal): Promise<DownloadedPageImage[]> {
  const out: DownloadedPageImage[] = [];
  for (const img of images) {
    const res = await http.send({
      method: 'GET',
      url: img.access.url,
      headers: { accept: 'image/*' },
      signal,
      retrySafe: true,
      what: `GET page image ${img.page}`,
    });
    const label = `page ${img.page} of ${what}`;
    const image = await readBody(verifiedStream(res, { ...etagHash(res), bytes: img.bytes, what: label }), label);
    out.push({ page: img.page, format: img.format as ImageFormat, width: img.width, height: img.height, bytes: image.length, image });
  }
  return out;
}
