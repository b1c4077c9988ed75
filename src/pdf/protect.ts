// Encrypts a PDF with passwords and permissions: AES-256, security handler revision 6
// (PDF 2.0), by qpdf. The passwords never appear on a command line (any local user can read another
// process's arguments in /proc) nor in qpdf's argument syntax, where a password starting with "-" would be
// read as an option and echoed in the error: qpdf gets a job file (QPDFJob JSON, `--job-json-file`), which
// holds each password as a JSON string. qpdf seeks in that file, so it cannot be a pipe: it is written,
// mode 600, to a private folder in /dev/shm (memory, where there is one) and removed when qpdf exits. The
// PDFs go through a private folder in the temporary directory, removed at once too.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PdfPermissions } from '../domain/pdfs/pdf-protection.js';
import { PdfError } from './errors.js';
import { toolMissing, underMemoryLimit } from './tool-memory.js';

export interface PdfProtection {
  userPassword?: string;
  ownerPassword: string;
  permissions: PdfPermissions;
}

const yn = (b: boolean) => (b ? 'y' : 'n');

/** qpdf's 256-bit restrictions for the permissions (`qpdf --job-json-help`, "256bit"). */
export function qpdfRestrictions(p: PdfPermissions): Record<string, string> {
  return {
    print: !p.print ? 'none' : p.printHighQuality ? 'full' : 'low',
    extract: yn(p.copy),
    modifyOther: yn(p.modify),
    annotate: yn(p.annotate),
    form: yn(p.fillForms),
    accessibility: yn(p.accessibility),
    assemble: yn(p.assemble),
  };
}

const SHM = '/dev/shm';
const PREFIX = 'folio-protect-';

/** A folder older than this cannot belong to a running encryption (qpdf is given at most a minute). */
const LEFTOVER_AGE_MS = 10 * 60_000;

/**
 * Removes the folders of encryptions a process did not finish (killed while qpdf ran): the job file in one
 * of them holds passwords. Called when a worker starts. Only old folders go: another worker process on the
 * same machine may be encrypting right now.
 */
export async function removeLeftoverProtectFolders(now = Date.now()): Promise<number> {
  let removed = 0;
  for (const dir of [os.tmpdir(), SHM]) {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.startsWith(PREFIX))) {
      const full = path.join(dir, name);
      const stat = await fs.stat(full).catch(() => null);
      if (!stat || now - stat.mtimeMs < LEFTOVER_AGE_MS) continue;
      await fs.rm(full, { recursive: true, force: true }).catch(() => {});
      removed++;
    }
  }
  return removed;
}

/** The protected PDF. Rejects with a PdfError when qpdf is missing or fails. */
export async function protectPdf(
  pdf: Buffer,
  protection: PdfProtection,
  opts: { timeoutMs?: number; qpdf?: string } = {},
): Promise<Buffer> {
  // An empty user password lets anyone open the PDF, with the restrictions; the owner password lifts them.
  const encrypt = {
    userPassword: protection.userPassword ?? '',
    ownerPassword: protection.ownerPassword,
    '256bit': qpdfRestrictions(protection.permissions),
  };
  // The PDF goes to a private temporary folder, the job file (it holds the passwords) to a private folder
  // under /dev/shm (memory) where there is one; both are removed when qpdf is done.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), PREFIX));
  const secretDir = existsSync(SHM) ? await fs.mkdtemp(path.join(SHM, PREFIX)).catch(() => dir) : dir;
  try {
    const files = { inputFile: path.join(dir, 'in.pdf'), outputFile: path.join(dir, 'out.pdf') };
    const jobFile = path.join(secretDir, 'job.json');
    await fs.writeFile(files.inputFile, pdf, { mode: 0o600 });
    await fs.writeFile(jobFile, JSON.stringify({ ...files, encrypt }), { mode: 0o600 });
    await runQpdf([`--job-json-file=${jobFile}`], opts);
    return await fs.readFile(files.outputFile);
  } finally {
    await fs.rm(secretDir, { recursive: true, force: true });
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Runs qpdf; resolves when it exits successfully. */
function runQpdf(argv: string[], opts: { timeoutMs?: number; qpdf?: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const limited = underMemoryLimit(opts.qpdf ?? 'qpdf', argv);
    const child = spawn(limited.command, limited.args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    let done = false;
    const finish = (e: Error | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (e) {
        child.kill('SIGKILL');
        reject(e);
      } else resolve();
    };
    const ms = opts.timeoutMs ?? 60_000;
    const timer = setTimeout(() => finish(new PdfError('postprocess', `qpdf did not encrypt the PDF within ${ms} ms`)), ms);
    child.on('error', (e: NodeJS.ErrnoException) =>
      finish(
        new PdfError(
          'postprocess',
          e.code === 'ENOENT'
            ? 'qpdf is not installed (Debian/Ubuntu: apt-get install qpdf; `npm start` installs it)'
            : `qpdf could not run: ${e.message}`,
        ),
      ),
    );
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 2000) err += d.toString();
    });
    // Exit 3 is "succeeded with warnings" (e.g. damage it repaired). The message is qpdf's first line about
    // the PDF, never the job file (which holds the passwords).
    child.on('close', (code) =>
      finish(
        code === 0 || code === 3
          ? null
          : toolMissing(code, err)
            ? new PdfError('postprocess', 'qpdf is not installed (Debian/Ubuntu: apt-get install qpdf; `npm start` installs it)')
            : new PdfError('postprocess', `qpdf could not encrypt the PDF (exit ${code}): ${err.trim().split('\n')[0] ?? ''}`),
      ),
    );
  });
}
