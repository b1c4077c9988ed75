// The scenarios of bench/before-after.ts: what a user's integration does against each server, from its
// request to the last byte of the downloaded PDF. `prepare` runs once per server (deploys, uploads, warming
// LibreOffice, one checked result) and returns the operation the measurement repeats.
import { execFileSync } from 'node:child_process';
import { pdfJob, uploadPdf } from './pdf-job-client.js';
import { render, renderJob, type Variant } from './serve-variants.js';
import { mapLimit } from './stats.js';
import { letterDocx } from '../../test/helpers/office-documents.js';

export interface Scenario {
  /** What SCENARIOS= names it by. */
  key: 'ordinary' | 'warm' | 'office' | 'pdf';
  name: string;
  prepare(v: Variant): Promise<() => Promise<void>>;
}

/** The bytes every server gets the same: the DOCX and the PDF to stamp, made once per run. */
export interface Inputs {
  docx: Buffer;
  /** The 1-page invoice as Folio prints it (rendered once by the first server). */
  invoicePdf: Uint8Array<ArrayBuffer>;
}

export async function makeInputs(first: Variant): Promise<Inputs> {
  const { pdf } = await renderJob(first.server, { deployId: first.deploys.ordinary, deployVersionId: 'latest', payload: { n: 1 } });
  return { docx: await letterDocx(), invoicePdf: new Uint8Array(pdf) };
}

const pdftotext = (pdf: Uint8Array) => execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' });

/** The steps of the PDF job: what an integration does to a paid invoice. */
const STAMP = [{ type: 'stamp', text: 'PAID', position: 'top-right', pages: '1', fontSize: 28 }];

export function scenarios(inputs: Inputs): Scenario[] {
  const officeBody = { entry: 'letter.docx', files: { 'letter.docx': inputs.docx.toString('base64') } };
  const convert = async (v: Variant) => {
    const { output, pdf } = await renderJob(v.server, officeBody);
    if (output?.pageCount !== 2 || pdf.byteLength < 1000)
      throw new Error(`DOCX → PDF: ${output?.pageCount} pages, ${pdf.byteLength} bytes`);
    return output.browserVersion;
  };
  return [
    { key: 'ordinary', name: 'render: 1-page invoice, ordinary template', prepare: async (v) => () => render(v, v.deploys.ordinary) },
    { key: 'warm', name: 'render: 1-page invoice, warm template (folio.onJob)', prepare: async (v) => () => render(v, v.deploys.warm) },
    {
      key: 'office',
      name: 'Office: 2-page DOCX → PDF (render job, inline file)',
      prepare: async (v) => {
        // The first conversion starts the pool (~1 s); the pause lets its second process come up; then both warm.
        const engine = await convert(v);
        if (engine && !engine.startsWith('LibreOffice')) throw new Error(`DOCX converted by ${engine}`);
        await new Promise((r) => setTimeout(r, 3000));
        await mapLimit([1, 2, 3, 4, 5, 6], 2, () => convert(v));
        return async () => void (await convert(v));
      },
    },
    {
      key: 'pdf',
      name: 'PDF job: stamp "PAID" on an uploaded 1-page PDF',
      prepare: async (v) => {
        const pdfId = await uploadPdf(v.server.url, inputs.invoicePdf);
        const job = () => pdfJob(v.server.url, { sources: [{ pdfId }], steps: STAMP });
        const first = await job();
        if (first.pdf.pageCount !== 1 || !pdftotext(first.bytes).includes('PAID')) throw new Error('the stamped PDF lacks "PAID"');
        return async () => void (await job());
      },
    },
  ];
}
