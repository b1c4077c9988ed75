// Stamps and watermarks (POST /v1/pdf-jobs steps `stamp`, `watermark`), drawn with pdf-lib: text in the
// standard Helvetica font (size, colour), a PNG or JPEG image, or a page of another PDF embedded as a form
// XObject; each with opacity, rotation about its centre, a named position or x/y in points, over the page's
// content or under it. "Under" moves the stamp's content stream in front of
// the page's own streams, so the page paints over it (a watermark behind text and images).
import {
  PDFArray,
  PDFImage,
  PDFName,
  StandardFonts,
  degrees,
  rgb,
  type PDFDocument,
  type PDFEmbeddedPage,
  type PDFFont,
  type PDFPage,
} from '@cantoo/pdf-lib';
import type { StampStep } from '../domain/pdfs/pdf-steps.js';

/** Margin of a named position from the page's edge, points. */
const MARGIN = 36;

function anchor(step: StampStep, page: PDFPage, w: number, h: number): { x: number; y: number } {
  const { width, height } = page.getSize();
  if (typeof step.position === 'object') return { x: step.position.x + w / 2, y: step.position.y + h / 2 };
  const p = step.position;
  const x = p.endsWith('left') ? MARGIN + w / 2 : p.endsWith('right') ? width - MARGIN - w / 2 : width / 2;
  const y = p.startsWith('top') ? height - MARGIN - h / 2 : p.startsWith('bottom') ? MARGIN + h / 2 : height / 2;
  return { x, y };
}

/** What an image or page stamp draws: the embedded image or page (embedded once per step). */
export type StampArt = PDFImage | PDFEmbeddedPage;

/** The size of an image or page stamp: width/height as given, one given scales the other, else its own. */
function artSize(step: StampStep, art: StampArt): { w: number; h: number } {
  const ratio = art.height / art.width;
  if (step.width !== undefined && step.height !== undefined) return { w: step.width, h: step.height };
  if (step.width !== undefined) return { w: step.width, h: step.width * ratio };
  if (step.height !== undefined) return { w: step.height / ratio, h: step.height };
  return { w: art.width, h: art.height };
}

/** Draws the stamp on one page: its text in `font`, or `art` (an image or an embedded page). */
export function stampPage(doc: PDFDocument, page: PDFPage, font: PDFFont, step: StampStep, art?: StampArt): void {
  const text = step.text ?? '';
  const { w, h } = art
    ? artSize(step, art)
    : { w: font.widthOfTextAtSize(text, step.fontSize), h: font.heightAtSize(step.fontSize, { descender: false }) };
  const c = anchor(step, page, w, h);
  // pdf-lib rotates about the drawing's origin (its lower-left corner): place the origin so the rotation
  // turns about the centre.
  const rad = (step.rotation * Math.PI) / 180;
  const x = c.x - (Math.cos(rad) * w) / 2 + (Math.sin(rad) * h) / 2;
  const y = c.y - (Math.sin(rad) * w) / 2 - (Math.cos(rad) * h) / 2;
  const before = contentRefs(page).length;
  const common = { x, y, opacity: step.opacity, rotate: degrees(step.rotation) };
  if (art instanceof PDFImage) page.drawImage(art, { ...common, width: w, height: h });
  else if (art) page.drawPage(art, { ...common, width: w, height: h });
  else {
    const n = parseInt(step.color.slice(1), 16);
    page.drawText(text, {
      ...common,
      size: step.fontSize,
      font,
      color: rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255),
    });
  }
  if (step.layer === 'under') moveLastStreamsFirst(doc, page, before);
}

function contentRefs(page: PDFPage) {
  const contents = page.node.Contents();
  return contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
}

/** Puts the streams added since `before` in front of the page's own, so the page paints over them. */
function moveLastStreamsFirst(doc: PDFDocument, page: PDFPage, before: number): void {
  const refs = contentRefs(page);
  // pdf-lib wraps the page's original streams in q … Q on the first draw (one stream before, one after):
  // the stamp is the last stream; the rest keeps its order.
  const added = refs.slice(-1);
  const rest = refs.slice(0, -1);
  if (refs.length <= before && before > 0) return;
  page.node.set(PDFName.of('Contents'), doc.context.obj([...added, ...rest]));
}

/** The standard Helvetica font, embedded once per document. */
export function stampFont(doc: PDFDocument): Promise<PDFFont> {
  return doc.embedFont(StandardFonts.Helvetica);
}
