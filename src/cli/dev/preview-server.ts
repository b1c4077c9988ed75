// The `folio dev` preview: two local HTTP origins standing in for the renderer's two virtual origins, answered
// by the renderer's own code (serveBundle, servePayloadOrigin, folioScript), so a page sees the same files,
// headers, CSP, CORS, window.folio, payload bytes and env as in a render:
//
//   bundle origin   http://127.0.0.1:<port>          ↔ https://bundle.folio.internal
//   payload origin  http://127.0.0.1:<another port>  ↔ https://payload.folio.internal (/__payload, /__env)
//
// The only additions are on the bundle origin: HTML documents get window.folio (production installs it
// with Page.addScriptToEvaluateOnNewDocument; here it is the first script of the document) and a small
// live-reload client that listens on /__folio/dev/events (server-sent events) and reloads the page when a
// file of the folder, the payload or the env file changes. Other paths under /__folio/dev/ (the printed-pages
// view) go to the `devRoute` handler; its pages listen on /__folio/dev/events?view=pages.
import { serveTemplateScript, templateShell } from '../../render/template-shell.js';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { folioScript } from '../../render/ready-protocol.js';
import {
  BundleIndex,
  payloadData,
  serveBundle,
  serveDocument,
  servePayloadOrigin,
  type PayloadData,
  type ServedResponse,
} from '../../render/virtual-origins.js';
import { loadLocalBundle, type LocalBundle } from './local-bundle.js';

export interface DevInputs {
  payload: Buffer;
  payloadMime: string;
  env: { variables: Record<string, string>; secrets: Record<string, string> };
}

export interface PreviewServerOptions {
  dir: string;
  route: string;
  host?: string;
  /** Bundle-origin port; 0 picks a free one. */
  port: number;
  includeDotfiles?: boolean;
  includeNodeModules?: boolean;
  allowExternalNetwork: boolean;
  /** Reads the payload and env (again after their files change). */
  loadInputs: () => Promise<DevInputs>;
  /** Files outside the folder whose changes also reload (the payload and env files). */
  extraWatchFiles: string[];
  /** What window.folio says (production: the job's ids). */
  identity: { jobId: string; deployId: string; versionNo: number };
  /** Answers GET requests for other paths under /__folio/dev/ (the printed-pages view). */
  devRoute?: (url: URL, req: http.IncomingMessage, res: http.ServerResponse) => void;
}

export const EVENTS_PATH = '/__folio/dev/events';
export const DEV_PREFIX = '/__folio/dev/';

/** The live-reload client: reloads on a `reload` event, or when it (re)connects to a newer generation. */
function devClient(generation: number): string {
  return `(() => {
  const loaded = ${generation};
  let es;
  const connect = () => {
    es = new EventSource(${JSON.stringify(EVENTS_PATH)});
    es.addEventListener('hello', (e) => { if (Number(e.data) !== loaded) location.reload(); });
    es.addEventListener('reload', () => location.reload());
  };
  connect();
  addEventListener('pagehide', () => es && es.close());
  const ready = window[Symbol.for('folio.ready')];
  if (ready) ready.then(() => console.info('[folio dev] window.folio.ready() was called'));
})();`;
}

/** Inserts markup as the first thing of the document, after a doctype (before it would mean quirks mode). */
export function injectIntoHtml(html: string, markup: string): string {
  const m = /^\uFEFF?(?:\s|<!--[\s\S]*?-->)*<!doctype[^>]*>/i.exec(html);
  return m ? m[0] + markup + html.slice(m[0].length) : markup + html;
}

function send(res: http.ServerResponse, r: ServedResponse, body?: Buffer): void {
  const headers: Record<string, string> = {};
  for (const h of r.headers) headers[h.name] = h.value;
  const bytes = body ?? Buffer.from(r.body, 'base64');
  res.writeHead(r.status, { ...headers, 'Content-Length': String(bytes.length) });
  res.end(bytes);
}

function flatHeaders(req: http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

export class PreviewServer extends EventEmitter {
  #opts: PreviewServerOptions;
  #bundleServer: http.Server;
  #payloadServer: http.Server;
  /** Event streams of pages of the folder (they reload) and of pages views (they fetch the new render). */
  #clients = new Set<http.ServerResponse>();
  #viewClients = new Set<http.ServerResponse>();
  #watchers: fs.FSWatcher[] = [];
  #debounce: NodeJS.Timeout | null = null;
  #heartbeat: NodeJS.Timeout | null = null;
  #reloading: Promise<void> = Promise.resolve();
  #index!: BundleIndex;
  #data!: PayloadData;
  bundle!: LocalBundle;
  inputs!: DevInputs;
  generation = 0;
  bundleOrigin = '';
  payloadOrigin = '';

  constructor(opts: PreviewServerOptions) {
    super();
    this.#opts = opts;
    // Only requests addressed to the preview's own host: a web page the developer visits could otherwise
    // point a DNS name at 127.0.0.1 (DNS rebinding) and read the env, the payload or the printed pages.
    this.#bundleServer = http.createServer((req, res) => this.#ownHost(req, res, this.#bundleServer) && this.#onBundleRequest(req, res));
    this.#payloadServer = http.createServer((req, res) => this.#ownHost(req, res, this.#payloadServer) && this.#onPayloadRequest(req, res));
  }

  /** URL of the entry page (the route resolved like a commit does). */
  get url(): string {
    return this.bundleOrigin + (this.bundle.entryPath ?? '/');
  }

  async start(): Promise<void> {
    const host = this.#opts.host ?? '127.0.0.1';
    this.bundle = await loadLocalBundle(this.#opts.dir, this.#opts);
    this.#index = new BundleIndex(this.bundle);
    this.inputs = await this.#opts.loadInputs();
    this.#data = payloadData(this.inputs);
    await listen(this.#bundleServer, this.#opts.port, host);
    await listen(this.#payloadServer, 0, host);
    this.bundleOrigin = `http://${host}:${(this.#bundleServer.address() as AddressInfo).port}`;
    this.payloadOrigin = `http://${host}:${(this.#payloadServer.address() as AddressInfo).port}`;
    this.#watch();
    // Comments keep idle event streams open through proxies and let us notice closed tabs.
    this.#heartbeat = setInterval(() => {
      for (const c of [...this.#clients, ...this.#viewClients]) c.write(': ping\n\n');
    }, 15_000);
    this.#heartbeat.unref();
  }

  #watch(): void {
    const root = path.resolve(this.#opts.dir);
    const ignored = (rel: string) =>
      rel !== '.folioignore' &&
      rel
        .split(/[\\/]/)
        .some((seg) => (!this.#opts.includeDotfiles && seg.startsWith('.')) || (!this.#opts.includeNodeModules && seg === 'node_modules'));
    const w = fs.watch(root, { recursive: true }, (_event, filename) => {
      if (filename && ignored(filename.toString())) return;
      this.#schedule();
    });
    w.on('error', (err) => this.emit('warning', `watching ${root} stopped: ${err.message}`));
    this.#watchers.push(w);
    // Editors often save by rename, which ends a watch on the file itself: watch its folder instead.
    const byDir = new Map<string, Set<string>>();
    for (const f of this.#opts.extraWatchFiles) {
      const abs = path.resolve(f);
      if (abs.startsWith(root + path.sep)) continue;
      const set = byDir.get(path.dirname(abs)) ?? new Set<string>();
      set.add(path.basename(abs));
      byDir.set(path.dirname(abs), set);
    }
    for (const [d, names] of byDir) {
      const dw = fs.watch(d, (_event, filename) => {
        if (!filename || names.has(filename.toString())) this.#schedule();
      });
      dw.on('error', () => {});
      this.#watchers.push(dw);
    }
  }

  #schedule(): void {
    // Saves come in bursts (write + rename + chmod): one reload per burst.
    if (this.#debounce) clearTimeout(this.#debounce);
    this.#debounce = setTimeout(() => {
      this.#debounce = null;
      this.#reloading = this.#reloading
        .then(async () => void (await this.refresh()))
        .catch((err) => {
          this.emit('warning', (err as Error).message);
        });
    }, 60);
  }

  /** Re-reads the folder and inputs; when anything differs, bumps the generation and tells every open page to reload. */
  async refresh(): Promise<boolean> {
    const bundle = await loadLocalBundle(this.#opts.dir, this.#opts);
    let inputs = this.inputs;
    try {
      inputs = await this.#opts.loadInputs();
    } catch (err) {
      this.emit('warning', `${(err as Error).message} (keeping the previous payload and env)`);
    }
    const data = payloadData(inputs);
    const changed =
      bundle.key !== this.bundle.key ||
      bundle.entryPath !== this.bundle.entryPath ||
      !data.payload.equals(this.#data.payload) ||
      data.payloadMime !== this.#data.payloadMime ||
      data.envJson !== this.#data.envJson;
    if (!changed) return false;
    this.bundle = bundle;
    this.#index = new BundleIndex(bundle);
    this.inputs = inputs;
    this.#data = data;
    this.generation++;
    for (const c of this.#clients) c.write(`event: reload\ndata: ${this.generation}\n\n`);
    this.emit('reload', { generation: this.generation, clients: this.#clients.size });
    return true;
  }

  get connectedPages(): number {
    return this.#clients.size;
  }

  /** Open printed-pages views. */
  get connectedViews(): number {
    return this.#viewClients.size;
  }

  /** Sends an event to the open printed-pages views. */
  tellViews(event: string, data: string | number): void {
    for (const c of this.#viewClients) c.write(`event: ${event}\ndata: ${data}\n\n`);
  }

  /** True when the request's Host is this server's address (127.0.0.1, localhost or the --host given); else 403. */
  #ownHost(req: http.IncomingMessage, res: http.ServerResponse, server: http.Server): boolean {
    const port = (server.address() as AddressInfo | null)?.port;
    const hosts = new Set([this.#opts.host ?? '127.0.0.1', '127.0.0.1', 'localhost', '[::1]'].map((h) => `${h}:${port}`));
    if (req.headers.host !== undefined && hosts.has(req.headers.host.toLowerCase())) return true;
    res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('folio dev answers only requests for its own address\n');
    return false;
  }

  #onBundleRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', this.bundleOrigin);
    const method = req.method ?? 'GET';
    if (url.pathname === EVENTS_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write(`retry: 500\nevent: hello\ndata: ${this.generation}\n\n`);
      const set = url.searchParams.get('view') === 'pages' ? this.#viewClients : this.#clients;
      set.add(res);
      req.on('close', () => set.delete(res));
      this.emit('connect', set.size);
      return;
    }
    if (url.pathname.startsWith(DEV_PREFIX) && this.#opts.devRoute) return this.#opts.devRoute(url, req, res);
    // "/" without an index.html goes to the route's entry page, as the renderer would load it.
    if (url.pathname === '/' && !this.bundle.files.has('/index.html') && this.bundle.entryPath) {
      res.writeHead(302, { Location: this.bundle.entryPath + url.search }).end();
      return;
    }
    const { engine, entryPath } = this.bundle;
    // A template entry is answered with the shell that renders it in the browser, as the renderer does.
    const r =
      engine && entryPath === url.pathname && method === 'GET'
        ? serveDocument(templateShell(engine, this.payloadOrigin), this.#opts.allowExternalNetwork, this.payloadOrigin)
        : serveBundle(this.#index, url, method, this.#opts.allowExternalNetwork, this.payloadOrigin);
    const isHtml =
      r.status === 200 &&
      method === 'GET' &&
      r.headers.some((h) => h.name === 'Content-Type' && /^text\/html\b|^application\/xhtml\+xml\b/i.test(h.value));
    if (!isHtml) return send(res, r);
    const folio = folioScript(this.#opts.identity, {
      payloadUrl: `${this.payloadOrigin}/__payload`,
      envUrl: `${this.payloadOrigin}/__env`,
    });
    const html = injectIntoHtml(Buffer.from(r.body, 'base64').toString('utf8'), `<script>${folio}\n${devClient(this.generation)}</script>`);
    send(res, r, Buffer.from(html, 'utf8'));
  }

  #onPayloadRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', this.payloadOrigin);
    const { engine, entryPath } = this.bundle;
    const template =
      engine && entryPath
        ? serveTemplateScript(url.pathname, {
            bundle: this.bundle,
            engine,
            entryPath,
            payload: this.inputs.payload,
            payloadMime: this.inputs.payloadMime,
            env: this.inputs.env,
          })
        : null;
    send(res, template ?? servePayloadOrigin(this.#data, url, req.method ?? 'GET', flatHeaders(req), this.bundleOrigin));
  }

  async close(): Promise<void> {
    if (this.#debounce) clearTimeout(this.#debounce);
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    for (const w of this.#watchers) w.close();
    for (const c of [...this.#clients, ...this.#viewClients]) c.end();
    this.#clients.clear();
    this.#viewClients.clear();
    await Promise.all(
      [this.#bundleServer, this.#payloadServer].map(
        (s) =>
          new Promise<void>((resolve) => {
            s.closeAllConnections();
            s.close(() => resolve());
          }),
      ),
    );
  }
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}
