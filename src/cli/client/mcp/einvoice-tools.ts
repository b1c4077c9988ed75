// The e-invoice tool of `folio mcp`: validate_einvoice checks an invoice (a local file, the XML or a PDF that
// embeds it, or XML text the model holds) against the official rule sets through POST
// /v1/e-invoices/validate. Its answer is the verdict: an invalid invoice is an answer, not a tool error.
import fs from 'node:fs';
import path from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';
import { EINVOICE_PROFILES } from '../../../domain/einvoice/einvoice-profiles.js';
import { einvoiceContentType, type EInvoiceValidation } from '../../../sdk/index.js';
import { plural } from '../output.js';
import { fail, ok, withClient } from './results.js';

/** The first findings named in the line (the JSON has every one the server listed). */
const LINE_FINDINGS = 5;

/**
 * A local file is sent only when it looks like what the tool is for, an XML document or a PDF: a path the
 * model got wrong (a key, a config file) never leaves the machine.
 */
function looksLikeInvoice(bytes: Buffer): boolean {
  if (einvoiceContentType(bytes) === 'application/pdf') return true;
  const head = bytes
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return head.trimStart().startsWith('<');
}

export function verdictAnswer(what: string, r: EInvoiceValidation) {
  const { report } = r;
  const { counts } = report;
  const tally = `${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}`;
  const named = report.findings
    .slice(0, LINE_FINDINGS)
    .map((f) => `${f.severity} ${f.rule} at ${f.location}: ${f.message}`)
    .join('; ');
  const more = report.findings.length > LINE_FINDINGS ? ` (and ${report.findings.length - LINE_FINDINGS} more)` : '';
  const line =
    `${report.valid ? 'VALID' : 'INVALID'}: ${what}${r.embeddedFile ? ` (its embedded ${r.embeddedFile})` : ''} is a ${report.syntax} ` +
    `invoice checked as ${report.profile} against ${report.checked.join(', ')}: ${tally}${named ? `. ${named}${more}` : ''}`;
  return ok(line, { ...report, ...(r.embeddedFile ? { embeddedFile: r.embeddedFile } : {}) });
}

export function registerEInvoiceTools(server: McpServer): void {
  server.registerTool(
    'validate_einvoice',
    {
      title: 'Validate an e-invoice',
      description:
        'Checks an e-invoice against the official schema and business rules of its syntax and profile (EN 16931, Factur-X / ZUGFeRD MINIMUM to EXTENDED, XRechnung; CII or UBL): a local file (the XML, or a hybrid PDF that embeds it) or the XML as text. Answers the verdict (valid is false when a finding is an error), the rule sets checked and each finding with its rule id, severity, message and location (an XPath). Nothing is stored. Give exactly one of file and xml.',
      inputSchema: {
        file: z
          .string()
          .min(1)
          .optional()
          .describe(
            'Path of the invoice: an .xml file or a PDF embedding one (absolute, or relative to the folder the MCP server runs in).',
          ),
        xml: z.string().min(1).optional().describe('The invoice XML itself (CII or UBL), instead of a file.'),
        profile: z
          .enum(EINVOICE_PROFILES)
          .optional()
          .describe("The profile to check against (default: the one the XML's guideline id names)."),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args, extra) =>
      withClient(async (client) => {
        if ((args.file === undefined) === (args.xml === undefined)) return fail('invalid_request', 'give exactly one of file and xml');
        let invoice: Buffer | string;
        let what: string;
        if (args.file !== undefined) {
          const file = path.resolve(args.file);
          if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return fail('invalid_request', `file not found: ${file}`);
          invoice = fs.readFileSync(file);
          if (!looksLikeInvoice(invoice)) return fail('invalid_request', `${file} is neither an XML document nor a PDF`);
          what = path.basename(file);
        } else {
          invoice = args.xml!;
          what = 'the XML';
        }
        const r = await client.einvoices.validate(invoice, { signal: extra.signal, ...(args.profile ? { profile: args.profile } : {}) });
        return verdictAnswer(what, r);
      }),
  );
}
