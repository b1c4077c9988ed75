// Gotenberg's form fields (the Chromium routes, /forms/chromium/{convert,screenshot}/html) read into the
// fields of a Folio render job: print options (`print`, checked later by domain/jobs/print-options.ts like any
// job's), document options (`pdf`, `protection`), `failOn`, wait conditions (`waitFor`, wait.ts) and page
// images. The PDF-engine fields of a conversion (split, metadata, flatten, watermarks, stamps, rotation,
// embedded files, image optimisation) are set aside and planned by chromium-engine.ts: the render job's own
// `steps` and `attachments`, or PDF-job steps on the printed PDF. Every field is either mapped or refused by
// name: nothing a Gotenberg client sends is silently ignored (docs/gotenberg.md is the table). Each Chromium
// field is one entry of FIELDS. Pure: no I/O.

import { randomBytes } from 'node:crypto';
import { gotenbergLength, jsonOf, parseGoBool, refuseField as refuse, type FormProblem } from './form.js';
import { ENGINE_FIELDS, NATIVE_ENGINE_FIELDS, planEngineWork, type EngineExtras, type EngineWork } from './chromium-engine.js';
import { addGotenbergWait, isGotenbergWaitField } from './wait.js';
import { DEFAULT_IMAGE_DPI } from '../jobs/page-images.js';
import type { WaitFor } from '../jobs/wait-for.js';

export type ChromiumRoute = 'convert' | 'screenshot';

/** What a Chromium form becomes: the job fields it sets, and the PDF-engine work (chromium-engine.ts). */
export interface MappedForm extends EngineWork {
  print: Record<string, unknown>;
  pdf?: { standard?: 'pdf/a-2b' | 'pdf/a-3b'; accessibility?: 'pdf/ua-1' };
  protection?: { userPassword?: string; ownerPassword: string };
  failOn?: string[];
  waitFor?: WaitFor;
  outputFormat?: 'png' | 'jpeg' | 'webp';
  images?: { pages: string; width?: number; dpi?: number; quality?: number };
}

type Refusal = { problem: FormProblem };

/** What the fields read so far add up to; finished into a MappedForm once every field is read. */
interface FormState {
  out: MappedForm;
  /** deviceScaleFactor, applied to the image once its width is known. */
  scaleFactor?: number;
  margin: Record<string, string>;
  failOn: Set<string>;
  /** The PDF-engine fields, set aside for enginePlan; `native` the render job's own ones, as sent. */
  engine: Map<string, string>;
  native: Map<string, string>;
}

/** Fields refused on every Chromium route, with why. */
const REFUSED: Record<string, string> = {
  singlePage:
    'Folio does not print a document on one page of its own height; set the paper size (paperWidth, paperHeight) or a CSS @page size',
  userAgent: 'Folio renders with its own Chromium user agent',
  extraHttpHeaders: "the page's own files come from the form; Folio adds no headers to requests of the page",
  cookies: 'each Folio job runs in a fresh browser context, without cookies',
  emulatedMediaFeatures: 'Folio emulates only prefers-reduced-motion (its print defaults) and the media type (emulatedMediaType)',
  downloadFrom: 'Folio renders only the files of the form',
  failOnResourceHttpStatusCodes: 'give 499 and 599 (every 4xx and 5xx answer, as Folio checks them), or leave it out',
  ignoreResourceHttpStatusDomains: 'Folio cannot exempt domains from http_error_status',
};

/** Permissions fields of Gotenberg's encryption: Folio's protection allows everything unless told, and this form cannot say. */
const PERMISSION_FIELDS = /^allow[A-Z]/;

/** A Go boolean field, or its refusal. */
function bool(name: string, value: string): boolean | Refusal {
  const b = parseGoBool(value);
  return b === null ? refuse(name, `must be true or false, got ${JSON.stringify(value)}`) : b;
}

/** A Go boolean field whose either value Folio honours by what it does anyway: only its syntax is checked. */
const anyBool = (name: string, value: string): Refusal | null => {
  const b = bool(name, value);
  return typeof b === 'boolean' ? null : b;
};

/** A boolean field whose `true` Folio cannot honour. */
const refusedWhenTrue =
  (why: string) =>
  (_s: FormState, name: string, value: string): Refusal | null => {
    const b = bool(name, value);
    if (typeof b !== 'boolean') return b;
    return b ? refuse(name, why) : null;
  };

const length = (s: FormState, name: string, value: string): Refusal | null => {
  const l = gotenbergLength(value);
  if (l === null)
    return refuse(
      name,
      `must be a number of inches (8.27) or a number with a unit (210mm, 21cm, 11in, 595pt, 794px), got ${JSON.stringify(value)}`,
    );
  if (name === 'paperWidth') s.out.print.width = l;
  else if (name === 'paperHeight') s.out.print.height = l;
  else s.margin[name.slice('margin'.length).toLowerCase()] = l;
  return null;
};

/** A Go boolean that sets one print option. */
const printFlag =
  (option: string) =>
  (s: FormState, name: string, value: string): Refusal | null => {
    const b = bool(name, value);
    if (typeof b !== 'boolean') return b;
    s.out.print[option] = b;
    return null;
  };

const failOnFlag =
  (...codes: string[]) =>
  (s: FormState, name: string, value: string): Refusal | null => {
    const b = bool(name, value);
    if (typeof b !== 'boolean') return b;
    if (b) for (const c of codes) s.failOn.add(c);
    return null;
  };

const VIEWPORT =
  'Folio pictures the first printed page (its height follows the page), not a browser viewport: set width for the image width';
const imageSize = (_s: FormState, name: string): Refusal => refuse(name, VIEWPORT);

type FieldReader = (s: FormState, name: string, value: string) => Refusal | null;

/** Every field Folio maps, with the one route it belongs to when it is not a field of both. */
const FIELDS: Record<string, { only?: ChromiumRoute; read: FieldReader }> = {
  paperWidth: { only: 'convert', read: length },
  paperHeight: { only: 'convert', read: length },
  marginTop: { only: 'convert', read: length },
  marginBottom: { only: 'convert', read: length },
  marginLeft: { only: 'convert', read: length },
  marginRight: { only: 'convert', read: length },
  landscape: { only: 'convert', read: printFlag('landscape') },
  printBackground: { only: 'convert', read: printFlag('printBackground') },
  generateDocumentOutline: { only: 'convert', read: printFlag('outline') },
  generateTaggedPdf: { only: 'convert', read: printFlag('tagged') },
  preferCssPageSize: {
    only: 'convert',
    read: (_s, name, value) => {
      const b = bool(name, value);
      if (typeof b !== 'boolean') return b;
      return b
        ? null
        : refuse(name, 'Folio always lets a CSS @page size win over the paper size; remove the @page size from the CSS instead');
    },
  },
  omitBackground: { read: refusedWhenTrue('Folio does not print transparent backgrounds') },
  scale: {
    only: 'convert',
    read: (s, name, value) => {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n)) return refuse(name, `must be a number, got ${JSON.stringify(value)}`);
      s.out.print.scale = n;
      return null;
    },
  },
  nativePageRanges: {
    only: 'convert',
    read: (s, _name, value) => {
      s.out.print.pageRanges = value;
      return null;
    },
  },
  emulatedMediaType: {
    read: (s, name, value) => {
      if (value !== 'print' && value !== 'screen') return refuse(name, `must be print or screen, got ${JSON.stringify(value)}`);
      s.out.print.mediaType = value;
      return null;
    },
  },
  failOnHttpStatusCodes: {
    // The main page is the form's index.html, which Folio always serves (200): no code of it can fail.
    read: (_s, name, value) => {
      const codes = jsonOf(value);
      if (!Array.isArray(codes) || !codes.every((c) => Number.isInteger(c) && c >= 100 && c <= 599))
        return refuse(name, 'must be a JSON array of HTTP status codes, e.g. [499,599]');
      return null;
    },
  },
  failOnConsoleExceptions: { read: failOnFlag('page_exception') },
  failOnResourceLoadingFailed: { read: failOnFlag('request_failed', 'request_blocked') },
  pdfua: {
    only: 'convert',
    read: (s, name, value) => {
      const b = bool(name, value);
      if (b === true) s.out.pdf = { ...s.out.pdf, accessibility: 'pdf/ua-1' };
      return typeof b === 'boolean' ? null : b;
    },
  },
  // Gotenberg may print before the network is idle; Folio's ready protocol always waits for a quiet network
  // (the document is at least as complete), so either value is accepted.
  skipNetworkIdleEvent: { read: (_s, name, value) => anyBool(name, value) },
  skipNetworkAlmostIdleEvent: { read: (_s, name, value) => anyBool(name, value) },
  pdfa: {
    only: 'convert',
    read: (s, name, value) => {
      const standard = { 'PDF/A-2b': 'pdf/a-2b', 'PDF/A-3b': 'pdf/a-3b' }[value] as 'pdf/a-2b' | 'pdf/a-3b' | undefined;
      if (!standard) return refuse(name, `Folio makes PDF/A-2b and PDF/A-3b, got ${JSON.stringify(value)}`);
      s.out.pdf = { ...s.out.pdf, standard };
      return null;
    },
  },
  // Read when the form is finished (finishForm), or by the PDF engines' plan (planEngineWork).
  userPassword: { only: 'convert', read: () => null },
  ownerPassword: { only: 'convert', read: () => null },
  format: {
    only: 'screenshot',
    read: (s, name, value) => {
      if (value !== 'png' && value !== 'jpeg' && value !== 'webp')
        return refuse(name, `must be png, jpeg or webp, got ${JSON.stringify(value)}`);
      s.out.outputFormat = value;
      return null;
    },
  },
  quality: {
    only: 'screenshot',
    read: (s, name, value) => {
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < 1 || n > 100) return refuse(name, `must be an integer from 1 to 100, got ${JSON.stringify(value)}`);
      s.out.images = { ...s.out.images!, quality: n };
      return null;
    },
  },
  width: {
    only: 'screenshot',
    read: (s, name, value) => {
      if (!/^\d+$/.test(value)) return refuse(name, `must be a number of pixels, got ${JSON.stringify(value)}`);
      s.out.images = { ...s.out.images!, width: Number(value) };
      return null;
    },
  },
  clip: {
    only: 'screenshot',
    read: refusedWhenTrue('Folio pictures the whole first page, drawn from the printed PDF; it does not clip to a viewport'),
  },
  // An encoder hint: Folio's PNGs are lossless either way.
  optimizeForSpeed: { only: 'screenshot', read: (_s, name, value) => anyBool(name, value) },
  height: { only: 'screenshot', read: imageSize },
  // Device pixels per CSS pixel: the image's resolution (Folio's default, 96 dpi, is one), or its width times it.
  deviceScaleFactor: {
    only: 'screenshot',
    read: (s, name, value) => {
      const n = Number(value);
      if (value.trim() === '' || !(n > 0)) return refuse(name, `must be a number above 0, got ${JSON.stringify(value)}`);
      s.scaleFactor = n;
      return null;
    },
  },
};

/**
 * The fields of a Chromium form (text parts, by name) and its header/footer templates (the `header.html`
 * and `footer.html` files) as the fields of a Folio job, or the first field Folio cannot honour.
 */
export function mapChromiumForm(
  route: ChromiumRoute,
  fields: ReadonlyMap<string, string>,
  templates: { header?: string; footer?: string },
  more: Partial<EngineExtras> = {},
): MappedForm | Refusal {
  const s = startForm(route);
  for (const [name, value] of fields) {
    const problem = readField(s, route, name, value);
    if (problem) return problem;
  }
  const extra = more.extra ?? [];
  if (route === 'screenshot' && extra.length > 0) return refuse(extra[0]!.field, 'not a field of a screenshot');
  const finished = finishForm(s, templates);
  if ('problem' in finished || (s.engine.size === 0 && extra.length === 0)) return finished;
  const repeated = more.repeated ?? new Map([...s.engine].map(([k, v]) => [k, [v]]));
  const work = planEngineWork(s.engine, s.native, { repeated, extra }, finished.pdf);
  if ('problem' in work) return work;
  if (work.after) {
    // The work after the render makes PDF/A and PDF/UA and encrypts, in Gotenberg's order: the job does not.
    delete finished.pdf;
    delete finished.protection;
  }
  return { ...finished, ...work };
}

function startForm(route: ChromiumRoute): FormState {
  const s: FormState = { out: { print: {} }, margin: {}, failOn: new Set(), engine: new Map(), native: new Map() };
  if (route === 'screenshot') {
    // A screenshot is a picture of the page as laid out for a screen, edge to edge, with its backgrounds.
    Object.assign(s.out.print, { mediaType: 'screen', printBackground: true });
    Object.assign(s.margin, { top: '0in', right: '0in', bottom: '0in', left: '0in' });
    s.out.outputFormat = 'png';
    s.out.images = { pages: '1' };
  } else {
    // Gotenberg's defaults: backgrounds only when asked, an outline only when asked (generateDocumentOutline).
    Object.assign(s.out.print, { printBackground: false, outline: false });
  }
  return s;
}

function readField(s: FormState, route: ChromiumRoute, name: string, value: string): Refusal | null {
  if (Object.hasOwn(REFUSED, name)) return refusedField(s, name, value);
  if (isGotenbergWaitField(name)) return addGotenbergWait(s.out, name, value);
  if (ENGINE_FIELDS.has(name)) {
    if (route === 'screenshot') return refuse(name, 'not a field of a screenshot');
    s.engine.set(name, value);
    return null;
  }
  if (NATIVE_ENGINE_FIELDS.has(name)) s.native.set(name, value);
  if (PERMISSION_FIELDS.test(name))
    return refuse(
      name,
      "not supported by Folio's Gotenberg routes: permissions of a protected PDF are set with a Folio job's protection.permissions (docs/api.md)",
    );
  const field = Object.hasOwn(FIELDS, name) ? FIELDS[name] : undefined;
  if (field?.only && field.only !== route)
    return refuse(name, `not a field of ${route === 'convert' ? 'a conversion (it is a screenshot field)' : 'a screenshot'}`);
  return field ? field.read(s, name, value) : refuse(name, 'unknown field');
}

/** A field of REFUSED: refused, unless its value asks for what Folio does anyway. */
function refusedField(s: FormState, name: string, value: string): Refusal | null {
  if (name === 'singlePage' && parseGoBool(value) === false) return null; // what Folio does anyway
  const json = jsonOf(value);
  if (name === 'failOnResourceHttpStatusCodes' && Array.isArray(json)) {
    if (json.length === 0) return null;
    if (json.length === 2 && json.includes(499) && json.includes(599)) {
      s.failOn.add('http_error_status');
      return null;
    }
  }
  if (name === 'ignoreResourceHttpStatusDomains' && JSON.stringify(json) === '[]') return null;
  return refuse(name, `not supported by Folio: ${REFUSED[name]}`);
}

function finishForm(s: FormState, templates: { header?: string; footer?: string }): MappedForm | Refusal {
  const { out } = s;
  if (out.images?.quality !== undefined && out.outputFormat === 'png')
    return refuse('quality', 'applies to jpeg and webp only (PNG is lossless)');
  if (Object.keys(s.margin).length > 0) out.print.margin = s.margin;
  if (s.scaleFactor !== undefined && s.scaleFactor !== 1 && out.images) {
    if (out.images.width !== undefined) out.images.width = Math.round(out.images.width * s.scaleFactor);
    else out.images.dpi = Math.round(DEFAULT_IMAGE_DPI * s.scaleFactor);
  }
  if (templates.header !== undefined || templates.footer !== undefined) {
    // Chromium prints its own date and title where a template is empty: Gotenberg sends an empty document.
    out.print.displayHeaderFooter = true;
    out.print.headerTemplate = templates.header ?? '<span></span>';
    out.print.footerTemplate = templates.footer ?? '<span></span>';
  }
  const user = s.native.get('userPassword') ?? '';
  const owner = s.native.get('ownerPassword') ?? '';
  if (user !== '' || owner !== '') {
    // Gotenberg takes a user password alone (the owner's is then the same); Folio's owner password must differ,
    // so a random one nobody knows stands in for it, as on /forms/pdfengines/encrypt.
    out.protection = { ownerPassword: owner !== '' && owner !== user ? owner : randomBytes(24).toString('base64url') };
    if (user !== '') out.protection.userPassword = user;
  }
  if (s.failOn.size > 0) out.failOn = [...s.failOn];
  return out;
}
