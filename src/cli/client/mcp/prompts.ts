// The prompts of `folio mcp`: ready-made requests a user picks in the client (a slash command, a menu),
// each one user message that tells the model which tools to call in which order. They read nothing
// themselves: the tools do, with the configured key.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';

const say = (description: string, text: string): GetPromptResult => ({
  description,
  messages: [{ role: 'user', content: { type: 'text', text } }],
});

export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'render_from_data',
    {
      title: 'Render a document from data with a deploy',
      description:
        'Render a PDF (an invoice, a letter…) with a deployed template, turning the given data into the payload its schema asks for.',
      argsSchema: {
        deploy: z.string().min(1).describe('The deploy (template) to use: its slug or id.'),
        data: z.string().min(1).describe('The data to print: JSON, or a plain description (customer, items, amounts…).'),
        version: z.string().optional().describe('The version: latest (default), a number or an alias.'),
      },
    },
    ({ deploy, data, version }) =>
      say(
        `Render ${deploy} from data`,
        [
          `Render a PDF with the Folio deploy "${deploy}"${version ? ` (version ${version})` : ''} from this data:`,
          '',
          data,
          '',
          `1. Call list_versions with deploy "${deploy}" and withPayloadSchema: true, and read the payload schema and the sample payload of the version.`,
          '2. Build the payload from the data: exactly the fields and types the schema asks for, shaped like the sample. Ask me for what is required and missing; invent nothing.',
          `3. Call render with deploy "${deploy}"${version ? `, version "${version}"` : ''} and the payload.`,
          '4. Answer with the download link, the page count and any warnings (and what they mean for the document).',
        ].join('\n'),
      ),
  );

  server.registerPrompt(
    'convert_office_file',
    {
      title: 'Convert an Office file to PDF',
      description: 'Convert a local Office or OpenDocument file (DOCX, XLSX, PPTX, ODT…) to PDF, optionally stamping a text on its pages.',
      argsSchema: {
        file: z.string().min(1).describe('Path of the document on the machine the MCP server runs on.'),
        pages: z.string().optional().describe('Pages to keep ("1-3,5"); default every page.'),
        stamp: z.string().optional().describe('A text to stamp on every page afterwards (DRAFT, COPY…).'),
      },
    },
    ({ file, pages, stamp }) =>
      say(
        `Convert ${file} to PDF`,
        [
          `Convert the document ${file} to PDF with Folio.`,
          `1. Call convert_office with file "${file}"${pages ? ` and pageRanges "${pages}"` : ''}.`,
          ...(stamp
            ? [
                `2. Call pdf_steps with the jobId of that answer and steps [{"type":"stamp","text":${JSON.stringify(stamp)},"opacity":0.3,"rotation":45}].`,
                '3. Answer with the download link of the stamped PDF, its page count and any warnings.',
              ]
            : ['2. Answer with the download link, the page count and any warnings of the conversion.']),
        ].join('\n'),
      ),
  );

  server.registerPrompt(
    'check_einvoice',
    {
      title: 'Check an e-invoice',
      description: 'Validate an e-invoice (XML, or a PDF embedding it) against the official rules and explain each finding.',
      argsSchema: { file: z.string().min(1).describe('Path of the invoice: an .xml file or a Factur-X / ZUGFeRD PDF.') },
    },
    ({ file }) =>
      say(
        `Check the e-invoice ${file}`,
        [
          `Check the e-invoice ${file} with Folio.`,
          `1. Call validate_einvoice with file "${file}".`,
          '2. Say whether it is valid, for which profile, and explain each error (its rule, what it means, where in the XML, how to fix it) in plain words; list the warnings briefly.',
        ].join('\n'),
      ),
  );
}
