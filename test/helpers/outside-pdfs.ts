// PDFs from outside Folio for the PDF toolbox tests, made by maintained tools: pdf-lib (an AcroForm with
// text, checkbox, radio and dropdown fields, an attachment, metadata) and qpdf (object streams, AES-256
// encryption), plus hand-written broken files (a page tree that loops, a truncated file).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { tempDir } from './app.js';
import { pdfFromObjects } from './hostile-pdfs.js';

/** Runs a tool on a PDF written to a temp file; `out` names an output file whose bytes are returned too. */
export function tool(cmd: string, args: (file: string, out: string) => string[], pdf: Buffer) {
  const dir = tempDir('folio-outside-');
  const file = path.join(dir, 'in.pdf');
  const out = path.join(dir, 'out.pdf');
  fs.writeFileSync(file, pdf);
  try {
    const r = spawnSync(cmd, args(file, out), { encoding: 'utf8' });
    return { status: r.status, text: `${r.stdout}${r.stderr}`, output: fs.existsSync(out) ? fs.readFileSync(out) : null };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A PDF of `pages` A4 pages reading "Page n", rewritten by qpdf with object streams (qpdf's output). */
export async function pagesPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([595, 842]).drawText(`Page ${i}`, { x: 72, y: 760, size: 24, font });
  const r = tool('qpdf', (f, o) => ['--object-streams=generate', f, o], Buffer.from(await doc.save()));
  if (!r.output) throw new Error(`qpdf failed: ${r.text}`);
  return r.output;
}

/** An application form: text, checkbox, radio and dropdown fields, metadata and an attachment (pdf-lib). */
export async function formPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('Application form', { x: 72, y: 780, size: 20, font });
  const form = doc.getForm();
  const names = ['name', 'street', 'city', 'zip', 'country', 'email'];
  names.forEach((n, i) => form.createTextField(n).addToPage(page, { x: 72, y: 700 - i * 40, width: 300, height: 24, font }));
  form.createCheckBox('agree').addToPage(page, { x: 72, y: 440, width: 16, height: 16 });
  form.createCheckBox('newsletter').addToPage(page, { x: 120, y: 440, width: 16, height: 16 });
  const plan = form.createRadioGroup('plan');
  plan.addOptionToPage('basic', page, { x: 72, y: 400, width: 16, height: 16 });
  plan.addOptionToPage('premium', page, { x: 120, y: 400, width: 16, height: 16 });
  const size = form.createDropdown('size');
  size.addOptions(['S', 'M', 'L']);
  size.addToPage(page, { x: 72, y: 350, width: 100, height: 24, font });
  doc.setTitle('Application form');
  doc.setAuthor('City Hall');
  doc.setSubject('Permit application');
  doc.setKeywords(['permit', 'form']);
  await doc.attach(Buffer.from('{"form":"permit"}'), 'schema.json', { mimeType: 'application/json', description: 'Form schema' });
  return Buffer.from(await doc.save());
}

/** `pdf` encrypted by qpdf (AES-256) with a user and an owner password. */
export function encrypted(pdf: Buffer, user: string, owner: string): Buffer {
  const r = tool('qpdf', (f, o) => ['--encrypt', user, owner, '256', '--', f, o], pdf);
  if (!r.output) throw new Error(`qpdf failed: ${r.text}`);
  return r.output;
}

/** A page tree that lists its root as its own kid (a loop), with a correct cross-reference table. */
export function pageTreeLoopPdf(): Buffer {
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ]);
}

/** A one-page PDF whose content stream declares a length of 1 GB it does not have. */
export function hugeDeclaredStreamPdf(): Buffer {
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    '<< /Length 1073741824 >>\nstream\nBT /F1 12 Tf (x) Tj ET\nendstream',
  ]);
}

/** A one-page PDF with a black 300×300 square in the middle (the content a watermark must stay under). */
export async function squarePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([600, 600]).drawRectangle({ x: 150, y: 150, width: 300, height: 300 });
  return Buffer.from(await doc.save());
}

/** Page 1 drawn by `pdftoppm -ppm` at `dpi`: width, height and RGB pixels. */
export function firstPagePixels(pdf: Buffer, dpi = 36): { width: number; height: number; rgb: Buffer } {
  const dir = tempDir('folio-ppm-');
  const file = path.join(dir, 'p.pdf');
  fs.writeFileSync(file, pdf);
  try {
    spawnSync('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'page')]);
    const ppm = fs.readFileSync(path.join(dir, 'page.ppm'));
    const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 50));
    if (!m) throw new Error('pdftoppm wrote no PPM');
    return { width: Number(m[1]), height: Number(m[2]), rgb: ppm.subarray(m[0].length) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
