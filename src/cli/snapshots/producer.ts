// What a PDF says of the browser that printed it, and when a difference of browsers may explain a drift.
// A snapshot names its browser as the printer knew it: this machine's Chromium by its product string
// (`HeadlessChrome/156.0.8078.79`), a server's by the PDF's producer (`Skia/PDF m156`). Both name the
// Chromium major version, and the same version prints the same pages wherever it runs.

/**
 * What a PDF says of the program that wrote it: Chromium's PDFs carry `/Producer (Skia/PDF m156)` in their
 * (uncompressed) Info dictionary. The best a client of a server can learn of the browser that printed.
 */
export function pdfProducer(pdf: Buffer): string | null {
  const m = /\/Producer\s*\(((?:[^()\\]|\\.){1,200})\)/.exec(pdf.toString('latin1'));
  return m ? m[1]!.replace(/\\(.)/g, '$1') : null;
}

/** The Chromium major version a browser string names (`HeadlessChrome/156.0…`, `Skia/PDF m156`), or null. */
export function chromiumMajor(browser: string): number | null {
  const m = /^(?:HeadlessChrome|Chrome|Chromium)\/(\d+)\.|^Skia\/PDF m(\d+)\b/.exec(browser);
  return m ? Number(m[1] ?? m[2]) : null;
}

export interface Producer {
  browser: string;
  renderer: string;
}

/**
 * A note for a fixture that drifted, when the snapshot and this run were printed by different browsers: a
 * possible cause to look at, never the diagnosis (a template that broke drifts under any browser). Null
 * when both name the same browser version.
 */
export function browserNote(recorded: Producer, now: Producer): string | null {
  if (recorded.browser === now.browser) return null;
  const [a, b] = [chromiumMajor(recorded.browser), chromiumMajor(now.browser)];
  if (a !== null && a === b) return null;
  return `a possible cause: the snapshot was recorded by ${recorded.browser} (${recorded.renderer}), this run printed by ${now.browser} (${now.renderer})`;
}
