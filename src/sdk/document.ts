// Builders for a render job's document options: an attachment from bytes or text, and a
// Factur-X e-invoice from its XML. They only shape the JSON the API takes (base64 for bytes); the server
// checks names, sizes against the plan and the XML, and answers 400 naming the field.
import type { CreateRenderJobBody } from './resources.js';

type Attachment = NonNullable<CreateRenderJobBody['attachments']>[number];
type EInvoice = NonNullable<CreateRenderJobBody['eInvoice']>;

/** One entry of `attachments`: the file's bytes (or UTF-8 text) are sent base64-encoded as `content`. */
export function attachment(
  name: string,
  content: Uint8Array | string,
  options: { mimeType: string; relationship?: Attachment['relationship']; description?: string },
): Attachment {
  const bytes =
    typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  return {
    name,
    mimeType: options.mimeType,
    relationship: options.relationship ?? 'Supplement',
    ...(options.description !== undefined ? { description: options.description } : {}),
    content: bytes.toString('base64'),
  };
}

/** `eInvoice` for a Factur-X / ZUGFeRD invoice: the CrossIndustryInvoice XML (bytes are read as UTF-8). */
export function facturX(xml: Uint8Array | string, profile: EInvoice['profile']): EInvoice {
  const text = typeof xml === 'string' ? xml : Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength).toString('utf8');
  return { standard: 'factur-x', profile, xml: text };
}

/** The `office` options of a render job whose entry is an Office document (the Office guide). */
export type OfficeOptions = NonNullable<CreateRenderJobBody['office']>;

/**
 * The inline sources of an Office document converted with the server's LibreOffice: `entry` and `files`
 * (base64 and all), and `office` when options are given. Spread it into a job body:
 * `folio.render({...officeDocument('report.docx', bytes, {pageRanges: '1-3'})})`.
 */
export function officeDocument(
  fileName: string,
  bytes: Uint8Array,
  office?: OfficeOptions,
): { entry: string; files: Record<string, string>; office?: OfficeOptions } {
  const b64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  return { entry: fileName, files: { [fileName]: b64 }, ...(office ? { office } : {}) };
}
