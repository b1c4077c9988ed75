// The world of Gotenberg's Chromium and LibreOffice scenarios (test/fixtures/gotenberg-browser/): the shared
// one of gotenberg-scenarios.ts (the same requests and saved files), plus what these features need of
// Gotenberg's test server (its scenario/server.go) and of its runner:
//
// - The page server: `/html/<path>` answers a file of the features' folder as text/html, `/static/<path>` as
//   an attachment, `/redirect-to-private` a 302 to a loopback address. One per test file, started before
//   the app so the app can allow-list it for URL sources (Folio refuses loopback pages otherwise). A
//   `url`, `cookies` or `downloadFrom` value's `host.docker.internal:%d` is this server; a webhook header's
//   is the scenario's webhook receiver (gotenberg-scenarios.ts), as Gotenberg's one server is both.
// - "I make N concurrent requests": N worlds of their own, each one request, its files saved in its folder.
// - Start-up flags whose behaviour is Folio's own (CHROMIUM_FLAGS_FOLIO_HAS) are accepted as the harmless ones
//   are; any other flag still means the scenario is listed as not applicable.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ScenarioWorld, type RunOptions, type Scenario, type Target } from './gotenberg-scenarios.js';

/** One request the page server received. */
export interface PageRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
}

/** Gotenberg's test server's page routes, over the features' folder (header comment). */
export class PageServer {
  readonly requests: PageRequest[] = [];
  private readonly server = http.createServer((req, res) => this.handle(req, res));
  port = 0;

  constructor(private readonly dir: string) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://page.server');
    const route = /^\/(html|static)\/(.+)$/.exec(url.pathname);
    if (url.pathname === '/redirect-to-private') {
      this.requests.push({ path: url.pathname, headers: req.headers });
      return void res.writeHead(302, { location: 'http://127.0.0.1:9999/redirected' }).end();
    }
    if (req.method !== 'GET' || !route) return void res.writeHead(404).end();
    this.requests.push({ path: url.pathname, headers: req.headers });
    const file = path.resolve(this.dir, decodeURIComponent(route[2]));
    if (!file.startsWith(this.dir + path.sep) || !fs.existsSync(file)) return void res.writeHead(404).end();
    const headers: Record<string, string> =
      route[1] === 'html'
        ? { 'content-type': 'text/html; charset=UTF-8' }
        : { 'content-type': 'application/octet-stream', 'content-disposition': `attachment; filename="${path.basename(file)}"` };
    res.writeHead(200, headers).end(fs.readFileSync(file));
  }
}

/**
 * Gotenberg start-up flags that ask for what Folio always does, with why: Folio's answer is then the one the
 * scenario expects. Any other flag configures Gotenberg itself (the shared HARMLESS_ENVIRONMENT aside).
 */
const CHROMIUM_FLAGS_FOLIO_HAS: [RegExp, (value: string) => boolean][] = [
  // Each Folio job renders in a fresh browser context: nothing a page stored is left for the next one.
  [/^CHROMIUM_CLEAR_STORAGE$/, (v) => v === 'true'],
  // Folio's own limits on concurrent renders and browser restarts apply; the scenario asserts only that every
  // request succeeds.
  [/^CHROMIUM_(MAX_CONCURRENCY|RESTART_AFTER)$/, (v) => /^\d+$/.test(v)],
];

const PAGE_FIELDS = new Set(['url', 'cookies', 'downloadFrom']);

/** A scenario's world with the page server and concurrent requests (header comment). */
export class BrowserWorld extends ScenarioWorld {
  /** The page server's requests during the last request to Folio. */
  pageRequests: PageRequest[] = [];
  /** The worlds of the last concurrent requests, one request each. */
  concurrent: BrowserWorld[] = [];

  constructor(
    private readonly browserTarget: Target,
    private readonly browserScenario: Scenario,
    private readonly browserOptions: RunOptions,
    readonly pages: PageServer,
  ) {
    super(browserTarget, browserScenario, browserOptions);
  }

  override checkEnvironment(rows: string[][]): void {
    const own = rows.filter(([name, value]) => !CHROMIUM_FLAGS_FOLIO_HAS.some(([re, ok]) => re.test(name) && ok(value)));
    super.checkEnvironment(own);
  }

  /** A static server is the file's page server, always up; a webhook server is the scenario's receiver. */
  override async startServer(kind: string): Promise<void> {
    if (kind !== 'static') await super.startServer(kind);
  }

  override async request(method: string, endpoint: string, rows: string[][] = []): Promise<void> {
    const local = rows.map(([name, value, kind]) =>
      kind === 'field' && PAGE_FIELDS.has(name)
        ? [name, value.replaceAll('host.docker.internal:%d', `127.0.0.1:${this.pages.port}`), kind]
        : [name, value, kind],
    );
    const first = this.pages.requests.length;
    try {
      await super.request(method, endpoint, local);
    } finally {
      this.pageRequests = this.pages.requests.slice(first);
    }
  }

  /** `count` requests at once, each in a world of its own (its answer saved in its own folder). */
  async requestConcurrently(count: number, method: string, endpoint: string, rows: string[][]): Promise<void> {
    await this.disposeConcurrent();
    this.concurrent = Array.from(
      { length: count },
      () => new BrowserWorld(this.browserTarget, this.browserScenario, this.browserOptions, this.pages),
    );
    await Promise.all(this.concurrent.map((w) => w.request(method, endpoint, rows)));
  }

  override async dispose(): Promise<void> {
    await this.disposeConcurrent();
    await super.dispose();
  }

  private async disposeConcurrent(): Promise<void> {
    await Promise.all(this.concurrent.map((w) => w.dispose()));
    this.concurrent = [];
  }
}
