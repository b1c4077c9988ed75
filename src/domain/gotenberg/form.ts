// Gotenberg's form fields (the Chromium routes, /forms/chromium/{convert,screenshot}/html) read into the
// fields of a Folio render job: print options (`print`, checked later by domain/jobs/print-options.ts like any
// job's), document options (`pdf`, `protection`), `failOn`, wait conditions (`waitFor`, gotenberg-wait.ts)
// and page images. Every field is either mapped or refused by name: nothing a Gotenberg client sends is
// silently ignored (docs/gotenberg.md is the table). Pure: no I/O.

import { addGotenbergWait, gotenbergWaitFieldOf, isGotenbergWaitField } from './wait.js';
import type { WaitFor } from '../jobs/wait-for.js';

export type ChromiumRoute = 'convert' | 'screenshot';

/** A refused field: its name (as the client sent it) and why. */
export interface FormProblem {
  field: string;
  message: string;
}

/** What a Chromium form becomes: the job fields it sets. */
export interface MappedForm {
  print: Record<string, unknown>;
  pdf?: { standard?: 'pdf/a-2b' | 'pdf/a-3b'; metadata?: Record<string, unknown> };
  protection?: { userPassword?: string; ownerPassword: string };
  failOn?: string[];
  waitFor?: WaitFor;
  outputFormat?: 'png' | 'jpeg' | 'webp';
  images?: { pages: string; width?: number; quality?: number };
}

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

const WAIT_HINT =
  "Folio's ready protocol decides when a page is printed: after load, fonts and a quiet network by default, or when the page calls window.folio.ready() after setting window.folio.waitForReady = true (docs/templates.md §4); to wait longer, use waitForSelector, waitForExpression or waitDelay";

/** Fields refused on every Chromium route, with why. */
const REFUSED: Record<string, string> = {
  singlePage:
    'Folio does not print a document on one page of its own height; set the paper size (paperWidth, paperHeight) or a CSS @page size',
  userAgent: 'Folio renders with its own Chromium user agent',
  extraHttpHeaders: "the page's own files come from the form; Folio adds no headers to requests of the page",
  cookies: 'each Folio job runs in a fresh browser context, without cookies',
  emulatedMediaFeatures: 'Folio emulates only prefers-reduced-motion (its print defaults) and the media type (emulatedMediaType)',
  downloadFrom: 'Folio renders only the files of the form',
  skipNetworkIdleEvent: WAIT_HINT,
  skipNetworkAlmostIdleEvent: WAIT_HINT,
  splitMode: 'Folio answers one PDF per request',
  splitSpan: 'Folio answers one PDF per request',
  splitUnify: 'Folio answers one PDF per request',
  flatten: 'Folio does not flatten PDFs',
  embeds: 'attachments are a field of a Folio job (attachments, docs/api.md), not of this form',
  embedsMetadata: 'attachments are a field of a Folio job (attachments, docs/api.md), not of this form',
  pdfua: 'PDF/UA-1 is a field of a Folio job (pdf.accessibility "pdf/ua-1", docs/pdf.md), not of this form',
  failOnResourceHttpStatusCodes: 'give 499 and 599 (every 4xx and 5xx answer, as Folio checks them), or leave it out',
  ignoreResourceHttpStatusDomains: 'Folio cannot exempt domains from http_error_status',
};

/** Permissions fields of Gotenberg's encryption: Folio's protection allows everything unless told, and this form cannot say. */
const PERMISSION_FIELDS = /^allow[A-Z]/;

/** Gotenberg's metadata keys (exiftool names) that Folio's document metadata has, lower-cased → Folio's field. */
const METADATA_KEYS: Record<string, string> = {
  title: 'title',
  author: 'author',
  subject: 'subject',
  keywords: 'keywords',
  creator: 'creator',
};

/**
 * The fields of a Chromium form (text parts, by name) and its header/footer templates (the `header.html`
 * and `footer.html` files) as the fields of a Folio job, or the first field Folio cannot honour.
 */
export function mapChromiumForm(
  route: ChromiumRoute,
  fields: ReadonlyMap<string, string>,
  templates: { header?: string; footer?: string },
): MappedForm | { problem: FormProblem } {
  const refuse = (field: string, message: string) => ({ problem: { field, message: `${field}: ${message}` } });
  const out: MappedForm = { print: {} };
  const print = out.print;
  const margin: Record<string, string> = {};
  const failOn = new Set<string>();
  if (route === 'screenshot') {
    // A screenshot is a picture of the page as laid out for a screen, edge to edge, with its backgrounds.
    Object.assign(print, { mediaType: 'screen', printBackground: true });
    Object.assign(margin, { top: '0in', right: '0in', bottom: '0in', left: '0in' });
    out.outputFormat = 'png';
    out.images = { pages: '1' };
  } else print.printBackground = false; // Gotenberg's default: backgrounds only when asked
  let userPassword: string | undefined;
  let ownerPassword: string | undefined;
  const bool = (name: string, value: string) => {
    const b = parseGoBool(value);
    return b === null ? refuse(name, `must be true or false, got ${JSON.stringify(value)}`) : b;
  };
  for (const [name, value] of fields) {
    if (Object.hasOwn(REFUSED, name)) {
      // An explicit "no" to what Folio does not do anyway is honoured.
      if (
        ['singlePage', 'pdfua', 'flatten', 'skipNetworkIdleEvent', 'skipNetworkAlmostIdleEvent'].includes(name) &&
        parseGoBool(value) === false
      )
        continue;
      if (name === 'failOnResourceHttpStatusCodes') {
        const codes = jsonOf(value);
        if (Array.isArray(codes) && codes.length === 0) continue;
        if (Array.isArray(codes) && codes.length === 2 && codes.includes(499) && codes.includes(599)) {
          failOn.add('http_error_status');
          continue;
        }
      }
      if (name === 'ignoreResourceHttpStatusDomains' && JSON.stringify(jsonOf(value)) === '[]') continue;
      return refuse(name, `not supported by Folio: ${REFUSED[name]}`);
    }
    if (isGotenbergWaitField(name)) {
      const refused = addGotenbergWait(out, name, value);
      if (refused) return refused;
      continue;
    }
    if (PERMISSION_FIELDS.test(name))
      return refuse(
        name,
        "not supported by Folio's Gotenberg routes: permissions of a protected PDF are set with a Folio job's protection.permissions (docs/api.md)",
      );
    const screenshotOnly = ['format', 'quality', 'width', 'height', 'clip', 'optimizeForSpeed', 'deviceScaleFactor'];
    const pdfOnly = [
      'paperWidth',
      'paperHeight',
      'marginTop',
      'marginBottom',
      'marginLeft',
      'marginRight',
      'landscape',
      'scale',
      'printBackground',
      'preferCssPageSize',
      'generateDocumentOutline',
      'generateTaggedPdf',
      'nativePageRanges',
      'metadata',
      'pdfa',
      'userPassword',
      'ownerPassword',
    ];
    if ((route === 'convert' && screenshotOnly.includes(name)) || (route === 'screenshot' && pdfOnly.includes(name)))
      return refuse(name, `not a field of ${route === 'convert' ? 'a conversion (it is a screenshot field)' : 'a screenshot'}`);
    switch (name) {
      case 'paperWidth':
      case 'paperHeight':
      case 'marginTop':
      case 'marginBottom':
      case 'marginLeft':
      case 'marginRight': {
        const length = gotenbergLength(value);
        if (length === null)
          return refuse(
            name,
            `must be a number of inches (8.27) or a number with a unit (210mm, 21cm, 11in, 595pt, 794px), got ${JSON.stringify(value)}`,
          );
        if (name === 'paperWidth') print.width = length;
        else if (name === 'paperHeight') print.height = length;
        else margin[name.slice('margin'.length).toLowerCase()] = length;
        break;
      }
      case 'landscape':
      case 'printBackground':
      case 'generateDocumentOutline':
      case 'generateTaggedPdf': {
        const b = bool(name, value);
        if (typeof b !== 'boolean') return b;
        print[
          { landscape: 'landscape', printBackground: 'printBackground', generateDocumentOutline: 'outline', generateTaggedPdf: 'tagged' }[
            name
          ]
        ] = b;
        break;
      }
      case 'preferCssPageSize': {
        const b = bool(name, value);
        if (typeof b !== 'boolean') return b;
        if (!b)
          return refuse(name, 'Folio always lets a CSS @page size win over the paper size; remove the @page size from the CSS instead');
        break;
      }
      case 'omitBackground': {
        const b = bool(name, value);
        if (typeof b !== 'boolean') return b;
        if (b) return refuse(name, 'Folio does not print transparent backgrounds');
        break;
      }
      case 'scale': {
        const n = Number(value);
        if (value.trim() === '' || !Number.isFinite(n)) return refuse(name, `must be a number, got ${JSON.stringify(value)}`);
        print.scale = n;
        break;
      }
      case 'nativePageRanges':
        print.pageRanges = value;
        break;
      case 'emulatedMediaType':
        if (value !== 'print' && value !== 'screen') return refuse(name, `must be print or screen, got ${JSON.stringify(value)}`);
        print.mediaType = value;
        break;
      case 'failOnHttpStatusCodes': {
        // The main page is the form's index.html, which Folio always serves (200): no code of it can fail.
        const codes = jsonOf(value);
        if (!Array.isArray(codes) || !codes.every((c) => Number.isInteger(c) && c >= 100 && c <= 599))
          return refuse(name, 'must be a JSON array of HTTP status codes, e.g. [499,599]');
        break;
      }
      case 'failOnConsoleExceptions':
      case 'failOnResourceLoadingFailed': {
        const b = bool(name, value);
        if (typeof b !== 'boolean') return b;
        if (b && name === 'failOnConsoleExceptions') failOn.add('page_exception');
        if (b && name === 'failOnResourceLoadingFailed') {
          failOn.add('request_failed');
          failOn.add('request_blocked');
        }
        break;
      }
      case 'metadata': {
        const m = metadataOf(value);
        if ('problem' in m) return { problem: m.problem };
        if (Object.keys(m.metadata).length > 0) out.pdf = { ...out.pdf, metadata: m.metadata };
        break;
      }
      case 'pdfa': {
        const standard = { 'PDF/A-2b': 'pdf/a-2b', 'PDF/A-3b': 'pdf/a-3b' }[value] as 'pdf/a-2b' | 'pdf/a-3b' | undefined;
        if (!standard) return refuse(name, `Folio makes PDF/A-2b and PDF/A-3b, got ${JSON.stringify(value)}`);
        out.pdf = { ...out.pdf, standard };
        break;
      }
      case 'userPassword':
        userPassword = value;
        break;
      case 'ownerPassword':
        ownerPassword = value;
        break;
      case 'format':
        if (value !== 'png' && value !== 'jpeg' && value !== 'webp')
          return refuse(name, `must be png, jpeg or webp, got ${JSON.stringify(value)}`);
        out.outputFormat = value;
        break;
      case 'quality': {
        const n = Number(value);
        if (!/^\d+$/.test(value) || n < 1 || n > 100) return refuse(name, `must be an integer from 1 to 100, got ${JSON.stringify(value)}`);
        out.images = { ...out.images!, quality: n };
        break;
      }
      case 'width': {
        if (!/^\d+$/.test(value)) return refuse(name, `must be a number of pixels, got ${JSON.stringify(value)}`);
        out.images = { ...out.images!, width: Number(value) };
        break;
      }
      case 'clip': {
        const b = bool(name, value);
        if (typeof b !== 'boolean') return b;
        if (b) return refuse(name, 'Folio pictures the whole first page, drawn from the printed PDF; it does not clip to a viewport');
        break;
      }
      case 'optimizeForSpeed': {
        const b = bool(name, value);
        if (typeof b !== 'boolean') return b;
        break; // an encoder hint: Folio's PNGs are lossless either way
      }
      case 'height':
      case 'deviceScaleFactor':
        return refuse(
          name,
          'Folio pictures the first printed page (its height follows the page), not a browser viewport: set width for the image width',
        );
      default:
        return refuse(name, 'unknown field');
    }
  }
  if (out.images?.quality !== undefined && out.outputFormat === 'png')
    return refuse('quality', 'applies to jpeg and webp only (PNG is lossless)');
  if (Object.keys(margin).length > 0) print.margin = margin;
  if (templates.header !== undefined || templates.footer !== undefined) {
    // Chromium prints its own date and title where a template is empty: Gotenberg sends an empty document.
    print.displayHeaderFooter = true;
    print.headerTemplate = templates.header ?? '<span></span>';
    print.footerTemplate = templates.footer ?? '<span></span>';
  }
  if (userPassword !== undefined || ownerPassword !== undefined) {
    if (ownerPassword === undefined || ownerPassword === '')
      return refuse('ownerPassword', 'Folio encrypts with an owner password (different from userPassword); send ownerPassword too');
    out.protection = { ownerPassword, ...(userPassword !== undefined && userPassword !== '' ? { userPassword } : {}) };
  }
  if (failOn.size > 0) out.failOn = [...failOn];
  return out;
}

function jsonOf(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** Gotenberg's `metadata` (a JSON object of exiftool tags) as Folio's document metadata. */
function metadataOf(value: string): { metadata: Record<string, unknown> } | { problem: FormProblem } {
  const parsed = jsonOf(value);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { problem: { field: 'metadata', message: 'metadata: must be a JSON object, e.g. {"Title":"Invoice","Author":"Acme"}' } };
  const metadata: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(parsed)) {
    const folio = METADATA_KEYS[key.toLowerCase()];
    if (!folio)
      return {
        problem: {
          field: `metadata.${key}`,
          message: `metadata.${key}: not supported by Folio, which writes Title, Author, Subject, Keywords and Creator (Producer and the dates are Folio's own)`,
        },
      };
    if (folio === 'keywords') {
      const list = typeof v === 'string' ? v.split(/\s*,\s*/).filter((k) => k !== '') : v;
      if (!Array.isArray(list) || !list.every((k) => typeof k === 'string'))
        return { problem: { field: `metadata.${key}`, message: `metadata.${key}: must be a string or an array of strings` } };
      metadata.keywords = list;
    } else if (typeof v !== 'string') return { problem: { field: `metadata.${key}`, message: `metadata.${key}: must be a string` } };
    else metadata[folio] = v;
  }
  return { metadata };
}

/** Gotenberg's webhook headers: Folio's webhooks are signed and set per deploy, never per request. */
export const WEBHOOK_HEADERS = [
  'gotenberg-webhook-url',
  'gotenberg-webhook-error-url',
  'gotenberg-webhook-method',
  'gotenberg-webhook-error-method',
  'gotenberg-webhook-extra-http-headers',
  'gotenberg-webhook-events-url',
] as const;

export const WEBHOOK_REFUSAL =
  'Folio does not call a URL given per request: it sends signed webhooks (render.job.terminated, with a download link) to the URL in the deploy\'s settings (PATCH /v1/deploys/{deployId}/settings, webhook; inline renders belong to the deploy with slug "_inline"). Leave the header out and wait for the answer, or create the job with POST /v1/render-jobs and follow the webhook (docs/webhooks.md)';

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
