// The PDF tool of `folio mcp`: pdf_steps runs the steps of a PDF job (POST /v1/pdf-jobs, through the SDK's
// runSteps) on a managed PDF, a render job's output, or a PDF or image the model gives (base64, or a local
// file, uploaded first as a managed PDF). Its answer is what the steps made: each PDF's signed link (and
// the PDF itself as an embedded resource when it is small), each extracted text as text, each validation
// report as JSON. A report with findings is an answer; a step that fails is a tool error naming the step.
import fs from 'node:fs';
import path from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';
import { looksLikeImage } from '../../../domain/pdfs/image-formats.js';
import { MAX_STEPS, PDF_STEP_TYPES } from '../../../domain/pdfs/pdf-steps.js';
import { FolioApiError, type FolioClient } from '../../../sdk/index.js';
import { formatBytes, plural } from '../output.js';
import { EMBED_LIMIT, embedPdf } from './embed.js';
import { fail, iso, ok, withClient } from './results.js';

type JobBody = Parameters<FolioClient['pdfs']['runSteps']>[0];
type JobResult = Awaited<ReturnType<FolioClient['pdfs']['runSteps']>>;
type ManagedPdf = JobResult['pdfs'][number];

/** The most characters of one extracted text the answer carries (the rest: read it by `pages`). */
export const MAX_TEXT_CHARS = 200_000;
/** The first findings of a standard named in the line (the JSON has every one). */
const LINE_FINDINGS = 3;

const DESCRIPTION = `Runs PDF steps, in order, on one PDF: a managed PDF (pdfId), a render job's output (jobId), or a PDF or image (PNG, JPEG, WebP, TIFF, GIF, AVIF: it becomes a one-page PDF) given as contentBase64 or as a local file path. A given file is uploaded first as a managed PDF of the account. Answers each PDF the steps made as a managed PDF with a signed download link (no API key needed; a PDF of at most ${EMBED_LIMIT} also embedded as a resource), the text of each extractText step as text, and each validate report as JSON (findings are an answer, not an error). Steps (each an object with "type"; pages like "1-3,!2"):
- redact: remove text, patterns or areas from the content itself, a black box where they were: {"type":"redact","text":["Jane Doe"],"patterns":["DE\\\\d{20}"]}
- extractText: the text, or Markdown (headings, lists, tables): {"type":"extractText","format":"markdown","pages":"1-2"}
- validate: Folio's PDF/A and PDF/UA checks, findings with clause and pages: {"type":"validate","standards":["pdf/a-2b","pdf/ua-1"]}
- conform: make it PDF/A (and PDF/UA-1) or fail saying why: {"type":"conform","standard":"pdf/a-2b"}
- stamp / watermark: text, a PNG/JPEG (image.contentBase64) or a page of a managed PDF: {"type":"stamp","text":"PAID","rotation":45,"opacity":0.3,"pages":"1"}
- select: keep and reorder pages: {"type":"select","pages":"1,3-"}
- rotate: {"type":"rotate","angle":90,"pages":"2"}
- nUp: several pages per sheet: {"type":"nUp","columns":2,"rows":1,"sheet":"a4","landscape":true}
- merge: append managed PDFs: {"type":"merge","pdfIds":["pdf_…"]}
- fillForm / flatten: {"type":"fillForm","fields":{"name":"Ada"}}, {"type":"flatten"}
- metadata: {"type":"metadata","title":"Invoice 4711","author":"ACME"}
- attachments: {"type":"attachments","add":[{"name":"data.csv","contentBase64":"…","mimeType":"text/csv"}]}
- outline: bookmarks: {"type":"outline","entries":[{"title":"Terms","page":2}]}
- split: several PDFs: {"type":"split","every":1} or {"ranges":["1-3","4-"]}
- optimize: linearize, smaller images: {"type":"optimize","images":true}
- encrypt: {"type":"encrypt","ownerPassword":"…","userPassword":"…"}
- sign / timestamp: with a stored certificate: {"type":"sign","certificateId":"scert_…","timestamp":true}, {"type":"timestamp"}
Order: content steps first, then at most one each of conform, split, optimize, encrypt, sign, then timestamps; extractText and validate read the document where they stand (before split). Steps that only read make no PDF.`;

const STEP_TYPES = PDF_STEP_TYPES;

const looksLikePdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes('%PDF-');

/** The file to run on, or why not: only a PDF or an image leaves the machine, never a file the model misnamed. */
function givenFile(args: {
  file?: string;
  contentBase64?: string;
  fileName?: string;
}): { bytes: Buffer; name: string } | { problem: string } {
  let bytes: Buffer;
  let name: string;
  if (args.file !== undefined) {
    const file = path.resolve(args.file);
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return { problem: `file not found: ${file}` };
    bytes = fs.readFileSync(file);
    name = path.basename(file);
  } else {
    bytes = Buffer.from(args.contentBase64!, 'base64');
    name = args.fileName ?? 'upload.pdf';
  }
  if (!looksLikePdf(bytes) && !looksLikeImage(bytes))
    return {
      problem: `${args.file !== undefined ? name : 'contentBase64'} is neither a PDF nor a PNG, JPEG, WebP, TIFF, GIF or AVIF image`,
    };
  return { bytes, name };
}

interface Linked {
  pdfId: string;
  fileName: string;
  pageCount: number;
  bytes: number;
  downloadUrl?: string;
  linkExpiresAt?: string;
}

/** A result PDF with its signed link; a key without pdfs:read gets the PDF's id only. */
async function linked(client: FolioClient, p: ManagedPdf, expiresIn: number | undefined, signal: AbortSignal): Promise<Linked> {
  const base = { pdfId: p.id, fileName: p.fileName, pageCount: p.pageCount, bytes: p.bytes };
  try {
    const { access } = await client.pdfs.downloadLink(p.id, expiresIn, { signal });
    return { ...base, downloadUrl: access.url, linkExpiresAt: iso(access.expiresAt) };
  } catch (err) {
    if (err instanceof FolioApiError && err.code === 'forbidden') return base;
    throw err;
  }
}

type Report = Record<string, unknown> & { step: number; type: string };
type Finding = { clause: string; message: string; count?: number };
type Result = { standard: string; passed: boolean; findings: Finding[] };

function reportLine(r: Report): string {
  if (r.type === 'extractText') {
    const chars = String(r.text ?? '').length;
    return `extractText (step ${r.step}, ${r.format}, structure ${r.structure}): ${plural(chars, 'character')}${r.truncated ? ', cut' : ''}, below`;
  }
  if (r.type === 'validate') {
    const results = (r.results ?? []) as Result[];
    const each = results.map((s) => {
      if (s.passed) return `${s.standard} passed`;
      const named = s.findings.slice(0, LINE_FINDINGS).map((f) => `${f.clause}: ${f.message}`);
      const more = s.findings.length > LINE_FINDINGS ? ` and ${s.findings.length - LINE_FINDINGS} more` : '';
      return `${s.standard} FAILED with ${plural(s.findings.length, 'finding')} (${named.join('; ')}${more})`;
    });
    return `validate (step ${r.step}): ${each.join(', ')}`;
  }
  return `${r.type} (step ${r.step})`;
}

/** The job's answer: a line, the JSON (links and reports, texts left out), each text, each small PDF embedded. */
async function stepsAnswer(
  client: FolioClient,
  r: JobResult,
  o: { what: string; steps: string[]; embed: boolean; expiresIn?: number; signal: AbortSignal },
) {
  const pdfs = await Promise.all(r.pdfs.map((p) => linked(client, p, o.expiresIn, o.signal)));
  const reports = ((r as { reports?: Report[] }).reports ?? []) as Report[];
  const texts = reports.filter((x) => x.type === 'extractText').map((x) => String(x.text ?? ''));
  const shown = texts.map((t) =>
    t.trim() === ''
      ? '[no text: these pages hold none (a scan or an image has no text layer)]'
      : t.length > MAX_TEXT_CHARS
        ? `${t.slice(0, MAX_TEXT_CHARS)}\n[… ${t.length - MAX_TEXT_CHARS} more characters: read them with extractText's pages]`
        : t,
  );
  const made = pdfs.map(
    (p) =>
      `${p.fileName} (${p.pdfId}, ${plural(p.pageCount, 'page')}, ${formatBytes(p.bytes)})${p.downloadUrl ? `: ${p.downloadUrl}` : ', no link: this key lacks pdfs:read'}`,
  );
  const parts = [
    ...(made.length ? [`${plural(made.length, 'managed PDF')} made: ${made.join('; ')}`] : ['no PDF made (the steps only read)']),
    ...reports.map(reportLine),
  ];
  const data = {
    ...(r.job ? { jobId: r.job.id } : {}),
    pdfs,
    reports: reports.map((x) => (x.type === 'extractText' ? { ...x, text: undefined, chars: String(x.text ?? '').length } : x)),
  };
  const embeds = o.embed ? await Promise.all(pdfs.map((p) => embedPdf({ ...p, name: p.fileName }, o.signal))) : [];
  const resources = embeds.flatMap((e) => ('resource' in e ? [e.resource] : []));
  const notes = embeds.flatMap((e) => ('note' in e ? [e.note] : []));
  const answer = ok(`Ran ${o.steps.join(', ')} on ${o.what}: ${[...parts, ...notes].join('. ')}.`, data);
  return { ...answer, content: [...answer.content, ...shown.map((text) => ({ type: 'text' as const, text })), ...resources] };
}

export function registerPdfStepTools(server: McpServer): void {
  server.registerTool(
    'pdf_steps',
    {
      title: 'Run PDF steps (redact, extract text, validate, stamp, …)',
      description: DESCRIPTION,
      inputSchema: {
        pdfId: z.string().min(1).optional().describe('A managed PDF of the account (pdf_…), as list_pdfs shows.'),
        jobId: z.string().min(1).optional().describe('A succeeded render job (job_…): its PDF.'),
        contentBase64: z.string().min(1).optional().describe('A PDF or image file, base64-encoded (uploaded as a managed PDF first).'),
        file: z
          .string()
          .min(1)
          .optional()
          .describe('Path of a local PDF or image (absolute, or relative to the folder the MCP server runs in), uploaded first.'),
        fileName: z.string().min(1).max(200).optional().describe('File name of the result (and of a contentBase64 upload).'),
        steps: z
          .array(z.looseObject({ type: z.enum(STEP_TYPES) }))
          .min(1)
          .max(MAX_STEPS)
          .describe('The steps, in order: objects with "type" and that step\u2019s properties (see the description).'),
        embed: z
          .boolean()
          .optional()
          .describe(`false: links only, never the PDF itself (default true: PDFs of at most ${EMBED_LIMIT} are embedded).`),
        linkExpiresInSeconds: z.number().int().min(1).max(604_800).optional().describe('How long the links work (default 600 s).'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (args, extra) =>
      withClient(async (client) => {
        const given = [args.pdfId, args.jobId, args.contentBase64, args.file].filter((v) => v !== undefined);
        if (given.length !== 1) return fail('invalid_request', 'give exactly one of pdfId, jobId, contentBase64 and file');
        const { signal } = extra;
        let source: JobBody['sources'][number];
        let what: string;
        if (args.pdfId !== undefined) [source, what] = [{ pdfId: args.pdfId }, args.pdfId];
        else if (args.jobId !== undefined) [source, what] = [{ jobId: args.jobId }, `the PDF of ${args.jobId}`];
        else {
          const file = givenFile(args);
          if ('problem' in file) return fail('invalid_request', file.problem);
          const { pdf } = await client.pdfs.upload(file.bytes, { fileName: file.name, signal });
          [source, what] = [{ pdfId: pdf.id }, `${file.name} (uploaded as ${pdf.id})`];
        }
        const body = { sources: [source], steps: args.steps, ...(args.fileName ? { fileName: args.fileName } : {}) } as JobBody;
        const r = await client.pdfs.runSteps(body, { signal });
        return stepsAnswer(client, r, {
          what,
          steps: args.steps.map((s) => s.type),
          embed: args.embed !== false,
          expiresIn: args.linkExpiresInSeconds,
          signal,
        });
      }),
  );
}
