// folio dev [dir]: preview a template locally with live reload, and print it to PDF with the production
// renderer (the same Renderer a worker uses, loading the folder as the bundle of a version).
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config/load.js';
import { buildPayload, DEFAULT_PAYLOAD_MIME } from '../../domain/jobs/payload.js';
import { validatePdfOverrides } from '../../render/pdf-options.js';
import { RenderError, type PdfOverrides } from '../../render/types.js';
import { int, noExtra, parse, seconds, str } from '../client/args.js';
import { formatBytes, plural, printJson, reportError, UsageError } from '../client/output.js';
import { loadLocalBundle } from './local-bundle.js';
import { LocalPrinter, type PrintedFile, type PrintOptions } from './local-printer.js';
import { PagePreview } from './page-preview.js';
import { pagesRoutes } from './pages-routes.js';
import { PAGES_PATH, secretRedactor } from './pages-view.js';
import { EVENTS_PATH, PreviewServer, type DevInputs } from './preview-server.js';

export const devHelp = `Usage: folio dev [dir] [options]

Serves the folder at http://127.0.0.1:PORT as Folio would render it: the same files, headers and CSP,
window.folio, the payload at window.folio.payloadUrl and the env at window.folio.envUrl. Open the printed
URL in a browser; the page reloads when a file of the folder, the payload or the env file changes.
http://127.0.0.1:PORT/__folio/dev/pages shows the printed pages instead: the PDF rendered by the production
renderer, page by page (images drawn by poppler's pdftoppm: apt-get install poppler-utils), with the page
count, the render's diagnostics and the payload checked against payload.schema.json; it re-renders on
every change while it is open. Nothing is written into the folder.
On a terminal, press p to print the PDF with the production renderer, q to quit.

Options:
  --payload FILE         the payload: a JSON file (default: the folder's sample-payload.json, else {} as
                         for a job without payload)
  --payload-mime MIME    serve the payload file as this MIME type instead of JSON
  --env FILE             environment for window.folio.envUrl: JSON {"variables": {...}, "secrets": {...}}
                         or NAME=value lines (variables)
  --port N               port of the preview (default 4321; 0 picks a free one)
  --route ROUTE          entry route, as for folio deploy (default /)
  --metadata FILE        JSON used as render.metadata (pdf options) when printing
  --pdf FILE             render the PDF once to FILE with the production renderer and exit
  --serve                with --pdf: keep serving afterwards (p prints to FILE again)
  --timeout SECONDS      render timeout when printing and in the pages view (default 30)
  --allow-external-network
                         let the page load http(s) resources outside the bundle (as on plans that allow it)
  --include-dotfiles     also serve files and folders whose name starts with "."
  --include-node-modules also serve node_modules folders
  --json                 with --pdf: print the result as JSON
  -h, --help             show this help`;

function readText(file: string, what: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`${what} file not found: ${file}`);
  }
}

/** Payload bytes exactly as a job would get them (canonical JSON for JSON MIME types: the server's code). */
export function loadPayload(file: string | undefined, mime: string | undefined): { payload: Buffer; payloadMime: string } {
  const payloadMime = mime ?? DEFAULT_PAYLOAD_MIME;
  let input: { payload?: unknown; hasPayload: boolean } = { hasPayload: false };
  if (file !== undefined) {
    const text = readText(file, 'payload');
    if (/json/i.test(payloadMime)) {
      try {
        input = { payload: JSON.parse(text), hasPayload: true };
      } catch (err) {
        throw new UsageError(`payload ${file} is not valid JSON: ${(err as Error).message}`);
      }
    } else input = { payload: text, hasPayload: true };
  }
  const r = buildPayload({ ...input, payloadMime, maxBytes: Number.MAX_SAFE_INTEGER });
  if (!r.ok) throw new UsageError(`payload: ${r.message}`);
  return { payload: r.bytes, payloadMime: r.mime };
}

export function loadEnv(file: string | undefined): DevInputs['env'] {
  if (file === undefined) return { variables: {}, secrets: {} };
  const text = readText(file, 'env');
  const strings = (o: unknown, where: string): Record<string, string> => {
    if (o === undefined) return {};
    if (!o || typeof o !== 'object' || Array.isArray(o)) throw new UsageError(`env ${file}: ${where} must be an object of strings`);
    for (const [k, v] of Object.entries(o)) if (typeof v !== 'string') throw new UsageError(`env ${file}: ${where}.${k} must be a string`);
    return o as Record<string, string>;
  };
  if (/^\s*\{/.test(text)) {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new UsageError(`env ${file} is not valid JSON: ${(err as Error).message}`);
    }
    if ('variables' in parsed || 'secrets' in parsed)
      return { variables: strings(parsed.variables, 'variables'), secrets: strings(parsed.secrets, 'secrets') };
    return { variables: strings(parsed, 'the file'), secrets: {} };
  }
  const variables: Record<string, string> = {};
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) throw new UsageError(`env ${file}:${i + 1}: expected NAME=value`);
    variables[m[1]] = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return { variables, secrets: {} };
}

export async function runDev(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  try {
    return await dev(argv);
  } catch (err) {
    return reportError(err, json);
  }
}

async function dev(argv: string[]): Promise<number> {
  const p = parse(argv, {
    payload: { type: 'string' },
    'payload-mime': { type: 'string' },
    env: { type: 'string' },
    port: { type: 'string' },
    route: { type: 'string' },
    metadata: { type: 'string' },
    pdf: { type: 'string' },
    serve: { type: 'boolean' },
    timeout: { type: 'string' },
    'allow-external-network': { type: 'boolean' },
    'include-dotfiles': { type: 'boolean' },
    'include-node-modules': { type: 'boolean' },
  });
  if (p.help) {
    console.log(devHelp);
    return 0;
  }
  noExtra(p, 1);
  const dir = path.resolve(p.positionals[0] ?? '.');
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new UsageError(`folder not found: ${p.positionals[0] ?? '.'}`);
  const route = str(p, 'route') ?? '/';
  if (!route.startsWith('/')) throw new UsageError('--route must begin with /');
  // Without --payload, the folder's sample payload (the one a deploy checks against payload.schema.json) is
  // the obvious data to preview with.
  const samplePayload = path.join(dir, 'sample-payload.json');
  const payloadFile = str(p, 'payload') ?? (fs.existsSync(samplePayload) ? samplePayload : undefined);
  const payloadSource =
    str(p, 'payload') !== undefined ? `--payload ${str(p, 'payload')}` : payloadFile ? 'sample-payload.json' : 'no --payload: {}';
  const payloadMime = str(p, 'payload-mime');
  const envFile = str(p, 'env');
  const loadInputs = async (): Promise<DevInputs> => ({ ...loadPayload(payloadFile, payloadMime), env: loadEnv(envFile) });
  const initialInputs = await loadInputs(); // usage errors (missing payload file…) before anything starts
  let pdf: PdfOverrides = {};
  const metadataFile = str(p, 'metadata');
  if (metadataFile) {
    let metadata: { pdf?: unknown };
    try {
      metadata = JSON.parse(readText(metadataFile, 'metadata'));
    } catch (err) {
      if (err instanceof UsageError) throw err;
      throw new UsageError(`metadata ${metadataFile} is not valid JSON: ${(err as Error).message}`);
    }
    if (metadata?.pdf !== undefined) {
      const v = validatePdfOverrides(metadata.pdf);
      if (!v.ok) throw new UsageError(`metadata ${metadataFile}: render.metadata.pdf: ${v.message}`);
      pdf = metadata.pdf as PdfOverrides;
    }
  }
  const printOpts: PrintOptions = {
    pdf,
    timeoutMs: seconds(p, 'timeout', 1, 600, true) ?? 30_000,
    allowExternalNetwork: Boolean(p.values['allow-external-network']),
  };
  const bundleOpts = {
    route,
    includeDotfiles: Boolean(p.values['include-dotfiles']),
    includeNodeModules: Boolean(p.values['include-node-modules']),
  };
  const config = loadConfig(process.env);
  const pdfOut = str(p, 'pdf');
  const serving = !pdfOut || Boolean(p.values.serve);
  // A spare page makes each re-render of the preview start sooner; a single --pdf has no use for one.
  const printer = new LocalPrinter(
    config.chromiumPath,
    { chromiumUser: config.chromiumUser, noSandbox: config.chromiumNoSandbox },
    serving ? 1 : 0,
  );

  // Requests the network policy refused are the template author's most common surprise (a web font or CDN
  // script that works in a browser but not in Folio), so the preview names them.
  const describe = (r: PrintedFile) =>
    `wrote ${r.path} (${plural(r.pages, 'page')}, ${formatBytes(r.bytes)}, rendered in ${r.ms} ms)` +
    r.blocked.map((b) => `\nwarning: blocked request ${b}`).join('');

  if (!serving) {
    try {
      const bundle = await loadLocalBundle(dir, bundleOpts);
      if (!bundle.entryPath) throw new UsageError(`route ${route} matches no file in ${dir}`);
      const r = await printer.print(bundle, initialInputs, printOpts, pdfOut);
      if (p.json) printJson({ file: r.path, pageCount: r.pages, bytes: r.bytes, renderTimeMs: r.ms, blocked: r.blocked });
      else console.log(describe(r));
      return 0;
    } finally {
      await printer.close();
    }
  }

  const server: PreviewServer = new PreviewServer({
    dir,
    ...bundleOpts,
    port: int(p, 'port', 0, 65_535) ?? 4321,
    allowExternalNetwork: printOpts.allowExternalNetwork,
    loadInputs,
    extraWatchFiles: [payloadFile, envFile].filter((f): f is string => Boolean(f)),
    identity: { jobId: 'job_dev_preview', deployId: 'dep_dev_preview', versionNo: 0 },
    // Requests come only after start(), when `routes` below exists.
    devRoute: (url, req, res) => routes(url, req, res),
  });
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const preview = new PagePreview(() => server, printer, printOpts, {
    rendering: (generation) => server.tellViews('rendering', generation),
    rendered: (s) => {
      server.tellViews('pages', s.generation);
      const o = s.outcome;
      if (server.connectedViews > 0)
        log(
          o.ok
            ? `printed pages: ${plural(o.pageCount, 'page')} in ${s.totalMs} ms`
            : `printed pages: the render failed: ${o.code}: ${secretRedactor(server.inputs.env.secrets)(o.message)}`,
        );
    },
  });
  const routes = pagesRoutes(preview, () => ({
    payloadSource,
    screenUrl: server.bundle.entryPath ?? '/',
    eventsPath: EVENTS_PATH,
    redact: secretRedactor(server.inputs.env.secrets),
  }));
  try {
    await server.start();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new UsageError(`port ${str(p, 'port') ?? 4321} is in use: pick another with --port`);
    throw err;
  }
  if (!server.bundle.entryPath) process.stderr.write(`warning: route ${route} matches no file in ${dir} yet\n`);
  server.on('reload', (e: { generation: number; clients: number }) => {
    log(`changed: reloading ${plural(e.clients, 'page')}`);
    // Printed pages are re-rendered only while someone looks at them (a render costs a second of CPU).
    if (server.connectedViews > 0) preview.kick();
  });
  server.on('warning', (w: string) => log(`warning: ${w}`));
  console.log(`folio dev: previewing ${dir} (${plural(server.bundle.files.size, 'file')}, ${formatBytes(server.bundle.bytes)})`);
  console.log(`  page:    ${server.url}`);
  console.log(`  pages:   ${server.bundleOrigin}${PAGES_PATH} (the printed pages, rendered by the production renderer)`);
  console.log(
    `  payload: ${server.payloadOrigin}/__payload${
      str(p, 'payload') !== undefined
        ? ` (from ${payloadFile})`
        : payloadFile
          ? ' (from sample-payload.json in the folder; --payload overrides)'
          : ''
    }`,
  );
  console.log(`  env:     ${server.payloadOrigin}/__env${envFile ? ` (from ${envFile})` : ''}`);
  const tty = process.stdin.isTTY;
  // The default file lands in the current folder, unless that is the watched folder (or inside it): a PDF
  // written there would be a stray file in the template, so it goes next to the folder instead.
  const defaultName = `${path.basename(dir) || 'preview'}.pdf`;
  const inWatched = (p: string) => p === dir || p.startsWith(dir + path.sep);
  const pdfTarget = pdfOut ?? (inWatched(process.cwd()) ? path.join(path.dirname(dir), defaultName) : defaultName);
  console.log(tty ? `press p to print ${pdfTarget} with the production renderer, q to quit` : 'stop with Ctrl-C');

  let printing: Promise<void> | null = null;
  const printNow = () => {
    if (printing) return;
    log(`printing ${pdfTarget}…`);
    printing = printer
      .print(server.bundle, server.inputs, printOpts, pdfTarget)
      .then((r) => {
        log(describe(r));
      })
      .catch((err) => {
        log(err instanceof RenderError ? `error: ${err.code}: ${err.message}` : `error: ${(err as Error).message}`);
      })
      .finally(() => {
        printing = null;
      });
  };
  if (pdfOut) printNow();

  return await new Promise<number>((resolve) => {
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      if (tty) process.stdin.setRawMode(false);
      process.stdin.pause();
      await printing;
      await preview.idle();
      await server.close();
      await printer.close();
      resolve(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    if (tty) {
      process.stdin.setRawMode(true);
      process.stdin.resume();
      process.stdin.on('data', (d: Buffer) => {
        const key = d.toString();
        if (key === 'p' || key === 'P') printNow();
        else if (key === 'q' || key === '\u0003' || key === '\u0004') void stop();
      });
    }
  });
}
