// A PDF from outside Folio (POST /v1/pdfs), checked by qpdf before anything else reads it: `qpdf --check`
// parses every object and decodes every stream in a child process under a time and memory limit
// (tool-memory.ts), so a file that crashes, hangs or inflates the parser costs one ended process, never
// the API. An encrypted PDF is opened with the
// password the request brought and decrypted by qpdf; the stored PDF is the decrypted one.
// The password never appears on a command line (any local user can read another process's arguments in
// /proc) nor in qpdf's errors: qpdf gets a job file (QPDFJob JSON) holding it as a JSON string, written
// mode 600 to a private folder in /dev/shm (memory, where there is one) and removed when qpdf exits.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PdfError } from './errors.js';
import { outOfMemory, TOOL_MEMORY_BYTES, toolMissing, underMemoryLimit } from './tool-memory.js';

const SHM = '/dev/shm';
const PREFIX = 'folio-pdf-input-';
/** At most this much of qpdf's output is kept (the first lines say what is wrong). */
const OUTPUT_LIMIT = 4000;

interface QpdfResult {
  code: number | null;
  output: string;
}

/** Runs qpdf with a job file; resolves with its exit code and its first output, within `timeoutMs`. */
function runQpdf(args: string[], timeoutMs: number, qpdf = 'qpdf'): Promise<QpdfResult> {
  return new Promise((resolve, reject) => {
    const limited = underMemoryLimit(qpdf, args);
    const child = spawn(limited.command, limited.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let done = false;
    const keep = (d: Buffer) => {
      if (output.length < OUTPUT_LIMIT) output += d.toString('utf8').slice(0, OUTPUT_LIMIT - output.length);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      child.kill('SIGKILL');
      reject(new PdfError('qpdf_timeout', `qpdf did not finish reading the PDF within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('error', (e: NodeJS.ErrnoException) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      reject(
        new PdfError(
          'qpdf_failed',
          e.code === 'ENOENT' ? 'qpdf is not installed (Debian/Ubuntu: apt-get install qpdf)' : `qpdf could not run: ${e.message}`,
        ),
      );
    });
    child.on('close', (code) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (toolMissing(code, output)) reject(new PdfError('qpdf_failed', 'qpdf is not installed (Debian/Ubuntu: apt-get install qpdf)'));
      else resolve({ code, output });
    });
  });
}

/** qpdf's first complaint about the file, with the temporary path replaced by "the PDF". */
function firstProblem(output: string, file: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.split(file).join('the PDF').trim())
    .filter((l) => l && !/^(checking|PDF Version|File is|No syntax|errors that qpdf)/.test(l));
  const line = lines.find((l) => !l.startsWith('WARNING')) ?? lines[0] ?? 'qpdf could not read it';
  return line.replace(/^qpdf: /, '').replace(/^WARNING: /, '');
}

export interface OpenedPdf {
  /** The PDF to store: the input itself, or its decrypted copy. */
  bytes: Buffer;
  /** Whether the input was encrypted (and was decrypted). */
  wasEncrypted: boolean;
}

/**
 * Checks an uploaded PDF with `qpdf --check` and decrypts it when it is encrypted. Throws a PdfError:
 * input_invalid, password_required or password_incorrect (the file's fault), qpdf_failed or qpdf_timeout.
 */
export async function openUploadedPdf(
  pdf: Buffer,
  password: string | undefined,
  opts: { timeoutMs: number; qpdf?: string },
): Promise<OpenedPdf> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), PREFIX));
  const secretDir = existsSync(SHM) ? await fs.mkdtemp(path.join(SHM, PREFIX)).catch(() => dir) : dir;
  const deadline = Date.now() + opts.timeoutMs;
  const left = () => Math.max(1, deadline - Date.now());
  try {
    const inputFile = path.join(dir, 'in.pdf');
    const outputFile = path.join(dir, 'out.pdf');
    const jobFile = path.join(secretDir, 'job.json');
    await fs.writeFile(inputFile, pdf, { mode: 0o600 });
    const job = async (extra: Record<string, string>) => {
      await fs.writeFile(jobFile, JSON.stringify({ inputFile, ...(password !== undefined ? { password } : {}), ...extra }), {
        mode: 0o600,
      });
      try {
        return await runQpdf([`--job-json-file=${jobFile}`], left(), opts.qpdf);
      } finally {
        await fs.rm(jobFile, { force: true });
      }
    };

    const checked = await job({ check: '' });
    if (checked.code !== 0 && outOfMemory(checked.output))
      throw new PdfError(
        'input_invalid',
        `reading the PDF needs more than ${TOOL_MEMORY_BYTES / 1024 ** 3} GiB of memory, the limit (its streams inflate to more than a PDF may)`,
      );
    // Exit 2: errors; 3: warnings. A damaged file qpdf had to reconstruct is refused (a truncated upload
    // looks like that), and so is one whose stream lengths it had to recover (a stream declaring 1 GB it does
    // not have); other warnings are not.
    if (checked.code === 2 && /invalid password/.test(checked.output))
      throw password === undefined
        ? new PdfError('password_required', 'the PDF is encrypted: send its password in the `password` field')
        : new PdfError('password_incorrect', 'the password does not open the PDF');
    if (checked.code === 2 || (checked.code === 3 && /file is damaged|reconstruct|recover/i.test(checked.output)))
      throw new PdfError('input_invalid', `the PDF is damaged or truncated (qpdf --check: ${firstProblem(checked.output, inputFile)})`);
    if (checked.code !== 0 && checked.code !== 3)
      throw new PdfError('qpdf_failed', `qpdf --check ended with exit ${checked.code}: ${firstProblem(checked.output, inputFile)}`);

    const encrypted = await runQpdf(['--is-encrypted', inputFile], left(), opts.qpdf);
    if (encrypted.code !== 0) return { bytes: pdf, wasEncrypted: false };
    const decrypted = await job({ outputFile, decrypt: '' });
    if (decrypted.code !== 0 && decrypted.code !== 3)
      throw new PdfError('input_invalid', `the PDF could not be decrypted (${firstProblem(decrypted.output, inputFile)})`);
    return { bytes: await fs.readFile(outputFile), wasEncrypted: true };
  } finally {
    await fs.rm(secretDir, { recursive: true, force: true });
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The PDF linearised for fast web view with object streams generated (`qpdf --linearize
 * --object-streams=generate`), within `timeoutMs`. Throws a PdfError (qpdf_failed, qpdf_timeout).
 */
export async function optimizePdf(pdf: Uint8Array, opts: { timeoutMs: number; images?: boolean; qpdf?: string }): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), PREFIX));
  try {
    const inputFile = path.join(dir, 'in.pdf');
    const outputFile = path.join(dir, 'out.pdf');
    await fs.writeFile(inputFile, pdf, { mode: 0o600 });
    const images = opts.images ? ['--optimize-images'] : [];
    const r = await runQpdf(['--linearize', '--object-streams=generate', ...images, inputFile, outputFile], opts.timeoutMs, opts.qpdf);
    if (r.code !== 0 && r.code !== 3)
      throw new PdfError('qpdf_failed', `qpdf could not optimize the PDF: ${firstProblem(r.output, inputFile)}`);
    return await fs.readFile(outputFile);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
