// Office documents for the conversion tests, made by maintained libraries (docx, exceljs, pptxgenjs) at test
// time, so no binary fixture hides what a document holds. Each says what its PDF must show.
import fs from 'node:fs';
import zlib from 'node:zlib';
import {
  AlignmentType,
  Document,
  Footer,
  Header,
  ImageRun,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import PptxGenJS from 'pptxgenjs';

/** A solid 32×32 RGB PNG. */
export function png(rgb: [number, number, number] = [200, 30, 60]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(32, 0);
  ihdr.writeUInt32BE(32, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(32 * 3, Buffer.from(rgb))]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(Array.from({ length: 32 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A report: a header, a footer "Page N of M", a table and an image on page 1, then `pages - 1` more pages
 * of body text, each starting with "Body page N" (a page break before each).
 */
export async function reportDocx(pages = 30): Promise<Buffer> {
  const body: Paragraph[] = [];
  for (let n = 2; n <= pages; n++)
    body.push(
      new Paragraph({ children: [new PageBreak(), new TextRun(`Body page ${n}`)] }),
      new Paragraph(`Paragraph of page ${n}: the quick brown fox jumps over the lazy dog.`),
    );
  const doc = new Document({
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('Quarterly report header')] }) },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [new TextRun({ children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES] })],
              }),
            ],
          }),
        },
        children: [
          new Paragraph('Body page 1'),
          new Table({
            rows: [
              new TableRow({
                children: [new TableCell({ children: [new Paragraph('Region')] }), new TableCell({ children: [new Paragraph('Revenue')] })],
              }),
              new TableRow({
                children: [new TableCell({ children: [new Paragraph('North')] }), new TableCell({ children: [new Paragraph('1234.56')] })],
              }),
            ],
          }),
          new Paragraph({ children: [new ImageRun({ type: 'png', data: png(), transformation: { width: 64, height: 64 } })] }),
          ...body,
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** A short letter of two pages (the bench's document). */
export async function letterDocx(): Promise<Buffer> {
  const lines = Array.from({ length: 12 }, (_, i) => new Paragraph(`Line ${i + 1} of the letter, with some ordinary text in it.`));
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph('Dear customer'),
          ...lines,
          new Paragraph({ children: [new PageBreak(), new TextRun('Second page')] }),
          ...lines,
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** A workbook with two sheets, "Sales" and "Costs", each a table of 150 rows and 15 columns (several pages each). */
export async function twoSheetXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const name of ['Sales', 'Costs']) {
    const ws = wb.addWorksheet(name);
    ws.addRow([`${name} sheet`, 'Q1', 'Q2']);
    for (let i = 1; i <= 150; i++)
      ws.addRow([`${name} row ${i}`, i * 10, i * 20, ...Array.from({ length: 12 }, (_, c) => `cell ${i}.${c}`)]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A presentation of `count` slides, "Slide N" on each. */
export async function slidesPptx(count = 5): Promise<Buffer> {
  // pptxgenjs's CommonJS build nests its class under `default` when loaded from TypeScript.
  type Presentation = {
    addSlide(): { addText(text: string, options: object): unknown };
    write(options: { outputType: 'nodebuffer' }): Promise<unknown>;
  };
  const Pptx = ((PptxGenJS as unknown as { default?: unknown }).default ?? PptxGenJS) as new () => Presentation;
  const pptx = new Pptx();
  for (let i = 1; i <= count; i++) pptx.addSlide().addText(`Slide ${i}`, { x: 1, y: 1, w: 8, h: 1, fontSize: 32 });
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}

/**
 * A DOCX that reaches for `base` (http://127.0.0.1:<port>) on open: a linked (not embedded) image, an
 * INCLUDEPICTURE and an INCLUDETEXT field, and a hyperlink, each under its own path.
 */
export async function remoteReferencesDocx(base: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await letterDocx());
  const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
  zip.file(
    'word/_rels/document.xml.rels',
    rels.replace(
      '</Relationships>',
      `<Relationship Id="rIdRemoteImg" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${base}/linked-image.png" TargetMode="External"/>` +
        `<Relationship Id="rIdRemoteLink" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${base}/hyperlink" TargetMode="External"/></Relationships>`,
    ),
  );
  const xml = await zip.file('word/document.xml')!.async('string');
  const drawing =
    '<w:p><w:r><w:drawing><wp:inline><wp:extent cx="640000" cy="640000"/><wp:docPr id="99" name="remote"/>' +
    '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
    '<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="99" name="remote.png"/><pic:cNvPicPr/></pic:nvPicPr>' +
    '<pic:blipFill><a:blip r:link="rIdRemoteImg"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
    '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="640000" cy="640000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>' +
    '</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';
  const fields =
    `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> INCLUDEPICTURE "${base}/includepicture.png" \\d </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>` +
    `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> INCLUDETEXT "${base}/includetext.txt" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>` +
    '<w:p><w:hyperlink r:id="rIdRemoteLink"><w:r><w:t>Remote link</w:t></w:r></w:hyperlink></w:p>';
  zip.file('word/document.xml', xml.replace('<w:body>', `<w:body>${drawing}${fields}`));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A "DOCX" whose one entry inflates to `mib` MiB of zeros: a zip bomb by its ratio. */
export async function zipBombDocx(mib = 64): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  zip.file('word/document.xml', Buffer.alloc(mib * 1024 * 1024));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/**
 * A font no machine has: DejaVu Sans (fonts-dejavu-core) with its family renamed "Folio Quirk" and its
 * PostScript name "FolioQuirk" (same lengths, so the name table's offsets stay valid).
 */
export function quirkFont(): Buffer {
  let font = fs.readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf');
  for (const [from, to] of [
    ['DejaVu Sans', 'Folio Quirk'],
    ['DejaVuSans', 'FolioQuirk'],
  ] as const)
    for (const enc of ['utf16be', 'latin1'] as const) {
      const a = enc === 'utf16be' ? Buffer.from(from, 'utf16le').swap16() : Buffer.from(from, 'latin1');
      const b = enc === 'utf16be' ? Buffer.from(to, 'utf16le').swap16() : Buffer.from(to, 'latin1');
      for (let i = font.indexOf(a); i >= 0; i = font.indexOf(a, i + 1)) {
        font = Buffer.from(font);
        b.copy(font, i);
      }
    }
  return font;
}

/** One paragraph in the font "Folio Quirk" (quirkFont()). */
export async function quirkDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [{ children: [new Paragraph({ children: [new TextRun({ text: 'Set in the bundle font', font: 'Folio Quirk' })] })] }],
  });
  return Packer.toBuffer(doc);
}
