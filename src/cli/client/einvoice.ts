// folio einvoice validate: an e-invoice (the XML, or a hybrid PDF that embeds it) checked by the server
// against the official schema and rule sets of its profile (POST /v1/e-invoices/validate). The verdict is
// the exit code: 0 valid (warnings allowed), 1 when a finding is an error.
import fs from 'node:fs';
import { EINVOICE_PROFILES, type EInvoiceProfile } from '../../domain/einvoice/einvoice-profiles.js';
import type { EInvoiceFinding, EInvoiceValidation } from '../../sdk/index.js';
import { clientFromEnv } from './api.js';
import { noExtra, parse, positional, str } from './args.js';
import { plural, printJson, UsageError } from './output.js';

const PROFILE_LIST = EINVOICE_PROFILES.map((p) => `"${p}"`).join(', ');

export const einvoiceHelp = `Usage: folio einvoice validate FILE [--profile P] [--json]

Checks an e-invoice on the server against the official schema and rule sets of its profile (EN 16931,
Factur-X / ZUGFeRD, XRechnung): FILE is the XML (CII or UBL) or a PDF that embeds it (factur-x.xml,
xrechnung.xml, zugferd-invoice.xml). Prints VALID or INVALID, the syntax, the profile, the rule sets
checked and each finding, errors first: severity, rule, message and where. Nothing is stored.

Options:
  --profile P    the profile to check against (default: the one the XML's guideline id names):
                 ${PROFILE_LIST}
                 (case, spaces and dashes do not matter: en16931, basic-wl)
  --json         the server's answer as JSON: {report: {valid, syntax, profile, guideline, checked,
                 counts, findings}, embeddedFile?}
  -h, --help     show this help

Exit codes: 0 valid (warnings allowed), 1 invalid (an error finding) or the API refused, 2 usage.`;

const squash = (s: string) => s.toUpperCase().replace(/[\s_-]+/g, '');

/** --profile as the API spells it; `en16931`, `basic-wl` and `xrechnung` are understood too. */
export function profileFlag(value: string | undefined): EInvoiceProfile | undefined {
  if (value === undefined) return undefined;
  const hit = EINVOICE_PROFILES.find((p) => squash(p) === squash(value));
  if (!hit) throw new UsageError(`--profile must be one of ${PROFILE_LIST}, got "${value}"`);
  return hit;
}

const RANK: Record<EInvoiceFinding['severity'], number> = { error: 0, warning: 1, information: 2 };

/** The verdict for people: VALID/INVALID, what was checked, then each finding, errors first. */
export function einvoiceSummary(file: string, r: EInvoiceValidation): string {
  const { report } = r;
  const { counts } = report;
  const lines = [
    `${report.valid ? 'VALID' : 'INVALID'}  ${file}${r.embeddedFile ? ` (embedded ${r.embeddedFile})` : ''}`,
    `syntax     ${report.syntax}`,
    `profile    ${report.profile}${report.guideline ? ` (${report.guideline})` : ''}`,
    ...report.checked.map((c, i) => `${i === 0 ? 'checked   ' : '          '} ${c}`),
    `findings   ${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${counts.information} information`,
  ];
  const findings = [...report.findings].sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  for (const f of findings) {
    lines.push(`  ${f.severity.padEnd(11)} ${f.rule}: ${f.message}`);
    if (f.location) lines.push(`  ${' '.repeat(11)} at ${f.location}`);
  }
  const unlisted = counts.error + counts.warning + counts.information - findings.length;
  if (unlisted > 0) lines.push(`  … and ${unlisted} more (--json has the ${findings.length} the server lists; counts has them all)`);
  return lines.join('\n');
}

export async function einvoiceCommand(argv: string[]): Promise<number> {
  const p = parse(argv, { profile: { type: 'string' } });
  const sub = p.positionals[0];
  if (p.help || !sub) {
    console.log(einvoiceHelp);
    return p.help ? 0 : 2;
  }
  if (sub !== 'validate') throw new UsageError(`unknown einvoice command "${sub}" (validate)`);
  const file = positional(p, 1, 'the e-invoice: folio einvoice validate FILE (its XML, or a PDF that embeds it)');
  noExtra(p, 2);
  const profile = profileFlag(str(p, 'profile'));
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new UsageError(`file not found: ${file}`);
  const bytes = fs.readFileSync(file);
  const r = await clientFromEnv().einvoices.validate(bytes, profile !== undefined ? { profile } : {});
  if (p.json) printJson(r);
  else console.log(einvoiceSummary(file, r));
  return r.report.valid ? 0 : 1;
}
