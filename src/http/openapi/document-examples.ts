// Examples of the render-job document options (PDF/A, metadata, attachments, Factur-X), in the
// story of examples.ts (the invoice INV-2026-0042 of deploy "invoices"). Kept apart from examples.ts so
// the PDF features' examples can be read together. A test validates every example against its schema.
import { jobAccepted } from './examples.js';

/** A MINIMUM-profile CrossIndustryInvoice, short (examples/invoice/factur-x-sample.xml is a complete one). */
const facturXml =
  '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"><rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:factur-x.eu:1p0:minimum</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext><rsm:ExchangedDocument><ram:ID>INV-2026-0042</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20261122</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument><!-- … SupplyChainTradeTransaction … --></rsm:CrossIndustryInvoice>\n';

const timesheet = 'date,hours\n2026-11-02,6.5\n2026-11-03,7\n';

/** POST /v1/deploys/{deployId}/render-jobs: a Factur-X e-invoice with metadata and a CSV attachment. */
export const createEInvoiceJobForDeploy = {
  deployVersionId: 'production',
  businessKey: 'INV-2026-0042',
  payload: { customer: 'Acme Ltd', total: 1200, currency: 'EUR' },
  outputMode: 'managed',
  pdf: {
    standard: 'pdf/a-3b',
    metadata: {
      title: 'Invoice INV-2026-0042',
      author: 'Northwind Paper Co.',
      subject: 'Invoice INV-2026-0042 to Acme Ltd',
      keywords: ['invoice', 'INV-2026-0042'],
      lang: 'en-GB',
    },
  },
  attachments: [
    {
      name: 'timesheet.csv',
      mimeType: 'text/csv',
      relationship: 'Supplement',
      description: 'Hours billed on this invoice',
      content: Buffer.from(timesheet).toString('base64'),
    },
    { name: 'terms.pdf', mimeType: 'application/pdf', relationship: 'Supplement', bundlePath: '/terms.pdf' },
  ],
  eInvoice: { standard: 'factur-x', profile: 'MINIMUM', xml: facturXml },
};

/** The job view of that request: what was asked, never the content. */
export const eInvoiceJobAccepted = {
  ...jobAccepted,
  job: {
    ...jobAccepted.job,
    document: {
      standard: 'pdf/a-3b',
      metadata: createEInvoiceJobForDeploy.pdf.metadata,
      attachments: [
        {
          name: 'timesheet.csv',
          mimeType: 'text/csv',
          relationship: 'Supplement',
          description: 'Hours billed on this invoice',
          bytes: Buffer.byteLength(timesheet),
        },
        { name: 'terms.pdf', mimeType: 'application/pdf', relationship: 'Supplement', bytes: 48213, bundlePath: '/terms.pdf' },
      ],
      eInvoice: { standard: 'factur-x', profile: 'MINIMUM', bytes: Buffer.byteLength(facturXml) },
    },
  },
};
