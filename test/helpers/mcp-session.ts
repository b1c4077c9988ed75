// An MCP client as a user's assistant runs one: the MCP SDK's own Client spawns `bin/folio mcp` over stdio
// (StdioClientTransport). Tool answers are split into their line, their JSON, further texts and embedded
// resources; links are fetched without a key and PDFs counted by poppler.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { withPdfFile } from './pdf.js';
import { FOLIO_BIN, ROOT } from './server-process.js';

export interface EmbeddedPdf {
  uri: string;
  mimeType: string;
  blob: string;
}

export interface Answer {
  isError: boolean;
  line: string;
  data: any;
  /** Text blocks after the JSON (pdf_steps' extracted texts). */
  texts: string[];
  /** Embedded resources (the PDFs). */
  resources: EmbeddedPdf[];
}

/** An MCP client connected to its own `folio mcp` process, with what that process wrote to stderr. */
export interface Session {
  client: Client;
  stderr(): string;
  errors: Error[];
  call(name: string, args?: Record<string, unknown>): Promise<Answer>;
  /** pdf_steps: the line and JSON, then each extracted text and each embedded PDF. */
  steps(args: Record<string, unknown>): Promise<Answer>;
  close(): Promise<void>;
}

export async function connectMcp(env: Record<string, string>): Promise<Session> {
  const transport = new StdioClientTransport({ command: FOLIO_BIN, args: ['mcp'], env, cwd: ROOT, stderr: 'pipe' });
  let stderr = '';
  transport.stderr!.on('data', (d) => (stderr += d));
  const client = new Client({ name: 'folio-mcp-test', version: '1.0.0' });
  // Anything on the server's stdout that is not a protocol message ends up here.
  const errors: Error[] = [];
  client.onerror = (err) => errors.push(err);
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<Answer> => {
    const r = (await client.callTool({ name, arguments: args })) as {
      isError?: boolean;
      content: Array<{ type: string; text?: string; resource?: EmbeddedPdf }>;
    };
    const [line, data, ...rest] = r.content;
    assert.ok(line?.type === 'text' && data?.type === 'text', JSON.stringify(r).slice(0, 500));
    return {
      isError: r.isError === true,
      line: line.text!,
      data: JSON.parse(data.text!),
      texts: rest.filter((c) => c.type === 'text').map((c) => c.text!),
      resources: rest.filter((c) => c.type === 'resource').map((c) => c.resource!),
    };
  };
  return {
    client,
    stderr: () => stderr,
    errors,
    call,
    steps: (args) => call('pdf_steps', args),
    close: () => client.close(),
  };
}

export function pdfPages(pdf: Buffer): number {
  return withPdfFile(pdf, (file) => Number(/^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]));
}

/** The PDF behind a signed link, fetched as anyone would: no API key. */
export async function download(url: string): Promise<Buffer> {
  const res = await fetch(url);
  assert.equal(res.status, 200, url);
  assert.equal(res.headers.get('content-type'), 'application/pdf');
  const pdf = Buffer.from(await res.arrayBuffer());
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
  return pdf;
}
