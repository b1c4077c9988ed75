// folio mcp: a Model Context Protocol server on stdio, so an assistant (Claude Desktop, an IDE, any MCP
// client) can list templates, render PDFs and read jobs with the API key it is given. The server and the
// MCP SDK are imported only when it starts: `folio --help` and the other commands do not load them.
import { noExtra, parse } from './args.js';

export const mcpHelp = `Usage: folio mcp

Serves the Model Context Protocol (MCP) on standard input and output, for an MCP client that starts it
as a local server. It talks to Folio through the API like every client command: FOLIO_API_URL and
FOLIO_API_KEY, else what \`folio login\` stored. What it can do is what that key may do. Standard output
carries only the protocol; messages go to standard error. Without a key it still starts, and every tool
answers an error saying how to give it one.

Tools:
  list_deploys    the account's deploys: slug, id, latest version
  list_versions   a deploy's versions with their aliases (withPayloadSchema: what payload they expect)
  render          a deploy (slug or id) + version (default latest) + payload -> PDF: waits (default
                  50 s, at most 120) and answers job id, pages, warnings, a signed download link and
                  the PDF itself embedded when it is at most 5 MiB (embed: false: the link only)
  render_html     inline HTML, a template (handlebars, liquid, nunjucks, mustache) or Markdown -> PDF,
                  answered the same way
  convert_office  an Office or OpenDocument file (.docx .xlsx .pptx .odt …; a local path or base64)
                  -> PDF with the server's LibreOffice, answered the same way
  render_url      a web page (URL) -> PDF, answered the same way; needs a plan that allows the
                  external network (else the error url_source_not_allowed)
  get_job         a render job with its warnings and error (and its link once succeeded)
  list_pdfs       managed PDFs (renders with managed: true)
  get_usage       plan, this month's usage and the limits
  validate_einvoice
                  an e-invoice (an XML or PDF file, or XML text) checked against the official rule
                  sets of its profile: valid or not, and each finding with its rule and location
  pdf_steps       PDF steps (redact, extractText, validate, stamp, split…) on a managed PDF, a job's
                  PDF or a file: the texts and reports, links, and small PDFs embedded

Resources: folio://deploys, folio://deploys/{deploy}/versions/{version} (payload schema and sample),
  folio://jobs/{jobId}, folio://pdfs/{pdfId} (the PDF itself up to 5 MiB).
Prompts: render_from_data, convert_office_file, check_einvoice.

Configuration of an MCP client (e.g. claude_desktop_config.json, .vscode/mcp.json, .cursor/mcp.json):
  {"mcpServers": {"folio": {"command": "folio", "args": ["mcp"],
    "env": {"FOLIO_API_URL": "https://folio.example.com", "FOLIO_API_KEY": "folio_sk_…"}}}}
A key with the scopes deploys:read, render:read, render:write, pdfs:read and usage:read is enough
(folio keys create --account A --scopes …). See docs/mcp.md.

Options:
  -h, --help   show this help`;

export async function mcpCommand(argv: string[]): Promise<number> {
  const p = parse(argv, {});
  if (p.help) {
    console.log(mcpHelp);
    return 0;
  }
  noExtra(p, 0);
  const { serveMcpOnStdio } = await import('./mcp/server.js');
  return serveMcpOnStdio();
}
