// Answers the requests of a page run's page (network-policy.ts decides where each goes): the bundle and
// payload origins from memory, the internet fetched by Folio when the job allows it, everything else
// blocked and noted (the job's `blocked` list and its diagnostics). The session also hands it the page's
// console output and uncaught errors, which go to the run's diagnostics.
import type { Protocol } from 'devtools-protocol';
import type { CdpSession } from './cdp-connection.js';
import { shownUrl, type DiagnosticsCollector } from './diagnostics.js';
import { fetchExternal, routeRequest, type ExternalFetch } from './network-policy.js';
import type { PageSession, RequestPausedEvent, RequestRouter } from './page-session.js';
import type { PageTraffic } from './page-traffic.js';
import type { RenderRequest } from './types.js';
import {
  isStaticTemplateScript,
  isWarmTemplate,
  newNonce,
  serveTemplateScript,
  templateShell,
  warmTemplatePolicy,
} from './template-shell.js';
import {
  bundlePath,
  notFound,
  payloadData,
  serveBundle,
  serveDocument,
  servePayloadOrigin,
  type BundleIndex,
  type PayloadData,
} from './virtual-origins.js';
import type { JobFetchBudget } from '../net/fetch-budget.js';
import { isNetError } from '../net/net-error.js';
import type { LookupAll } from '../net/resolve-host.js';
import { cookieHeaderFor, isAllowListed, isSourceOrigin } from '../domain/jobs/url-source.js';

const NO_STORE_HEADER = { name: 'Cache-Control', value: 'no-store' };

export interface RequestRoutingOptions {
  lookup?: LookupAll;
  externalFetch?: ExternalFetch;
  /** Ends the internet fetches still running (the run failed or ended). */
  signal: AbortSignal;
  /** The bytes the run's internet fetches may take (fetch-budget.ts). */
  fetchBudget: JobFetchBudget;
  /** A URL source's page (the main frame's document) was refused or could not be fetched. */
  onDocumentFailed?: (failure: DocumentFailure) => void;
}

/**
 * Why a URL source's page did not load: the network policy refused it, its host does not exist (no attempt
 * can succeed), or the fetch failed.
 */
export interface DocumentFailure {
  problem: 'blocked' | 'host_not_found' | 'network_error' | 'timed_out';
  reason: string;
}

export class PageRequestRouter implements RequestRouter {
  /** The first 20 blocked requests (URL: reason); blockedTotal counts them all. */
  readonly blocked: string[] = [];
  blockedTotal = 0;
  #payload: PayloadData;
  /** Requests to the payload origin of a preloaded page, held until its job is bound (true: serve, false: refuse). */
  #held: Array<(serve: boolean) => void> | null = null;

  constructor(
    private req: RenderRequest,
    private readonly index: BundleIndex,
    private readonly traffic: PageTraffic,
    private readonly diagnostics: DiagnosticsCollector,
    private readonly opts: RequestRoutingOptions,
  ) {
    this.#payload = payloadData(req);
  }

  /** A payload-origin answer: the job's data script of a template version, else the payload and env. */
  #servePayload(url: URL, request: { method: string; headers: Record<string, string> }, documentOrigin: string | null) {
    const { req } = this;
    if (req.engine) {
      const t = serveTemplateScript(url.pathname, {
        bundle: req.bundle,
        engine: req.engine,
        entryPath: req.entryPath,
        payload: req.payload,
        payloadMime: req.payloadMime,
        env: req.env,
      });
      if (t) return t;
    }
    return servePayloadOrigin(this.#payload, url, request.method, request.headers, documentOrigin ?? undefined);
  }

  /** The job the payload origin serves from now on (a preloaded page given its job). */
  bind(req: RenderRequest): void {
    this.req = req;
    this.#payload = payloadData(req);
  }

  /** Holds every request to the payload origin until releaseHeld() (a page loaded ahead of its job). */
  hold(): void {
    this.#held = [];
  }

  /** Answers the held requests (serve) or refuses them, and holds no more. */
  releaseHeld(serve: boolean): void {
    const held = this.#held ?? [];
    this.#held = null;
    for (const release of held) release(serve);
  }

  onRequest(session: PageSession, cdp: CdpSession, e: RequestPausedEvent): void {
    const { request } = e;
    const traffic = this.traffic;
    // Chromium asks for /favicon.ico by itself after load; it says nothing about the page being busy.
    const implicit = e.resourceType === 'Other' && request.url.endsWith('/favicon.ico');
    if (cdp === session.cdp && e.frameId === session.targetId && (e.resourceType === 'Fetch' || e.resourceType === 'XHR')) {
      traffic.scriptRequest(e.networkId ?? e.requestId);
    }
    if (!implicit) traffic.activity();
    if (isServiceWorkerScript(request.headers)) {
      // A service worker outlives the page and its browser context (measured: one in a busy loop kept
      // 40% of a core after the context was closed), and has no use in a print: it is never installed.
      this.#noteBlocked(request.url, 'service workers are not available to templates');
      session.block(cdp, e);
      return;
    }
    const route = routeRequest(request.url, this.req.allowExternalNetwork, session.documentOrigin);
    // The page of a URL source: a failure to load it fails the job with a url_source_* code (page-entry.ts).
    const mainDocument =
      this.req.urlSource !== undefined && cdp === session.cdp && e.frameId === session.targetId && e.resourceType === 'Document';
    switch (route.kind) {
      case 'bundle':
        return this.#bundleRequest(session, cdp, e, route, implicit);
      case 'payload':
        return this.#payloadRequest(session, cdp, e, route.url);
      case 'blocked':
        this.#noteBlocked(request.url, route.reason);
        if (mainDocument) this.opts.onDocumentFailed?.({ problem: 'blocked', reason: route.reason });
        session.block(cdp, e);
        return;
      case 'external':
        return this.#externalRequest(session, cdp, e, route.url, mainDocument);
    }
  }

  /** A file of the bundle: served from the version's index (or the template shell, or a redirect to the document origin). */
  #bundleRequest(
    session: PageSession,
    cdp: CdpSession,
    e: RequestPausedEvent,
    route: { url: URL; alias?: boolean },
    implicit: boolean,
  ): void {
    const { request } = e;
    const pageDocument = e.resourceType === 'Document' && cdp === session.cdp && e.frameId === session.targetId;
    if (route.alias && pageDocument && session.documentOrigin) {
      // The page loads one of the bundle's documents by the bundle's documented name: it is loaded on
      // the page's own document origin instead (a redirect), never on a name every job shares.
      const to = session.documentOrigin + route.url.pathname + route.url.search;
      session.respond(cdp, e.requestId, { status: 302, headers: [{ name: 'Location', value: to }, NO_STORE_HEADER], body: '' });
      return;
    }
    if (this.req.engine && e.resourceType === 'Document' && bundlePath(route.url.pathname) === this.req.entryPath) {
      // A template version's entry: the shell that renders it in this page (template-shell.ts).
      const nonce = newNonce();
      const shell = serveDocument(templateShell(this.req.engine, undefined, nonce), this.req.allowExternalNetwork);
      // A template that runs no scripts of its own is re-rendered in this page for later jobs: nothing but
      // the shell's scripts (this document's nonce) may run in it.
      const template = { bundle: this.req.bundle, engine: this.req.engine, entryPath: this.req.entryPath };
      if (isWarmTemplate(template)) shell.headers.push({ name: 'Content-Security-Policy', value: warmTemplatePolicy(nonce) });
      session.respond(cdp, e.requestId, shell);
      return;
    }
    const served = serveBundle(this.index, route.url, request.method, this.req.allowExternalNetwork);
    // The documented name is another origin than the document's: its files are shared with it (fonts
    // and fetches need CORS).
    if (route.alias && session.documentOrigin)
      served.headers.push({ name: 'Access-Control-Allow-Origin', value: session.documentOrigin }, { name: 'Vary', value: 'Origin' });
    if (served.status === 404 && !implicit) this.diagnostics.request(request.url, 'not_found', 'not in the bundle (404)');
    session.respond(cdp, e.requestId, served);
  }

  /** The payload origin: the job's payload and env, or a template version's scripts. */
  #payloadRequest(session: PageSession, cdp: CdpSession, e: RequestPausedEvent, url: URL): void {
    const { request } = e;
    const traffic = this.traffic;
    // The engine and runtime scripts of a template version are the same for every job: never held.
    if (this.req.engine && isStaticTemplateScript(url.pathname)) {
      session.respond(cdp, e.requestId, serveTemplateScript(url.pathname, null) ?? notFound());
      return;
    }
    if (this.#held) {
      // A preloaded page asks for its data before it has a job: answered once bind() gave it one.
      traffic.inFlight++;
      this.#held.push((serve) => {
        traffic.inFlight--;
        if (serve) session.respond(cdp, e.requestId, this.#servePayload(url, request, session.documentOrigin));
        else session.block(cdp, e);
        traffic.activity();
      });
      return;
    }
    session.respond(cdp, e.requestId, this.#servePayload(url, request, session.documentOrigin));
  }

  /** The public internet, where the plan allows it: fetched by Folio within the job's budgets, answered to Chromium. */
  #externalRequest(session: PageSession, cdp: CdpSession, e: RequestPausedEvent, url: URL, mainDocument: boolean): void {
    const { request } = e;
    const traffic = this.traffic;
    if (e.resourceType === 'Document') session.taintedByExternalDocument = true;
    traffic.inFlight++;
    const { fetchBudget } = this.opts;
    const meter = fetchBudget.meter();
    fetchExternal(url, request, {
      lookup: this.opts.lookup,
      fetch: this.opts.externalFetch,
      signal: this.opts.signal,
      maxBodyBytes: fetchBudget.limits.resourceBytes,
      meter,
      ...this.#urlSourceOptions(url),
    })
      .then((r) => {
        if (r.status >= 400) this.diagnostics.request(request.url, 'http_error', `answered HTTP ${r.status}`);
        // Answered here, not with session.respond: the body counts as held (the process's pool) until
        // Chromium has taken it, and nothing keeps it after.
        const { status: responseCode, headers: responseHeaders, body } = r;
        return cdp.send('Fetch.fulfillRequest', { requestId: e.requestId, responseCode, responseHeaders, body }).catch(() => {});
      })
      .catch((err: Error) => {
        const problem = requestProblemOf(err);
        this.#noteBlocked(request.url, err.message, problem);
        // A URL source's page over a budget fails its job at once: refused (resource, job) or, when the
        // fetches of all jobs held the process's limit, unreachable (retried).
        if (mainDocument)
          this.opts.onDocumentFailed?.({ problem: isNetError(err, 'host_not_found') ? 'host_not_found' : problem, reason: err.message });
        session.block(cdp, e);
      })
      .finally(() => {
        meter.release();
        traffic.inFlight--;
        traffic.activity();
      });
  }

  /**
   * What a request of a URL-source job adds: the job's headers and cookies on a request to the source's
   * origin (and never elsewhere), and the operator's allow-list, which spares the listed hosts the
   * private-address refusal. Nothing for any other job.
   */
  #urlSourceOptions(url: URL): { extraHeaders?: Record<string, string>; allowPrivate?: boolean } {
    const source = this.req.urlSource;
    if (!source) return {};
    const allowPrivate = isAllowListed(url, source.allowedHosts);
    if (!isSourceOrigin(url, new URL(source.url))) return { allowPrivate };
    const cookie = cookieHeaderFor(url, source.cookies);
    return { allowPrivate, extraHeaders: { ...source.headers, ...(cookie ? { Cookie: cookie } : {}) } };
  }

  /**
   * Loads the Content-Security-Policy Folio serves refused (layer 3 of the network policy) never leave
   * Chromium, so interception does not see them; Chromium logs them ("Loading the stylesheet 'URL' violates
   * the following Content Security Policy directive ..."), and PageSession forwards those log entries here.
   */
  onSecurityLog(text: string): void {
    const url = /'([^']+)'/.exec(text)?.[1];
    if (url && /Content Security Policy/i.test(text))
      this.#noteBlocked(
        url,
        'refused by the Content-Security-Policy Folio serves (only the bundle and payload origins, plus the internet when the plan allows it)',
      );
  }

  onConsole(e: Protocol.Runtime.ConsoleAPICalledEvent): void {
    this.diagnostics.consoleCalled(e);
  }

  onException(e: Protocol.Runtime.ExceptionThrownEvent): void {
    this.diagnostics.exceptionThrown(e);
  }

  #noteBlocked(url: string, reason: string, problem: 'blocked' | 'network_error' | 'timed_out' = 'blocked'): void {
    // Without query, fragment or credentials: a template may put a secret from its env into a URL, and this
    // list ends up in logs.
    const shown = shownUrl(url).slice(0, 200);
    this.blockedTotal++;
    if (this.blocked.length < 20) this.blocked.push(`${shown}: ${reason}`);
    this.diagnostics.request(url, problem, reason);
  }
}

/**
 * An internet request that failed: refused by the address policy or over a budget of its job (blocked),
 * timed out, or a network error -- also when the fetches of all jobs held the process's limit, which passes
 * (a later attempt may succeed).
 */
function requestProblemOf(err: Error): 'blocked' | 'timed_out' | 'network_error' {
  if (isNetError(err, 'blocked_address')) return 'blocked';
  if (isNetError(err, 'fetch_budget')) return err.limit === 'process' ? 'network_error' : 'blocked';
  return /time(d)? ?out|abort/i.test(err.message) ? 'timed_out' : 'network_error';
}

/** The fetch of a service worker's script carries `Service-Worker: script` (Service Workers spec, §Update). */
function isServiceWorkerScript(headers: Record<string, string>): boolean {
  for (const name in headers) if (name.toLowerCase() === 'service-worker') return headers[name] === 'script';
  return false;
}
