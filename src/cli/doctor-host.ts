// The `folio doctor` checks of what the machine provides beyond Folio's settings: room in the data dir,
// the fonts templates print with, and the PDF tools some jobs need. They only read.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config/load.js';
import { fail, formatBytes, message, ok, warn, type CheckResult } from './doctor-result.js';

const run = promisify(execFile);

/** Free space in the data dir below which `disk` warns, and below which it fails (docs/cli.md, folio doctor). */
export const DISK_WARN_BYTES = 1024 ** 3;
export const DISK_FAIL_BYTES = 100 * 1024 ** 2;

/**
 * The fonts `npm start`'s set-up (scripts/setup.sh) and the image (Dockerfile) install, by the families
 * fc-list reports and the Debian package that brings them. Without them Chromium falls back to whatever
 * is there, and text in scripts no installed font covers prints as empty boxes.
 */
export const FONT_REQUIREMENTS = [
  { label: 'Liberation Sans/Serif/Mono', family: /^Liberation (Sans|Serif|Mono)$/, pkg: 'fonts-liberation' },
  { label: 'Noto Sans/Serif', family: /^Noto (Sans|Serif)$/, pkg: 'fonts-noto-core' },
  { label: 'Noto Color Emoji', family: /^Noto Color Emoji$/, pkg: 'fonts-noto-color-emoji' },
] as const;

// ---- disk ----------------------------------------------------------------------------------------------

/** `disk`: the data dir is writable and has room (warn under DISK_WARN_BYTES, fail under DISK_FAIL_BYTES). */
export function checkDisk(config: Config): CheckResult {
  const dir = config.dataDir;
  let existing = dir;
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  const where = existing === dir ? dir : `${dir} (does not exist yet; measured on ${existing})`;
  try {
    fs.accessSync(existing, fs.constants.W_OK);
  } catch {
    return fail('disk', `${where} is not writable by this user`, `give the user Folio runs as write access to ${dir} (chown)`);
  }
  const s = fs.statfsSync(existing);
  const free = s.bavail * s.bsize;
  const total = s.blocks * s.bsize;
  const detail = `${formatBytes(free)} free of ${formatBytes(total)} in ${where}`;
  const fix = `free space or grow the volume of ${dir}: uploads are staged there, and the SQLite database and file blobs grow there`;
  if (free < DISK_FAIL_BYTES) return fail('disk', `${detail}: writes will soon be refused (507 insufficient_storage)`, fix);
  if (free < DISK_WARN_BYTES) return warn('disk', `${detail}: under ${formatBytes(DISK_WARN_BYTES)}`, fix);
  return ok('disk', detail);
}

// ---- fonts ---------------------------------------------------------------------------------------------

/** `fonts`: the families the set-up installs, as fontconfig (which Chromium uses) lists them. */
export async function checkFonts(): Promise<CheckResult> {
  let out: string;
  try {
    out = (await run('fc-list', [':', 'family'], { timeout: 15_000, maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return warn(
      'fonts',
      missing ? 'fc-list is not installed, so the installed fonts cannot be listed' : `fc-list failed: ${message(err)}`,
      `apt-get install fontconfig (then run folio doctor again)`,
    );
  }
  const families = new Set(out.split('\n').flatMap((line) => line.split(',').map((f) => f.trim())));
  const has = (re: RegExp) => [...families].some((f) => re.test(f));
  const missing = FONT_REQUIREMENTS.filter((r) => !has(r.family));
  const present = FONT_REQUIREMENTS.filter((r) => has(r.family)).map((r) => `${r.label} (${r.pkg})`);
  if (missing.length > 0) {
    return warn(
      'fonts',
      `missing ${missing.map((r) => r.label).join(', ')}${present.length ? `; present: ${present.join(', ')}` : ''}: templates that ask for them print in a fallback font, and text no installed font covers prints as empty boxes`,
      `apt-get install ${missing.map((r) => r.pkg).join(' ')}`,
    );
  }
  const cjk = has(/^Noto (Sans|Serif) CJK/) ? ', Noto CJK (fonts-noto-cjk)' : '';
  return ok('fonts', `${present.join(', ')}${cjk}; ${families.size} families in all`);
}

// ---- PDF tools -----------------------------------------------------------------------------------------

/** A tool's version line (`pdfinfo version 22.12.0`, `qpdf version 11.3.0`), or why it did not answer. */
async function toolVersion(command: string, args: string[]): Promise<{ version: string } | { missing: boolean; error: string }> {
  try {
    const { stderr, stdout } = await run(command, args, { timeout: 15_000 });
    return { version: new RegExp(`${command} version (\\S+)`).exec(stderr + stdout)?.[1] ?? 'unknown version' };
  } catch (err) {
    return { missing: (err as NodeJS.ErrnoException).code === 'ENOENT', error: `${command} ${args.join(' ')} failed: ${message(err)}` };
  }
}

/**
 * `pdf tools`: poppler's pdfinfo, which the two-pass render of page references reads a print's named
 * destinations with (pdf/destinations.ts), and qpdf, which encrypts protected PDFs (pdf/protect.ts).
 * Without them those jobs fail; other jobs do not need them.
 */
export async function checkPdfTools(): Promise<CheckResult> {
  const pdfinfo = await toolVersion('pdfinfo', ['-v']);
  const qpdf = await toolVersion('qpdf', ['--version']);
  const problems: string[] = [];
  const packages: string[] = [];
  if (!('version' in pdfinfo)) {
    problems.push(
      pdfinfo.missing ? 'poppler-utils is not installed: jobs of versions with render.metadata.pdf.pageReferences fail' : pdfinfo.error,
    );
    packages.push('poppler-utils');
  }
  if (!('version' in qpdf)) {
    problems.push(qpdf.missing ? 'qpdf is not installed: jobs that ask for protection fail' : qpdf.error);
    packages.push('qpdf');
  }
  if (problems.length > 0) return warn('pdf tools', problems.join('; '), `apt-get install ${packages.join(' ')}`);
  return ok(
    'pdf tools',
    `poppler pdfinfo ${'version' in pdfinfo ? pdfinfo.version : ''} (page references), qpdf ${'version' in qpdf ? qpdf.version : ''} (protection)`,
  );
}

/**
 * The e-invoice validator's runtime (docs/einvoice.md): Java and Saxon-HE, and whether bubblewrap confines
 * it here. Without them e-invoices are embedded unchecked (einvoice_not_validated) and validation answers 503.
 */
export async function checkEInvoiceValidator(config: Config): Promise<CheckResult> {
  const { confinement, findValidatorRuntime } = await import('../einvoice/validator-process.js');
  const runtime = findValidatorRuntime({ java: config.einvoiceJava, saxonJar: config.einvoiceSaxonJar, memoryMb: 0, timeoutMs: 0 });
  if ('problem' in runtime)
    return warn(
      'e-invoice validator',
      `${runtime.problem}: e-invoices are embedded unchecked`,
      'apt-get install default-jre-headless libsaxonhe-java',
    );
  let version = '';
  try {
    // `java -version` writes to stderr.
    const { stderr } = await run(runtime.java, ['-version'], { timeout: 20_000 });
    version = /version "([^"]+)"/.exec(stderr)?.[1] ?? '';
  } catch (err) {
    return warn('e-invoice validator', `${runtime.java} does not run: ${message(err)}`, 'apt-get install default-jre-headless');
  }
  const confined = confinement() ? 'in its own network namespace (bubblewrap)' : 'without a namespace of its own (no usable bubblewrap)';
  return ok('e-invoice validator', `Java ${version} with Saxon-HE (${runtime.jar}), ${confined}`);
}
