// Gotenberg's form as Folio reads it, shared by its routes: Go's booleans and lengths, the answer's file
// name, the merge order, and the job field a refusal names as the form field it came from. The Chromium
// routes' fields are mapped in chromium-form.ts, the LibreOffice routes' in libreoffice.ts. Pure: no I/O.

import { gotenbergWaitFieldOf } from './wait.js';

/** A refused field: its name (as the client sent it) and why. */
export interface FormProblem {
  field: string;
  message: string;
}

/** A field refused: its name and why, as the routes answer it. */
export const refuseField = (field: string, message: string): { problem: FormProblem } => ({
  problem: { field, message: `${field}: ${message}` },
});

/** Go's strconv.ParseBool, which Gotenberg reads its booleans with. */
export function parseGoBool(value: string): boolean | null {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  return null;
}

/** A Gotenberg length: a number of inches (`8.27`), or a number with a unit (`210mm`, `21cm`, `11in`, `595pt`, `794px`, `6pc`). */
export function gotenbergLength(value: string): string | null {
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(pt|px|in|mm|cm|pc)?\s*$/i.exec(value);
  if (!m) return null;
  return `${m[1]}${(m[2] ?? 'in').toLowerCase()}`;
}

/** A form field's JSON value, or undefined when it is not JSON. */
export function jsonOf(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The file name of the answer: Gotenberg-Output-Filename (without a directory) with the product's extension
 * added, as Gotenberg does; null without the header.
 */
export function outputFileName(header: string | undefined, extension: string): string | null {
  if (header === undefined) return null;
  const base = header.split(/[/\\]/).pop()!.trim();
  if (base === '') return null;
  return base.toLowerCase().endsWith(`.${extension}`) ? base : `${base}.${extension}`;
}

/** Merge order: Gotenberg merges the files in the alphanumeric order of their names (file2 before file10). */
export function mergeOrder(names: readonly string[]): string[] {
  return [...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** A Folio job field a refusal names (`print.margin.top`) as the Gotenberg form field it came from (`marginTop`). */
export function gotenbergFieldOf(field: string): string {
  const exact: Record<string, string> = {
    'print.width': 'paperWidth',
    'print.height': 'paperHeight',
    'print.scale': 'scale',
    'print.pageRanges': 'nativePageRanges',
    'print.landscape': 'landscape',
    'print.headerTemplate': 'header.html',
    'print.footerTemplate': 'footer.html',
    'print.mediaType': 'emulatedMediaType',
    'pdf.standard': 'pdfa',
    'images.width': 'width',
    'images.quality': 'quality',
    'images.pages': 'format',
    html: 'index.html',
  };
  if (exact[field]) return exact[field];
  const wait = gotenbergWaitFieldOf(field);
  if (wait) return wait;
  const margin = /^print\.margin\.(top|bottom|left|right)$/.exec(field);
  if (margin) return `margin${margin[1][0].toUpperCase()}${margin[1].slice(1)}`;
  if (field.startsWith('pdf.metadata')) return 'metadata';
  if (field.startsWith('protection.')) return field.includes('user') ? 'userPassword' : 'ownerPassword';
  if (field === 'protection') return 'ownerPassword';
  if (field === 'source' || field === 'source.url') return 'url';
  if (field.startsWith('source.headers')) return 'extraHttpHeaders';
  if (field.startsWith('source.cookies')) return 'cookies';
  const file = /^files\["(.*)"\]$/.exec(field);
  if (file) return file[1];
  return field;
}
