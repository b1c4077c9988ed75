// A version whose entry is a template (Handlebars, Liquid, Nunjucks, Mustache, Markdown) is rendered in the
// page, never in the server: its entry document is answered with a small shell that loads the engine's
// browser build, Folio's runtime and the job's data from the payload origin as parser-blocking scripts,
// and the runtime writes the template's output into the document being parsed (document.write during
// parsing inserts markup in place: its scripts run and its stylesheets load as if it had been served).
// From there the page is an ordinary document: the ready protocol, warnings and printing apply unchanged.
// A template error ends the job through folio.fail() (template_render_failed, with file, line and column).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { HELPERS_PATH, helpersScript, runsBundleHelpers } from '../domain/deploys/template-bundle-helpers.js';
import { usesCodeHelpers } from '../domain/deploys/template-codes.js';
import { templateRunsNoScripts, templateSourcePaths, type TemplateEngine } from '../domain/deploys/template-engines.js';
import { TEMPLATE_RUNTIME } from './template-runtime.js';
import type { RenderBundle } from './types.js';
import { PAYLOAD_ORIGIN, type HeaderEntry, type ServedResponse } from './virtual-origins.js';

const require = createRequire(import.meta.url);

/** The browser builds each engine needs, from the engines' own npm packages, in load order. */
const LIBRARIES: Record<TemplateEngine, string[]> = {
  handlebars: ['handlebars/dist/handlebars.min.js'],
  liquid: ['liquidjs/dist/liquid.browser.min.js'],
  nunjucks: ['nunjucks/browser/nunjucks.min.js'],
  mustache: ['mustache/mustache.min.js'],
  markdown: ['markdown-it/dist/browser/markdown-it.umd.min.js', '@highlightjs/cdn-assets/highlight.min.js', 'js-yaml/dist/js-yaml.min.js'],
};
/** The barcode encoder's browser build, loaded only by versions that name qrCode or barcode (it is 1 MiB). */
const CODES_LIBRARY = 'bwip-js/dist/bwip-js-min.js';
/** The code highlighting colours of Markdown's default stylesheet. */
const HIGHLIGHT_CSS = '@highlightjs/cdn-assets/styles/github.min.css';

const ENGINE_PREFIX = '/__folio/engines/';
const RUNTIME_PATH = '/__folio/template-runtime.js';
const DATA_PATH = '/__folio/template-data.js';

const libraryName = (spec: string) => spec.replace(/[^a-z0-9.-]+/gi, '_');

/**
 * A file of an installed package (`markdown-it/dist/…`), found in the node_modules folders Node would
 * search: packages' "exports" maps do not list their browser builds, so require.resolve cannot name them.
 */
function packageFile(spec: string): string {
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  for (const dir of require.resolve.paths(name) ?? []) {
    const candidate = path.join(dir, spec);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`${spec} is not installed (npm install)`);
}

/** A library's bytes as base64, read once per process (they are the same for every job). */
const libraryCache = new Map<string, string>();
function library(spec: string): string {
  let body = libraryCache.get(spec);
  if (body === undefined) {
    body = fs.readFileSync(packageFile(spec)).toString('base64');
    libraryCache.set(spec, body);
  }
  return body;
}

let highlightCss: string | null = null;

const SCRIPT_HEADERS: HeaderEntry[] = [
  { name: 'Content-Type', value: 'text/javascript; charset=utf-8' },
  { name: 'Cache-Control', value: 'no-store' },
  { name: 'X-Content-Type-Options', value: 'nosniff' },
];
const script = (body: string): ServedResponse => ({ status: 200, headers: SCRIPT_HEADERS, body });

/** Where each document's nonce goes in a cached shell (a string no script or library contains). */
const NONCE_SLOT = '\u0000folio-nonce\u0000';

/** Script text made safe to sit inside an inline <script> element: no `</script` can end it early. */
const inlineScript = (code: string) => `<script nonce="${NONCE_SLOT}">${code.replace(/<\/(script)/gi, '<\\/$1')}</script>`;

/**
 * The policy a warm-by-default template's shell is served under, beside the bundle's own: only the shell's
 * scripts run (those with this document's nonce; eval stays allowed: Handlebars and Nunjucks compile
 * templates to functions), no frame, no worker. The page then holds nothing but Folio's runtime between jobs.
 */
export const warmTemplatePolicy = (nonce: string) =>
  `script-src 'nonce-${nonce}' 'unsafe-eval'; frame-src 'none'; worker-src 'none'; object-src 'none'`;

/** A new nonce for one document: random, so no other page (a template that can run script) can know it. */
export const newNonce = () => randomBytes(18).toString('base64url');

/**
 * The entry document of a template version: the engine's browser build and Folio's runtime inline (the
 * same for every job of the engine: no request to wait for), then the job's data from the payload origin
 * (`folio dev` passes its local one; a preloaded page holds that request until its job is bound), then the
 * call that writes the template's output in place. Built once per engine and origin, in pieces around
 * the nonce, which is new for every document (`nonce`; one is made when none is given).
 */
const shells = new Map<string, Buffer[]>();
export function templateShell(engine: TemplateEngine, payloadOrigin: string = PAYLOAD_ORIGIN, nonce: string = newNonce()): Buffer {
  const key = `${engine} ${payloadOrigin}`;
  let pieces = shells.get(key);
  if (!pieces) {
    const libraries = LIBRARIES[engine].map((l) => inlineScript(Buffer.from(library(l), 'base64').toString('utf8'))).join('');
    const text = `<!doctype html><meta charset="utf-8">${libraries}${inlineScript(TEMPLATE_RUNTIME)}<script nonce="${NONCE_SLOT}" src="${payloadOrigin}${DATA_PATH}"></script>${inlineScript('window.__folioTemplate.render()')}`;
    pieces = text.split(NONCE_SLOT).map((t) => Buffer.from(t));
    shells.set(key, pieces);
  }
  const n = Buffer.from(nonce);
  return Buffer.concat(pieces.flatMap((p, i) => (i === 0 ? [p] : [n, p])));
}

/**
 * The per-version part of the data script: the template sources as JSON, whether they run no scripts, the
 * bundle's helpers.js as the script the runtime evaluates (JSON; null without one), and whether the
 * version names qrCode or barcode (the encoder is then loaded).
 */
interface VersionSources {
  json: string;
  warm: boolean;
  helpers: string;
  codes: boolean;
}
const sourcesCache = new Map<string, VersionSources>();
function versionSources(bundle: RenderBundle, engine: TemplateEngine, entryPath: string): VersionSources {
  const key = `${bundle.key}\n${engine}\n${entryPath}`;
  let entry = sourcesCache.get(key);
  if (entry === undefined) {
    const sources: Record<string, string> = {};
    for (const p of templateSourcePaths(engine, entryPath, bundle.files.keys()))
      sources[p.slice(1)] = bundle.files.get(p)!.body.toString('utf8');
    const own = runsBundleHelpers(engine) ? bundle.files.get(HELPERS_PATH)?.body.toString('utf8') : undefined;
    entry = {
      json: JSON.stringify(sources),
      warm: templateRunsNoScripts(bundle.files.keys(), sources),
      helpers: own === undefined ? 'null' : JSON.stringify(helpersScript(engine, own)),
      codes: engine !== 'markdown' && usesCodeHelpers([...Object.values(sources), own ?? '']),
    };
    sourcesCache.set(key, entry);
    if (sourcesCache.size > 32) sourcesCache.delete(sourcesCache.keys().next().value as string);
  }
  return entry;
}

/**
 * Whether a template version is warm by default: its page runs no scripts of its own, so Folio's runtime
 * re-renders later jobs of the version in the same page (docs/templates.md "Warm by default").
 */
export const isWarmTemplate = (job: Pick<TemplateJob, 'bundle' | 'engine' | 'entryPath'>): boolean =>
  versionSources(job.bundle, job.engine, job.entryPath).warm;

export interface TemplateJob {
  bundle: RenderBundle;
  engine: TemplateEngine;
  entryPath: string;
  payload: Buffer;
  payloadMime: string;
  env: { variables: Record<string, string> };
}

/** The job's data script: the engine, the entry, the sources, the payload as data and the variables. */
function dataScript(job: TemplateJob): string {
  const json = /\bjson\b/i.test(job.payloadMime) ? job.payload.toString('utf8').trim() || 'null' : 'null';
  const css = job.engine === 'markdown' ? JSON.stringify((highlightCss ??= fs.readFileSync(packageFile(HIGHLIGHT_CSS), 'utf8'))) : '""';
  const stylesheets = JSON.stringify([...job.bundle.files.keys()].filter((p) => p.endsWith('.css')).map((p) => p.slice(1)));
  const { json: sources, warm, helpers, codes } = versionSources(job.bundle, job.engine, job.entryPath);
  const data = `window.__folioTemplateData = {"engine":${JSON.stringify(job.engine)},"entry":${JSON.stringify(job.entryPath.slice(1))},"warm":${warm},"sources":${sources},"helpers":${helpers},"data":${json},"env":${JSON.stringify(job.env.variables)},"stylesheets":${stylesheets},"highlightCss":${css}};`;
  return codes ? data + CODES_LOADER : data;
}

/**
 * Loads the barcode encoder before the shell's next script (the render call): a parser-blocking script
 * written in place, from the origin this data script came from, with this document's nonce.
 */
const CODES_LOADER = `(function (s) { document.write('<script nonce="' + s.nonce + '" src="' + new URL(s.src).origin + '${ENGINE_PREFIX}${libraryName(CODES_LIBRARY)}"><\\/script>'); })(document.currentScript);`;

/** Whether a payload-origin path is one of the template scripts that are the same for every job. */
export function isStaticTemplateScript(pathname: string): boolean {
  return pathname === RUNTIME_PATH || pathname.startsWith(ENGINE_PREFIX);
}

/**
 * The answer to a template script of the payload origin: the runtime, a library, or the job's data; null
 * for any other path. A library missing from this installation is a 500 the page's diagnostics show.
 */
export function serveTemplateScript(pathname: string, job: TemplateJob | null): ServedResponse | null {
  try {
    return templateScript(pathname, job);
  } catch (err) {
    return {
      status: 500,
      headers: [{ name: 'Content-Type', value: 'text/plain; charset=utf-8' }],
      body: Buffer.from(`template script ${pathname}: ${(err as Error).message}`).toString('base64'),
    };
  }
}

function templateScript(pathname: string, job: TemplateJob | null): ServedResponse | null {
  if (pathname === RUNTIME_PATH) return script(Buffer.from(TEMPLATE_RUNTIME).toString('base64'));
  if (pathname.startsWith(ENGINE_PREFIX)) {
    const name = pathname.slice(ENGINE_PREFIX.length);
    const spec = [...Object.values(LIBRARIES).flat(), CODES_LIBRARY].find((l) => libraryName(l) === name);
    return spec ? script(library(spec)) : null;
  }
  if (pathname === DATA_PATH && job) return script(Buffer.from(dataScript(job)).toString('base64'));
  return null;
}
