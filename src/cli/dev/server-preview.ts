// folio dev --server [dir]: a preview of the folder as a Folio server prints it, for an author without a
// local Chromium (@folio/cli has none). Each load of the preview's PDF sends the folder as inline sources
// with the payload (one POST /v1/render, as `folio test --server` prints: no deploy is made) and shows the
// PDF the server answers. The page asks for the folder's change counter every second and loads the PDF
// again when a file changed.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { clientFromEnv } from '../client/api.js';
import { int, noExtra, parse, seconds, str } from '../client/args.js';
import { reportError, UsageError } from '../client/output.js';
import { templateBundle } from '../snapshots/printer.js';
import { fixtureFailure, inlineSources } from '../snapshots/server-printer.js';
import { templateDir } from '../snapshots/fixtures.js';

export const serverPreviewHelp = `Usage: folio dev --server [dir] [options]

Previews the template folder (dir, default the current folder) as a Folio server prints it, with no local
Chromium: open the printed http://127.0.0.1:PORT/. Each load sends the folder as inline sources with the
payload (one POST /v1/render to the server of FOLIO_API_URL and FOLIO_API_KEY, or folio login; no deploy
is made) and shows the PDF; the page loads it again when a file of the folder changes. A render that fails
shows the server's error (a template syntax error names its file, line and column). Ctrl-C stops it.

Options:
  --payload FILE         the payload, a JSON file (default: the folder's sample-payload.json, else none)
  --port N               port of the preview (default 4321; 0 picks a free one)
  --route ROUTE          entry route, as for folio deploy (default /); the entry must be at the top
  --timeout SECONDS      how long to wait for each PDF (default 60)
  --include-dotfiles     send files and folders whose name starts with "." too
  --include-node-modules send node_modules folders too
  -h, --help             show this help`;

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>folio dev --server</title>
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%}</style></head>
<body><iframe id="pdf" src="/preview.pdf?v=0" title="the printed PDF"></iframe><script>
let seen = null;
async function poll() {
  try {
    const { version } = await (await fetch('/__folio/version')).json();
    if (seen !== null && version !== seen) document.getElementById('pdf').src = '/preview.pdf?v=' + version;
    seen = version;
  } catch {}
  setTimeout(poll, 1000);
}
poll();
</script></body></html>`;

interface PreviewOptions {
  dir: string;
  payloadFile: string | null;
  port: number;
  route: string;
  timeoutMs: number;
  includeDotfiles: boolean;
  includeNodeModules: boolean;
}

function previewOptions(argv: string[]): PreviewOptions | null {
  const p = parse(argv, {
    server: { type: 'boolean' },
    payload: { type: 'string' },
    port: { type: 'string' },
    route: { type: 'string' },
    timeout: { type: 'string' },
    'include-dotfiles': { type: 'boolean' },
    'include-node-modules': { type: 'boolean' },
  });
  if (p.help) return null;
  noExtra(p, 1);
  const dir = templateDir(p.positionals[0] ?? '.');
  const given = str(p, 'payload');
  const sample = path.join(dir, 'sample-payload.json');
  const route = str(p, 'route') ?? '/';
  if (!route.startsWith('/')) throw new UsageError('--route must begin with /');
  return {
    dir,
    payloadFile: given !== undefined ? path.resolve(given) : fs.existsSync(sample) ? sample : null,
    port: int(p, 'port', 0, 65535) ?? 4321,
    route,
    timeoutMs: seconds(p, 'timeout', 1, 600) ?? 60_000,
    includeDotfiles: Boolean(p.values['include-dotfiles']),
    includeNodeModules: Boolean(p.values['include-node-modules']),
  };
}

function readPayload(file: string | null): unknown {
  if (file === null) return undefined;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`payload file not found: ${file}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`payload ${file} is not valid JSON: ${(err as Error).message}`);
  }
}

/** The folder printed by the server now: the PDF, or the status and text of what went wrong. */
async function printNow(o: PreviewOptions): Promise<{ status: number; type: string; body: Buffer | string }> {
  const client = clientFromEnv();
  const signal = AbortSignal.timeout(o.timeoutMs);
  let entryPath = '/index.html';
  try {
    const bundle = await templateBundle(o.dir, o);
    entryPath = bundle.entryPath!;
    const sources = inlineSources(bundle, o.route, 'deploy the folder and use folio render');
    const payload = readPayload(o.payloadFile);
    const r = await client.render({ ...sources, ...(payload !== undefined ? { payload } : {}) }, { idempotencyKey: randomUUID(), signal });
    if (r.status === 'succeeded') return { status: 200, type: 'application/pdf', body: r.pdf };
    return {
      status: 504,
      type: 'text/plain; charset=utf-8',
      body: `render job ${r.job.id} is still ${r.job.status} after the server's wait`,
    };
  } catch (err) {
    const failure =
      err instanceof UsageError ? { code: 'usage', message: err.message } : fixtureFailure(err, signal, o.timeoutMs, entryPath);
    if (!failure) throw err;
    return {
      status: 422,
      type: 'text/plain; charset=utf-8',
      body: `the server did not print the folder: ${failure.code}: ${failure.message}\n`,
    };
  }
}

async function serve(o: PreviewOptions): Promise<number> {
  // Mistakes in the folder or the connection settings are said before the preview starts.
  await templateBundle(o.dir, o);
  readPayload(o.payloadFile);
  const client = clientFromEnv();
  let version = 0;
  const watcher = fs.watch(o.dir, { recursive: true }, () => void version++);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://preview');
    if (url.pathname === '/') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    if (url.pathname === '/__folio/version')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ version }));
    if (url.pathname !== '/preview.pdf') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    printNow(o).then(
      (r) => res.writeHead(r.status, { 'content-type': r.type, 'cache-control': 'no-store' }).end(r.body),
      (err: unknown) => res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(`${(err as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(o.port, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  console.log(
    `folio dev --server: ${o.dir} printed by the server at ${client.baseUrl}\npreview: http://127.0.0.1:${port}/   (Ctrl-C stops)`,
  );
  await new Promise<void>((resolve) => process.once('SIGINT', resolve).once('SIGTERM', resolve));
  watcher.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return 0;
}

export async function runServerPreview(argv: string[]): Promise<number> {
  try {
    const o = previewOptions(argv);
    if (!o) {
      console.log(serverPreviewHelp);
      return 0;
    }
    return await serve(o);
  } catch (err) {
    return reportError(err, false);
  }
}
