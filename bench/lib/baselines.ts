// Shared by bench/render.ts and bench/render-service.ts: the bare-Chromium baselines and the measuring loop.
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { existsSync } from 'node:fs';
import { findChromium, isHeadlessShell } from '../../src/render/chromium-process.js';

export const PDF_OPTIONS = { printBackground: true, preferCSSPageSize: true, tagged: true, outline: true } as const;
/** The browser Folio uses (auto-detected like the service does: the headless shell when installed). */
export const executablePath = findChromium(process.env.FOLIO_CHROMIUM_PATH);
if (!executablePath) throw new Error('Chromium not found');
/**
 * Debian's full `chromium`, which a hand-rolled Puppeteer setup on Debian would use. When Folio runs on the
 * headless shell, the benches report the bare baseline on both: the shell is the like-for-like comparison.
 */
export const fullChromiumPath = existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : null;
export const browserName = (exe: string) => (isHeadlessShell(exe) ? 'chromium-headless-shell' : 'chromium');

export function stats(latencies: number[], wallMs: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { rps: (latencies.length * 1000) / wallMs, p50: sorted[Math.floor(sorted.length / 2)] };
}

/** Runs `total` operations with `concurrency` workers; returns renders/s and p50 latency. */
export async function measure(concurrency: number, total: number, op: (worker: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      while (next++ < total) {
        const t = performance.now();
        await op(w);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return stats(latencies, performance.now() - started);
}

export async function launchBare(exe: string = executablePath!): Promise<Browser> {
  return puppeteer.launch({
    executablePath: exe,
    headless: isHeadlessShell(exe) ? 'shell' : true,
    // Same Chromium, with the same WebUI-popup features off that Folio turns off (they only cost CPU).
    args: [
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
    ],
  });
}

export async function bareSetContent(concurrency: number, html: string, total: number, exe: string = executablePath!) {
  const browser = await launchBare(exe);
  const pages: Page[] = await Promise.all(Array.from({ length: concurrency }, () => browser.newPage()));
  const op = async (w: number) => {
    await pages[w].setContent(html);
    await pages[w].pdf(PDF_OPTIONS);
  };
  await measure(concurrency, concurrency * 3, op); // warm-up
  const r = await measure(concurrency, total, op);
  await browser.close();
  return r;
}

export async function bareNavigate(concurrency: number, html: string, total: number, exe: string = executablePath!) {
  const browser = await launchBare(exe);
  const pages: Page[] = await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const p = await browser.newPage();
      await p.setRequestInterception(true);
      p.on('request', (r) =>
        r.url().startsWith('https://doc.test/') ? r.respond({ status: 200, contentType: 'text/html', body: html }) : r.abort(),
      );
      return p;
    }),
  );
  const op = async (w: number) => {
    await pages[w].goto('https://doc.test/index.html', { waitUntil: 'load' });
    await pages[w].pdf(PDF_OPTIONS);
  };
  await measure(concurrency, concurrency * 3, op);
  const r = await measure(concurrency, total, op);
  await browser.close();
  return r;
}

/**
 * The same document as a warm template (docs/templates.md): loaded once, then every job fetches its payload
 * and rebuilds the whole <body> from the original markup -- the same parse, style and layout work
 * `setContent` does per render, without reloading the page.
 */
export function warmVariant(html: string): string {
  const open = html.indexOf('>', html.indexOf('<body')) + 1;
  const close = html.lastIndexOf('</body>');
  const body = html.slice(open, close);
  const script = `<script>(() => {
  const markup = ${JSON.stringify(body)};
  folio.onJob(async () => {
    await (await fetch(folio.payloadUrl)).json();
    document.body.innerHTML = markup;
  });
})();</script>`;
  return html.slice(0, close) + script + html.slice(close);
}
