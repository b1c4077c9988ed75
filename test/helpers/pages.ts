// Small template pages tests render again and again.
import { file, type BundleFile } from './bundle.js';

/**
 * A page that fetches its payload, shows `<text> <payload.n>` in its heading and calls folio.ready()
 * after `readyAfterMs` (a render that takes a known while).
 */
export function payloadPage(opts: { text?: string; readyAfterMs?: number } = {}): BundleFile {
  const text = opts.text ?? 'Invoice';
  const ready = opts.readyAfterMs ? `setTimeout(() => window.folio.ready(), ${opts.readyAfterMs})` : 'window.folio.ready()';
  return file(
    'index.html',
    `<!doctype html><html><body><h1 id="t">Loading</h1>
  <script>
    window.folio.waitForReady = true;
    fetch(window.folio.payloadUrl).then(r => r.json()).then((p) => {
      document.getElementById('t').textContent = ${JSON.stringify(text + ' ')} + p.n;
      ${ready};
    });
  </script></body></html>`,
  );
}
