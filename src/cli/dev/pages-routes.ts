// HTTP of the printed-pages view, under the preview server's /__folio/dev/ prefix:
//
//   GET /__folio/dev/pages              the view (HTML); ?part=body: only the part that changes per render
//   GET /__folio/dev/pages/N.png        page N of the last render as a PNG (?g=<generation> busts caches)
//   GET /__folio/dev/preview.pdf        the PDF of the last render, from memory
//
// Each waits for a render when the folder changed since the last one. Nothing is written to disk.
import type http from 'node:http';
import type { PagePreview } from './page-preview.js';
import { PAGES_CSP, PAGES_PATH, pagesBody, pagesPage, PREVIEW_PDF_PATH, type ViewContext } from './pages-view.js';

function reply(res: http.ServerResponse, status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}): void {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': String(bytes.length),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  });
  res.end(bytes);
}

export function pagesRoutes(
  preview: PagePreview,
  context: () => ViewContext,
): (url: URL, req: http.IncomingMessage, res: http.ServerResponse) => void {
  return (url, req, res) => {
    const text = (status: number, message: string) => reply(res, status, 'text/plain; charset=utf-8', `${message}\n`);
    if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, 'only GET');
    const png = new RegExp(`^${PAGES_PATH}/(\\d{1,6})\\.png$`).exec(url.pathname);
    if (url.pathname !== PAGES_PATH && url.pathname !== PREVIEW_PDF_PATH && !png) return text(404, 'not found');
    preview
      .latest()
      .then((s) => {
        if (url.pathname === PAGES_PATH) {
          const html = url.searchParams.get('part') === 'body' ? pagesBody(s, context()) : pagesPage(s, context());
          return reply(res, 200, 'text/html; charset=utf-8', html, { 'Content-Security-Policy': PAGES_CSP });
        }
        if (!s.outcome.ok) return text(404, `the last render failed: ${s.outcome.code}`);
        if (url.pathname === PREVIEW_PDF_PATH)
          return reply(res, 200, 'application/pdf', s.outcome.pdf, { 'Content-Disposition': 'inline; filename="preview.pdf"' });
        const image = s.outcome.images?.find((i) => i.page === Number(png![1]));
        if (!image) return text(404, s.outcome.images ? 'no such page image' : (s.outcome.imageError?.message ?? 'no page images'));
        reply(res, 200, 'image/png', image.data);
      })
      .catch((err: Error) => text(500, err.message));
  };
}
