// The answer of Gotenberg's LibreOffice route when it is more than one job's PDF: several Office files, each
// converted in turn by a render job of its own (quotas, meters, diagnostics, the sandbox), then merged or
// kept apart, and the PDF-engine work the form asks for (split, metadata, flatten, …) run on the PDFs by
// Folio's PDF-job steps in the sandbox, as the /forms/pdfengines routes run it. Named as Gotenberg names
// them: `report.docx.pdf` for each file of a zip, `report.docx_0.pdf`, `report.docx_1.pdf`… for the parts
// of a split (`merged_0.pdf`… when the files were merged first).
import { mergeOrder, outputFileName } from '../../../domain/gotenberg/form.js';
import type { LibreOfficeForm } from '../../../domain/gotenberg/libreoffice.js';
import type { EnginePlan } from '../../../domain/gotenberg/pdf-engines.js';
import { parseStoredWarnings, WarningTally } from '../../../domain/jobs/job-warnings.js';
import { AppError } from '../../../errors/app-error.js';
import type { Services } from '../../../services/index.js';
import type { AnsweredFile } from '../../file-answer.js';
import type { FormFile } from '../../multipart/form-parts.js';
import { formField } from './answer.js';

type Result = { bytes: Uint8Array; pageCount?: number };

/** A refusal of a file's job (its content: `entry`) named by the file, which one of several it is. */
function fileNamed(err: unknown, name: string): unknown {
  if (err instanceof AppError && err.details?.field === 'entry') err.details.field = name;
  return err;
}

/** Each Office file converted by a render job of its own, one after the other; a failure names its file. */
async function convertEach(s: Services, accountId: string, files: FormFile[], office: object, waitSeconds: number) {
  const pdfs: Array<{ name: string; bytes: Buffer; fileName: string; pageCount: number }> = [];
  const warnings = new WarningTally();
  for (const file of files) {
    const job = {
      entry: file.name,
      files: { [file.name]: file.bytes.toString('base64') },
      ...(Object.keys(office).length > 0 ? { office } : {}),
      hasPayload: false,
    };
    const created = await s.renderJobs.create(accountId, job).catch((err: unknown) => formField(fileNamed(err, file.name)));
    const jobId = created.job.id;
    const done = await s.renderSync.wait(accountId, jobId, waitSeconds);
    const details = {
      jobId,
      jobStatus: done.status,
      file: file.name,
      ...(done.error_code !== null ? { jobErrorCode: done.error_code } : {}),
    };
    if (done.status === 'failed' || done.status === 'canceled')
      throw new AppError('render_job_failed', `${file.name}: ${done.error_message ?? `render job ${jobId} was ${done.status}`}`, details);
    if (done.status !== 'succeeded')
      throw new AppError('conversion_timeout', `${file.name}: render job ${jobId} is still ${done.status} after ${waitSeconds} s`, details);
    warnings.addAll(parseStoredWarnings(done.warnings_json));
    const out = await s.renderSync.output(jobId);
    const bytes = await s.ctx.blobs.getBuffer(out.storageKey);
    pdfs.push({ name: file.name, bytes, fileName: out.fileName, pageCount: out.pageCount ?? 0 });
  }
  return { pdfs, warnings: warnings.list() };
}

/** A `conform` step's failure named by the form field it came from (`pdfa`). */
function conformField(err: unknown): never {
  const field = err instanceof AppError ? err.details?.field : undefined;
  if (typeof field === 'string' && /^steps\[\d+\]\.standard$/.test(field)) (err as AppError).details!.field = 'pdfa';
  throw err;
}

/** The plan on the PDFs (each alone, or `joined` into one): a split first, then the other steps on each part. */
async function runPlan(s: Services, accountId: string, pdfs: Array<{ name: string; bytes: Buffer }>, plan: EnginePlan, joined: boolean) {
  const opts = { each: !joined, given: plan.pdfs };
  if (!plan.splitSteps) return s.pdfJobs.runOnUploads(accountId, pdfs, () => plan.steps, opts);
  const parts = await s.pdfJobs.runOnUploads(accountId, pdfs, () => plan.splitSteps!, { each: !joined });
  if (plan.steps.length === 0) return parts;
  const out = [];
  for (const [i, group] of parts.entries()) {
    const files = group.map((p, k) => ({
      name: `${joined ? 'merged' : pdfs[i].name}#${k + 1}`,
      bytes: Buffer.from(p.bytes.buffer, p.bytes.byteOffset, p.bytes.length),
    }));
    const pages = group.map((p) => p.pageCount);
    out.push((await s.pdfJobs.runOnUploads(accountId, files, () => plan.steps, { ...opts, each: true, pages })).flat());
  }
  return out;
}

/** Gotenberg's names: `base.pdf` per group, or `base_0.pdf`… per part; one file alone is `single` or the header's. */
function resultNames(bases: string[], groups: Result[][], plan: EnginePlan | undefined, single: string, header: string | undefined) {
  const names: string[] = [];
  for (const [i, group] of groups.entries()) {
    if (plan?.split === 'parts') group.forEach((_, k) => names.push(`${bases[i]}_${k}.pdf`));
    else names.push(`${bases[i]}.pdf`);
  }
  if (names.length === 1) return [outputFileName(header, 'pdf') ?? (plan?.splitSteps ? names[0] : single)];
  return names;
}

/**
 * The files of the answer (one PDF, or several for a zip) and its warnings (`Folio-Warnings`): the jobs'
 * warnings and the PDF-engine fields not honoured in full.
 */
export async function officeResults(
  s: Services,
  accountId: string,
  form: LibreOfficeForm & { inputs: FormFile[] },
  header: string | undefined,
  waitSeconds: number,
): Promise<{ files: AnsweredFile[]; warnings: string[] }> {
  const byName = new Map(form.inputs.map((f) => [f.name, f]));
  const order = form.merge ? mergeOrder([...byName.keys()]).map((n) => byName.get(n)!) : form.inputs;
  const converted = await convertEach(s, accountId, order, form.office, waitSeconds);
  const pdfs = converted.pdfs.map((p) => ({ name: p.name, bytes: p.bytes }));
  const plan = form.after;
  let groups: Result[][];
  if (plan) groups = await runPlan(s, accountId, pdfs, plan, form.merge).catch(conformField);
  else if (form.merge) groups = [[await s.pdfMerges.mergeUploads(accountId, pdfs)]];
  else groups = converted.pdfs.map((p) => [{ bytes: p.bytes, pageCount: p.pageCount }]);
  const single = form.merge ? 'merged.pdf' : converted.pdfs[0].fileName;
  const names = resultNames(form.merge ? ['merged'] : order.map((f) => f.name), groups, plan, single, header);
  const files = groups.flat().map((r, i): AnsweredFile => ({ name: names[i], bytes: r.bytes, pageCount: r.pageCount }));
  const warnings = [
    ...converted.warnings.map((w) => `${w.code};count=${w.count}`),
    ...(plan?.warnings ?? []).map((w) => `option_not_honoured;field=${w.split(' ')[0]}`),
  ];
  return { files, warnings };
}
