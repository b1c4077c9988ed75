// One e-invoice checked against the official schema and rule sets of its syntax and profile
// (rule-sets.ts): the profile is the one asked for or, when none is, the one the XML's guideline id names; a
// profile that contradicts the XML's own is refused. The findings of every rule set are merged: each with
// its business rule id, severity, message and location. The invoice is valid when none is an error.
import {
  EINVOICE_PROFILES,
  profileFitsSyntax,
  readableLocation,
  ruleOfFinding,
  severityOfFlag,
  xrechnungSeverity,
  xrechnungVariant,
  CII_NS,
  UBL_CREDIT_NOTE_NS,
  UBL_INVOICE_NS,
  type EInvoiceProfile,
  type EInvoiceSyntax,
  type FindingSeverity,
} from '../domain/einvoice/einvoice-profiles.js';
import { EInvoiceError } from './einvoice-error.js';
import { inspectEInvoice } from './inspect-xml.js';
import { ruleSetPlan } from './rule-sets.js';
import type { EInvoiceValidatorProcess } from './validator-process.js';

export interface EInvoiceFinding {
  /** The business rule (`BR-CO-10`, `BR-DE-16`, `CII-SR-039`), or `XSD` for the schema, `XML` for well-formedness. */
  rule: string;
  severity: FindingSeverity;
  message: string;
  /** Where in the XML: an XPath for rules, `line L, column C` for the schema. */
  location: string;
  /** The published rule set that said it. */
  ruleSet: string;
}

export interface EInvoiceReport {
  syntax: EInvoiceSyntax;
  profile: EInvoiceProfile;
  /** The guideline (CII) or customization (UBL) id the XML declares, or null. */
  guideline: string | null;
  valid: boolean;
  /** The schema and rule sets that were run, in order. */
  checked: string[];
  counts: Record<FindingSeverity, number>;
  /** Findings, errors first, at most MAX_FINDINGS (counts has them all). */
  findings: EInvoiceFinding[];
}

export const MAX_FINDINGS = 200;

const PREFIXES: Record<string, string> = {
  [CII_NS]: 'rsm',
  'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100': 'ram',
  'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100': 'udt',
  'urn:un:unece:uncefact:data:standard:QualifiedDataType:100': 'qdt',
  [UBL_INVOICE_NS]: 'ubl',
  [UBL_CREDIT_NOTE_NS]: 'cn',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
};

/** The profile to check against: the requested one, else the declared one; refusals name the field. */
function chooseProfile(
  requested: EInvoiceProfile | undefined,
  inspected: ReturnType<typeof inspectEInvoice>,
  field: string,
): EInvoiceProfile {
  const { declaredProfile, guideline, syntax } = inspected;
  const idName = syntax === 'CII' ? 'guideline id (GuidelineSpecifiedDocumentContextParameter/ID)' : 'CustomizationID';
  if (requested && declaredProfile && requested !== declaredProfile)
    throw new EInvoiceError(
      'input',
      `${field}: the profile "${requested}" contradicts the XML's ${idName} "${guideline}", which names "${declaredProfile}"`,
      field,
    );
  const profile = requested ?? declaredProfile;
  if (!profile)
    throw new EInvoiceError(
      'input',
      guideline === null
        ? `${field}: the XML has no ${idName}, so its profile is unknown; name one of ${EINVOICE_PROFILES.map((p) => `"${p}"`).join(', ')}`
        : `${field}: the XML's ${idName} "${guideline}" names no profile Folio checks; name one of ${EINVOICE_PROFILES.map((p) => `"${p}"`).join(', ')}`,
      field,
    );
  if (!profileFitsSyntax(profile, syntax))
    throw new EInvoiceError(
      'input',
      `${field}: the profile "${profile}" is a Factur-X profile of CII; a UBL invoice is "EN 16931" or "XRECHNUNG"`,
      field,
    );
  return profile;
}

export interface ValidateOptions {
  profile?: EInvoiceProfile;
  maxBytes: number;
  /** The request's name of the XML, in refusals (`eInvoice.xml`). */
  field?: string;
  /** The XML is (or will be) a Factur-X / ZUGFeRD PDF's: it must be CII, and Factur-X's rules apply to EN 16931 too. */
  inPdf?: boolean;
}

/** The verdict of the official rule sets on an e-invoice XML. */
export async function validateEInvoice(
  validator: EInvoiceValidatorProcess,
  xml: Uint8Array,
  opts: ValidateOptions,
): Promise<EInvoiceReport> {
  const field = opts.field ?? 'xml';
  const inspected = inspectEInvoice(xml, opts.maxBytes, field);
  if (opts.inPdf && inspected.syntax === 'UBL')
    throw new EInvoiceError(
      'input',
      `${field} is a UBL ${inspected.documentType}: a Factur-X / ZUGFeRD PDF embeds a CII CrossIndustryInvoice (check a UBL invoice with POST /v1/e-invoices/validate)`,
      field,
    );
  // The profile's field beside the XML's: eInvoice.xml → eInvoice.profile, xml → profile.
  const profile = chooseProfile(opts.profile, inspected, field.includes('.') ? field.replace(/\.[^.]+$/, '.profile') : 'profile');
  const plan = ruleSetPlan(inspected.syntax, profile, { ublRoot: inspected.documentType, inPdf: opts.inPdf });
  const raw = await validator.run(
    plan.schema,
    plan.ruleSets.map((r) => r.stylesheet),
    Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength),
  );
  const findings: EInvoiceFinding[] = raw.schema.map((e) => ({
    rule: raw.wellFormed ? 'XSD' : 'XML',
    severity: 'error',
    message: e.message,
    location: e.line > 0 ? `line ${e.line}, column ${e.column}` : '',
    ruleSet: raw.wellFormed ? plan.schemaName : 'XML 1.0',
  }));
  const seen = new Set<string>();
  const scenario = { syntax: inspected.syntax, documentType: inspected.documentType, variant: xrechnungVariant(inspected.guideline) };
  for (const f of raw.findings) {
    const message = f.text.replace(/\s+/g, ' ').trim();
    const rule = ruleOfFinding(f.id, message);
    const own = severityOfFlag(f.flag);
    const finding: EInvoiceFinding = {
      rule,
      severity: profile === 'XRECHNUNG' ? xrechnungSeverity(scenario, rule, own) : own,
      message,
      location: readableLocation(f.location, PREFIXES),
      ruleSet: plan.ruleSets[f.set]?.name ?? 'unknown',
    };
    // The Factur-X and CEN rule sets share rules; one finding per rule, place and severity.
    const key = `${finding.rule}\u0000${finding.location}\u0000${finding.severity}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(finding);
  }
  const rank: Record<FindingSeverity, number> = { error: 0, warning: 1, information: 2 };
  findings.sort((a, b) => rank[a.severity] - rank[b.severity]);
  const counts = { error: 0, warning: 0, information: 0 };
  for (const f of findings) counts[f.severity]++;
  return {
    syntax: inspected.syntax,
    profile,
    guideline: inspected.guideline,
    valid: counts.error === 0,
    // The rule sets assume a schema-valid document and run only on one.
    checked: raw.schema.length > 0 ? [plan.schemaName] : [plan.schemaName, ...plan.ruleSets.map((r) => r.name)],
    counts,
    findings: findings.slice(0, MAX_FINDINGS),
  };
}
