// The page images of a render job (`images`, or an image `outputFormat`) on its page: what the job asked for,
// and the images themselves as a small gallery from GET /v1/render-jobs/{id}/images.
import { ApiError, api } from '../api';
import { h, replace } from '../dom';
import { bytes } from '../format';
import { sameOrigin } from '../pdf-preview';
import type { PageImage, RenderJob } from '../types';
import { errorBox, loading } from '../ui';

type ImageOptions = NonNullable<NonNullable<RenderJob['document']>['images']>;

/** Images are shown at most this wide (CSS pixels); a click opens the full one. */
export const GALLERY_WIDTH = 240;
/** Defaults of the API, for a job that left them out (src/domain/jobs/page-images.ts). */
const DEFAULT_DPI = 96;
const DEFAULT_QUALITY = 85;

const formatName = (f: string) => (f === 'jpeg' ? 'JPEG' : f.toUpperCase());

function pagesText(pages: string): string {
  if (pages === 'all') return 'all pages';
  if (/^\d+$/.test(pages)) return `page ${pages}`;
  const m = /^(\d+)-(\d*)$/.exec(pages);
  if (m) return m[2] ? `pages ${m[1]}–${m[2]}` : `pages ${m[1]} to the end`;
  return `pages ${pages}`;
}

/** “PNG · pages 1–2 · 200 px wide”, “JPEG · page 1 · 150 dpi · quality 85”. */
export function imageOptionsText(o: ImageOptions): string {
  const parts = [formatName(o.format), pagesText(o.pages), o.width !== undefined ? `${o.width} px wide` : `${o.dpi ?? DEFAULT_DPI} dpi`];
  if (o.format !== 'png') parts.push(`quality ${o.quality ?? DEFAULT_QUALITY}`);
  return parts.join(' · ');
}

/** The job keeps only images (an image `outputFormat`): there is no PDF to preview or download. */
export const isImageOnly = (j: RenderJob) => Boolean(j.document?.outputFormat && j.document.outputFormat !== 'pdf');

/**
 * Fills `slot` with the job's images, each linking to its signed URL (opened in a new tab), with its page and
 * pixel size under it. The <img> loads the signed URL's path from the dashboard's own origin (the link names
 * the public URL, which may differ from the address in the browser; the CSP allows `img-src 'self'`). A 404
 * (deleted, or expired with a transient output) is a note, not an error.
 */
export async function imageGallery(slot: HTMLElement, jobBase: string, opts: { signal: AbortSignal; jobId: string }): Promise<void> {
  replace(slot, loading('Loading page images…'));
  let images: PageImage[];
  try {
    ({ images } = await api<{ images: PageImage[] }>('GET', `${jobBase}/images?expiresInSeconds=3600`, undefined, { signal: opts.signal }));
  } catch (err) {
    if (opts.signal.aborted) return;
    if (err instanceof ApiError && err.status === 404 && err.code === 'render_output_not_found')
      replace(
        slot,
        h(
          'p',
          { class: 'muted', 'data-testid': 'job-images-gone' },
          'The page images are no longer stored: they were deleted with the output, or expired (a transient output’s images are kept 10 minutes after the render).',
        ),
      );
    else replace(slot, errorBox(err, 'The page images could not be loaded'));
    return;
  }
  if (images.length === 0) {
    replace(slot, h('p', { class: 'muted' }, 'This job made no page images.'));
    return;
  }
  replace(
    slot,
    h(
      'ul',
      { class: 'image-gallery', 'data-testid': 'job-images-list', 'aria-label': `Page images of render job ${opts.jobId}` },
      images.map((im) => {
        const w = Math.min(im.width, GALLERY_WIDTH);
        const ht = Math.max(1, Math.round((im.height * w) / im.width));
        return h(
          'li',
          {},
          h(
            'figure',
            { 'data-testid': 'job-image' },
            h(
              'a',
              {
                href: im.access.url,
                target: '_blank',
                rel: 'noopener',
                title: `Open page ${im.page} (${formatName(im.format)}) in a new tab`,
              },
              h('img', {
                src: sameOrigin(im.access.url),
                alt: `Page ${im.page}`,
                width: w,
                height: ht,
                loading: 'lazy',
                decoding: 'async',
              }),
            ),
            h('figcaption', {}, `Page ${im.page} · ${im.width} × ${im.height} px · ${bytes(im.bytes)}`),
          ),
        );
      }),
    ),
  );
}
