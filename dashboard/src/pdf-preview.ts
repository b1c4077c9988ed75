// The pages of a PDF drawn inline by pdf.js, for the render form and the job page. pdf.js is loaded on first
// use (its own chunk, about 400 KB), so pages that never preview a PDF do not download it. Its worker is a
// file of the dashboard's own build (`?url`: copied into dist/assets with a content hash), so it comes from
// the dashboard's origin and the CSP's `script-src 'self'` covers it; no CDN.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { h, replace } from './dom';
import { loading } from './ui';

/** At most this many pages are drawn; the rest are counted in a note (the download has them all). */
export const MAX_PREVIEW_PAGES = 20;
/** Pages are drawn at most this wide (CSS pixels); narrower screens scale them down with the page. */
export const MAX_PREVIEW_WIDTH = 800;

export interface PreviewResult {
  pageCount: number;
  drawn: number;
}

/**
 * The path and query of a signed link, to be fetched from the dashboard's own origin. The link names the
 * public URL, which may differ from the address in the browser (a proxy, `localhost` against a public
 * name); the dashboard already reaches `/v1` on its own origin, so this needs neither CORS nor a wider
 * `connect-src`.
 */
export function sameOrigin(signedUrl: string): string {
  const u = new URL(signedUrl, location.href);
  return u.pathname + u.search;
}

/**
 * Draws the first MAX_PREVIEW_PAGES pages of the PDF at `signedUrl` into `slot`, each labelled "Page N of M",
 * and resolves with how many pages the PDF has and how many were drawn. A PDF that cannot be loaded shows
 * what went wrong in `slot` and rejects. Aborting `signal` (leaving the page, a new render) stops the work.
 */
export async function pdfPreview(
  slot: HTMLElement,
  signedUrl: string,
  opts: { title: string; signal?: AbortSignal },
): Promise<PreviewResult> {
  replace(slot, loading('Loading preview…'));
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const task = pdfjs.getDocument({
    url: sameOrigin(signedUrl),
    // pdf.js compiles some PDF functions with `new Function`; the dashboard allows no eval (no 'unsafe-eval'
    // in its CSP), so it is told to interpret them instead, whatever policy its worker runs under.
    isEvalSupported: false,
    // Only what the drawn pages need is fetched (the signed link answers Range requests).
    disableAutoFetch: true,
  });
  const abort = () => void task.destroy();
  opts.signal?.addEventListener('abort', abort, { once: true });
  // A PDF protected with a user password (a job's `protection`): Folio keeps no password, so there is
  // nothing to draw; the user downloads it and opens it with the password they chose.
  let needsPassword = false;
  task.onPassword = () => {
    needsPassword = true;
    void task.destroy();
  };
  try {
    const doc = await task.promise;
    const pageCount = doc.numPages;
    const drawn = Math.min(pageCount, MAX_PREVIEW_PAGES);
    const pages = h('ol', { class: 'pdf-pages', 'aria-label': opts.title, 'data-testid': 'pdf-pages', 'data-page-count': pageCount });
    replace(slot, pages);
    // The drawing resolution: the page's width on screen times the device pixel ratio, so text stays sharp.
    const cssWidth = Math.min(MAX_PREVIEW_WIDTH, slot.clientWidth || MAX_PREVIEW_WIDTH);
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    for (let n = 1; n <= drawn; n++) {
      if (opts.signal?.aborted) break;
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
      const canvas = h('canvas', {
        width: Math.floor(viewport.width),
        height: Math.floor(viewport.height),
        'aria-hidden': 'true',
        'data-testid': 'pdf-page-canvas',
      });
      const label = `Page ${n} of ${pageCount}`;
      pages.append(h('li', { class: 'pdf-page' }, canvas, h('p', { class: 'pdf-page-label muted small' }, label)));
      // Drawn one after the other: a long document does not hold every page's pixels in flight at once.
      await page.render({ canvas, viewport }).promise;
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', label);
      canvas.removeAttribute('aria-hidden');
      page.cleanup();
    }
    if (pageCount > drawn)
      slot.append(
        h(
          'p',
          { class: 'muted', 'data-testid': 'pdf-more-pages' },
          `${pageCount - drawn} more page${pageCount - drawn === 1 ? '' : 's'} not shown: download the PDF to see them all.`,
        ),
      );
    return { pageCount, drawn };
  } catch (err) {
    if (needsPassword) {
      replace(
        slot,
        h(
          'p',
          { class: 'muted', 'data-testid': 'pdf-needs-password' },
          'This PDF is protected with a password to open it, which Folio does not keep: download it and open it with that password.',
        ),
      );
      return { pageCount: 0, drawn: 0 };
    }
    if (!opts.signal?.aborted)
      replace(
        slot,
        h(
          'div',
          { class: 'error-box', role: 'alert' },
          h('strong', {}, 'The preview could not be drawn'),
          h('p', {}, (err as Error).message ?? String(err)),
        ),
      );
    throw err;
  } finally {
    opts.signal?.removeEventListener('abort', abort);
    void task.destroy();
  }
}
