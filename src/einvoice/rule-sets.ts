// Which official schema and rule sets check an invoice of a syntax and profile, as files of einvoice/ (the
// vendored artefacts, each folder with its source, version and licence in einvoice/README.md):
//   Factur-X / ZUGFeRD profiles  the profile's Factur-X 1.09 XSD and Schematron; for BASIC and EN 16931
//                                 also the CEN EN 16931 CII rules (EXTENDED relaxes the CII syntax rules
//                                 that CEN's set checks, MINIMUM and BASIC WL are not complete invoices)
//   EN 16931 (CII) on its own    an EN 16931 CII invoice outside a PDF (its guideline id is also Factur-X's
//                                 EN 16931 one): the CII D16B XSD and the CEN rules; in a PDF, Factur-X's
//   XRECHNUNG (CII)              the CII D16B XSD, the CEN EN 16931 CII rules, KoSIT's XRechnung CII rules
//   UBL 2.1                      the UBL 2.1 XSD, the CEN EN 16931 UBL rules, and KoSIT's XRechnung UBL
//                                 rules for XRECHNUNG
// Every rule set runs as its publisher released it: compiled XSLT 2 reporting in SVRL.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EInvoiceProfile, EInvoiceSyntax } from '../domain/einvoice/einvoice-profiles.js';

export const EINVOICE_DIR = fileURLToPath(new URL('../../einvoice/', import.meta.url));

/** The releases the vendored files are; reported with each validation. */
export const RULE_SET_VERSIONS = {
  facturX: 'Factur-X 1.09 / ZUGFeRD 2.5',
  en16931: 'CEN EN 16931 validation artefacts 1.3.16',
  xrechnung: 'KoSIT XRechnung 3.0.2 Schematron 2.5.0',
} as const;

export interface RuleSet {
  /** Shown with each finding: which published rule set said it. */
  name: string;
  /** An XSLT stylesheet reporting in SVRL. */
  stylesheet: string;
}

export interface RuleSetPlan {
  schemaName: string;
  /** The XSD's main file. */
  schema: string;
  ruleSets: RuleSet[];
}

const FACTURX_FOLDERS: Record<Exclude<EInvoiceProfile, 'XRECHNUNG'>, [folder: string, name: string]> = {
  MINIMUM: ['minimum', 'MINIMUM'],
  'BASIC WL': ['basicwl', 'BASICWL'],
  BASIC: ['basic', 'BASIC'],
  'EN 16931': ['en16931', 'EN16931'],
  EXTENDED: ['extended', 'EXTENDED'],
};

const file = (...parts: string[]) => path.join(EINVOICE_DIR, ...parts);

/**
 * The schema and rule sets of an invoice; `ublRoot` tells a UBL invoice from a credit note, `inPdf` a
 * Factur-X / ZUGFeRD PDF's XML (Factur-X's rules apply to its EN 16931 profile) from a CII file on its own.
 */
export function ruleSetPlan(
  syntax: EInvoiceSyntax,
  profile: EInvoiceProfile,
  opts: { ublRoot?: 'Invoice' | 'CreditNote'; inPdf?: boolean } = {},
): RuleSetPlan {
  const ublRoot = opts.ublRoot ?? 'Invoice';
  const cenCii: RuleSet = {
    name: `${RULE_SET_VERSIONS.en16931} (CII)`,
    stylesheet: file('rules', 'en16931', 'cii', 'EN16931-CII-validation.xslt'),
  };
  const cenUbl: RuleSet = {
    name: `${RULE_SET_VERSIONS.en16931} (UBL)`,
    stylesheet: file('rules', 'en16931', 'ubl', 'EN16931-UBL-validation.xslt'),
  };
  const xr = (): RuleSet => ({
    name: `${RULE_SET_VERSIONS.xrechnung} (${syntax})`,
    stylesheet: file('rules', 'xrechnung', `XRechnung-${syntax}-validation.xslt`),
  });
  if (syntax === 'UBL') {
    return {
      schemaName: `OASIS UBL 2.1 XSD (${ublRoot})`,
      schema: file('schemas', 'ubl-2.1', 'maindoc', `UBL-${ublRoot}-2.1.xsd`),
      ruleSets: profile === 'XRECHNUNG' ? [cenUbl, xr()] : [cenUbl],
    };
  }
  if (profile === 'XRECHNUNG' || (profile === 'EN 16931' && !opts.inPdf)) {
    return {
      schemaName: 'UN/CEFACT CII D16B XSD',
      schema: file('schemas', 'cii-d16b', 'uncefact', 'data', 'standard', 'CrossIndustryInvoice_100pD16B.xsd'),
      ruleSets: profile === 'XRECHNUNG' ? [cenCii, xr()] : [cenCii],
    };
  }
  const [folder, name] = FACTURX_FOLDERS[profile];
  const facturX: RuleSet = {
    name: `${RULE_SET_VERSIONS.facturX} ${profile} Schematron`,
    stylesheet: file('rules', 'factur-x', folder, `Factur-X_1.09_${name}.xsl`),
  };
  return {
    schemaName: `${RULE_SET_VERSIONS.facturX} ${profile} XSD`,
    schema: file('rules', 'factur-x', folder, `Factur-X_${name}.xsd`),
    ruleSets: profile === 'BASIC' || profile === 'EN 16931' ? [facturX, cenCii] : [facturX],
  };
}
