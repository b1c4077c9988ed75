// On which page each named destination of a PDF lies, read by poppler's `pdfinfo -dests` (the PDF on its
// stdin). Chromium writes a named destination for every element that a link of the document points at
// (`<a href="#id">`), at the element's top-left corner, so this is where each such element starts. Used by
// the two-pass render of page references (render/page-references.ts). pdfinfo reads a 100-page PDF's
// destinations in under 10 ms without parsing the rest of the file; pdf-lib would parse every object
// (~150 ms for a tagged 50-page report, see lazy-load.ts).
import { spawn } from 'node:child_process';
import { PdfError } from './errors.js';

// pdfinfo prints `<page> [ <type> <coordinates> ] "<name>"`, one destination per line, after a header line.
const LINE = /^\s*(\d+)\s+\[(.*)\]\s+"(.*)"\s*$/;
const MAX_OUTPUT = 4 * 1024 * 1024;

/**
 * Named destinations of `pdf` → their 1-based page numbers. Names are the link fragments as Chromium wrote
 * them (percent-encoded), decoded back to the element ids. Rejects with a PdfError of kind destinations when pdfinfo is
 * missing, fails or takes longer than `timeoutMs`.
 */
export async function namedDestinations(pdf: Buffer, opts: { timeoutMs: number; pdfinfo?: string }): Promise<Map<string, number>> {
  return new Map([...(await destinationViews(pdf, opts))].map(([name, d]) => [name, d.page]));
}

/** Where a named destination points: its page and the view after it (`/XYZ left top zoom`, `/Fit`…). */
export interface DestinationView {
  page: number;
  /** PDF destination operands after the page: a name (`/XYZ`) then numbers or null. */
  view: Array<string | number | null>;
}

/** Named destinations of `pdf` → page and view (namedDestinations, with the view each one names). */
export function destinationViews(pdf: Buffer, opts: { timeoutMs: number; pdfinfo?: string }): Promise<Map<string, DestinationView>> {
  return new Promise((resolve, reject) => {
    const child = spawn(opts.pdfinfo ?? 'pdfinfo', ['-dests', '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let settled = false;
    const finish = (e: Error | null, value?: Map<string, DestinationView>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (e) {
        child.kill('SIGKILL');
        reject(e);
      } else resolve(value!);
    };
    const timer = setTimeout(
      () => finish(new PdfError('destinations', `pdfinfo did not answer within ${opts.timeoutMs} ms`)),
      opts.timeoutMs,
    );
    child.on('error', (e: NodeJS.ErrnoException) =>
      finish(
        new PdfError(
          'destinations',
          e.code === 'ENOENT'
            ? "poppler's pdfinfo is not installed (Debian/Ubuntu: apt-get install poppler-utils; `npm start` installs it)"
            : `pdfinfo could not run: ${e.message}`,
        ),
      ),
    );
    child.stdout.on('data', (d: Buffer) => {
      outBytes += d.length;
      if (outBytes > MAX_OUTPUT) finish(new PdfError('destinations', 'pdfinfo listed more destinations than Folio reads (4 MB of output)'));
      else out.push(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 2000) err += d.toString();
    });
    // A PDF pdfinfo stops reading early (it failed) closes the pipe: the exit code says why.
    child.stdin.on('error', () => {});
    child.stdin.end(pdf);
    child.on('close', (code) => {
      if (code !== 0) return finish(new PdfError('destinations', `pdfinfo failed (exit ${code}): ${err.trim().split('\n')[0] ?? ''}`));
      finish(null, parseDestinations(Buffer.concat(out).toString('latin1')));
    });
  });
}

/** `pdfinfo -dests` output → name → page and view. The first destination of a name wins (Chromium writes one). */
export function parseDestinations(text: string): Map<string, DestinationView> {
  const pages = new Map<string, DestinationView>();
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    const name = decodeName(m[3]!);
    if (pages.has(name)) continue;
    const [type, ...operands] = m[2]!.trim().split(/\s+/);
    const view = /^[A-Za-z]+$/.test(type ?? '')
      ? [`/${type}`, ...operands.map((o) => (o === 'null' || !Number.isFinite(Number(o)) ? null : Number(o)))]
      : ['/Fit'];
    pages.set(name, { page: Number(m[1]), view });
  }
  return pages;
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
