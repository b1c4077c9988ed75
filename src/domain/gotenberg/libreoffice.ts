// Gotenberg's LibreOffice form fields (POST /forms/libreoffice/convert): LibreOffice's own options as a Folio
// job's `office` options, and Gotenberg's PDF-engine fields (split, metadata, flatten, encryption, embedded
// files, watermarks, stamps, rotation, image optimisation) as the PDF-job steps the /forms/pdfengines routes
// make of them (pdf-engines.ts, in the same order), run on the converted PDFs. Every other field is refused
// by name (nothing is silently ignored). Pure: no I/O.
import { parseGoBool, refuseField, type FormProblem } from './form.js';
import { enginePlan, ROUTE_FIELDS, type EngineForm, type EnginePlan } from './pdf-engines.js';
import type { OfficeConversionOptions } from '../office/office-options.js';

export interface LibreOfficeForm {
  office: OfficeConversionOptions;
  /** merge=true: the PDFs of the files are merged, in the alphanumeric order of their names. */
  merge: boolean;
  /** The PDF-engine work on the converted PDFs (each file's, or the merged one), when the form asks for any. */
  after?: EnginePlan;
}

/** What the form brings besides its first value of each field: repeated stamps and watermarks, their files and embeds. */
export interface LibreOfficeExtras {
  repeated?: Map<string, string[]>;
  extra?: EngineForm['extra'];
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

/**
 * The PDF-engine fields Gotenberg's LibreOffice route reads: those of /forms/pdfengines/split. `pdfa` and
 * `pdfua` are LibreOffice's own export options (below).
 */
const ENGINE_FIELDS: ReadonlySet<string> = new Set(ROUTE_FIELDS.split.filter((f) => f !== 'pdfa' && f !== 'pdfua'));

type Problem = { problem: FormProblem };

/** LibreOffice's options of the form; the PDF-engine fields set aside (`engine`), `pdfa` kept as sent. */
function officeFields(fields: Iterable<[string, string]>) {
  const office: OfficeConversionOptions = {};
  const engine = new Map<string, string>();
  let merge = false;
  for (const [name, value] of fields) {
    if (ENGINE_FIELDS.has(name)) {
      engine.set(name, value);
      continue;
    }
    if (name in BOOLEAN_FIELDS || name === 'merge' || name === 'reduceImageResolution') {
      const b = parseGoBool(value);
      if (b === null) return refuseField(name, `must be true or false, got ${JSON.stringify(value)}`);
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
        if (!(PDFA as readonly string[]).includes(value)) return refuseField(name, `must be one of ${PDFA.join(', ')}`);
        office.pdfa = value as (typeof PDFA)[number];
        break;
      case 'quality': {
        const q = Number(value);
        if (!Number.isInteger(q) || q < 1 || q > 100) return refuseField(name, 'must be an integer from 1 to 100');
        office.quality = q;
        break;
      }
      case 'maxImageResolution': {
        const r = Number(value);
        if (![75, 150, 300, 600, 1200].includes(r)) return refuseField(name, 'must be one of 75, 150, 300, 600, 1200');
        office.maxImageResolution = r as OfficeConversionOptions['maxImageResolution'];
        break;
      }
      case 'password':
        office.password = value;
        break;
      default:
        return refuseField(
          name,
          name.startsWith('facturx')
            ? 'Folio makes Factur-X and ZUGFeRD invoices when it prints a document (an e-invoice render job), not from a converted Office file'
            : 'not supported by Folio on /forms/libreoffice/convert (the Gotenberg guide lists the fields it maps)',
        );
    }
  }
  return { office, engine, merge };
}

/**
 * The PDF-engine work of the form, as the /forms/pdfengines routes plan it (a split first, then on each
 * result: watermarks, stamps, rotation, flattening, metadata, embedded files, PDF/A, image optimisation,
 * encryption), or null when the form asks for none. The plan of the merge route forces no step of its own;
 * the split route's, chosen when the form splits, checks splitMode and splitSpan.
 */
function afterConversion(engine: Map<string, string>, pdfa: string | undefined, more: LibreOfficeExtras): EnginePlan | null | Problem {
  const mode = engine.get('splitMode') ?? '';
  const span = (engine.get('splitSpan') ?? '').trim();
  if (mode === '' && span === '' && engine.has('splitUnify')) {
    const unify = parseGoBool(engine.get('splitUnify')!);
    if (unify === null) return refuseField('splitUnify', 'must be true or false');
    if (unify) return refuseField('splitUnify', 'unifies the pages of splitMode=pages: send splitMode and splitSpan with it');
    engine.delete('splitUnify');
  }
  if (mode !== '' && span === '')
    return refuseField('splitMode', "needs a splitSpan: the pages ('1-3,5') in pages mode, the pages of each part ('2') in intervals mode");
  const route = mode !== '' || span !== '' ? 'split' : 'merge';
  const form: EngineForm = {
    fields: engine,
    repeated: more.repeated ?? new Map([...engine].map(([k, v]) => [k, [v]])),
    extra: more.extra ?? [],
    inputs: [],
  };
  const plan = enginePlan(route, form);
  if ('problem' in plan) return plan;
  if (plan.steps.length === 0 && !plan.splitSteps) return null;
  if (pdfa === undefined) return plan;
  // PDF/A after the PDF work, as Gotenberg converts then: that work would undo LibreOffice's own PDF/A.
  if (pdfa === 'PDF/A-1b')
    return refuseField(
      'pdfa',
      'PDF/A-1b is made by LibreOffice itself, on a conversion with no PDF work after it (split, metadata, flatten, …); after that work Folio makes PDF/A-2b or PDF/A-3b',
    );
  return enginePlan(route, { ...form, fields: new Map([...engine, ['pdfa', pdfa]]) });
}

/** The form's fields mapped, or the first field Folio cannot honour. */
export function mapLibreOfficeForm(fields: Iterable<[string, string]>, more: LibreOfficeExtras = {}): LibreOfficeForm | Problem {
  const mapped = officeFields(fields);
  if ('problem' in mapped) return mapped;
  const { office, engine, merge } = mapped;
  if (engine.size === 0 && (more.extra ?? []).length === 0) return { office, merge };
  const after = afterConversion(engine, office.pdfa, more);
  if (after !== null && 'problem' in after) return after;
  if (after === null) return { office, merge };
  // With PDF work after the conversion, PDF/A is made after it (the plan's conform step).
  const { pdfa: _native, ...rest } = office;
  return { office: rest, merge, after };
}
