// The XMP packet of the catalog's /Metadata stream, and the date forms shared with the Info dictionary.
// ISO 19005-2/-3 § 6.6: the packet holds pdfaid:part/conformance; every Info entry has its XMP equivalent
// with the same value (Title ↔ dc:title, Author ↔ dc:creator, Subject ↔ dc:description, Keywords ↔
// pdf:Keywords, Creator ↔ xmp:CreatorTool, Producer ↔ pdf:Producer, CreationDate ↔ xmp:CreateDate,
// ModDate ↔ xmp:ModifyDate); the xpacket header has no `bytes`/`encoding` attribute; properties outside the
// predefined schemas are described by a pdfaExtension schema (here: Factur-X's fx:, and PDF/UA's pdfuaid:
// when the document claims PDF/A too, since ISO 19005 predates ISO 14289's identification schema).
// ISO 14289-1 § 5: a PDF/UA-1 document carries pdfuaid:part 1.
import { eInvoiceFileName, FX_XMP_VERSION, type EInvoiceProfile } from '../domain/einvoice/einvoice-profiles.js';

export const FACTURX_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
export const PDFUAID_NS = 'http://www.aiim.org/pdfua/ns/id/';

export interface XmpInput {
  /** 2 or 3 for PDF/A-2b/-3b; null writes no pdfaid (standard `none`). */
  pdfaPart: 2 | 3 | null;
  /** 1 for PDF/UA-1; absent or null writes no pdfuaid. */
  pdfuaPart?: 1 | null;
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creatorTool?: string;
  producer: string;
  lang?: string;
  date: Date;
  facturX?: EInvoiceProfile;
}

/** `D:YYYYMMDDHHmmSS+00'00'`, the PDF date of Info's CreationDate/ModDate (UTC, whole seconds). */
export function pdfDate(d: Date): string {
  const iso = d.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}+00'00'`;
}

/** `YYYY-MM-DDTHH:mm:ss+00:00`, the same instant as pdfDate in XMP's ISO 8601 form. */
export function xmpDate(d: Date): string {
  return `${d.toISOString().slice(0, 19)}+00:00`;
}

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const langAlt = (tag: string, value: string) =>
  `<${tag}><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(value)}</rdf:li></rdf:Alt></${tag}>`;

type ExtensionProperty = [name: string, valueType: string, category: 'internal' | 'external', description: string];

const FX_PROPERTIES: ExtensionProperty[] = [
  ['DocumentFileName', 'Text', 'external', 'The name of the embedded XML document'],
  ['DocumentType', 'Text', 'external', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'Text', 'external', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'Text', 'external', 'The conformance level of the embedded XML document'],
];

const PDFUAID_PROPERTIES: ExtensionProperty[] = [
  ['part', 'Integer', 'internal', 'Indicates, which part of ISO 14289 standard is followed'],
];

/** One schema of a pdfaExtension:schemas bag (ISO 19005-2 § 6.6.2.3.3). */
function extensionSchema(name: string, ns: string, prefix: string, properties: ExtensionProperty[]): string {
  const props = properties
    .map(
      ([n, valueType, category, description]) =>
        `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${n}</pdfaProperty:name><pdfaProperty:valueType>${valueType}</pdfaProperty:valueType>` +
        `<pdfaProperty:category>${category}</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`,
    )
    .join('');
  return (
    `<rdf:li rdf:parseType="Resource">` +
    `<pdfaSchema:schema>${name}</pdfaSchema:schema><pdfaSchema:namespaceURI>${ns}</pdfaSchema:namespaceURI>` +
    `<pdfaSchema:prefix>${prefix}</pdfaSchema:prefix><pdfaSchema:property><rdf:Seq>${props}</rdf:Seq></pdfaSchema:property>` +
    `</rdf:li>`
  );
}

/** The XMP packet (UTF-8 bytes), deterministic for equal input. */
export function buildXmp(x: XmpInput): Buffer {
  const d = xmpDate(x.date);
  const parts: string[] = [];
  if (x.pdfaPart !== null)
    parts.push(
      `<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>${x.pdfaPart}</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>`,
    );
  if (x.pdfuaPart)
    parts.push(`<rdf:Description rdf:about="" xmlns:pdfuaid="${PDFUAID_NS}"><pdfuaid:part>${x.pdfuaPart}</pdfuaid:part></rdf:Description>`);
  const dc: string[] = ['<dc:format>application/pdf</dc:format>'];
  if (x.title !== undefined) dc.push(langAlt('dc:title', x.title));
  if (x.author !== undefined) dc.push(`<dc:creator><rdf:Seq><rdf:li>${escapeXml(x.author)}</rdf:li></rdf:Seq></dc:creator>`);
  if (x.subject !== undefined) dc.push(langAlt('dc:description', x.subject));
  if (x.lang !== undefined) dc.push(`<dc:language><rdf:Bag><rdf:li>${escapeXml(x.lang)}</rdf:li></rdf:Bag></dc:language>`);
  parts.push(`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">${dc.join('')}</rdf:Description>`);
  const xmp = [
    `<xmp:CreateDate>${d}</xmp:CreateDate>`,
    `<xmp:ModifyDate>${d}</xmp:ModifyDate>`,
    `<xmp:MetadataDate>${d}</xmp:MetadataDate>`,
  ];
  if (x.creatorTool !== undefined) xmp.push(`<xmp:CreatorTool>${escapeXml(x.creatorTool)}</xmp:CreatorTool>`);
  parts.push(`<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">${xmp.join('')}</rdf:Description>`);
  const pdf = [`<pdf:Producer>${escapeXml(x.producer)}</pdf:Producer>`];
  if (x.keywords !== undefined) pdf.push(`<pdf:Keywords>${escapeXml(x.keywords)}</pdf:Keywords>`);
  parts.push(`<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">${pdf.join('')}</rdf:Description>`);
  const extensions: string[] = [];
  if (x.facturX !== undefined) {
    parts.push(
      `<rdf:Description rdf:about="" xmlns:fx="${FACTURX_NS}">` +
        `<fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>${eInvoiceFileName(x.facturX)}</fx:DocumentFileName>` +
        `<fx:Version>${FX_XMP_VERSION}</fx:Version><fx:ConformanceLevel>${escapeXml(x.facturX)}</fx:ConformanceLevel></rdf:Description>`,
    );
    extensions.push(extensionSchema('Factur-X PDFA Extension Schema', FACTURX_NS, 'fx', FX_PROPERTIES));
  }
  if (x.pdfuaPart && x.pdfaPart !== null)
    extensions.push(extensionSchema('PDF/UA Universal Accessibility Schema', PDFUAID_NS, 'pdfuaid', PDFUAID_PROPERTIES));
  if (extensions.length > 0)
    parts.push(
      `<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">` +
        `<pdfaExtension:schemas><rdf:Bag>${extensions.join('')}</rdf:Bag></pdfaExtension:schemas></rdf:Description>`,
    );
  const body = parts.map((p) => `  ${p}\n`).join('');
  // The trailing whitespace lets a later editor update the packet in place (XMP spec, § 7.3.2).
  const padding = `${' '.repeat(99)}\n`.repeat(20);
  return Buffer.from(
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n` +
      `<x:xmpmeta xmlns:x="adobe:ns:meta/">\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n${body}</rdf:RDF>\n</x:xmpmeta>\n` +
      `${padding}<?xpacket end="w"?>`,
    'utf8',
  );
}
