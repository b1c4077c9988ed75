import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Runs `fn` with the PDF written to a file of a private temporary folder, removed afterwards (for PDF tools). */
export function withPdfFile<T>(pdf: Buffer, fn: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-pdf-'));
  const file = path.join(dir, 'x.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return fn(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Text of a PDF through poppler's pdftotext (installed by the setup script). */
export function pdfText(pdf: Buffer): string {
  return withPdfFile(pdf, (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
}

/** Each page of a PDF as a PNG drawn by poppler's pdftoppm at `dpi` (same PDF and dpi: same bytes). */
export function pageImages(pdf: Buffer, dpi = 40): Buffer[] {
  return withPdfFile(pdf, (file) => {
    const prefix = path.join(path.dirname(file), 'page');
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', file, prefix]);
    return fs
      .readdirSync(path.dirname(file))
      .filter((f) => f.startsWith('page') && f.endsWith('.png'))
      .sort()
      .map((f) => fs.readFileSync(path.join(path.dirname(file), f)));
  });
}
