// POST /v1/e-invoices/validate: an incoming e-invoice (the XML, or a hybrid PDF that embeds it) checked
// against the official schema and rule sets of its syntax and profile (services/einvoices/). The raw body is
// read here, within FOLIO_EINVOICE_MAX_BYTES; registered in a scope of its own (server.ts) with its parsers.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { EINVOICE_PROFILES } from '../../../domain/einvoice/einvoice-profiles.js';
import { AppError } from '../../../errors/app-error.js';
import type { Services } from '../../../services/index.js';
import { principalOf } from '../../plugins/auth.js';
import { EInvoiceReportSchema } from '../../schemas/einvoices.js';

const XML_TYPES = ['application/xml', 'text/xml'];
const mediaTypeOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

async function readBody(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > max) {
      stream.destroy();
      throw new AppError('body_too_large', `the body is larger than ${max} bytes, the most an e-invoice may have here`, { maxBytes: max });
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function einvoiceValidationRoutes(app: FastifyInstance, s: Services) {
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
                  message: '[BR-DE-15] The element "Buyer reference" (BT-10) must be transmitted.',
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
      const bytes = await readBody(req.body as Readable, s.einvoices.maxBytes);
      const { profile } = req.query;
      return s.einvoices.validate(principalOf(req).accountId, { bytes, kind, ...(profile ? { profile } : {}) });
    },
  );
}
