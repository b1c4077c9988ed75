// The rules of e-invoice profiles, without I/O: which profile an invoice declares (its CII guideline or UBL
// customization id), the file name and AF relationship a Factur-X / ZUGFeRD PDF gives its XML, and how the
// findings of the official rule sets read (rule id, severity). src/einvoice/ runs the rule sets; these
// rules decide what they mean.

/** Factur-X 1.09 / ZUGFeRD 2.5 profiles, XRECHNUNG included (ZUGFeRD's name for XRechnung in a PDF). */
export const EINVOICE_PROFILES = ['MINIMUM', 'BASIC WL', 'BASIC', 'EN 16931', 'EXTENDED', 'XRECHNUNG'] as const;
export type EInvoiceProfile = (typeof EINVOICE_PROFILES)[number];

/** The two syntaxes of EN 16931: UN/CEFACT CII D16B (Factur-X, ZUGFeRD, XRechnung) and OASIS UBL 2.1. */
export type EInvoiceSyntax = 'CII' | 'UBL';

export const CII_NS = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
export const UBL_INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
export const UBL_CREDIT_NOTE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';

const EN16931 = 'urn:cen.eu:en16931:2017';
const XRECHNUNG = `${EN16931}#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0`;

/**
 * The guideline (CII) or customization (UBL) id each profile writes, as Factur-X 1.09 / ZUGFeRD 2.5 and
 * XRechnung 3.0 define them; the first is the one Folio writes when it makes the XML. ZUGFeRD 2.0's own
 * ids for MINIMUM and BASIC WL are still read.
 */
export const PROFILE_GUIDELINES: Record<EInvoiceProfile, readonly string[]> = {
  MINIMUM: ['urn:factur-x.eu:1p0:minimum', 'urn:zugferd.de:2p0:minimum'],
  'BASIC WL': ['urn:factur-x.eu:1p0:basicwl', 'urn:zugferd.de:2p0:basicwl'],
  BASIC: [`${EN16931}#compliant#urn:factur-x.eu:1p0:basic`, `${EN16931}#compliant#urn:zugferd.de:2p0:basic`],
  'EN 16931': [EN16931],
  EXTENDED: [`${EN16931}#conformant#urn:factur-x.eu:1p0:extended`, `${EN16931}#conformant#urn:zugferd.de:2p0:extended`],
  XRECHNUNG: [
    XRECHNUNG,
    `${XRECHNUNG}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0`,
    `${XRECHNUNG}#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9`,
  ],
};

/** XRechnung's three kinds: the CIUS itself, its Extension and CVD (clean vehicles), by guideline id. */
export type XRechnungVariant = 'standard' | 'extension' | 'cvd';

export function xrechnungVariant(guideline: string | null): XRechnungVariant {
  if (guideline?.includes('#conformant#urn:xeinkauf.de:kosit:extension:')) return 'extension';
  if (guideline?.includes('#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_')) return 'cvd';
  return 'standard';
}

const W = 'warning';
const I = 'information';
const E = 'error';
const CL = { 'BR-CL-21': W, 'BR-CL-23': W } as const;
const CII_SR = { 'CII-SR-452': E, 'CII-SR-453': E, 'CII-SR-454': E } as const;
const EXTENSION = { 'BR-CL-21': I, 'BR-CL-23': W, 'BR-CL-24': I, 'BR-CL-10': I, 'BR-CL-11': I, 'BR-CL-25': I, 'BR-CL-26': I } as const;

/**
 * The severities KoSIT's validator configuration for XRechnung (release 2026-01-31, scenarios.xml) gives
 * some rules of the CEN set in each XRechnung scenario, in place of the rule set's own flag: code lists
 * XRechnung accepts more of, the Extension's relaxations, and CII/UBL syntax rules it makes errors.
 */
const KOSIT_LEVELS: Record<string, Record<string, FindingSeverity>> = {
  'UBL-Invoice-standard': { ...CL, 'UBL-CR-646': E },
  'UBL-Invoice-extension': { ...EXTENSION, 'BR-CO-16': I, 'UBL-CR-470': I, 'UBL-CR-646': I },
  'UBL-Invoice-cvd': { ...CL, 'BR-CL-13': I, 'UBL-CR-646': E },
  'UBL-CreditNote-standard': { ...CL },
  'UBL-CreditNote-cvd': { ...CL, 'BR-CL-13': I, 'UBL-CR-646': E },
  'CII-Invoice-standard': { ...CL, ...CII_SR },
  'CII-Invoice-extension': { ...EXTENSION, ...CII_SR },
  'CII-Invoice-cvd': { ...CL, 'BR-CL-13': I, ...CII_SR },
};

/** A rule's severity in an XRechnung validation: KoSIT's override for the scenario, else the rule set's. */
export function xrechnungSeverity(
  scenario: { syntax: EInvoiceSyntax; documentType: 'Invoice' | 'CreditNote'; variant: XRechnungVariant },
  rule: string,
  own: FindingSeverity,
): FindingSeverity {
  return KOSIT_LEVELS[`${scenario.syntax}-${scenario.documentType}-${scenario.variant}`]?.[rule] ?? own;
}

/** Peppol BIS Billing 3.0's customization id: an EN 16931 invoice (its own Peppol rules are not run). */
export const PEPPOL_BIS_3 = `${EN16931}#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0`;

/** The profile an invoice's guideline/customization id names, or null when it names none Folio knows. */
export function profileOfGuideline(id: string): EInvoiceProfile | null {
  const v = id.trim();
  if (v === PEPPOL_BIS_3) return 'EN 16931';
  for (const p of EINVOICE_PROFILES) if (PROFILE_GUIDELINES[p].includes(v)) return p;
  return null;
}

/** The profiles each syntax carries: UBL has no Factur-X profiles, only EN 16931 and XRechnung. */
export function profileFitsSyntax(profile: EInvoiceProfile, syntax: EInvoiceSyntax): boolean {
  return syntax === 'CII' || profile === 'EN 16931' || profile === 'XRECHNUNG';
}

/**
 * The name of the embedded XML: Factur-X 1.09 / ZUGFeRD 2.5 name it `factur-x.xml`, and `xrechnung.xml`
 * for the XRECHNUNG profile.
 */
export function eInvoiceFileName(profile: EInvoiceProfile): string {
  return profile === 'XRECHNUNG' ? 'xrechnung.xml' : 'factur-x.xml';
}

/**
 * The XMP `fx:Version`: the version of the Factur-X XMP extension schema (`urn:factur-x:pdfa:
 * CrossIndustryDocument:invoice:1p0#`), which Factur-X 1.09 and ZUGFeRD 2.5 keep at 1.0 for every
 * profile, and which the hybrid-document rules expect (a reader warns on another value). It is not the
 * release of the specification.
 */
export const FX_XMP_VERSION = '1.0';

export type FindingSeverity = 'error' | 'warning' | 'information';

/**
 * A rule set's flag as a severity: `fatal` and `error` (and no flag, which the Factur-X rule sets give
 * every rule) are errors, `warning` a warning, `information` (and `info`) information.
 */
export function severityOfFlag(flag: string | null | undefined): FindingSeverity {
  const f = (flag ?? '').trim().toLowerCase();
  if (f === 'warning') return 'warning';
  if (f === 'information' || f === 'info') return 'information';
  return 'error';
}

/**
 * The business rule a finding is about: the Factur-X rule sets give each assertion an internal id
 * (`FX-SCH-A-000280`) and put the rule in the message (`[BR-52]-Each Additional…`); the CEN and KoSIT rule
 * sets use the rule as the id.
 */
export function ruleOfFinding(id: string | null | undefined, text: string): string {
  const m = /^\s*\[([A-Z][A-Z0-9]*(?:-[A-Za-z0-9]+)+)\]/.exec(text);
  if (m && (!id || id.startsWith('FX-'))) return m[1]!;
  return id?.trim() || (m ? m[1]! : 'unnamed');
}

/**
 * A location in an invoice as a readable path: `/rsm:CrossIndustryInvoice/ram:X[2]` from either form the
 * rule sets write (`/*:X[namespace-uri()='…'][1]` or `/Q{…}X[1]`), with the usual prefixes of the known
 * namespaces and `[1]` left out.
 */
export function readableLocation(location: string | null | undefined, prefixes: Record<string, string>): string {
  if (!location) return '';
  return location
    .replace(
      /\*:([\w.-]+)\[namespace-uri\(\)='([^']*)'\]/g,
      (_, name: string, ns: string) => `${prefixes[ns] ? `${prefixes[ns]}:` : ''}${name}`,
    )
    .replace(/Q\{([^}]*)\}([\w.-]+)/g, (_, ns: string, name: string) => `${prefixes[ns] ? `${prefixes[ns]}:` : ''}${name}`)
    .replace(/\[1\]/g, '');
}
