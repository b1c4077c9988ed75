// folio dev [dir]: preview a template locally with live reload, and print it to PDF with the production
// renderer (the same Renderer a worker uses, loading the folder as the bundle of a version).
import path from 'node:path';
import { loadConfig } from '../../config/load.js';
import { RenderError } from '../../render/types.js';
import { formatBytes, plural, printJson, reportError, UsageError } from '../client/output.js';
import { devOptions, type DevOptions } from './dev-options.js';
import { loadLocalBundle } from './local-bundle.js';
import { LocalPrinter, type PrintedFile } from './local-printer.js';
import { PagePreview } from './page-preview.js';
import { pagesRoutes } from './pages-routes.js';
import { PAGES_PATH, secretRedactor } from './pages-view.js';
import { EVENTS_PATH, PreviewServer } from './preview-server.js';

export { loadEnv, loadPayload } from './dev-options.js';

export const devHelp = `Usage: folio dev [dir] [options]

Serves the folder at http://127.0.0.1:PORT as Folio would render it: the same files, headers and CSP,
window.folio, the payload at window.folio.payloadUrl and the env at window.folio.envUrl. Open the printed
URL in a browser; the page reloads when a file of the folder, the payload or the env file changes.
http://127.0.0.1:PORT/__folio/dev/pages shows the printed pages instead: the PDF rendered by the production
renderer, page by page (images drawn by poppler's pdftoppm: apt-get install poppler-utils), with the page
count, the render's diagnostics and the payload checked against payload.schema.json; it re-renders on
every change while it is open. Nothing is written into the folder.
On a terminal, press p to print the PDF with the production renderer, q to quit.
folio dev --server [dir] previews through a Folio server instead, with no local Chromium (folio dev
--server --help).

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

export async function runDev(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  try {
    return await dev(argv);
  } catch (err) {
    return reportError(err, json);
  }
}

async function dev(argv: string[]): Promise<number> {
  const o = devOptions(argv);
  if (o.help) {
    console.log(devHelp);
    return 0;
  }
  const initialInputs = await o.loadInputs(); // usage errors (missing payload file…) before anything starts
  const config = loadConfig(process.env);
  // A spare page makes each re-render of the preview start sooner; a single --pdf has no use for one.
  const printer = new LocalPrinter(
    config.chromiumPath,
    { chromiumUser: config.chromiumUser, noSandbox: config.chromiumNoSandbox },
    o.serving ? 1 : 0,
  );
  if (!o.serving) {
    try {
      const bundle = await loadLocalBundle(o.dir, o.bundleOpts);
      if (!bundle.entryPath) throw new UsageError(`route ${o.route} matches no file in ${o.dir}`);
      const r = await printer.print(bundle, initialInputs, o.printOpts, o.pdfOut!);
      if (o.json) printJson({ file: r.path, pageCount: r.pages, bytes: r.bytes, renderTimeMs: r.ms, blocked: r.blocked });
      else console.log(describe(r));
      return 0;
    } finally {
      await printer.close();
    }
  }
  const { server, preview } = await startPreview(o, printer);
  const pdfTarget = announce(o, server);
  const toPdf = printing(() => printer.print(server.bundle, server.inputs, o.printOpts, pdfTarget), pdfTarget);
  if (o.pdfOut) toPdf.print();
  return await untilStopped(toPdf, async () => {
    await preview.idle();
    await server.close();
    await printer.close();
  });
}

/** Requests the network policy refused are the template author's most common surprise (a web font or CDN
 * script that works in a browser but not in Folio), so every print names them. */
const describe = (r: PrintedFile) =>
  `wrote ${r.path} (${plural(r.pages, 'page')}, ${formatBytes(r.bytes)}, rendered in ${r.ms} ms)` +
  r.blocked.map((b) => `\nwarning: blocked request ${b}`).join('');

const log = (line: string) => process.stderr.write(`${line}\n`);

/** The preview server and its printed-pages view, started. */
async function startPreview(o: DevOptions, printer: LocalPrinter): Promise<{ server: PreviewServer; preview: PagePreview }> {
  const server: PreviewServer = new PreviewServer({
    dir: o.dir,
    ...o.bundleOpts,
    port: o.port,
    allowExternalNetwork: o.printOpts.allowExternalNetwork,
    loadInputs: o.loadInputs,
    extraWatchFiles: [o.payloadFile, o.envFile].filter((f): f is string => Boolean(f)),
    identity: { jobId: 'job_dev_preview', deployId: 'dep_dev_preview', versionNo: 0 },
    // Requests come only after start(), when `routes` below exists.
    devRoute: (url, req, res) => routes(url, req, res),
  });
  const preview = new PagePreview(() => server, printer, o.printOpts, {
    rendering: (generation) => server.tellViews('rendering', generation),
    rendered: (s) => {
      server.tellViews('pages', s.generation);
      const r = s.outcome;
      if (server.connectedViews > 0)
        log(
          r.ok
            ? `printed pages: ${plural(r.pageCount, 'page')} in ${s.totalMs} ms`
            : `printed pages: the render failed: ${r.code}: ${secretRedactor(server.inputs.env.secrets)(r.message)}`,
        );
    },
  });
  const routes = pagesRoutes(preview, () => ({
    payloadSource: o.payloadSource,
    screenUrl: server.bundle.entryPath ?? '/',
    eventsPath: EVENTS_PATH,
    redact: secretRedactor(server.inputs.env.secrets),
  }));
  try {
    await server.start();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new UsageError(`port ${o.port} is in use: pick another with --port`);
    throw err;
  }
  if (!server.bundle.entryPath) process.stderr.write(`warning: route ${o.route} matches no file in ${o.dir} yet\n`);
  server.on('reload', (e: { generation: number; clients: number }) => {
    log(`changed: reloading ${plural(e.clients, 'page')}`);
    // Printed pages are re-rendered only while someone looks at them (a render costs a second of CPU).
    if (server.connectedViews > 0) preview.kick();
  });
  server.on('warning', (w: string) => log(`warning: ${w}`));
  return { server, preview };
}

/** Tells where the preview is; answers the file `p` prints to. */
function announce(o: DevOptions, server: PreviewServer): string {
  console.log(`folio dev: previewing ${o.dir} (${plural(server.bundle.files.size, 'file')}, ${formatBytes(server.bundle.bytes)})`);
  console.log(`  page:    ${server.url}`);
  console.log(`  pages:   ${server.bundleOrigin}${PAGES_PATH} (the printed pages, rendered by the production renderer)`);
  const from = o.payloadFromFlag
    ? ` (from ${o.payloadFile})`
    : o.payloadFile
      ? ' (from sample-payload.json in the folder; --payload overrides)'
      : '';
  console.log(`  payload: ${server.payloadOrigin}/__payload${from}`);
  console.log(`  env:     ${server.payloadOrigin}/__env${o.envFile ? ` (from ${o.envFile})` : ''}`);
  // The default file lands in the current folder, unless that is the watched folder (or inside it): a PDF
  // written there would be a stray file in the template, so it goes next to the folder instead.
  const defaultName = `${path.basename(o.dir) || 'preview'}.pdf`;
  const inWatched = (p: string) => p === o.dir || p.startsWith(o.dir + path.sep);
  const pdfTarget = o.pdfOut ?? (inWatched(process.cwd()) ? path.join(path.dirname(o.dir), defaultName) : defaultName);
  console.log(process.stdin.isTTY ? `press p to print ${pdfTarget} with the production renderer, q to quit` : 'stop with Ctrl-C');
  return pdfTarget;
}

/** One print at a time to the PDF file: a press of p while one runs is ignored. */
function printing(run: () => Promise<PrintedFile>, pdfTarget: string) {
  let current: Promise<void> | null = null;
  return {
    print() {
      if (current) return;
      log(`printing ${pdfTarget}…`);
      current = run()
        .then((r) => {
          log(describe(r));
        })
        .catch((err) => {
          log(err instanceof RenderError ? `error: ${err.code}: ${err.message}` : `error: ${(err as Error).message}`);
        })
        .finally(() => {
          current = null;
        });
    },
    /** The print under way, if any. */
    done: () => current,
  };
}

/** Runs until SIGINT, SIGTERM or q; p prints. Stops after the print under way, then closes everything. */
function untilStopped(printer: ReturnType<typeof printing>, close: () => Promise<void>): Promise<number> {
  const tty = process.stdin.isTTY;
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      if (tty) process.stdin.setRawMode(false);
      process.stdin.pause();
      await printer.done();
      await close();
      resolve(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    if (tty) {
      process.stdin.setRawMode(true);
      process.stdin.resume();
      process.stdin.on('data', (d: Buffer) => {
        const key = d.toString();
        if (key === 'p' || key === 'P') printer.print();
        else if (key === 'q' || key === '\u0003' || key === '\u0004') void stop();
      });
    }
  });
}
