// A navigation of a page's main frame that waits for the document's load event (page-session.ts: the park
// page, and the page's first document).
import { CdpError, type CdpSession } from './cdp-connection.js';

/** Navigates the page's main frame to `url` and waits for its load event, at most `timeoutMs`. */
export async function navigateAndLoad(s: CdpSession, url: string, timeoutMs: number): Promise<void> {
  let onLoad!: () => void;
  let onDetached!: () => void;
  // The load event, or the end of the session: a browser that closes mid-navigation sends neither a load
  // event nor an answer, and waiting out the timer would keep a closing process alive for its length.
  const loaded = new Promise<void>((resolve, reject) => {
    onLoad = resolve;
    onDetached = () => reject(new CdpError('closed', `the page went away while navigating to ${url}`));
    s.once('Page.loadEventFired', onLoad);
    s.once('detached', onDetached);
  });
  loaded.catch(() => {}); // settled by the race below, or abandoned when Page.navigate itself fails
  try {
    const nav = await s.send('Page.navigate', { url }, timeoutMs);
    if (nav.errorText) throw new Error(`navigation to ${url} failed: ${nav.errorText}`);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      loaded,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no load event from ${url} within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  } finally {
    s.off('Page.loadEventFired', onLoad);
    s.off('detached', onDetached);
  }
}
