import { Type } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const PdfInfoSchema = Type.Object(
  {
    pageCount: Type.Integer({ description: 'Pages of the PDF.' }),
    pages: Type.Array(
      Type.Object({
        number: Type.Integer({ description: '1-based page number.' }),
        width: Type.Number({ description: 'Width of the media box, points (1/72 in).' }),
        height: Type.Number({ description: 'Height of the media box, points.' }),
        rotation: Type.Integer({ description: "The page's /Rotate: 0, 90, 180 or 270." }),
      }),
      { description: 'Each page (at most 5,000 listed).' },
    ),
    metadata: Type.Object(
      {
        title: Nullable(Type.String()),
        author: Nullable(Type.String()),
        subject: Nullable(Type.String()),
        keywords: Nullable(Type.String()),
        creator: Nullable(Type.String()),
        producer: Nullable(Type.String()),
        creationDate: Nullable(Type.String({ description: 'As written in the PDF (`D:20261122…` or an XMP date).' })),
        modificationDate: Nullable(Type.String()),
      },
      { description: 'The document information dictionary; an entry it lacks is read from the XMP packet (dc:title, dc:creator…).' },
    ),
    language: Nullable(Type.String({ description: "The catalog's /Lang." })),
    tagged: Type.Boolean({ description: 'Marked (`/MarkInfo /Marked true`) with a structure tree.' }),
    pdfA: Nullable(Type.String({ description: 'The PDF/A identification of the XMP packet (`PDF/A-2b`), as claimed (not validated).' })),
    pdfUA: Nullable(Type.String({ description: 'The PDF/UA identification of the XMP packet (`PDF/UA-1`), as claimed (not validated).' })),
    formFields: Type.Array(
      Type.Object({
        name: Type.String({ description: 'Fully qualified field name (`address.city`).' }),
        type: Type.Union(['text', 'checkbox', 'radio', 'dropdown', 'listbox', 'signature', 'button'].map((t) => Type.Literal(t))),
        value: Type.Union([Type.String(), Type.Boolean(), Type.Array(Type.String()), Type.Null()], {
          description: 'Text, checked state, the selected option (radio) or options (dropdown, listbox); null when none.',
        }),
        options: Type.Optional(Type.Array(Type.String(), { description: 'The choices of a radio group, dropdown or list box.' })),
        readOnly: Type.Boolean(),
      }),
      { description: 'AcroForm fields (at most 5,000 listed).' },
    ),
    attachments: Type.Array(
      Type.Object({
        name: Type.String(),
        bytes: Type.Union([Type.Integer(), Type.Null()], { description: "The file's /Params /Size, when the PDF says it." }),
        description: Nullable(Type.String()),
      }),
      { description: 'Embedded files of the /EmbeddedFiles name tree.' },
    ),
    signatures: Type.Object({
      count: Type.Integer({ description: 'Signature fields that hold a signature.' }),
      signers: Type.Array(Type.String(), { description: "The signatures' /Name entries, where written (not verified)." }),
    }),
    truncated: Type.Boolean({ description: 'A list stopped at its limit.' }),
  },
  { description: 'What the PDF says about itself, read without validating anything.' },
);
