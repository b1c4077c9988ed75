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
