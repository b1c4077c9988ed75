// The `eInvoice` field of a job body (TypeBox: validation and OpenAPI from one object): the XML or the
// invoice data, and the profile. What the service checks of it is services/einvoices/einvoice-checks.ts.
import { Type } from '@sinclair/typebox';
import { EINVOICE_PROFILES } from '../einvoice/einvoice-profiles.js';

const Profile = Type.Union(
  EINVOICE_PROFILES.map((p) => Type.Literal(p)),
  {
    description:
      "Factur-X 1.09 / ZUGFeRD 2.5 profile of the XML. Optional: by default the profile the XML's guideline id (`GuidelineSpecifiedDocumentContextParameter/ID`) names; when given and the XML names another, 400.",
  },
);

/** `eInvoice` of a job body. */
export const EInvoiceField = Type.Object(
  {
    standard: Type.Literal('factur-x', { description: 'Factur-X 1.09 / ZUGFeRD 2.5 (which includes XRechnung as the profile XRECHNUNG).' }),
    profile: Type.Optional(Profile),
    // No minLength: ajv would count the characters of a string of up to 16 MiB on the event loop; an
    // empty XML is refused by the check that parses it ("eInvoice.xml is empty").
    xml: Type.Optional(
      Type.String({
        description:
          "The CrossIndustryInvoice XML (UTF-8), embedded byte for byte as `factur-x.xml` (`xrechnung.xml` for XRECHNUNG); its bytes count toward the plan's `maxAttachmentBytesPerJob`. Validated before anything is printed against the official schema and business rules of its profile (the e-invoice guide): a rule broken at error level answers 400 `einvoice_invalid` with every finding; warning-level findings become the job warning `einvoice_rule_warning`. Exactly one of `xml` and `data`.",
      }),
    ),
    data: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          description:
            'The invoice as data instead of XML: EN 16931\'s business terms as JSON in the internal format of the maintained generator @e-invoice-eu/core (`{"ubl:Invoice": {"cbc:ID": …, "cac:LegalMonetaryTotal": {…}, "cac:InvoiceLine": […]}}`, UBL\'s element names; the e-invoice guide has a full example). Folio generates the profile\'s CII XML from it, validates and embeds that XML like `xml`, and, when the job sends no `payload`, gives the same data to the template as its payload: the printed invoice and the XML come from one source. A profile is needed unless the data names one in `cbc:CustomizationID`. Data the generator refuses answers 400 naming `eInvoice.data`.',
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    description: 'Makes the output a Factur-X / ZUGFeRD e-invoice: PDF/A-3b with the XML embedded and the Factur-X XMP schema.',
  },
);
