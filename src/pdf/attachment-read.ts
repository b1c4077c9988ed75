// One embedded file of a PDF by its name (GET /v1/pdfs/{id}/attachments/{name}): the /EmbeddedFiles name
// tree walked within a node limit, the file specification whose /UF, /F or tree key is the name, its
// embedded stream decoded — at most `maxBytes`, judged on the declared /Params /Size and /Length first and
// on the decoded bytes after. Runs in the sandbox: the PDF and its filters are an account's input.
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  ParseSpeeds,
  decodePDFRawStream,
} from '@cantoo/pdf-lib';
import { PdfError } from './errors.js';

const N = PDFName.of;
/** Name-tree nodes walked at most. */
const MAX_NODES = 10_000;

const text = (v: unknown) => (v instanceof PDFString || v instanceof PDFHexString ? v.decodeText() : null);

/**
 * The file named `name`, or the first found of several names (its bytes, declared media type and name), or
 * null when the PDF has none of that name.
 */
export async function readAttachment(
  pdf: Uint8Array,
  name: string | readonly string[],
  maxBytes: number,
): Promise<{ bytes: Uint8Array; mimeType: string | null; name: string } | null> {
  const wanted = typeof name === 'string' ? [name] : name;
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest, throwOnInvalidObject: false });
  const root = doc.catalog.lookupMaybe(N('Names'), PDFDict)?.lookupMaybe(N('EmbeddedFiles'), PDFDict);
  const stack = root ? [root] : [];
  const seen = new Set<PDFDict>();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node) || seen.size >= MAX_NODES) break;
    seen.add(node);
    const names = node.lookupMaybe(N('Names'), PDFArray);
    for (let i = 0; names && i + 1 < names.size(); i += 2) {
      const spec = names.lookupMaybe(i + 1, PDFDict);
      const own = text(spec?.lookup(N('UF'))) ?? text(spec?.lookup(N('F'))) ?? text(names.lookup(i));
      if (!spec || own === null || !wanted.includes(own)) continue;
      const name = own;
      const ef = spec.lookupMaybe(N('EF'), PDFDict);
      const stream = ef?.lookup(N('UF')) ?? ef?.lookup(N('F'));
      if (!(stream instanceof PDFRawStream)) throw new PdfError('attachment', `the file specification of ${name} holds no embedded file`);
      const declared = [stream.dict.lookupMaybe(N('Params'), PDFDict)?.get(N('Size')), stream.dict.get(N('Length'))]
        .map((v) => Number(v?.toString()))
        .filter((v) => Number.isFinite(v));
      if (declared.some((v) => v > maxBytes)) throw new PdfError('attachment', `${name} is larger than ${maxBytes} bytes`);
      let bytes: Uint8Array;
      try {
        bytes = decodePDFRawStream(stream).decode();
      } catch (err) {
        throw new PdfError('attachment', `${name} cannot be decoded: ${(err as Error).message}`);
      }
      if (bytes.length > maxBytes) throw new PdfError('attachment', `${name} is larger than ${maxBytes} bytes`);
      const subtype = stream.dict.get(N('Subtype'));
      return { bytes, mimeType: subtype instanceof PDFName ? subtype.decodeText() : null, name };
    }
    const kids = node.lookupMaybe(N('Kids'), PDFArray);
    for (let i = 0; kids && i < kids.size(); i++) {
      const kid = kids.lookupMaybe(i, PDFDict);
      if (kid) stack.push(kid);
    }
  }
  return null;
}
