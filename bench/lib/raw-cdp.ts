// The raw CDP fresh-document loop, shared by bench/render-service.ts ("bare goto, raw CDP") and
// bench/chromium-gap.ts (the floor and Folio's pieces on top of it): a browser context and a page per
// worker, one HTML document served from memory by request interception (Fetch.fulfillRequest, as Folio
// serves a bundle), then per job navigate → load → printToPDF → IO.read. No service, no ready protocol.
import type { CdpConnection, CdpSession } from '../../src/render/cdp-connection.js';
import type { printParams } from '../../src/render/pdf-options.js';

/**
 * Opens a page in a context of its own that answers `accepts(url)` requests with `html` and every other
 * request with a 404; the Page and Fetch domains are enabled.
 */
export async function openRawPage(conn: CdpConnection, html: string, accepts: (url: string) => boolean): Promise<CdpSession> {
  const body = Buffer.from(html).toString('base64');
  const { browserContextId } = await conn.send('Target.createBrowserContext', {});
  const { targetId } = await conn.send('Target.createTarget', { url: 'about:blank', browserContextId });
  const { sessionId } = await conn.send('Target.attachToTarget', { targetId, flatten: true });
  const s = conn.session(sessionId);
  s.on('Fetch.requestPaused', (e: { requestId: string; request: { url: string } }) => {
    const answer = accepts(e.request.url)
      ? {
          requestId: e.requestId,
          responseCode: 200,
          responseHeaders: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }],
          body,
        }
      : { requestId: e.requestId, responseCode: 404, body: '' };
    void s.send('Fetch.fulfillRequest', answer).catch(() => {});
  });
  await Promise.all([s.send('Page.enable'), s.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] })]);
  return s;
}

/**
 * One job: navigates to `url`, waits for load, runs `afterLoad` (a ready check) if given, prints with
 * `params` and reads the PDF stream to its end. Throws on a navigation error or a PDF under 1 KB.
 */
export async function navigateAndPrint(
  s: CdpSession,
  url: string,
  params: ReturnType<typeof printParams>,
  afterLoad?: () => Promise<void>,
): Promise<void> {
  const loaded = new Promise<void>((resolve) => s.once('Page.loadEventFired', () => resolve()));
  const nav = await s.send('Page.navigate', { url });
  if (nav.errorText) throw new Error(nav.errorText);
  await loaded;
  if (afterLoad) await afterLoad();
  const { stream } = await s.send('Page.printToPDF', params);
  let bytes = 0;
  for (;;) {
    const r = await s.send('IO.read', { handle: stream!, size: 1 << 20 });
    bytes += r.data.length;
    if (r.eof) break;
  }
  await s.send('IO.close', { handle: stream! });
  if (bytes < 1000) throw new Error('PDF too small');
}
