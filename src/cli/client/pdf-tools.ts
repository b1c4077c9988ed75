// folio pdfs upload|info|run: PDFs from outside Folio (uploaded as managed PDFs), what a PDF says about
// itself, and ordered PDF steps (stamp, watermark, fill, flatten, rotate, select, split, redact, extractText,
// validate…) on managed PDFs and job outputs (POST /v1/pdf-jobs; docs/pdf.md lists the steps and how to check
// each). The reports of the steps that read are printed, or written beside the PDFs.
import fs from 'node:fs';
import path from 'node:path';
import type { FolioClient } from '../../sdk/index.js';
import type { Parsed } from './args.js';
import { noExtra, positional, str } from './args.js';
import { checkOutputDir, formatBytes, plural, printJson, UsageError } from './output.js';

export const pdfToolsHelp = `  folio pdfs upload FILE [--password-env NAME] [--file-name NAME]
                               upload a PDF from outside Folio as a managed PDF (checked with qpdf; an
                               encrypted one is opened with the password in the environment variable NAME,
                               which is never stored); prints the new PDF's id
  folio pdfs info PDF_ID       pages, metadata, form fields, attachments, signatures, PDF/A and PDF/UA claims
  folio pdfs run STEPS.json SOURCE... [-o DIR] [--file-name NAME]
                               run the steps of STEPS.json (a JSON array, e.g. [{"type":"stamp","text":"PAID"}];
                               also redact, nUp, conform, extractText, validate: docs/pdf.md) on the sources
                               (pdf_…, job_…, or a local PDF or image file, uploaded first as a managed PDF;
                               joined in order) into new managed PDFs; -o DIR (made if missing) downloads them
                               and writes an extractText step's text as NAME.md or NAME.txt beside them,
                               else the text is printed; a validate step prints each standard's findings,
                               and the exit code is 1 when one did not pass`;

type Sub = 'upload' | 'info' | 'run';
export const isPdfToolCommand = (sub: string): sub is Sub => sub === 'upload' || sub === 'info' || sub === 'run';

export const pdfToolFlags = {
  'password-env': { type: 'string' },
} as const;

export async function pdfToolCommand(client: FolioClient, sub: Sub, p: Parsed): Promise<number> {
  if (sub === 'upload') {
    noExtra(p, 2);
    const file = positional(p, 1, 'the PDF file: folio pdfs upload FILE');
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new UsageError(`file not found: ${file}`);
    const envName = str(p, 'password-env');
    const password = envName !== undefined ? process.env[envName] : undefined;
    if (envName !== undefined && password === undefined) throw new UsageError(`--password-env ${envName}: the variable is not set`);
    const r = await client.pdfs.upload(fs.readFileSync(file), {
      ...(password !== undefined ? { password } : {}),
      fileName: str(p, 'file-name') ?? path.basename(file),
    });
    if (p.json) printJson(r);
    else
      console.log(
        `uploaded ${r.pdf.id} (${plural(r.pdf.pageCount, 'page')}, ${formatBytes(r.pdf.bytes)}${r.decrypted ? ', decrypted' : ''}) from ${file}`,
      );
    return 0;
  }
  if (sub === 'info') {
    noExtra(p, 2);
    const { info } = await client.pdfs.info(positional(p, 1, 'the PDF: folio pdfs info PDF_ID'));
    if (p.json) {
      printJson(info);
      return 0;
    }
    const first = info.pages[0];
    console.log(`${plural(info.pageCount, 'page')}${first ? `, page 1 ${Math.round(first.width)} × ${Math.round(first.height)} pt` : ''}`);
    const rotated = info.pages.filter((pg) => pg.rotation !== 0).map((pg) => `${pg.number} (${pg.rotation}°)`);
    if (rotated.length) console.log(`rotated: ${rotated.join(', ')}`);
    for (const [k, v] of Object.entries(info.metadata)) if (v) console.log(`${k}: ${v}`);
    console.log(
      `tagged: ${info.tagged ? 'yes' : 'no'}; language: ${info.language ?? '-'}; PDF/A: ${info.pdfA ?? '-'}; PDF/UA: ${info.pdfUA ?? '-'}`,
    );
    if (info.formFields.length) {
      console.log(`${plural(info.formFields.length, 'form field')}:`);
      for (const f of info.formFields) console.log(`  ${f.name} (${f.type}) = ${JSON.stringify(f.value)}`);
    }
    for (const a of info.attachments) console.log(`attachment: ${a.name}${a.bytes !== null ? ` (${formatBytes(a.bytes)})` : ''}`);
    if (info.signatures.count)
      console.log(
        `${plural(info.signatures.count, 'signature')}${info.signatures.signers.length ? `: ${info.signatures.signers.join(', ')}` : ''}`,
      );
    return 0;
  }
  const stepsFile = positional(p, 1, 'the steps: folio pdfs run STEPS.json SOURCE...');
  const sources = p.positionals.slice(2);
  if (sources.length === 0) throw new UsageError('missing the sources: folio pdfs run STEPS.json SOURCE... (pdf_…, job_… or a PDF file)');
  let steps: unknown;
  try {
    steps = JSON.parse(fs.readFileSync(stepsFile, 'utf8'));
  } catch (err) {
    throw new UsageError(
      `${stepsFile}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `not JSON (${(err as Error).message})`}`,
    );
  }
  if (!Array.isArray(steps)) throw new UsageError(`${stepsFile} must hold a JSON array of steps`);
  const out = str(p, 'output');
  if (out !== undefined) {
    fs.mkdirSync(out, { recursive: true });
    checkOutputDir(path.join(out, 'x.pdf'));
  }
  const kinds = sources.map((s): { pdfId: string } | { jobId: string } | { file: string } => {
    if (s.startsWith('pdf_')) return { pdfId: s };
    if (s.startsWith('job_')) return { jobId: s };
    if (fs.existsSync(s) && fs.statSync(s).isFile()) return { file: s };
    throw new UsageError(`${s} is neither a managed PDF (pdf_…), a render job (job_…) nor a PDF or image file`);
  });
  // A local PDF is uploaded first (POST /v1/pdfs: it becomes a managed PDF of the account).
  const resolved: Array<{ pdfId: string } | { jobId: string }> = [];
  for (const k of kinds) {
    if (!('file' in k)) resolved.push(k);
    else {
      const { pdf } = await client.pdfs.upload(fs.readFileSync(k.file), { fileName: path.basename(k.file) });
      if (!p.json) console.log(`uploaded ${k.file} as ${pdf.id}`);
      resolved.push({ pdfId: pdf.id });
    }
  }
  const body = {
    sources: resolved,
    steps,
    ...(str(p, 'file-name') ? { fileName: str(p, 'file-name') } : {}),
  } as Parameters<FolioClient['pdfs']['runSteps']>[0];
  const r = await client.pdfs.runSteps(body);
  const written: string[] = [];
  if (out !== undefined)
    for (const pdf of r.pdfs) {
      const target = path.join(out, pdf.fileName);
      await client.download(pdf.id, target);
      written.push(target);
    }
  const reports = (r.reports ?? []) as Report[];
  const texts = out !== undefined ? writeTexts(reports, out, str(p, 'file-name') ?? r.pdfs[0]?.fileName ?? 'text') : [];
  if (p.json) printJson({ ...r, ...(out !== undefined ? { files: [...written, ...texts] } : {}) });
  else {
    for (const [n, pdf] of r.pdfs.entries())
      console.log(`made ${pdf.id} (${plural(pdf.pageCount, 'page')}, ${formatBytes(pdf.bytes)})${written[n] ? ` → ${written[n]}` : ''}`);
    printReports(reports, texts);
  }
  return reports.some((x) => x.type === 'validate' && !x.passed) ? 1 : 0;
}

type Report =
  | { step: number; type: 'extractText'; format: string; text: string; pages: number; truncated: boolean }
  | {
      step: number;
      type: 'validate';
      passed: boolean;
      results: Array<{
        standard: string;
        passed: boolean;
        checked: string[];
        findings: Array<{ clause: string; message: string; pages?: number[]; count: number }>;
      }>;
    };

/** Each extractText report written into `dir` as NAME.md or NAME.txt (a second one gets -2, …): the files. */
function writeTexts(reports: Report[], dir: string, name: string): string[] {
  const base = name.replace(/\.pdf$/i, '');
  return reports
    .filter((x) => x.type === 'extractText')
    .map((x, k) => {
      const file = path.join(dir, `${base}${k > 0 ? `-${k + 1}` : ''}.${x.format === 'markdown' ? 'md' : 'txt'}`);
      fs.writeFileSync(file, x.text);
      return file;
    });
}

/** What the steps that read reported: the text (or where it was written), and each standard's outcome. */
function printReports(reports: Report[], written: string[]): void {
  let t = 0;
  for (const x of reports) {
    if (x.type === 'extractText') {
      const file = written[t++];
      if (file)
        console.log(`steps[${x.step}] extractText: ${plural(x.pages, 'page')} of ${x.format} → ${file}${x.truncated ? ' (cut)' : ''}`);
      else process.stdout.write(x.text.endsWith('\n') ? x.text : `${x.text}\n`);
      continue;
    }
    for (const v of x.results) {
      console.log(`steps[${x.step}] ${v.standard}: ${v.passed ? 'passed' : 'not passed'} (${plural(v.checked.length, 'clause')} checked)`);
      for (const f of v.findings)
        console.log(
          `  ${f.clause}: ${f.message}${f.pages?.length ? ` (page ${f.pages.join(', ')})` : ''}${f.count > 1 ? ` ×${f.count}` : ''}`,
        );
    }
  }
}
