// E-invoices as XML (services/einvoices/): POST /v1/e-invoices/validate, an incoming e-invoice (the XML, or
// a hybrid PDF that embeds it) checked against the official schema and rule sets of its syntax and profile,
// its raw body read here within FOLIO_EINVOICE_MAX_BYTES; and POST /v1/e-invoices, the XML of invoice data
// (XRechnung, UBL for Peppol). Registered in a scope of its own (server.ts) with the raw-body parsers.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { EINVOICE_PROFILES } from '../../../domain/einvoice/einvoice-profiles.js';
import { AppError } from '../../../errors/app-error.js';
import type { Services } from '../../../services/index.js';
import { principalOf } from '../../plugins/auth.js';
import { readLimited } from '../../read-limited.js';
import { EInvoiceReportSchema, CreateEInvoiceBody } from '../../schemas/einvoices.js';

const XML_TYPES = ['application/xml', 'text/xml'];
const mediaTypeOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

export function einvoiceRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const type of [...XML_TYPES, 'application/pdf']) app.addContentTypeParser(type, (_req, payload, done) => done(null, payload));

  r.post(
    '/v1/e-invoices/validate',
    {
      config: { scope: 'render:read' },
      schema: {
        tags: ['E-invoices'],
        summary: 'Validate an e-invoice',
        description:
          "Checks an e-invoice against the official schema and business rules of its syntax and profile (the e-invoice guide): CII (Factur-X 1.09 / ZUGFeRD 2.5 profiles MINIMUM to EXTENDED, XRechnung 3.0) or UBL 2.1 (EN 16931, XRechnung). Send the XML (`Content-Type: application/xml` or `text/xml`) or a hybrid PDF (`application/pdf`), whose embedded `factur-x.xml`, `xrechnung.xml` or `zugferd-invoice.xml` is read. The profile is `profile`, else the one the XML's guideline id names (400 when they differ, or when neither names one). Answers 200 with the verdict whether the invoice is valid or not: `valid`, and each finding with its rule, severity, message and location. Nothing is stored. At most `FOLIO_EINVOICE_MAX_BYTES` (20 MiB by default; 413). An XML with a DOCTYPE is refused (400): no CII or UBL invoice has one, and entities are how XML attacks work.",
        querystring: Type.Object({
          profile: Type.Optional(
            Type.Union(
              EINVOICE_PROFILES.map((p) => Type.Literal(p)),
              { description: "The profile to check against (default: the one the XML's guideline id names)." },
            ),
          ),
        }),
        response: {
          200: Type.Object({
            report: EInvoiceReportSchema,
            embeddedFile: Type.Optional(Type.String({ description: 'For a PDF: the embedded file the XML was read from.' })),
          }),
        },
        'x-folio': {
          success: 'The verdict',
          errors: ['body_too_large', 'unsupported_media_type', 'pdf_invalid', 'einvoice_invalid', 'einvoice_validator_unavailable'],
          rawBody: {
            mediaType: 'application/xml',
            description: 'The invoice XML (CII or UBL), or with `Content-Type: application/pdf` a PDF that embeds it.',
            example: '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" …>',
          },
          query: { profile: 'XRECHNUNG' },
          response: {
            report: {
              syntax: 'CII',
              profile: 'XRECHNUNG',
              guideline: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
              valid: false,
              checked: [
                'UN/CEFACT CII D16B XSD',
                'CEN EN 16931 validation artefacts 1.3.16 (CII)',
                'KoSIT XRechnung 3.0.2 Schematron 2.5.0 (CII)',
              ],
              counts: { error: 1, warning: 0, information: 0 },
              findings: [
                {
                  rule: 'BR-DE-15',
                  severity: 'error',
                  message: '[BR-DE-15] Das Element "Buyer reference" (BT-10) muss übermittelt werden.',
                  location: '/rsm:CrossIndustryInvoice',
                  ruleSet: 'KoSIT XRechnung 3.0.2 Schematron 2.5.0 (CII)',
                },
              ],
            },
          },
        },
      },
    },
    async (req) => {
      const type = mediaTypeOf(req.headers['content-type']);
      const kind = XML_TYPES.includes(type) ? 'xml' : type === 'application/pdf' ? 'pdf' : null;
      if (!kind)
        throw new AppError(
          'unsupported_media_type',
          'send the e-invoice as application/xml (or text/xml), or a PDF that embeds it as application/pdf',
        );
      const max = s.einvoices.maxBytes;
      const tooLarge = () =>
        new AppError('body_too_large', `the body is larger than ${max} bytes, the most an e-invoice may have here`, { maxBytes: max });
      const bytes = await readLimited(req.body as Readable, max, tooLarge);
      const { profile } = req.query;
      return s.einvoices.validate(principalOf(req).accountId, { bytes, kind, ...(profile ? { profile } : {}) });
    },
  );

  r.post(
    '/v1/e-invoices',
    {
      config: { scope: 'render:write' },
      schema: {
        tags: ['E-invoices'],
        summary: 'Make an e-invoice XML from invoice data',
        description:
          "The XML alone, for buyers that take XML rather than a PDF (German public buyers: XRechnung; Peppol: UBL): Folio generates it from invoice data (the internal format of @e-invoice-eu/core, EN 16931's business terms as JSON; the e-invoice guide has an example), checks it against the official rule sets of its profile and answers it (`application/xml`, or with `Accept: application/json` the XML and the verdict). Only an XML the rule sets pass is answered: an error-level finding is 400 `einvoice_invalid` with every finding. The profile is `profile`, else the one the data names in `cbc:CustomizationID` (Peppol BIS Billing 3.0's id checks as EN 16931). Nothing is stored. To embed the same invoice in a printed PDF, give the data to a render job's `eInvoice.data`.",
        body: CreateEInvoiceBody,
        'x-folio': {
          success: 'The XML (or, with `Accept: application/json`, the XML and the verdict)',
          errors: ['einvoice_invalid', 'einvoice_validator_unavailable'],
          request: { syntax: 'CII', profile: 'XRECHNUNG', data: { 'ubl:Invoice': { 'cbc:ID': 'INV-2026-0042', '…': '…' } } },
          responses: {
            200: {
              description: 'The XML (or, with `Accept: application/json`, `{xml, report}`)',
              headers: {
                'Folio-EInvoice-Profile': { description: 'The profile the XML was checked against.', schema: { type: 'string' } },
                'Folio-EInvoice-Warnings': {
                  description: 'Warning-level findings of the rule sets (0 when none).',
                  schema: { type: 'integer' },
                },
              },
              content: {
                'application/xml': { schema: { type: 'string' }, example: '<rsm:CrossIndustryInvoice …>' },
                'application/json': {
                  schema: { type: 'object', properties: { xml: { type: 'string' }, report: EInvoiceReportSchema } },
                  example: {
                    xml: '<rsm:CrossIndustryInvoice …>',
                    report: {
                      syntax: 'CII',
                      profile: 'XRECHNUNG',
                      guideline: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
                      valid: true,
                      checked: [
                        'UN/CEFACT CII D16B XSD',
                        'CEN EN 16931 validation artefacts 1.3.16 (CII)',
                        'KoSIT XRechnung 3.0.2 Schematron 2.5.0 (CII)',
                      ],
                      counts: { error: 0, warning: 0, information: 0 },
                      findings: [],
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const { data, syntax, profile } = req.body;
      const made = await s.einvoices.create(principalOf(req).accountId, { data, syntax, ...(profile ? { profile } : {}) });
      const accept = req.headers.accept;
      if (accept !== undefined && /\bapplication\/json\b/i.test(accept) && !/\b(application|text)\/xml\b/i.test(accept)) return made;
      const id = ((data as Record<string, unknown>)['ubl:Invoice'] as Record<string, unknown> | undefined)?.['cbc:ID'];
      const name = typeof id === 'string' && /^[\w.-]{1,100}$/.test(id) ? `invoice-${id}.xml` : 'invoice.xml';
      return reply
        .header('folio-einvoice-profile', made.report.profile)
        .header('folio-einvoice-warnings', String(made.report.counts.warning))
        .header('content-disposition', `attachment; filename="${name}"`)
        .type('application/xml; charset=utf-8')
        .send(made.xml);
    },
  );
}
