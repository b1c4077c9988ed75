// Associated files of post-processing: the /EmbeddedFiles name tree, one file specification per file with
// /AFRelationship, /UF, /Desc, /EF with /Subtype and /Params (Size, dates, CheckSum), and /AF on the catalog.
import { createHash } from 'node:crypto';
import { PDFDict, PDFHexString, PDFName, PDFString, type PDFContext } from '@cantoo/pdf-lib';
import type { PdfAttachment } from './post-process-request.js';
import { pdfDate } from './xmp.js';

const N = PDFName.of;

/** The embedded-file name tree, one file specification per file, and /AF on the catalog. */
export function embedFiles(ctx: PDFContext, catalog: PDFDict, files: PdfAttachment[], date: Date): void {
  const when = PDFString.of(pdfDate(date));
  const specs = files.map((f) => {
    const stream = ctx.flateStream(f.content, {
      Type: 'EmbeddedFile',
      Subtype: f.mimeType,
      Params: {
        Size: f.content.length,
        CreationDate: when,
        ModDate: when,
        CheckSum: PDFHexString.of(createHash('md5').update(f.content).digest('hex')),
      },
    });
    const ef = ctx.register(stream);
    const spec = ctx.obj({
      Type: 'Filespec',
      F: PDFHexString.fromText(f.name),
      UF: PDFHexString.fromText(f.name),
      Desc: PDFHexString.fromText(f.description ?? f.name),
      AFRelationship: f.relationship,
      EF: { F: ef, UF: ef },
    });
    return { name: f.name, ref: ctx.register(spec) };
  });
  const sorted = [...specs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const names = ctx.obj([]);
  for (const s of sorted) {
    names.push(PDFHexString.fromText(s.name));
    names.push(s.ref);
  }
  const catalogNames = catalog.lookupMaybe(N('Names'), PDFDict) ?? ctx.obj({});
  catalogNames.set(N('EmbeddedFiles'), ctx.register(ctx.obj({ Names: names })));
  catalog.set(N('Names'), catalogNames);
  catalog.set(N('AF'), ctx.obj(specs.map((s) => s.ref)));
}
