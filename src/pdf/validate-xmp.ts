// The metadata checks of Folio's PDF/A checks (validate.ts): the catalog's Metadata stream (Type /Metadata,
// Subtype /XML; no Filter in PDF/A-1), its xpacket header (no bytes or encoding attribute), well-formed XML,
// the PDF/A identification (pdfaid:part the asked part, pdfaid:conformance B, or A/U, which include B), and
// the Info dictionary against the XMP: in PDF/A-1 each of Title, Author, Subject, Keywords, Creator,
// Producer, CreationDate and ModDate, when present, has its XMP equivalent with the same value (dc:creator
// one entry; dates the same instant); in parts 2/3 only differing values are reported (veraPDF, the
// reference validator, does not test that part at all there). Also reads the document's claims (pdfaid,
// pdfuaid). The XMP is read with fast-xml-parser, entities left unexpanded but the predefined and numeric
// ones decoded; namespaces are resolved through the xmlns declarations down to each rdf:Description.
// Extension schemas are not checked. Not a validator.
import { PDFDict, PDFHexString, PDFName, PDFRawStream, PDFStream, PDFString, decodePDFRawStream } from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Findings } from './validate-findings.js';

const N = PDFName.of;
const DC = 'http://purl.org/dc/elements/1.1/';
const XMP = 'http://ns.adobe.com/xap/1.0/';
const PDF = 'http://ns.adobe.com/pdf/1.3/';
const PDFAID = 'http://www.aiim.org/pdfa/ns/id/';
const PDFUAID = 'http://www.aiim.org/pdfua/ns/id/';
/** An XMP packet longer than this is not parsed (and reported). */
const MAX_XMP_BYTES = 16 * 1024 * 1024;

/** The catalog's metadata as read: the stream, its text, and its properties (namespace URI + name → values). */
export interface Metadata {
  stream: PDFStream | null;
  text: string | null;
  /** Null when the packet is not well-formed XML; `error` says why. */
  props: Map<string, string[]> | null;
  error?: string;
}

const decodeEntities = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[e]!;
  });

const asArray = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const local = (k: string) => k.slice(k.indexOf(':') + 1);

/** A property's values: a simple value, or the items of an rdf:Alt (x-default first), rdf:Seq or rdf:Bag. */
function values(v: unknown): string[] {
  if (typeof v === 'string' || typeof v === 'number') return [decodeEntities(String(v).trim())];
  if (!v || typeof v !== 'object') return [];
  const o = v as Record<string, unknown>;
  if ('#text' in o) return [decodeEntities(String(o['#text']).trim())];
  for (const [k, c] of Object.entries(o)) {
    if (!['Alt', 'Seq', 'Bag'].includes(local(k)) || !c || typeof c !== 'object') continue;
    const items = Object.entries(c as Record<string, unknown>).flatMap(([lk, li]) => (local(lk) === 'li' ? asArray(li) : []));
    const isDefault = (li: unknown) => !!li && typeof li === 'object' && (li as Record<string, unknown>)['@_xml:lang'] === 'x-default';
    return [...items.filter(isDefault), ...items.filter((li) => !isDefault(li))].flatMap(values);
  }
  return [];
}

/** Every rdf:Description's properties (elements and attributes) by namespace URI + local name. */
function properties(tree: Record<string, unknown>): Map<string, string[]> {
  const props = new Map<string, string[]>();
  const nsOf = (node: Record<string, unknown>, inherited: Map<string, string>) => {
    const ns = new Map(inherited);
    for (const [k, v] of Object.entries(node)) if (k.startsWith('@_xmlns:')) ns.set(k.slice(8), String(v));
    return ns;
  };
  const visit = (node: unknown, inherited: Map<string, string>, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 4) return;
    for (const item of asArray(node) as Array<Record<string, unknown>>) {
      const ns = nsOf(item, inherited);
      for (const [k, v] of Object.entries(item)) {
        if (local(k) === 'Description') for (const d of asArray(v) as Array<Record<string, unknown>>) describe(d, nsOf(d, ns));
        else if (!k.startsWith('@_') && k !== '#text') visit(v, ns, depth + 1);
      }
    }
  };
  const describe = (d: Record<string, unknown>, ns: Map<string, string>) => {
    for (const [k, v] of Object.entries(d)) {
      if (k.startsWith('@_xmlns') || k === '#text') continue;
      const qname = k.startsWith('@_') ? k.slice(2) : k;
      const prefix = qname.includes(':') ? qname.slice(0, qname.indexOf(':')) : '';
      const uri = ns.get(prefix);
      if (uri === undefined || prefix === 'rdf') continue;
      props.set(`${uri}${local(qname)}`, values(v));
    }
  };
  visit(tree, new Map(), 0);
  return props;
}

/** The catalog's Metadata stream, read and parsed. */
export function readMetadata(ctx: PDFContext, catalog: PDFDict): Metadata {
  const s = ctx.lookup(catalog.get(N('Metadata')));
  if (!(s instanceof PDFStream)) return { stream: null, text: null, props: null, error: 'no Metadata stream' };
  let bytes: Uint8Array;
  try {
    bytes = s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : s.getContents();
  } catch (err) {
    return { stream: s, text: null, props: null, error: `its stream cannot be decoded (${(err as Error).message})` };
  }
  if (bytes.length > MAX_XMP_BYTES) return { stream: s, text: null, props: null, error: `it is over ${MAX_XMP_BYTES / 1024 / 1024} MiB` };
  const text = Buffer.from(bytes).toString('utf8');
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { stream: s, text, props: null, error: `not well-formed XML (${valid.err.msg}, line ${valid.err.line})` };
  const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, parseAttributeValue: false, processEntities: false });
  try {
    return { stream: s, text, props: properties(parser.parse(text) as Record<string, unknown>) };
  } catch (err) {
    return { stream: s, text, props: null, error: `not readable as XMP (${(err as Error).message})` };
  }
}

/** The document's own claims: "pdf/a-2b" from pdfaid, "pdf/ua-1" from pdfuaid, or null. */
export function claims(m: Metadata): { pdfa: string | null; pdfua: string | null } {
  const part = m.props?.get(`${PDFAID}part`)?.[0];
  const conformance = m.props?.get(`${PDFAID}conformance`)?.[0];
  const ua = m.props?.get(`${PDFUAID}part`)?.[0];
  return {
    pdfa: part ? `pdf/a-${part}${(conformance ?? '').toLowerCase()}` : null,
    pdfua: ua ? `pdf/ua-${ua}` : null,
  };
}

/** Instant of a PDF date (D:YYYYMMDDHHmmSSOHH'mm') or an XMP date, in ms; NaN when unparsable. */
function instant(s: string | undefined): number {
  if (!s) return Number.NaN;
  const pdf = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:(Z)|([+-])(\d{2})'?(\d{2})?'?)?$/.exec(s.trim());
  if (pdf) {
    const [, y, mo = '01', d = '01', h = '00', mi = '00', se = '00', z, sign, th = '00', tm = '00'] = pdf;
    return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${se}${z || !sign ? 'Z' : `${sign}${th}:${tm}`}`);
  }
  return Date.parse(/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s) ? `${s}Z` : s);
}

const INFO_XMP: Array<[string, string, string]> = [
  ['Title', `${DC}title`, 'dc:title'],
  ['Author', `${DC}creator`, 'dc:creator'],
  ['Subject', `${DC}description`, 'dc:description'],
  ['Keywords', `${PDF}Keywords`, 'pdf:Keywords'],
  ['Creator', `${XMP}CreatorTool`, 'xmp:CreatorTool'],
  ['Producer', `${PDF}Producer`, 'pdf:Producer'],
  ['CreationDate', `${XMP}CreateDate`, 'xmp:CreateDate'],
  ['ModDate', `${XMP}ModifyDate`, 'xmp:ModifyDate'],
];

const quote = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);

function checkInfo(ctx: PDFContext, props: Map<string, string[]>, f: Findings): void {
  const info = ctx.lookup(ctx.trailerInfo.Info);
  if (!(info instanceof PDFDict)) return;
  for (const [key, prop, label] of INFO_XMP) {
    const o: PDFObject | undefined = info.lookup(N(key));
    const iv = o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : undefined;
    if (iv === undefined) continue;
    const xv = props.get(prop);
    if (xv === undefined || xv.length === 0) {
      if (f.part === 1) f.add('infoXmp', `Info /${key} has no XMP ${label}`);
      continue;
    }
    const date = key.endsWith('Date');
    const same = date ? instant(iv) === instant(xv[0]) && !Number.isNaN(instant(iv)) : iv === xv[0];
    if (!same) f.add('infoXmp', `Info /${key} ${quote(iv)} and XMP ${label} ${quote(xv[0])} differ`);
    else if (f.part === 1 && key === 'Author' && xv.length !== 1) f.add('infoXmp', `XMP dc:creator has ${xv.length} entries, not one`);
  }
}

/** The metadata checks (see the file header) of the part `f` collects for. */
export function checkMetadata(ctx: PDFContext, m: Metadata, f: Findings): void {
  if (!m.stream) return f.add('metadata', 'the catalog has no Metadata stream');
  if (m.stream.dict.get(N('Type')) !== N('Metadata') || m.stream.dict.get(N('Subtype')) !== N('XML'))
    f.add('metadata', 'the Metadata stream is not /Type /Metadata /Subtype /XML');
  if (f.part === 1 && m.stream.dict.has(N('Filter'))) f.add('metadata', 'the catalog Metadata stream has a Filter');
  const header = m.text === null ? undefined : /<\?xpacket\s+begin=[^?]*\?>/.exec(m.text)?.[0];
  if (header && /\s(bytes|encoding)\s*=/.test(header)) f.add('xmpPacket', 'the xpacket header has a bytes or encoding attribute');
  if (!m.props) return f.add('xmpWellFormed', `the XMP packet cannot be read: ${m.error ?? 'unknown'}`);
  const part = m.props.get(`${PDFAID}part`)?.[0];
  const conformance = m.props.get(`${PDFAID}conformance`)?.[0];
  if (part === undefined) f.add('identification', 'the XMP has no PDF/A identification (pdfaid:part)');
  else if (part !== String(f.part)) f.add('identification', `the XMP claims ISO 19005 part ${part} (pdfaid:part), not part ${f.part}`);
  const levels = f.part === 1 ? ['A', 'B'] : ['A', 'B', 'U'];
  if (part !== undefined && !levels.includes(conformance ?? ''))
    f.add(
      'identification',
      `pdfaid:conformance is ${conformance === undefined ? 'missing' : quote(conformance)}, not ${levels.join(', ')}`,
    );
  checkInfo(ctx, m.props, f);
}
