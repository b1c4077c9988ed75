// The tools of `folio mcp` that print what is not a template: convert_office (an Office or ODF document, a
// local file or base64, converted by the server's LibreOffice, as `folio render --office` does) and
// render_url (a web page, a render job with a URL source). Both are render jobs answered as render answers.
import fs from 'node:fs';
import path from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';
import { checkOfficeInput, OFFICE_EXTENSIONS } from '../../../domain/office/office-input.js';
import { officeDocument, type CreateRenderJobBody, type OfficeOptions } from '../../../sdk/index.js';
import { callContext, renderAndAnswer } from './jobs.js';
import { common, printOptions } from './render-tools.js';
import { fail, withClient } from './results.js';

const EXTENSIONS = Object.keys(OFFICE_EXTENSIONS).join(' ');

/**
 * The document to convert, or why not: it is checked here as the server checks it (extension, content,
 * container limits), so a path the model got wrong (a key, a config file) never leaves the machine.
 */
function givenDocument(args: {
  file?: string;
  contentBase64?: string;
  fileName?: string;
  password?: string;
}): { bytes: Buffer; name: string } | { code: string; problem: string } {
  let bytes: Buffer;
  let name: string;
  if (args.file !== undefined) {
    const file = path.resolve(args.file);
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return { code: 'invalid_request', problem: `file not found: ${file}` };
    bytes = fs.readFileSync(file);
    name = path.basename(file);
  } else {
    if (args.fileName === undefined)
      return { code: 'invalid_request', problem: 'contentBase64 needs fileName (report.docx…): its extension says what the document is' };
    bytes = Buffer.from(args.contentBase64!, 'base64');
    name = path.basename(args.fileName);
  }
  const verdict = checkOfficeInput(name, bytes, args.password !== undefined);
  return verdict.ok ? { bytes, name } : { code: verdict.code, problem: verdict.message };
}

const URL_DESCRIPTION =
  "Prints a web page (an http or https URL) into a PDF, as a render job with a URL source: Folio fetches the page and everything it loads itself, under its network policy (public addresses only unless the operator allow-listed the host; every redirect checked). Needs a plan that allows the external network: otherwise the answer is the error url_source_not_allowed (403), and the page's HTML can be given to render_html instead. Waits, and answers like render: job id, pages, warnings, a signed download link and the PDF embedded when small.";

export function registerSourceTools(server: McpServer): void {
  server.registerTool(
    'convert_office',
    {
      title: 'Convert an Office document to PDF',
      description: `Converts an Office or OpenDocument file (${EXTENSIONS}) into a PDF with the Folio server's LibreOffice: a local file path, or the file as contentBase64 with its fileName. Nothing is deployed. Waits, and answers like render: job id, pages, warnings, a signed download link and the PDF embedded when small. The result can go on to pdf_steps (stamp, redact, split…) with the answer's jobId. A protected document needs password; a file that is not what its extension says is refused before it is sent.`,
      inputSchema: {
        file: z
          .string()
          .min(1)
          .optional()
          .describe(
            'Path of the document (absolute, or relative to the folder the MCP server runs in): report.docx, sheet.xlsx, deck.pptx, letter.odt…',
          ),
        contentBase64: z.string().min(1).optional().describe('The document itself, base64-encoded, instead of file (needs fileName).'),
        fileName: z
          .string()
          .min(1)
          .max(200)
          .optional()
          .describe('With contentBase64: the file name, whose extension says what the document is.'),
        pageRanges: z.string().min(1).optional().describe('Pages to keep, LibreOffice page ranges ("1-3,5"); default every page.'),
        landscape: z.boolean().optional().describe('Landscape pages (spreadsheets and text files mostly).'),
        singlePageSheets: z.boolean().optional().describe('A spreadsheet: one page per sheet, as large as its used area.'),
        password: z.string().min(1).optional().describe('Opens a password-protected document (never shown or logged by the server).'),
        managed: common.managed,
        businessKey: common.businessKey,
        waitSeconds: common.waitSeconds,
        linkExpiresInSeconds: common.linkExpiresInSeconds,
        embed: common.embed,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (args, extra) =>
      withClient(async (client) => {
        if ((args.file === undefined) === (args.contentBase64 === undefined))
          return fail('invalid_request', 'give exactly one of file and contentBase64');
        const doc = givenDocument(args);
        if ('problem' in doc) return fail(doc.code, doc.problem);
        const office: OfficeOptions = {
          ...(args.pageRanges !== undefined ? { pageRanges: args.pageRanges } : {}),
          ...(args.landscape ? { landscape: true } : {}),
          ...(args.singlePageSheets ? { singlePageSheets: true } : {}),
          ...(args.password !== undefined ? { password: args.password } : {}),
        };
        const body: CreateRenderJobBody = {
          ...officeDocument(doc.name, doc.bytes, Object.keys(office).length ? office : undefined),
        };
        return renderAndAnswer(client, body, doc.name, args, callContext(extra));
      }),
  );

  server.registerTool(
    'render_url',
    {
      title: 'Render a web page (URL) to PDF',
      description: URL_DESCRIPTION,
      inputSchema: {
        url: z.string().min(1).max(2048).describe('The page to print: an http: or https: URL, without user name or password.'),
        headers: z
          .record(z.string(), z.string())
          .optional()
          .describe("Extra request headers (name -> value) sent to the URL's origin only (never Host or Cookie)."),
        print: printOptions,
        ...common,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    async (args, extra) =>
      withClient(async (client) => {
        const body = {
          source: { url: args.url, ...(args.headers ? { headers: args.headers } : {}) },
          ...(args.print ? { print: args.print } : {}),
        } as CreateRenderJobBody;
        return renderAndAnswer(client, body, args.url, args, callContext(extra));
      }),
  );
}
