// First-page thumbnails of managed PDFs (GET /v1/pdfs/{id}/thumbnail) for the dashboard's lists. The image is
// a plain same-origin <img>: the browser sends the session cookie with it, as with every /v1 GET the dashboard
// makes, and the CSP's `img-src 'self'` admits it. The PNG is 240 px wide; it is shown at THUMB_WIDTH.
import { h } from './dom';

/** CSS pixels; the height is that of an A4 page at this width. Other page shapes are fitted inside (object-fit). */
export const THUMB_WIDTH = 48;
export const THUMB_HEIGHT = 68;

const SVG = 'http://www.w3.org/2000/svg';
function svg(tag: string, attrs: Record<string, string>): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

/** A sheet with a folded corner; with a padlock for a protected PDF. Drawn as inline SVG: no request, no font. */
function placeholderIcon(locked: boolean): SVGElement {
  const icon = svg('svg', { viewBox: '0 0 24 32', width: '24', height: '32', 'aria-hidden': 'true', focusable: 'false' });
  icon.append(svg('path', { d: 'M2 1h14l6 6v24H2z', class: 'thumb-sheet' }), svg('path', { d: 'M16 1v6h6', class: 'thumb-fold' }));
  if (locked)
    icon.append(
      svg('rect', { x: '7', y: '17', width: '10', height: '8', rx: '1', class: 'thumb-lock' }),
      svg('path', { d: 'M9 17v-3a3 3 0 0 1 6 0v3', class: 'thumb-shackle' }),
    );
  return icon;
}

/**
 * What stands in for a thumbnail there is none of: a plain page, or a padlock and “protected” for an
 * encrypted PDF (one that needs its user password to open has no thumbnail: 409 thumbnail_unavailable).
 */
function placeholder(locked: boolean): HTMLElement {
  return h(
    'span',
    { class: `thumb-placeholder${locked ? ' thumb-locked' : ''}`, 'data-testid': locked ? 'thumb-protected' : 'thumb-placeholder' },
    placeholderIcon(locked),
    locked ? h('span', { class: 'thumb-caption' }, 'protected') : null,
  );
}

/**
 * The first-page thumbnail of `p`, linking to its page. The placeholder is shown until the image has loaded
 * and stays if it fails (409, 404, a network error), so a broken image is never seen: the <img> is hidden
 * until `load` and removed on `error`. A PDF whose `state` is given and is not `available` gets the placeholder
 * without a request (a batch's merged PDF comes without a state: it is available while the batch shows it).
 * The link is a second way to the PDF's page next to its name, so it is out of the tab order and hidden from
 * screen readers (the image's alt is empty: it only repeats the name beside it).
 */
export function pdfThumbnail(p: { id: string; protected?: boolean; state?: string }): HTMLElement {
  const box = h('span', { class: 'thumb', 'data-testid': 'pdf-thumb' });
  const locked = Boolean(p.protected);
  const fallback = placeholder(locked);
  box.append(fallback);
  if (p.state === undefined || p.state === 'available') {
    const img = h('img', {
      src: `/v1/pdfs/${encodeURIComponent(p.id)}/thumbnail`,
      alt: '',
      width: THUMB_WIDTH,
      height: THUMB_HEIGHT,
      loading: 'lazy',
      decoding: 'async',
      class: 'thumb-img',
    });
    img.addEventListener('load', () => {
      img.classList.add('thumb-loaded');
      fallback.remove();
    });
    img.addEventListener('error', () => {
      img.remove();
      box.dataset.thumb = 'unavailable';
    });
    box.append(img);
  } else {
    box.dataset.thumb = 'unavailable';
  }
  return h('a', { href: `/dashboard/pdfs/${encodeURIComponent(p.id)}`, class: 'thumb-link', tabindex: '-1', 'aria-hidden': 'true' }, box);
}
