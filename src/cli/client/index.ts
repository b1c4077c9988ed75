// The client commands of `folio`: they talk to a Folio server over HTTP through the SDK.
import { logoutCommand, whoamiCommand } from './account.js';
import { aliasesCommand } from './aliases.js';
import { batchCommand } from './batch.js';
import { deployCommand } from './deploy.js';
import { deploysCommand } from './deploys.js';
import { einvoiceCommand } from './einvoice.js';
import { jobsCommand } from './jobs.js';
import { loginCommand } from './login.js';
import { mcpCommand } from './mcp.js';
import { reportError } from './output.js';
import { pdfsCommand } from './pdfs.js';
import { renderCommand } from './render.js';
import { usageCommand } from './usage.js';

/** The client commands that need only a server: every one of them is in @folio/cli (packages/cli) too. */
export const clientCommandsHelp = `Client commands (use FOLIO_API_URL and FOLIO_API_KEY, or what \`folio login\` stored):
  folio login [--url URL] [--key KEY]             check and store the API URL and key
  folio logout                                    remove what folio login stored
  folio whoami                                    the API URL, key (masked) and account in use
  folio deploy [dir] [--slug S] [--route R] [--title T] [--alias A]
                                                  upload a folder as a new version (only new files are sent;
                                                  .folioignore, *.pdf, node_modules/ and dotfiles stay home)
  folio deploys list                              deploys with their latest version (vN)
  folio render <deploy> [--version V|vN|N] [--payload FILE|-] [--managed] [-o out.pdf] [--wait]
                                                  render a PDF; -o waits and downloads it; --png/--jpeg/
                                                  --webp render a page image instead, --images FORMAT
                                                  adds page images beside the PDF
  folio render --html FILE [--assets DIR] -o out.pdf
                                                  without a deploy: an HTML page or a template (by its
                                                  extension), also --md FILE (Markdown), --office FILE
                                                  (DOCX, XLSX, PPTX, ODT…), --url URL (a web page)
  folio batch <deploy> <payloads.jsonl> [--out DIR] [--version V] [--batch-key KEY] [--managed]
                                                  render one payload per line as a batch; re-running resumes it
                                                  and --out downloads only missing PDFs; --merge/--zip FILE
  folio jobs list|get|show|cancel|download|images  render jobs (images: a job's page images)
  folio pdfs list|get|delete|link|download        managed PDFs and their links
  folio pdfs upload|info|merge|run                upload a PDF, read its facts, merge PDFs, run PDF steps
                                                  (stamp, redact, split, extractText, encrypt…) on files
  folio einvoice validate FILE [--profile P]      check an e-invoice (XML, or a PDF that embeds it)
                                                  against the official rule sets; exit 1 when invalid
  folio usage                                     plan, this month's usage and limits
  folio aliases set|list                          point production/preview at a version
  folio mcp                                       a Model Context Protocol server on stdio: lets an
                                                  assistant list templates and render PDFs (docs/mcp.md)`;

export const clientHelp = `${clientCommandsHelp}
  folio dev [dir] [--payload FILE] [--pdf out.pdf]  local preview with live reload, and its printed pages rendered live
Every client command takes --help and --json.`;

export const CLIENT_COMMANDS = [
  'login',
  'logout',
  'whoami',
  'deploy',
  'deploys',
  'render',
  'batch',
  'jobs',
  'pdfs',
  'einvoice',
  'usage',
  'aliases',
  'mcp',
] as const;

export async function runClient(command: (typeof CLIENT_COMMANDS)[number], argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  try {
    switch (command) {
      case 'login':
        return await loginCommand(argv);
      case 'logout':
        return await logoutCommand(argv);
      case 'whoami':
        return await whoamiCommand(argv);
      case 'deploy':
        return await deployCommand(argv);
      case 'deploys':
        return await deploysCommand(argv);
      case 'render':
        return await renderCommand(argv);
      case 'batch':
        return await batchCommand(argv);
      case 'jobs':
        return await jobsCommand(argv);
      case 'pdfs':
        return await pdfsCommand(argv);
      case 'einvoice':
        return await einvoiceCommand(argv);
      case 'usage':
        return await usageCommand(argv);
      case 'aliases':
        return await aliasesCommand(argv);
      case 'mcp':
        return await mcpCommand(argv);
    }
  } catch (err) {
    return reportError(err, json);
  }
}
