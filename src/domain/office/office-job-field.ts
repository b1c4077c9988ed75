// The `office` object of a render job (and `entry`, which names an Office document of the inline files):
// how LibreOffice converts the job's Office document. TypeBox schemas only; their rules are
// domain/office/office-options.ts's.
import { Type } from '@sinclair/typebox';
import { MAX_IMAGE_RESOLUTIONS, PDFA_LEVELS } from './office-options.js';
import { OFFICE_EXTENSIONS } from './office-input.js';

const flag = (description: string) => Type.Optional(Type.Boolean({ description }));

export const OfficeField = Type.Object(
  {
    pageRanges: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Pages to keep, LibreOffice\'s page ranges: numbers and ranges separated by commas (`"1-3,5"`). Default: every page.',
        examples: ['1-3,5'],
      }),
    ),
    landscape: flag('Landscape paper: every page style of the document is turned (spreadsheets and text files mostly). Default false.'),
    pdfa: Type.Optional(
      Type.Union(
        (Object.keys(PDFA_LEVELS) as Array<keyof typeof PDFA_LEVELS>).map((k) => Type.Literal(k)),
        {
          description:
            "LibreOffice's own PDF/A export. `pdf.standard` of the job also asks for it (and Folio's PDF/A step then runs on the result).",
        },
      ),
    ),
    tagged: flag('Tagged PDF (the structure assistive technology reads). `pdf.accessibility: "pdf/ua-1"` turns it on.'),
    exportFormFields: flag("Keep the document's form fields as PDF form fields. LibreOffice's default: true."),
    exportBookmarks: flag('Headings become PDF bookmarks. Default true.'),
    exportNotes: flag('Comments become PDF annotations. Default false.'),
    exportHiddenSlides: flag('Hidden slides of a presentation are exported too. Default false.'),
    singlePageSheets: flag("One page per sheet of a spreadsheet, as large as the sheet's used area. Default false."),
    quality: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'JPEG quality of images, 1-100. Default 90.' })),
    maxImageResolution: Type.Optional(
      Type.Union(
        MAX_IMAGE_RESOLUTIONS.map((r) => Type.Literal(r)),
        { description: 'Images are downsampled to at most this many DPI. Default: kept as they are.' },
      ),
    ),
    password: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1024,
        description:
          'Opens a password-protected document. Sealed while the job waits, deleted with its payload, never shown or logged. Without it a protected document is refused (400 `office_password_required`).',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "How LibreOffice converts the job's Office document (an entry ending in " +
      Object.keys(OFFICE_EXTENSIONS).join(', ') +
      '), before the PDF goes through the rest of the job (steps, `pdf`, protection, signature, images). Only for a version or inline sources whose entry is an Office document (400 otherwise). The Office guide lists what each option does.',
    examples: [{ pageRanges: '1-2', pdfa: 'PDF/A-2b', exportBookmarks: true }],
  },
);

export const EntryField = Type.String({
  minLength: 1,
  maxLength: 1024,
  description:
    'Inline sources whose entry is an Office document instead of `html`/`markdown`: the path of one of `files` (`.docx`, `.xlsx`, `.pptx`, `.odt`, `.ods`, `.odp`, `.doc`, `.xls`, `.ppt`, `.rtf`, `.txt`, `.csv`), converted to PDF with LibreOffice (the Office guide). A file that is not what its extension says or a zip bomb is a 400 `office_input_invalid`, a protected one without `office.password` a 400 `office_password_required`; nothing is stored.',
  examples: ['report.docx'],
});

/** The job view of `office`: the options as asked, and only whether a password was sent. */
export const OfficeView = Type.Composite(
  [
    Type.Omit(OfficeField, ['password']),
    Type.Object({
      password: Type.Optional(Type.Literal(true, { description: 'A password was sent to open the document (never shown).' })),
    }),
  ],
  {
    description: 'How the Office entry was converted (`office`): the options as asked; of a password only that one was sent.',
    examples: [{ pageRanges: '1-2', pdfa: 'PDF/A-2b', password: true }],
  },
);
