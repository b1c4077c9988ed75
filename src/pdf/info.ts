// What GET /v1/pdfs/{id}/info reports about a managed PDF, read with pdf-lib in the sandbox: its pages
// (size in points, rotation), the document information dictionary and the XMP packet (title, author, the
// PDF/A and PDF/UA identification), whether it is tagged, its AcroForm fields, its embedded files and its
// signature fields. Every list is bounded (MAX_LISTED) so a hostile file cannot make the answer huge; a
// list cut short says so with `truncated`.
import {
  PDFArray,
  PDFCheckBox,
  PDFDict,
  PDFDocument,
  PDFDropdown,
  PDFName,
  PDFNumber,
  PDFOptionList,
  PDFRadioGroup,
  PDFRawStream,
  PDFSignature,
  PDFStream,
  PDFString,
  PDFHexString,
  PDFTextField,
  ParseSpeeds,
  decodePDFRawStream,
  type PDFField,
} from '@cantoo/pdf-lib';

/** Most pages, fields, attachments and options listed. */
export const MAX_LISTED = 5000;
/** Most characters of one text value (a field's value, a title). */
const MAX_TEXT = 2000;
/** Most bytes of the XMP packet read. */
const MAX_XMP_BYTES = 4 * 1024 * 1024;

const N = PDFName.of;
const cut = (s: string) => (s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) : s);

export interface PdfFieldInfo {
  name: string;
  type: 'text' | 'checkbox' | 'radio' | 'dropdown' | 'listbox' | 'signature' | 'button';
  value: string | boolean | string[] | null;
  options?: string[];
  readOnly: boolean;
}

export interface PdfInfo {
  pageCount: number;
  pages: Array<{ number: number; width: number; height: number; rotation: number }>;
  metadata: {
    title: string | null;
    author: string | null;
    subject: string | null;
    keywords: string | null;
    creator: string | null;
    producer: string | null;
    creationDate: string | null;
    modificationDate: string | null;
  };
  language: string | null;
  tagged: boolean;
  pdfA: string | null;
  pdfUA: string | null;
  formFields: PdfFieldInfo[];
  attachments: Array<{ name: string; bytes: number | null; description: string | null }>;
  signatures: { count: number; signers: string[] };
  truncated: boolean;
}

function text(v: unknown): string | null {
  if (v instanceof PDFString || v instanceof PDFHexString) return cut(v.decodeText());
  return null;
}

/** The decoded XMP packet of the catalog, or '' when there is none it can read. */
function xmpOf(doc: PDFDocument): string {
  const stream = doc.catalog.lookupMaybe(N('Metadata'), PDFStream);
  if (!(stream instanceof PDFRawStream)) return '';
  try {
    const bytes = decodePDFRawStream(stream).decode();
    return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, MAX_XMP_BYTES)).toString('utf8');
  } catch {
    return '';
  }
}

/** An XMP property written as an attribute (`pdfaid:part="2"`) or an element (`<pdfaid:part>2</…>`). */
function xmpProp(xmp: string, name: string): string | null {
  const esc = name.replace(':', '\\:');
  const m = new RegExp(`${esc}\\s*=\\s*["']([^"']*)["']`).exec(xmp) ?? new RegExp(`<${esc}>\\s*([^<]*?)\\s*</${esc}>`).exec(xmp);
  return m ? m[1] : null;
}

/** The first rdf:li of an XMP array property (dc:title's rdf:Alt, dc:creator's rdf:Seq). */
function xmpFirstItem(xmp: string, name: string): string | null {
  const m = new RegExp(`<${name}>[\\s\\S]*?<rdf:li[^>]*>([^<]*)</rdf:li>`).exec(xmp);
  return m ? cut(m[1]) : null;
}

function fieldInfo(f: PDFField): PdfFieldInfo {
  const base = { name: cut(f.getName()), readOnly: f.isReadOnly() };
  if (f instanceof PDFTextField) return { ...base, type: 'text', value: f.getText() ?? null };
  if (f instanceof PDFCheckBox) return { ...base, type: 'checkbox', value: f.isChecked() };
  if (f instanceof PDFRadioGroup)
    return { ...base, type: 'radio', value: f.getSelected() ?? null, options: f.getOptions().slice(0, MAX_LISTED) };
  if (f instanceof PDFDropdown) return { ...base, type: 'dropdown', value: f.getSelected(), options: f.getOptions().slice(0, MAX_LISTED) };
  if (f instanceof PDFOptionList) return { ...base, type: 'listbox', value: f.getSelected(), options: f.getOptions().slice(0, MAX_LISTED) };
  if (f instanceof PDFSignature) return { ...base, type: 'signature', value: null };
  return { ...base, type: 'button', value: null };
}

/** The file specifications of the /EmbeddedFiles name tree, walked within MAX_LISTED nodes. */
function attachmentsOf(doc: PDFDocument): { list: PdfInfo['attachments']; truncated: boolean } {
  const list: PdfInfo['attachments'] = [];
  const root = doc.catalog.lookupMaybe(N('Names'), PDFDict)?.lookupMaybe(N('EmbeddedFiles'), PDFDict);
  const stack = root ? [root] : [];
  const seen = new Set<PDFDict>();
  let visited = 0;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node) || ++visited > MAX_LISTED) return { list, truncated: true };
    seen.add(node);
    const names = node.lookupMaybe(N('Names'), PDFArray);
    for (let i = 0; names && i + 1 < names.size(); i += 2) {
      if (list.length >= MAX_LISTED) return { list, truncated: true };
      const spec = names.lookupMaybe(i + 1, PDFDict);
      const ef = spec?.lookupMaybe(N('EF'), PDFDict);
      const file = ef?.lookupMaybe(N('UF'), PDFStream) ?? ef?.lookupMaybe(N('F'), PDFStream);
      const size = file?.dict.lookupMaybe(N('Params'), PDFDict)?.lookupMaybe(N('Size'), PDFNumber)?.asNumber();
      list.push({
        name: text(spec?.lookup(N('UF'))) ?? text(spec?.lookup(N('F'))) ?? text(names.lookup(i)) ?? '',
        bytes: size ?? null,
        description: text(spec?.lookup(N('Desc'))),
      });
    }
    const kids = node.lookupMaybe(N('Kids'), PDFArray);
    for (let i = 0; kids && i < kids.size(); i++) {
      const kid = kids.lookupMaybe(i, PDFDict);
      if (kid) stack.push(kid);
    }
  }
  return { list, truncated: false };
}

/** The facts of a PDF that passed the upload checks (unencrypted, within the PDF limits). */
export async function readPdfInfo(pdf: Buffer): Promise<PdfInfo> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest, throwOnInvalidObject: false });
  let truncated = false;
  const all = doc.getPages();
  if (all.length > MAX_LISTED) truncated = true;
  const pages = all.slice(0, MAX_LISTED).map((p, i) => {
    const { width, height } = p.getSize();
    return { number: i + 1, width: Math.round(width * 100) / 100, height: Math.round(height * 100) / 100, rotation: p.getRotation().angle };
  });
  const xmp = xmpOf(doc);
  const infoRef = doc.context.trailerInfo.Info;
  const info = (infoRef ? doc.context.lookupMaybe(infoRef, PDFDict) : undefined) ?? doc.context.obj({});
  const date = (key: string) => text(info.lookup(N(key)));
  const metadata = {
    title: text(info.lookup(N('Title'))) ?? xmpFirstItem(xmp, 'dc:title'),
    author: text(info.lookup(N('Author'))) ?? xmpFirstItem(xmp, 'dc:creator'),
    subject: text(info.lookup(N('Subject'))) ?? xmpFirstItem(xmp, 'dc:description'),
    keywords: text(info.lookup(N('Keywords'))) ?? xmpProp(xmp, 'pdf:Keywords'),
    creator: text(info.lookup(N('Creator'))) ?? xmpProp(xmp, 'xmp:CreatorTool'),
    producer: text(info.lookup(N('Producer'))) ?? xmpProp(xmp, 'pdf:Producer'),
    creationDate: date('CreationDate') ?? xmpProp(xmp, 'xmp:CreateDate'),
    modificationDate: date('ModDate') ?? xmpProp(xmp, 'xmp:ModifyDate'),
  };
  const part = xmpProp(xmp, 'pdfaid:part');
  const conformance = xmpProp(xmp, 'pdfaid:conformance');
  const ua = xmpProp(xmp, 'pdfuaid:part');

  let formFields: PdfFieldInfo[] = [];
  try {
    const fields = doc.getForm().getFields();
    if (fields.length > MAX_LISTED) truncated = true;
    formFields = fields.slice(0, MAX_LISTED).map(fieldInfo);
  } catch {
    formFields = []; // a malformed AcroForm: reported as no readable fields
  }
  const signers = new Set<string>();
  let signatureCount = 0;
  for (const f of formFields.filter((x) => x.type === 'signature')) {
    const v = doc.getForm().getField(f.name).acroField.dict.lookupMaybe(N('V'), PDFDict);
    if (!v) continue;
    signatureCount++;
    const name = text(v.lookup(N('Name')));
    if (name) signers.add(name);
  }
  const attachments = attachmentsOf(doc);
  const markInfo = doc.catalog.lookupMaybe(N('MarkInfo'), PDFDict);
  return {
    pageCount: all.length,
    pages,
    metadata,
    language: text(doc.catalog.lookup(N('Lang'))),
    tagged: markInfo?.lookup(N('Marked'))?.toString() === 'true' && doc.catalog.has(N('StructTreeRoot')),
    pdfA: part ? `PDF/A-${part}${(conformance ?? '').toLowerCase()}` : null,
    pdfUA: ua ? `PDF/UA-${ua}` : null,
    formFields,
    attachments: attachments.list,
    signatures: { count: signatureCount, signers: [...signers] },
    truncated: truncated || attachments.truncated,
  };
}
