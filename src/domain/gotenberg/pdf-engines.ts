// Gotenberg's PDF engine routes (`/forms/pdfengines/…`) as Folio PDF-job steps: which fields each route
// reads, and each field as the step that does its work, in Gotenberg's order (a split first, then on each
// part: watermarks, stamps, rotation, flattening, bookmarks, metadata, embedded files, image optimisation,
// encryption). The steps are checked afterwards like any PDF job's (domain/pdfs/pdf-steps.ts). Pure: no I/O.
// `add-password`, `attachments/add` and `stamp/bulk` are routes Gotenberg contributors proposed (the Gotenberg
// guide's table says where each comes from): the encryption, the embedded files and several stamps again.
import { randomBytes } from 'node:crypto';
import { parseGoBool, refuseField, type FormProblem } from './form.js';
import { bulkStampSteps, stampSteps } from './pdf-stamp-form.js';
import { metadataStep, outlineEntries, type GotenbergBookmark } from './pdf-metadata-form.js';

export const ENGINE_ROUTES = [
  'merge',
  'split',
  'flatten',
  'optimize',
  'convert',
  'metadata/write',
  'bookmarks/write',
  'encrypt',
  'embed',
  'watermark',
  'stamp',
  'rotate',
  'add-password',
  'attachments/add',
  'stamp/bulk',
] as const;
export type EngineRoute = (typeof ENGINE_ROUTES)[number];

const ENCRYPT = [
  'userPassword',
  'ownerPassword',
  'allowPrinting',
  'allowCopying',
  'allowModifying',
  'allowAnnotating',
  'allowFillingForms',
  'allowAssembling',
];
const STAMPS = ['stampSource', 'stampExpression', 'stampPages', 'stampOptions'];
const WATERMARKS = ['watermarkSource', 'watermarkExpression', 'watermarkPages', 'watermarkOptions'];
const EVERYTHING = [
  ...ENCRYPT,
  ...STAMPS,
  ...WATERMARKS,
  'pdfa',
  'pdfua',
  'metadata',
  'flatten',
  'rotateAngle',
  'rotatePages',
  'embedsMetadata',
  'optimizeImages',
  'imageQuality',
];

/** The form fields each route reads (`files` and the file fields aside). */
export const ROUTE_FIELDS: Record<EngineRoute, string[]> = {
  merge: [...EVERYTHING, 'bookmarks', 'autoIndexBookmarks', 'titleBookmarks'],
  split: [...EVERYTHING, 'splitMode', 'splitSpan', 'splitUnify'],
  flatten: [],
  optimize: ['imageQuality', 'optimizeImages'],
  convert: ['pdfa', 'pdfua'],
  'metadata/write': ['metadata'],
  'bookmarks/write': ['bookmarks'],
  encrypt: ENCRYPT,
  embed: ['embedsMetadata'],
  watermark: WATERMARKS,
  stamp: STAMPS,
  rotate: ['rotateAngle', 'rotatePages'],
  'add-password': ['userPassword', 'ownerPassword'],
  'attachments/add': [],
  'stamp/bulk': ['stamps'],
};

/** The file fields each route takes beside its input PDFs (what a stamp, a watermark or an embedding brings). */
function takesFiles(route: EngineRoute, field: string): boolean {
  if (route === 'attachments/add') return field === 'attachments';
  if (route === 'stamp/bulk') return field === 'stamp';
  const allowed = ROUTE_FIELDS[route];
  return field === 'embeds' ? allowed.includes('embedsMetadata') : field !== 'attachments' && allowed.includes(`${field}Source`);
}

/** Fields that may be sent several times (several stamps or watermarks in one request). */
export const REPEATABLE_FIELDS: ReadonlySet<string> = new Set([...STAMPS, ...WATERMARKS]);

/** What a route read from its form. */
export interface EngineForm {
  fields: Map<string, string>;
  repeated: Map<string, string[]>;
  /** Files of the fields `stamp`, `watermark`, `embeds` and `attachments`, in the order sent. */
  extra: Array<{ field: string; name: string; bytes: Buffer }>;
  /** The input PDFs' file names, in the order they are worked on. */
  inputs: string[];
}

/** How a split names its parts: `name_0.pdf`, `name_1.pdf`…, or one file per input (`splitUnify`). */
export type SplitNaming = 'parts' | 'unified';

export interface EnginePlan {
  /** Folio PDF-job steps for each input (the merge's one result, or each file of the other routes). */
  steps: Array<Record<string, unknown>>;
  /**
   * Bookmarks per input file name (a merge's are shifted by the caller once the page counts are known),
   * and whether a merge takes each file's own outline (`autoIndexBookmarks`), under an entry with its
   * title (`titleBookmarks`).
   */
  bookmarksByFile?: Record<string, GotenbergBookmark[]>;
  autoIndex: boolean;
  titleBookmarks: boolean;
  split?: SplitNaming;
  /** A split's own steps: they run first, and `steps` then on each part (Gotenberg's order). */
  splitSteps?: Array<Record<string, unknown>>;
  /** Files the steps name by key (a `pdf` stamp's page). */
  pdfs: Record<string, Buffer>;
  warnings: string[];
}

const bool = (form: EngineForm, name: string, fallback: boolean): boolean | FormProblem => {
  const v = form.fields.get(name);
  if (v === undefined || v === '') return fallback;
  const b = parseGoBool(v);
  return b ?? refuseField(name, `must be true or false (got ${JSON.stringify(v)})`).problem;
};
const isProblem = (v: unknown): v is FormProblem => typeof v === 'object' && v !== null && 'field' in v && 'message' in v;

/** The split step(s) of `splitMode` and `splitSpan`. */
function splitPlan(
  form: EngineForm,
  route: EngineRoute,
): { steps: Array<Record<string, unknown>>; naming: SplitNaming } | FormProblem | null {
  const mode = form.fields.get('splitMode') ?? '';
  const span = (form.fields.get('splitSpan') ?? '').replace(/\s+/g, '');
  const unify = bool(form, 'splitUnify', false);
  if (isProblem(unify)) return unify;
  if (route !== 'split') return null;
  if (mode !== 'intervals' && mode !== 'pages') return refuseField('splitMode', "must be 'intervals' or 'pages'").problem;
  if (span === '') return refuseField('splitSpan', 'is required').problem;
  if (unify && mode !== 'pages') return refuseField('splitUnify', `is not available for split mode '${mode}'`).problem;
  if (mode === 'intervals') {
    const every = Number(span);
    if (!/^\d+$/.test(span) || every < 1)
      return refuseField('splitSpan', 'must be a whole number of pages from 1 in intervals mode').problem;
    return { steps: [{ type: 'split', every }], naming: 'parts' };
  }
  // Pages mode: the selected pages, one file each, or together in one file with splitUnify. The engines'
  // spellings of the last page (qpdf's `z`, pdftk's `end`) are Folio's open range.
  const pages = span.replace(/^-/, '1-').replace(/-(z|end|r1)(?=,|$)/gi, '-');
  // The syntax now (a 400); the pages against the file's page count when it is read.
  if (!pages.split(',').every((p) => /^\s*!?\s*(\d{1,6}\s*(-\s*(\d{1,6})?)?|all)\s*$/.test(p)))
    return refuseField('splitSpan', 'must be a page selection such as 1-3,5 or 2-').problem;
  return unify
    ? { steps: [{ type: 'select', pages }], naming: 'unified' }
    : {
        steps: [
          { type: 'select', pages },
          { type: 'split', every: 1 },
        ],
        naming: 'parts',
      };
}

function encryptStep(form: EngineForm, route: EngineRoute): Record<string, unknown> | FormProblem | null {
  const user = form.fields.get('userPassword') ?? '';
  const owner = form.fields.get('ownerPassword') ?? '';
  if (route === 'add-password' && user === '') return refuseField('userPassword', 'is required').problem;
  if (user === '' && owner === '')
    return route === 'encrypt' ? refuseField('userPassword', "a 'userPassword' or 'ownerPassword' is required").problem : null;
  const names: Record<string, string> = {
    allowPrinting: 'print',
    allowCopying: 'copy',
    allowModifying: 'modify',
    allowAnnotating: 'annotate',
    allowFillingForms: 'fillForms',
    allowAssembling: 'assemble',
  };
  const permissions: Record<string, boolean> = {};
  for (const [field, permission] of Object.entries(names)) {
    const b = bool(form, field, true);
    if (isProblem(b)) return b;
    permissions[permission] = b;
  }
  // Gotenberg takes a user password alone (the owner's is then the same); Folio's owner password must
  // differ, so a random one nobody knows stands in for it: whoever opens the file has the permissions asked.
  const ownerPassword = owner !== '' && owner !== user ? owner : randomBytes(24).toString('base64url');
  return { type: 'encrypt', ...(user !== '' ? { userPassword: user } : {}), ownerPassword, permissions };
}

/** The `embeds` files (`attachments` on attachments/add) as an `attachments` step, with `embedsMetadata`. */
function embedSteps(form: EngineForm, route: EngineRoute): Array<Record<string, unknown>> | FormProblem {
  const field = route === 'attachments/add' ? 'attachments' : 'embeds';
  const files = form.extra.filter((f) => f.field === field);
  const raw = form.fields.get('embedsMetadata') ?? '';
  let meta: Record<string, Record<string, string>> = {};
  if (raw !== '') {
    try {
      meta = JSON.parse(raw) as typeof meta;
    } catch {
      return refuseField('embedsMetadata', 'must be a JSON object {"file name": {"mimeType", "relationship", "description"}}').problem;
    }
  }
  if (files.length === 0) return [];
  const add = files.map((f) => {
    const m = meta[f.name] ?? {};
    return {
      name: f.name,
      contentBase64: f.bytes.toString('base64'),
      mimeType: m.mimeType ?? mimeOf(f.name),
      ...(m.description ? { description: m.description } : {}),
      ...(m.relationship ? { relationship: m.relationship } : {}),
    };
  });
  return [{ type: 'attachments', add }];
}

const MIME: Record<string, string> = {
  xml: 'application/xml',
  json: 'application/json',
  csv: 'text/csv',
  txt: 'text/plain',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  zip: 'application/zip',
};
const mimeOf = (name: string) => MIME[name.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';

const PDFA: Record<string, 'pdf/a-2b' | 'pdf/a-3b'> = { 'PDF/A-2b': 'pdf/a-2b', 'PDF/A-3b': 'pdf/a-3b' };

/** `pdfa` and `pdfua` as a `conform` step (after every content step), or null when neither asks for one. */
function conformStep(form: EngineForm, route: EngineRoute): Record<string, unknown> | FormProblem | null {
  const pdfa = form.fields.get('pdfa') ?? '';
  const pdfua = bool(form, 'pdfua', false);
  if (isProblem(pdfua)) return pdfua;
  if (pdfa === '' && !pdfua) return route === 'convert' ? refuseField('pdfa', "either 'pdfa' or 'pdfua' is required").problem : null;
  if (pdfa !== '' && !PDFA[pdfa])
    return refuseField(
      'pdfa',
      `Folio makes PDF/A-2b and PDF/A-3b (got ${JSON.stringify(pdfa)}): PDF/A-1 forbids the transparency Folio keeps, and the "u" levels need Unicode for every glyph, which a finished PDF may not have`,
    ).problem;
  if (pdfa !== '' && (form.fields.get('userPassword') || form.fields.get('ownerPassword')))
    return refuseField('pdfa', 'PDF/A is incompatible with encryption').problem;
  if (pdfa === 'PDF/A-2b' && form.extra.some((f) => f.field === 'embeds'))
    return refuseField('pdfa', 'PDF/A-2b does not take embedded files of any kind; only PDF/A-3 allows attachments').problem;
  return { type: 'conform', ...(pdfa !== '' ? { standard: PDFA[pdfa] } : {}), ...(pdfua ? { accessibility: 'pdf/ua-1' } : {}) };
}

/** The watermarks, then the stamps (those of `stamps` on stamp/bulk), added to `plan`; or the first problem. */
function addStamps(route: EngineRoute, form: EngineForm, plan: EnginePlan): FormProblem | null {
  for (const kind of ['watermark', 'stamp'] as const) {
    const files = form.extra.filter((f) => f.field === kind);
    const s =
      route === 'stamp/bulk' && kind === 'stamp'
        ? bulkStampSteps(form.fields.get('stamps') ?? '', files)
        : stampSteps(kind, { repeated: form.repeated, files });
    if ('problem' in s) return s.problem;
    if (route === kind && s.steps.length === 0) return refuseField(`${kind}Source`, 'is required').problem;
    plan.steps.push(...s.steps);
    Object.assign(plan.pdfs, s.pdfs);
    plan.warnings.push(...s.warnings);
  }
  return null;
}

/** The plan of one request, or the first field Folio cannot honour. */
export function enginePlan(route: EngineRoute, form: EngineForm): EnginePlan | { problem: FormProblem } {
  const allowed = ROUTE_FIELDS[route];
  for (const name of form.fields.keys()) if (!allowed.includes(name)) return refuseField(name, `not a field of /forms/pdfengines/${route}`);
  for (const f of form.extra)
    if (!takesFiles(route, f.field)) return refuseField(f.field, `/forms/pdfengines/${route} takes no ${f.field} files`);
  const conform = conformStep(form, route);
  if (isProblem(conform)) return { problem: conform };
  const autoIndex = bool(form, 'autoIndexBookmarks', false);
  if (isProblem(autoIndex)) return { problem: autoIndex };
  const titleBookmarks = bool(form, 'titleBookmarks', false);
  if (isProblem(titleBookmarks)) return { problem: titleBookmarks };
  const plan: EnginePlan = { steps: [], pdfs: {}, warnings: [], autoIndex, titleBookmarks };
  const stamps = addStamps(route, form, plan);
  if (stamps) return { problem: stamps };
  const angle = form.fields.get('rotateAngle') ?? '';
  if (angle !== '' || route === 'rotate') {
    if (!['90', '180', '270'].includes(angle)) return refuseField('rotateAngle', 'must be 90, 180 or 270');
    const pages = (form.fields.get('rotatePages') ?? '').trim();
    plan.steps.push({ type: 'rotate', angle: Number(angle), ...(pages !== '' ? { pages } : {}) });
  }
  const flatten = bool(form, 'flatten', route === 'flatten');
  if (isProblem(flatten)) return { problem: flatten };
  if (flatten) plan.steps.push({ type: 'flatten' });
  const bookmarks = form.fields.get('bookmarks') ?? '';
  if (bookmarks !== '' || route === 'bookmarks/write') {
    const b = outlineEntries(bookmarks, route === 'merge' || route === 'bookmarks/write');
    if ('problem' in b) return b;
    if (Array.isArray(b.entries)) plan.steps.push({ type: 'outline', entries: b.entries });
    else plan.bookmarksByFile = b.entries;
  }
  const metadata = form.fields.get('metadata') ?? '';
  if (metadata !== '' || route === 'metadata/write') {
    const m = metadataStep(metadata);
    if ('problem' in m) return m;
    plan.steps.push(m.step);
    for (const key of m.ignored)
      plan.warnings.push(
        `metadata.${key} is not written: Folio writes the document information (Title, Author, Subject, Keywords, Creator, Producer, dates, Trapped)`,
      );
  }
  const embeds = embedSteps(form, route);
  if (isProblem(embeds)) return { problem: embeds };
  plan.steps.push(...embeds);
  if (conform) plan.steps.push(conform);
  const split = splitPlan(form, route);
  if (isProblem(split)) return { problem: split };
  if (split) {
    plan.splitSteps = split.steps;
    plan.split = split.naming;
  }
  const optimize = bool(form, 'optimizeImages', route === 'optimize');
  if (isProblem(optimize)) return { problem: optimize };
  const quality = form.fields.get('imageQuality') ?? '';
  if (quality !== '' && !(/^\d+$/.test(quality) && Number(quality) >= 1 && Number(quality) <= 100))
    return refuseField('imageQuality', 'must be a whole number from 1 to 100');
  // The optimize route always optimises (Gotenberg ignores optimizeImages there).
  if (route === 'optimize' || optimize)
    plan.steps.push({ type: 'optimize', images: true, ...(quality !== '' ? { quality: Number(quality) } : {}) });
  const encrypt = encryptStep(form, route);
  if (isProblem(encrypt)) return { problem: encrypt };
  if (encrypt) plan.steps.push(encrypt);
  return plan;
}
