// A job's e-invoice checked before anything is printed: the XML sent, or the one generated from the invoice
// data sent (in the sandbox), is a CII invoice (a Factur-X / ZUGFeRD PDF embeds CII), its profile is the one
// asked for or the one its guideline id names, and the official rule sets of that profile find no error
// (400 einvoice_invalid with every finding otherwise). Where Java or Saxon-HE is missing the job goes on,
// and the worker marks it einvoice_not_validated.
import { profileOfGuideline, type EInvoiceProfile, type EInvoiceSyntax } from '../../domain/einvoice/einvoice-profiles.js';
import { isSandboxError, isSandboxLimit } from '../../sandbox/pool.js';
import { jobWarning, type JobWarning } from '../../domain/jobs/job-warnings.js';
import { isEInvoiceError } from '../../einvoice/einvoice-error.js';
import type { EInvoiceReport } from '../../einvoice/validate.js';
import type { EInvoiceCheck } from '../../einvoice/einvoice-validator.js';
import { AppError } from '../../errors/app-error.js';
import type { ServiceContext } from '../context.js';

const invalid = (field: string, message: string) => new AppError('invalid_request', message, { field });

/** The error of an invoice the rule sets refuse: its first errors named in the message, all in details. */
export function einvoiceInvalid(report: EInvoiceReport, field: string): AppError {
  const errors = report.findings.filter((f) => f.severity === 'error');
  const named = errors
    .slice(0, 3)
    .map((f) => `${f.rule} (${f.message.length > 160 ? `${f.message.slice(0, 157)}...` : f.message})`)
    .join('; ');
  const more = report.counts.error > 3 ? `, and ${report.counts.error - 3} more` : '';
  return new AppError('einvoice_invalid', `${field} is not a valid ${report.profile} e-invoice: ${named}${more}`, {
    field,
    profile: report.profile,
    syntax: report.syntax,
    counts: report.counts,
    findings: report.findings,
  });
}

/** The job warning of an invoice's warning-level findings (null when it has none): their rules, first ones first. */
export function einvoiceRuleWarning(report: EInvoiceReport): JobWarning | null {
  const warnings = report.findings.filter((f) => f.severity === 'warning');
  if (report.counts.warning === 0) return null;
  const rules = [...new Set(warnings.map((f) => f.rule))];
  return jobWarning(
    'einvoice_rule_warning',
    report.counts.warning,
    `${report.counts.warning} warning-level finding(s) of the ${report.profile} rule sets: ${rules.join(', ')}`,
  );
}

/** 503 when Java or Saxon-HE is missing here: the routes that only validate cannot do without them. */
export function requireValidator(ctx: ServiceContext): void {
  const unavailable = ctx.einvoice.unavailableReason();
  if (unavailable) throw new AppError('einvoice_validator_unavailable', `e-invoices cannot be validated on this server: ${unavailable}`);
}

/**
 * The rule sets' verdict on an XML, their refusals as the API's errors: an XML that is not an e-invoice (or
 * whose profile contradicts the one asked) is 400 naming its field; one the validator could not finish
 * (past its time or memory) is refused as einvoice_invalid, never passed unchecked.
 */
export async function verdict(ctx: ServiceContext, xml: Uint8Array, check: EInvoiceCheck & { field: string }): Promise<EInvoiceReport> {
  try {
    return await ctx.einvoice.validate(xml, check);
  } catch (err) {
    if (isEInvoiceError(err, 'input')) throw invalid(err.field ?? check.field, err.message);
    if (isEInvoiceError(err, 'failed'))
      throw new AppError('einvoice_invalid', `${check.field} could not be checked: ${err.message}`, { field: check.field, findings: [] });
    throw err;
  }
}

/** The profile invoice data names in `cbc:CustomizationID`, if it names one Folio knows. */
function profileOfData(data: Record<string, unknown>): EInvoiceProfile | null {
  const invoice = data['ubl:Invoice'];
  const id = invoice && typeof invoice === 'object' ? (invoice as Record<string, unknown>)['cbc:CustomizationID'] : undefined;
  return typeof id === 'string' ? profileOfGuideline(id) : null;
}

/**
 * The XML of invoice data for a profile and syntax, made in the sandbox under the account's turn; refusals
 * name the request's fields (`eInvoice.data` in a job, `data` on POST /v1/e-invoices).
 */
export async function generatedXml(
  ctx: ServiceContext,
  accountId: string,
  data: Record<string, unknown>,
  opts: { profile?: EInvoiceProfile; syntax: EInvoiceSyntax; under: string },
): Promise<{ xml: string; profile: EInvoiceProfile }> {
  const profile = opts.profile ?? profileOfData(data);
  const [dataField, profileField] = [`${opts.under}data`, `${opts.under}profile`];
  if (!profile)
    throw invalid(profileField, `${profileField} is needed with ${dataField}, unless the data names it in ubl:Invoice/cbc:CustomizationID`);
  try {
    const bytes = await ctx.sandbox.run(
      'einvoice.generate',
      { data, profile, syntax: opts.syntax },
      { account: accountId, timeoutMs: ctx.config.sandboxTimeoutMs },
    );
    return { xml: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'), profile };
  } catch (err) {
    if (isSandboxError(err, 'task') && err.errorName === 'InvoiceDataError')
      throw invalid(dataField, `${dataField} is not invoice data the generator takes: ${err.message}`);
    if (isSandboxLimit(err)) throw invalid(dataField, `${dataField} could not be turned into XML: ${err.message}`);
    throw err;
  }
}

/**
 * The XML, profile and warning of a job's e-invoice once it passed the rule sets: the XML is the one sent or
 * the one made from the data sent; the warning is its warning-level findings, or that it could not be
 * checked on this server.
 */
export async function checkJobEInvoice(
  ctx: ServiceContext,
  accountId: string,
  e: { profile?: EInvoiceProfile; xml?: string; data?: Record<string, unknown> },
): Promise<{ xml: string; profile: EInvoiceProfile; warning: JobWarning | null }> {
  if ((e.xml === undefined) === (e.data === undefined))
    throw invalid('eInvoice', 'eInvoice needs exactly one of xml (the XML) and data (the invoice as data)');
  const text = e.xml ?? (await generatedXml(ctx, accountId, e.data!, { profile: e.profile, syntax: 'CII', under: 'eInvoice.' })).xml;
  const field = e.xml !== undefined ? 'eInvoice.xml' : 'eInvoice.data';
  const xml = Buffer.from(text, 'utf8');
  const unavailable = ctx.einvoice.unavailableReason();
  if (unavailable !== null) return unchecked(ctx, accountId, xml, { ...e, xml: text }, field, unavailable);
  const report = await verdict(ctx, xml, { ...(e.profile ? { profile: e.profile } : {}), inPdf: true, field });
  if (!report.valid) throw einvoiceInvalid(report, field);
  return { xml: text, profile: report.profile, warning: einvoiceRuleWarning(report) };
}

/**
 * Where no rule set can run: the XML is at least well-formed CII (parsed in the sandbox, at the account's
 * cost) with a profile, and the job is to carry einvoice_not_validated.
 */
async function unchecked(
  ctx: ServiceContext,
  accountId: string,
  xml: Buffer,
  e: { profile?: EInvoiceProfile; xml: string },
  field: string,
  why: string,
): Promise<{ xml: string; profile: EInvoiceProfile; warning: JobWarning }> {
  let inspected;
  try {
    inspected = ctx.einvoice.inspect(xml, field);
  } catch (err) {
    if (isEInvoiceError(err, 'input')) throw invalid(err.field ?? field, err.message);
    throw err;
  }
  if (inspected.syntax !== 'CII')
    throw invalid(field, `${field} is a UBL ${inspected.documentType}: a Factur-X / ZUGFeRD PDF embeds a CII CrossIndustryInvoice`);
  const profile = e.profile ?? inspected.declaredProfile;
  if (!profile) throw invalid('eInvoice.profile', `eInvoice.profile is needed: the XML's guideline id names no profile`);
  const problem = await ctx.sandbox
    .run('xml.eInvoiceProblem', { xml }, { account: accountId, timeoutMs: ctx.config.sandboxTimeoutMs })
    .catch((err: unknown) => {
      if (isSandboxLimit(err)) return `could not be checked: ${err.message}`;
      throw err;
    });
  if (problem) throw invalid(field, `${field} ${problem}`);
  return { xml: e.xml, profile, warning: jobWarning('einvoice_not_validated', 1, `the e-invoice was not checked: ${why}`) };
}
