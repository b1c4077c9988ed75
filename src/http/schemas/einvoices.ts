// The verdict of POST /v1/e-invoices/validate (src/einvoice/validate.ts EInvoiceReport), as the API shows it.
import { Type } from '@sinclair/typebox';
import { EINVOICE_PROFILES } from '../../domain/einvoice/einvoice-profiles.js';

const Severity = Type.Union([Type.Literal('error'), Type.Literal('warning'), Type.Literal('information')]);

export const EInvoiceFindingSchema = Type.Object({
  rule: Type.String({
    description:
      'The business rule (`BR-CO-10`, `BR-DE-16`, `PEPPOL-EN16931-R008`, `CII-SR-039`; a Factur-X rule without one keeps its id, `FX-SCH-A-000023`), `XSD` for the schema, `XML` when the XML is not well-formed.',
  }),
  severity: Severity,
  message: Type.String({ description: "The rule set's own message." }),
  location: Type.String({
    description:
      'Where: an XPath for rules (`/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:TypeCode`), `line L, column C` for the schema.',
  }),
  ruleSet: Type.String({ description: 'The published schema or rule set, with its release, that said it.' }),
});

export const EInvoiceReportSchema = Type.Object({
  syntax: Type.Union([Type.Literal('CII'), Type.Literal('UBL')]),
  profile: Type.Union(
    EINVOICE_PROFILES.map((p) => Type.Literal(p)),
    { description: 'The profile checked: the one asked for, else the one the guideline id names.' },
  ),
  guideline: Type.Union([Type.String(), Type.Null()], {
    description: 'The guideline id (CII `GuidelineSpecifiedDocumentContextParameter/ID`) or `CustomizationID` (UBL) the XML declares.',
  }),
  valid: Type.Boolean({ description: 'No finding is an error.' }),
  checked: Type.Array(Type.String(), { description: 'The schema and rule sets run, in order (the rule sets only on a schema-valid XML).' }),
  counts: Type.Object({ error: Type.Integer(), warning: Type.Integer(), information: Type.Integer() }),
  findings: Type.Array(EInvoiceFindingSchema, { description: 'Errors first, at most 200 (`counts` has them all).' }),
});

export const CreateEInvoiceBody = Type.Object(
  {
    syntax: Type.Union([Type.Literal('CII'), Type.Literal('UBL')], {
      description: 'CII (UN/CEFACT Cross Industry Invoice) or UBL 2.1. XRechnung takes both; Peppol takes UBL.',
    }),
    profile: Type.Optional(
      Type.Union(
        EINVOICE_PROFILES.map((p) => Type.Literal(p)),
        {
          description:
            "The profile (default: the one the data names in `cbc:CustomizationID`). UBL is `EN 16931` or `XRECHNUNG`; the Factur-X profiles are CII's.",
        },
      ),
    ),
    data: Type.Object(
      {},
      {
        additionalProperties: true,
        description:
          'The invoice: EN 16931\'s business terms as JSON in the internal format of @e-invoice-eu/core (`{"ubl:Invoice": {…}}`, UBL\'s element names).',
      },
    ),
  },
  { additionalProperties: false },
);
