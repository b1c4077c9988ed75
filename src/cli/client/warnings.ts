// A render job's warnings on the command line (docs/errors.md, "Render job warning codes"): what went wrong
// in a job that still made its output is printed on stderr after "wrote …", one line per code, with a hint
// how to make it fatal; --strict turns any warning into exit 1 (the output is written first), and
// --fail-on gives the job a failOn of its own. The codes are the SDK's list: the client knows no other.
import { isJobWarningCode, JOB_WARNING_CODES, type FolioClient, type JobWarningCode, type WarningCount } from '../../sdk/index.js';
import type { Parsed } from './args.js';
import { CliError, plural, UsageError } from './output.js';

/** A warning as shown: with its message when the job was read, by code and count when only a header named it. */
export interface ShownWarning {
  code: string;
  count: number;
  message?: string;
}

export const warningOptionFlags = {
  strict: { type: 'boolean' },
  'fail-on': { type: 'string' },
} as const;

/** The warning codes as lines of a --help text's second column (25 characters in, at most 80 wide). */
export function helpCodeLines(): string {
  const lines: string[] = [];
  let line = 'codes:';
  for (const [i, code] of JOB_WARNING_CODES.entries()) {
    const word = i < JOB_WARNING_CODES.length - 1 ? `${code},` : code;
    if (`${line} ${word}`.length > 80) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`;
  }
  lines.push(line);
  return lines.map((l) => `${' '.repeat(25)}${l}`).join('\n');
}

export const warningOptionsHelp = `  --strict               exit 1 when the finished job has any warning (the output is still written);
                         needs --wait or -o
  --fail-on CODE[,CODE]  these warnings fail the job instead (its failOn, replacing the version's
                         render.failOn; none: no warning fails it);
${helpCodeLines()}`;

/** --fail-on CODE[,CODE] as the job body's `failOn` (`none`: an empty list); an unknown code is a usage error naming it. */
export function failOnOption(p: Parsed): { failOn?: JobWarningCode[] } {
  const v = p.values['fail-on'];
  if (typeof v !== 'string') return {};
  const codes = v
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  if (codes.length === 1 && codes[0] === 'none') return { failOn: [] };
  if (codes.length === 0) throw new UsageError(`--fail-on needs warning codes (${JOB_WARNING_CODES.join(', ')}) or none`);
  for (const c of codes)
    if (!isJobWarningCode(c))
      throw new UsageError(`--fail-on: "${c}" is not a warning code (one of ${JOB_WARNING_CODES.join(', ')}, or none)`);
  return { failOn: [...new Set(codes as JobWarningCode[])] };
}

/**
 * The warnings of a job whose output came with the Folio-Warnings header only: the job is read for their
 * messages (one request, only when there are warnings); if that read fails, the codes and counts are shown.
 */
export async function withMessages(client: FolioClient, jobId: string, counts: WarningCount[]): Promise<ShownWarning[]> {
  if (counts.length === 0) return [];
  try {
    return (await client.renderJobs.get(jobId)).job.warnings ?? counts;
  } catch {
    return counts;
  }
}

/** `page_exception (2×): TypeError: items is undefined (https://bundle.folio.internal/app.js:3)` */
export function describeWarning(w: ShownWarning): string {
  return `${w.code}${w.count > 1 ? ` (${w.count}×)` : ''}${w.message ? `: ${w.message}` : ''}`;
}

/**
 * One `warning:` line per code on stderr, then how to make them fatal: `perJob` for a command that creates
 * the job (`--fail-on` applies), else only the version's render.failOn. Nothing with --json (the JSON has them).
 */
export function printWarnings(warnings: ShownWarning[], o: { json: boolean; perJob?: boolean }): void {
  if (o.json || warnings.length === 0) return;
  for (const w of warnings) process.stderr.write(`warning: ${describeWarning(w)}\n`);
  printFatalHint(
    warnings.map((w) => w.code),
    o.perJob ?? true,
  );
}

/** The `hint:` line after warnings: the flags and the version setting that make those codes fatal. */
export function printFatalHint(codes: string[], perJob: boolean): void {
  const list = [...new Set(codes)].join(',');
  const version = `the version's render.failOn (folio deploy --fail-on ${list})`;
  process.stderr.write(
    `hint: to make these fatal: ${perJob ? `--fail-on ${list} (this job), or ${version}` : version}; --strict exits 1 on any warning\n`,
  );
}

/** --strict: a job with warnings is a failure (exit 1) once its output is written. */
export function checkStrict(strict: boolean, jobId: string, warnings: ShownWarning[]): void {
  if (!strict || warnings.length === 0) return;
  const codes = [...new Set(warnings.map((w) => w.code))].join(', ');
  throw new CliError(
    'job_has_warnings',
    `render job ${jobId} succeeded with ${plural(warnings.length, 'warning')} (${codes}) and --strict fails on any; its output was written`,
  );
}
