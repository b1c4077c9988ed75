// Gotenberg's LibreOffice form fields (POST /forms/libreoffice/convert) as a Folio job's `office` options:
// each field Folio honours is mapped, every other one refused by name (nothing is silently ignored).
import { parseGoBool } from './form.js';
import type { OfficeConversionOptions } from '../office/office-options.js';

export interface LibreOfficeForm {
  office: OfficeConversionOptions;
  /** merge=true: the PDFs of the files are merged, in the alphanumeric order of their names. */
  merge: boolean;
}

const BOOLEAN_FIELDS: Record<string, keyof OfficeConversionOptions> = {
  landscape: 'landscape',
  exportFormFields: 'exportFormFields',
  exportBookmarks: 'exportBookmarks',
  exportNotes: 'exportNotes',
  exportHiddenSlides: 'exportHiddenSlides',
  singlePageSheets: 'singlePageSheets',
  pdfua: 'tagged',
};

const PDFA = ['PDF/A-1b', 'PDF/A-2b', 'PDF/A-3b'] as const;

/** The form's fields mapped, or the first field Folio cannot honour. */
export function mapLibreOfficeForm(fields: Iterable<[string, string]>): LibreOfficeForm | { problem: { field: string; message: string } } {
  const office: OfficeConversionOptions = {};
  let merge = false;
  const refuse = (field: string, message: string) => ({ problem: { field, message: `${field}: ${message}` } });
  for (const [name, value] of fields) {
    if (name in BOOLEAN_FIELDS || name === 'merge' || name === 'reduceImageResolution') {
      const b = parseGoBool(value);
      if (b === null) return refuse(name, `must be true or false, got ${JSON.stringify(value)}`);
      if (name === 'merge') merge = b;
      // LibreOffice reduces images only to maxImageResolution, which names the resolution.
      else if (name === 'reduceImageResolution') {
        if (b) continue;
      } else (office as Record<string, unknown>)[BOOLEAN_FIELDS[name]!] = b;
      continue;
    }
    switch (name) {
      case 'nativePageRanges':
        office.pageRanges = value;
        break;
      case 'pdfa':
        if (!(PDFA as readonly string[]).includes(value)) return refuse(name, `must be one of ${PDFA.join(', ')}`);
        office.pdfa = value as (typeof PDFA)[number];
        break;
      case 'quality': {
        const q = Number(value);
        if (!Number.isInteger(q) || q < 1 || q > 100) return refuse(name, 'must be an integer from 1 to 100');
        office.quality = q;
        break;
      }
      case 'maxImageResolution': {
        const r = Number(value);
        if (![75, 150, 300, 600, 1200].includes(r)) return refuse(name, 'must be one of 75, 150, 300, 600, 1200');
        office.maxImageResolution = r as OfficeConversionOptions['maxImageResolution'];
        break;
      }
      case 'password':
        office.password = value;
        break;
      default:
        return refuse(name, 'not supported by Folio on /forms/libreoffice/convert (the Gotenberg guide lists the fields it maps)');
    }
  }
  return { office, merge };
}
