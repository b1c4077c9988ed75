// The Model Context Protocol server of `folio mcp`: the official SDK's McpServer with Folio's tools,
// resources and prompts, on stdio. Standard output carries the protocol and nothing else: every log line
// goes to standard error.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { resolveApi } from '../config.js';
import { clientVersion } from '../version.js';
import { registerEInvoiceTools } from './einvoice-tools.js';
import { registerPdfStepTools } from './pdf-step-tools.js';
import { registerPrompts } from './prompts.js';
import { registerReadTools } from './read-tools.js';
import { registerRenderTools } from './render-tools.js';
import { registerResources } from './resources.js';
import { registerSourceTools } from './source-tools.js';

const INSTRUCTIONS = `Folio renders PDFs in headless Chromium from HTML templates deployed to it, or from HTML or Markdown given inline.
Find templates with list_deploys; list_versions with withPayloadSchema: true shows what payload a template expects (its JSON Schema and a sample).
render prints a deploy with a payload, render_html prints inline HTML or Markdown, convert_office converts an Office or OpenDocument file (DOCX, XLSX, PPTX, ODT…), render_url prints a web page (when the plan allows the external network); each waits for the PDF and answers a signed download link that needs no key, and the PDF itself as an embedded resource when it is at most 5 MiB.
A render still running when the wait ends keeps going: follow it with get_job.
validate_einvoice checks an e-invoice (an XML or PDF file, or XML text) against the official rule sets and answers each finding.
pdf_steps runs PDF steps on a managed PDF, a job's PDF or a PDF or image you give: redact, extract text or Markdown, validate PDF/A and PDF/UA, conform, stamp, n-up, split, sign and more; it answers the text, the reports and links to the PDFs it made.
Resources: folio://deploys, folio://deploys/{deploy}/versions/{version} (the payload schema), folio://jobs/{jobId}, folio://pdfs/{pdfId} (the PDF).
Everything is limited to what the configured API key's account and scopes allow.`;

/** An MCP server with every Folio tool; each tool call reads the API configuration anew. */
export function createFolioMcpServer(): McpServer {
  const server = new McpServer({ name: 'folio', title: 'Folio', version: clientVersion() }, { instructions: INSTRUCTIONS });
  registerReadTools(server);
  registerRenderTools(server);
  registerEInvoiceTools(server);
  registerPdfStepTools(server);
  registerSourceTools(server);
  registerResources(server);
  registerPrompts(server);
  return server;
}

/**
 * Serves MCP on stdin/stdout until standard input ends (the client went away) or SIGTERM/SIGINT; resolves
 * with the exit code.
 */
export async function serveMcpOnStdio(): Promise<number> {
  // Whatever writes to console.log or console.info would corrupt the protocol: it goes to stderr.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
  try {
    const { apiUrl } = resolveApi();
    process.stderr.write(`folio mcp: serving the Model Context Protocol on stdio for ${apiUrl}\n`);
  } catch (err) {
    process.stderr.write(`folio mcp: ${(err as Error).message}; every tool answers an error until then\n`);
  }
  const server = createFolioMcpServer();
  const transport = new StdioServerTransport();
  let done!: (code: number) => void;
  const finished = new Promise<number>((resolve) => (done = resolve));
  transport.onclose = () => done(0);
  const stop = () => void server.close().finally(() => done(0));
  process.stdin.once('end', stop);
  // A client that went away mid-answer: writing to the closed pipe fails, and the server stops.
  process.stdout.once('error', stop);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await server.connect(transport);
  server.server.onerror = (err) => process.stderr.write(`folio mcp: ${err.message}\n`);
  return finished;
}
