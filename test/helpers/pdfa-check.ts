// A checker for the PDF/A clauses src/pdf/post-process.ts implements (no PDF/A validator such as veraPDF is
// available here). `checkPdfA(pdf, options)` returns a list of failures, each naming its clause of
// ISO 19005-2 (PDF/A-2, and the same numbers in -3) or the Folio requirement it stands for; an empty list
// means every check below passed, not that the file is PDF/A. docs/pdf.md lists what is and is not checked.
// It reads the file three ways: @cantoo/pdf-lib for the object graph, poppler (pdfinfo, pdfinfo -meta,
// pdffonts) and `qpdf --check` for independent parsers' views.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface PdfACheckOptions {
  standard: 'pdf/a-2b' | 'pdf/a-3b';
  /** Expect a Factur-X invoice: factur-x.xml embedded (with these exact bytes, if given) and the fx: XMP. */
  facturX?: { profile: string; xml?: Buffer };
  /** Expect the tagged structure (StructTreeRoot, MarkInfo /Marked true). Default true. */
  tagged?: boolean;
  /** Expect a document outline. Default true. */
  outline?: boolean;
}

const N = PDFName.of;

/** XMP namespaces ISO 19005-2 § 6.6.2.3.2 predefines (XMP 2005), plus the PDF/A id and extension schemas. */
const PREDEFINED_NS = new Set([
  'http://purl.org/dc/elements/1.1/',
  'http://ns.adobe.com/xap/1.0/',
  'http://ns.adobe.com/xap/1.0/rights/',
  'http://ns.adobe.com/xap/1.0/mm/',
  'http://ns.adobe.com/xap/1.0/bj/',
  'http://ns.adobe.com/xap/1.0/t/pg/',
  'http://ns.adobe.com/xmp/1.0/DynamicMedia/',
  'http://ns.adobe.com/pdf/1.3/',
  'http://ns.adobe.com/photoshop/1.0/',
  'http://ns.adobe.com/camera-raw-settings/1.0/',
  'http://ns.adobe.com/tiff/1.0/',
  'http://ns.adobe.com/exif/1.0/',
  'http://ns.adobe.com/exif/1.0/aux/',
  'http://www.aiim.org/pdfa/ns/id/',
  'http://www.aiim.org/pdfa/ns/extension/',
  'http://www.aiim.org/pdfa/ns/schema#',
  'http://www.aiim.org/pdfa/ns/property#',
  'http://www.aiim.org/pdfa/ns/type#',
  'http://www.aiim.org/pdfa/ns/field#',
]);
const FACTURX_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
/** Factur-X 1.09 / ZUGFeRD 2.5: the XML is factur-x.xml, and xrechnung.xml in the XRECHNUNG profile. */
const facturXFileName = (profile: string) => (profile === 'XRECHNUNG' ? 'xrechnung.xml' : 'factur-x.xml');
// The clause lists are written out again here on purpose: the checker must not trust the lists of the code
// it checks (src/pdf/post-process.ts), or a wrong entry there would pass both.
const FORBIDDEN_ACTIONS = new Set([
  'Launch',
  'Sound',
  'Movie',
  'ResetForm',
  'ImportData',
  'Hide',
  'SetOCGState',
  'Rendition',
  'Trans',
  'GoTo3DView',
  'JavaScript',
]);
const NAMED_ALLOWED = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);
const FORBIDDEN_ANNOTS = new Set(['3D', 'Sound', 'Screen', 'Movie']);
const RELATIONSHIPS = new Set(['Source', 'Data', 'Alternative', 'Supplement', 'Unspecified']);

function run(cmd: string, args: string[]): { status: number | null; out: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

function text(o: PDFObject | undefined): string | undefined {
  if (o instanceof PDFString || o instanceof PDFHexString || o instanceof PDFName) return o.decodeText();
  return undefined;
}

function streamBytes(s: PDFStream): Uint8Array {
  return s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : s.getContents();
}

/** Instant of a PDF date (`D:YYYYMMDDHHmmSS+HH'mm'`) or an XMP date, in ms; NaN when unparsable. */
export function parseDate(s: string | undefined): number {
  if (!s) return Number.NaN;
  const pdf = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:(Z)|([+-])(\d{2})'?(\d{2})?'?)?$/.exec(s);
  if (pdf) {
    const [, y, mo = '01', d = '01', h = '00', mi = '00', se = '00', z, sign, th = '00', tm = '00'] = pdf;
    const tz = z || !sign ? 'Z' : `${sign}${th}:${tm}`;
    return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${se}${tz}`);
  }
  return Date.parse(s);
}

interface Xmp {
  /** `uri#name` → value (first item of an array, x-default of an Alt). */
  props: Map<string, string>;
  /** Extension schemas: namespace URI → declared property names. */
  extensions: Map<string, Set<string>>;
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function xmpValue(v: unknown): string {
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('#text' in o) return String(o['#text']);
    for (const c of ['rdf:Alt', 'rdf:Seq', 'rdf:Bag']) {
      if (c in o) {
        const lis = asArray((o[c] as Record<string, unknown>)['rdf:li']);
        const def = lis.find((li) => li && typeof li === 'object' && (li as Record<string, unknown>)['@_xml:lang'] === 'x-default');
        return xmpValue(def ?? lis[0]);
      }
    }
  }
  return '';
}

function parseXmp(xml: string, failures: string[]): Xmp | null {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    failures.push(`6.6.2.1: the XMP packet is not well-formed XML (${valid.err.msg})`);
    return null;
  }
  const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, parseAttributeValue: false, processEntities: true });
  const doc = parser.parse(xml) as Record<string, any>;
  const rdf = doc['x:xmpmeta']?.['rdf:RDF'] ?? doc['rdf:RDF'];
  if (!rdf) {
    failures.push('6.6.2.1: the XMP packet has no rdf:RDF');
    return null;
  }
  const props = new Map<string, string>();
  const extensions = new Map<string, Set<string>>();
  const used: Array<[string, string]> = [];
  for (const desc of asArray(rdf['rdf:Description']) as Array<Record<string, any>>) {
    const ns = new Map<string, string>();
    for (const [k, v] of Object.entries(desc)) if (k.startsWith('@_xmlns:')) ns.set(k.slice(8), String(v));
    for (const [k, v] of Object.entries(desc)) {
      if (k.startsWith('@_xmlns') || k === '@_rdf:about' || k === '#text') continue;
      const qname = k.startsWith('@_') ? k.slice(2) : k;
      const [prefix, local] = qname.split(':');
      const uri = ns.get(prefix);
      if (uri === undefined) {
        failures.push(`6.6.2.1: XMP property ${qname} has no namespace declaration on its rdf:Description`);
        continue;
      }
      used.push([uri, local]);
      props.set(`${uri}#${local}`, xmpValue(v));
      if (uri === 'http://www.aiim.org/pdfa/ns/extension/' && local === 'schemas') {
        const bag = (v as Record<string, any>)['rdf:Bag'];
        for (const schema of asArray(bag?.['rdf:li']) as Array<Record<string, any>>) {
          const nsUri = xmpValue(schema['pdfaSchema:namespaceURI']);
          const names = new Set<string>();
          for (const p of asArray(schema['pdfaSchema:property']?.['rdf:Seq']?.['rdf:li']) as Array<Record<string, any>>)
            names.add(xmpValue(p['pdfaProperty:name']));
          extensions.set(nsUri, names);
        }
      }
    }
  }
  for (const [uri, local] of used) {
    if (PREDEFINED_NS.has(uri)) continue;
    const declared = extensions.get(uri);
    if (!declared) failures.push(`6.6.2.3.1: XMP namespace ${uri} is neither predefined nor described by a pdfaExtension schema`);
    else if (!declared.has(local)) failures.push(`6.6.2.3.1: XMP property ${local} of ${uri} is not declared in its extension schema`);
  }
  return { props, extensions };
}

const DC = 'http://purl.org/dc/elements/1.1/#';
const XMPNS = 'http://ns.adobe.com/xap/1.0/#';
const PDFNS = 'http://ns.adobe.com/pdf/1.3/#';
const PDFAID = 'http://www.aiim.org/pdfa/ns/id/#';

/** Every dict of the file: indirect objects, stream dicts and the direct dicts inside them. */
function allDicts(ctx: PDFContext): PDFDict[] {
  const out: PDFDict[] = [];
  const visit = (o: PDFObject, depth: number) => {
    if (depth > 8) return;
    if (o instanceof PDFDict) {
      out.push(o);
      for (const v of o.values()) visit(v, depth + 1);
    } else if (o instanceof PDFArray) for (const v of o.asArray()) visit(v, depth + 1);
  };
  for (const [, o] of ctx.enumerateIndirectObjects()) {
    if (o instanceof PDFStream) visit(o.dict, 0);
    else visit(o, 0);
  }
  return out;
}

function nameTree(ctx: PDFContext, node: PDFDict | undefined, depth = 0): Array<[string, PDFObject]> {
  const out: Array<[string, PDFObject]> = [];
  if (!node || depth > 32) return out;
  const names = node.lookup(N('Names'));
  if (names instanceof PDFArray) for (let i = 0; i + 1 < names.size(); i += 2) out.push([text(names.lookup(i)) ?? '', names.get(i + 1)]);
  const kids = node.lookup(N('Kids'));
  if (kids instanceof PDFArray) for (let i = 0; i < kids.size(); i++) out.push(...nameTree(ctx, kids.lookupMaybe(i, PDFDict), depth + 1));
  return out;
}

/** The failures of `pdf` against the checked clauses (empty: all checks passed). */
export async function checkPdfA(pdf: Buffer, opts: PdfACheckOptions): Promise<string[]> {
  const failures: string[] = [];
  const part = opts.standard === 'pdf/a-2b' ? '2' : '3';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-pdfa-'));
  const file = path.join(dir, 'x.pdf');
  fs.writeFileSync(file, pdf);
  try {
    // 6.1.2 file header: %PDF-1.n (n ≤ 7), then a comment line of at least four bytes ≥ 128.
    const head = pdf.subarray(0, 64);
    if (!/^%PDF-1\.[0-7]\r?\n/.test(head.toString('latin1'))) failures.push('6.1.2: the header is not %PDF-1.n (n ≤ 7) on its own line');
    const secondLine = head.subarray(head.indexOf(0x0a) + 1);
    if (secondLine[0] !== 0x25 || ![1, 2, 3, 4].every((i) => secondLine[i] >= 128))
      failures.push('6.1.2: the header is not followed by a comment with four bytes ≥ 128');
    // 6.1.3: nothing after the last %%EOF but an end-of-line.
    if (!/%%EOF\r?\n?$/.test(pdf.subarray(-16).toString('latin1'))) failures.push('6.1.3: the file does not end with %%EOF');

    // An independent parser's view.
    const qpdf = run('qpdf', ['--check', file]);
    if (qpdf.status !== 0 || /WARNING/i.test(qpdf.out)) failures.push(`qpdf --check: ${qpdf.out.trim().split('\n').slice(-3).join(' | ')}`);
    const info = run('pdfinfo', [file]).out;
    if (!/^Encrypted:\s+no/m.test(info)) failures.push('6.1.3: pdfinfo reports the file encrypted');
    if (!/^JavaScript:\s+no/m.test(info)) failures.push('6.5.1: pdfinfo reports JavaScript');
    // Poppler follows the cross-reference chain (pdf-lib below reads objects in file order): both must see
    // the same PDF/A identification, or an incremental update is not wired in.
    const popplerXmp = run('pdfinfo', ['-meta', file]).out;
    if (!new RegExp(`<pdfaid:part>${part}</pdfaid:part>`).test(popplerXmp))
      failures.push(`6.6.4: pdfinfo -meta shows no pdfaid:part ${part}`);
    // 6.2.11.4.1: every font embedded (poppler's view).
    const fonts = run('pdffonts', [file]);
    for (const line of fonts.out.split('\n').slice(2)) {
      if (!line.trim()) continue;
      const cols = line.trim().split(/\s+/);
      const emb = cols[cols.length - 5];
      if (emb !== 'yes') failures.push(`6.2.11.4.1: pdffonts lists a font that is not embedded: ${line.trim()}`);
    }

    const doc = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
    const ctx = doc.context;
    const catalog = doc.catalog;
    // 6.1.3 trailer: an ID of two strings, no Encrypt.
    const id = ctx.lookup(ctx.trailerInfo.ID);
    if (!(id instanceof PDFArray) || id.size() !== 2 || !(id.get(0) instanceof PDFHexString || id.get(0) instanceof PDFString))
      failures.push('6.1.3: the trailer has no /ID of two strings');
    if (ctx.trailerInfo.Encrypt) failures.push('6.1.3: the trailer has /Encrypt');

    // 6.6.2.1 metadata stream.
    const metaRef = catalog.get(N('Metadata'));
    const meta = metaRef instanceof PDFRef ? ctx.lookup(metaRef) : metaRef;
    let xmp: Xmp | null = null;
    if (!(meta instanceof PDFStream)) failures.push('6.6.2.1: the catalog has no /Metadata stream');
    else {
      if (text(meta.dict.get(N('Type'))) !== 'Metadata' || text(meta.dict.get(N('Subtype'))) !== 'XML')
        failures.push('6.6.2.1: the /Metadata stream is not /Type /Metadata /Subtype /XML');
      if (meta.dict.has(N('Filter'))) failures.push('6.6.2.1: the /Metadata stream has a /Filter');
      const xml = Buffer.from(streamBytes(meta)).toString('utf8');
      const header = /<\?xpacket begin=[^?]*\?>/.exec(xml)?.[0];
      if (!header) failures.push('6.6.2.1: the XMP has no xpacket header');
      else if (/\s(bytes|encoding)=/.test(header)) failures.push('6.6.2.1: the xpacket header has a bytes or encoding attribute');
      xmp = parseXmp(xml, failures);
    }
    if (xmp) {
      const p = xmp.props;
      // 6.6.4: version and conformance identification.
      if (p.get(`${PDFAID}part`) !== part) failures.push(`6.6.4: pdfaid:part is ${p.get(`${PDFAID}part`) ?? 'missing'}, expected ${part}`);
      if (p.get(`${PDFAID}conformance`) !== 'B')
        failures.push(`6.6.4: pdfaid:conformance is ${p.get(`${PDFAID}conformance`) ?? 'missing'}, expected B`);
      // 6.6.3 (Info ↔ XMP): every Info entry has an XMP equivalent with the same value.
      const infoDict = ctx.lookupMaybe(ctx.trailerInfo.Info, PDFDict);
      const pairs: Array<[string, string, 'text' | 'date']> = [
        ['Title', `${DC}title`, 'text'],
        ['Author', `${DC}creator`, 'text'],
        ['Subject', `${DC}description`, 'text'],
        ['Keywords', `${PDFNS}Keywords`, 'text'],
        ['Creator', `${XMPNS}CreatorTool`, 'text'],
        ['Producer', `${PDFNS}Producer`, 'text'],
        ['CreationDate', `${XMPNS}CreateDate`, 'date'],
        ['ModDate', `${XMPNS}ModifyDate`, 'date'],
      ];
      for (const [key, prop, kind] of pairs) {
        const iv = text(infoDict?.lookup(N(key)));
        if (iv === undefined) continue;
        const xv = p.get(prop);
        const same = kind === 'date' ? parseDate(iv) === parseDate(xv) && !Number.isNaN(parseDate(iv)) : iv === xv;
        if (!same) failures.push(`6.6.3: Info /${key} (${iv}) and XMP ${prop.split('#').pop()} (${xv ?? 'missing'}) differ`);
      }
      if (Number.isNaN(parseDate(p.get(`${XMPNS}MetadataDate`)))) failures.push('Folio: XMP has no xmp:MetadataDate');
      if (!p.get(`${DC}title`)) failures.push('Folio: XMP has no dc:title');
      if (opts.facturX) {
        const fx = (k: string) => p.get(`${FACTURX_NS}#${k}`);
        const want: Record<string, string> = {
          DocumentType: 'INVOICE',
          DocumentFileName: facturXFileName(opts.facturX.profile),
          Version: '1.0',
          ConformanceLevel: opts.facturX.profile,
        };
        for (const [k, v] of Object.entries(want))
          if (fx(k) !== v) failures.push(`Factur-X: XMP fx:${k} is ${fx(k) ?? 'missing'}, expected ${v}`);
        if (!xmp.extensions.has(FACTURX_NS)) failures.push('Factur-X: the XMP has no pdfaExtension schema for fx:');
      }
    }

    // 6.2.3 output intent.
    const intents = catalog.lookupMaybe(N('OutputIntents'), PDFArray);
    const profiles = new Set<PDFObject>();
    let gts = 0;
    for (let i = 0; i < (intents?.size() ?? 0); i++) {
      const oi = intents!.lookupMaybe(i, PDFDict);
      if (!oi) continue;
      const profileRef = oi.get(N('DestOutputProfile'));
      if (profileRef) profiles.add(profileRef);
      if (text(oi.get(N('S'))) !== 'GTS_PDFA1') continue;
      gts++;
      const icc = oi.lookupMaybe(N('DestOutputProfile'), PDFStream);
      if (!icc) {
        failures.push('6.2.3: the GTS_PDFA1 OutputIntent has no DestOutputProfile stream');
        continue;
      }
      const bytes = Buffer.from(streamBytes(icc));
      const n = icc.dict.lookupMaybe(N('N'), PDFNumber)?.asNumber();
      const space = bytes.toString('latin1', 16, 20);
      const components = { 'RGB ': 3, GRAY: 1, CMYK: 4 }[space];
      if (bytes.toString('latin1', 36, 40) !== 'acsp') failures.push('6.2.3: DestOutputProfile is not an ICC profile');
      else {
        if (components === undefined || n !== components)
          failures.push(`6.2.3: DestOutputProfile /N ${n} does not match its colour space "${space}"`);
        if (bytes[8] < 2 || bytes[8] > 4) failures.push(`6.2.3: DestOutputProfile has ICC version ${bytes[8]}`);
        const cls = bytes.toString('latin1', 12, 16);
        if (cls !== 'mntr' && cls !== 'prtr') failures.push(`6.2.3: DestOutputProfile has device class ${cls}`);
      }
    }
    if (gts === 0) failures.push('6.2.3: the catalog has no GTS_PDFA1 OutputIntent');
    if (profiles.size > 1) failures.push('6.2.3: OutputIntents carry different DestOutputProfiles');

    // Catalog entries Folio promises.
    if (!text(catalog.get(N('Lang')))) failures.push('Folio: the catalog has no /Lang');
    const prefs = catalog.lookupMaybe(N('ViewerPreferences'), PDFDict);
    if (prefs?.get(N('DisplayDocTitle'))?.toString() !== 'true') failures.push('Folio: ViewerPreferences /DisplayDocTitle is not true');
    if (opts.tagged ?? true) {
      if (!catalog.lookupMaybe(N('StructTreeRoot'), PDFDict)) failures.push('Folio: the structure tree (StructTreeRoot) is gone');
      if (catalog.lookupMaybe(N('MarkInfo'), PDFDict)?.get(N('Marked'))?.toString() !== 'true')
        failures.push('Folio: MarkInfo /Marked is not true');
    }
    if ((opts.outline ?? true) && !catalog.lookupMaybe(N('Outlines'), PDFDict)?.get(N('First')))
      failures.push('Folio: the outline is gone');

    // 6.5.1/6.5.2 actions; 6.3 annotations; 6.2.8 images; 6.1.7 streams; 6.2.11.4.1 fonts (object view).
    if (catalog.has(N('AA'))) failures.push('6.5.2: the catalog has /AA');
    if (catalog.lookupMaybe(N('Names'), PDFDict)?.has(N('JavaScript'))) failures.push('6.5.1: the catalog has a JavaScript name tree');
    for (const d of allDicts(ctx)) {
      const type = text(d.get(N('Type')));
      const subtype = text(d.get(N('Subtype')));
      const s = text(d.get(N('S')));
      if (s !== undefined && (type === 'Action' || d.has(N('Next')) || FORBIDDEN_ACTIONS.has(s) || s === 'Named')) {
        if (FORBIDDEN_ACTIONS.has(s)) failures.push(`6.5.1: a ${s} action`);
        if (s === 'Named' && !NAMED_ALLOWED.has(text(d.get(N('N'))) ?? '')) failures.push(`6.5.1: a Named action ${text(d.get(N('N')))}`);
      }
      if (type === 'Page' && d.has(N('AA'))) failures.push('6.5.2: a page has /AA');
      if (type === 'Annot') {
        if (subtype && FORBIDDEN_ANNOTS.has(subtype)) failures.push(`6.3.1: a ${subtype} annotation`);
        const f = d.lookupMaybe(N('F'), PDFNumber)?.asNumber() ?? 0;
        if ((f & 4) === 0 || (f & (1 | 2 | 32 | 256)) !== 0)
          failures.push(
            `6.3.2: a ${subtype} annotation with flags ${f} (Print must be set; Hidden, Invisible, NoView, ToggleNoView clear)`,
          );
        if (subtype !== 'Link' && subtype !== 'Popup' && !d.has(N('AP')))
          failures.push(`6.3.3: a ${subtype} annotation without an appearance stream`);
        if (d.has(N('AA'))) failures.push('6.5.2: an annotation has /AA');
      }
      if (type === 'Font' && subtype !== 'Type3' && subtype !== 'Type0') {
        const desc = d.lookupMaybe(N('FontDescriptor'), PDFDict);
        if (!desc || !['FontFile', 'FontFile2', 'FontFile3'].some((k) => desc.has(N(k))))
          failures.push(`6.2.11.4.1: font ${text(d.get(N('BaseFont')))} has no embedded program`);
      }
    }
    for (const [, o] of ctx.enumerateIndirectObjects()) {
      if (!(o instanceof PDFStream)) continue;
      const d = o.dict;
      if (['F', 'FFilter', 'FDecodeParms'].some((k) => d.has(N(k)))) failures.push('6.1.7.1: a stream with /F, /FFilter or /FDecodeParms');
      const filters = d.get(N('Filter'));
      const names = filters instanceof PDFArray ? filters.asArray().map((f) => text(f)) : [text(filters)];
      if (names.includes('LZWDecode')) failures.push('6.1.7.2: a stream with LZWDecode');
      if (text(d.get(N('Subtype'))) === 'Image') {
        if (d.get(N('Interpolate'))?.toString() === 'true') failures.push('6.2.8: an image with /Interpolate true');
        if (d.has(N('Alternates')) || d.has(N('OPI'))) failures.push('6.2.8: an image with /Alternates or /OPI');
      }
      if (text(d.get(N('Subtype'))) === 'PS') failures.push('6.2.9: a PostScript XObject');
    }

    // 6.8 embedded files.
    const embedded = nameTree(ctx, catalog.lookupMaybe(N('Names'), PDFDict)?.lookupMaybe(N('EmbeddedFiles'), PDFDict));
    const af = catalog.lookupMaybe(N('AF'), PDFArray);
    const afRefs = new Set((af?.asArray() ?? []).map((r) => r.toString()));
    for (const [name, ref] of embedded) {
      const spec = ref instanceof PDFRef ? ctx.lookupMaybe(ref, PDFDict) : ref instanceof PDFDict ? ref : undefined;
      if (!spec) {
        failures.push(`6.8: embedded file ${name} has no file specification dictionary`);
        continue;
      }
      const ef = spec.lookupMaybe(N('EF'), PDFDict)?.lookupMaybe(N('F'), PDFStream);
      const subtype = text(ef?.dict.get(N('Subtype')));
      if (opts.standard === 'pdf/a-2b') {
        if (subtype !== 'application/pdf') failures.push(`6.8 (PDF/A-2): embedded file ${name} is not a PDF`);
        continue;
      }
      if (!text(spec.get(N('F'))) || !text(spec.get(N('UF')))) failures.push(`6.8: embedded file ${name} lacks /F or /UF`);
      const rel = text(spec.get(N('AFRelationship')));
      if (!rel || !RELATIONSHIPS.has(rel)) failures.push(`6.8: embedded file ${name} has AFRelationship ${rel ?? 'missing'}`);
      if (!(ref instanceof PDFRef) || !afRefs.has(ref.toString()))
        failures.push(`6.8: embedded file ${name} is not listed in the catalog's /AF`);
      if (!ef) failures.push(`6.8: embedded file ${name} has no /EF /F stream`);
      else {
        if (!subtype || !/^[^/\s]+\/[^/\s]+$/.test(subtype)) failures.push(`6.8: embedded file ${name} has no MIME /Subtype`);
        const params = ef.dict.lookupMaybe(N('Params'), PDFDict);
        if (Number.isNaN(parseDate(text(params?.get(N('ModDate')))))) failures.push(`6.8: embedded file ${name} has no /Params /ModDate`);
        const size = params?.lookupMaybe(N('Size'), PDFNumber)?.asNumber();
        if (size !== streamBytes(ef).length) failures.push(`Folio: embedded file ${name} /Params /Size ${size} is not its length`);
      }
      if (!text(spec.get(N('Desc')))) failures.push(`Folio: embedded file ${name} has no /Desc`);
    }
    if (opts.facturX) {
      const fileName = facturXFileName(opts.facturX.profile);
      const entry = embedded.find(([n]) => n === fileName);
      if (!entry) failures.push(`Factur-X: ${fileName} is not embedded`);
      else {
        const spec = ctx.lookup(entry[1] as PDFRef, PDFDict);
        const rel = text(spec.get(N('AFRelationship')));
        const want = ['MINIMUM', 'BASIC WL'].includes(opts.facturX.profile) ? 'Data' : 'Alternative';
        if (rel !== want) failures.push(`Factur-X: factur-x.xml has AFRelationship ${rel}, expected ${want} for ${opts.facturX.profile}`);
        const ef = spec.lookupMaybe(N('EF'), PDFDict)?.lookupMaybe(N('F'), PDFStream);
        if (opts.facturX.xml && ef && !Buffer.from(streamBytes(ef)).equals(opts.facturX.xml))
          failures.push('Factur-X: factur-x.xml does not hold the bytes sent');
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return failures;
}
