// Template languages a version's entry may be written in, and how Folio tells which one: `render.engine` at
// commit, or the entry file's extension (index.hbs, index.liquid, index.njk, index.mustache, index.md).
// The template runs in the rendering page (render/template-shell.ts), never in the server's own realm;
// the server only parses it at commit, in the sandbox, to refuse syntax errors (sandbox/template-check.ts).
// A version may also be a Word template (`docx`, domain/office/word-templates.ts), declared at commit only: it is
// filled in the sandbox and converted by the office engine, never run in a page.
import { isWordTemplatePath, WORD_TEMPLATE_ENGINE, type WordTemplateEngine } from '../office/word-templates.js';

export const TEMPLATE_ENGINES = ['handlebars', 'liquid', 'nunjucks', 'mustache', 'markdown'] as const;
export type TemplateEngine = (typeof TEMPLATE_ENGINES)[number];

/** The file extensions of each engine, the first one the one `folio init` writes. */
export const ENGINE_EXTENSIONS: Record<TemplateEngine, readonly string[]> = {
  handlebars: ['.hbs', '.handlebars'],
  liquid: ['.liquid'],
  nunjucks: ['.njk', '.nunjucks'],
  mustache: ['.mustache'],
  markdown: ['.md', '.markdown'],
};

/** Extensions an engine's template may include besides its own (an engine declared for an .html entry). */
const HTML_EXTENSIONS = ['.html', '.htm'];

/** Every extension a route may resolve to, after .html, in this order. */
export const TEMPLATE_ENTRY_EXTENSIONS: readonly string[] = TEMPLATE_ENGINES.flatMap((e) => ENGINE_EXTENSIONS[e]);

const extensionOf = (path: string) => {
  const m = /(\.[a-z0-9]+)$/i.exec(path);
  return m ? m[1]!.toLowerCase() : '';
};

/** The engine an extension belongs to, or null (.html and everything else). */
export function engineOfPath(path: string): TemplateEngine | null {
  const ext = extensionOf(path);
  for (const e of TEMPLATE_ENGINES) if (ENGINE_EXTENSIONS[e].includes(ext)) return e;
  return null;
}

export const isTemplateEngine = (v: unknown): v is TemplateEngine =>
  typeof v === 'string' && (TEMPLATE_ENGINES as readonly string[]).includes(v);

/** What a version's entry may be written in besides HTML: a page template language, or a Word template. */
export type VersionEngine = TemplateEngine | WordTemplateEngine;

/**
 * The engine of a version from `render.engine` (undefined when not given; "html" means none) and its
 * resolved entry path: the declared one, else the one the entry's extension names, else null (plain HTML).
 * A problem when the engine is unknown, or declared as one while the entry's extension names another.
 */
export function resolveEngine(declared: unknown, entryPath: string): { engine: VersionEngine | null } | { problem: string } {
  const inferred = engineOfPath(entryPath);
  if (declared === undefined) return { engine: inferred };
  if (declared === WORD_TEMPLATE_ENGINE)
    return isWordTemplatePath(entryPath)
      ? { engine: WORD_TEMPLATE_ENGINE }
      : { problem: `render.engine docx needs an entry ending in .docx; the route resolves to ${entryPath.replace(/^\//, '')}` };
  if (declared !== 'html' && !isTemplateEngine(declared))
    return {
      problem: `render.engine must be one of html, ${TEMPLATE_ENGINES.join(', ')}, ${WORD_TEMPLATE_ENGINE}; got ${JSON.stringify(declared)}`,
    };
  const engine = declared === 'html' ? null : declared;
  if (inferred !== null && inferred !== engine)
    return {
      problem: `render.engine is ${declared} but the entry ${entryPath.replace(/^\//, '')} is a ${inferred} template (by its extension): name one engine`,
    };
  if (engine !== null && inferred === null && !HTML_EXTENSIONS.includes(extensionOf(entryPath)))
    return { problem: `render.engine ${engine} needs an entry ending in ${[...ENGINE_EXTENSIONS[engine], ...HTML_EXTENSIONS].join(', ')}` };
  return { engine };
}

/**
 * The bundle files a template may use (the entry, partials, includes, layouts): the engine's own
 * extensions, and .html files when the entry is one. A Markdown entry includes nothing; an HTML page of the
 * Markdown engine includes Markdown files with {{ toHTML "name.md" }} (markdownIncludes).
 */
export function templateSourcePaths(engine: TemplateEngine, entryPath: string, paths: Iterable<string>): string[] {
  if (engine === 'markdown' && !HTML_EXTENSIONS.includes(extensionOf(entryPath))) return [entryPath];
  const exts = new Set([...ENGINE_EXTENSIONS[engine], ...(HTML_EXTENSIONS.includes(extensionOf(entryPath)) ? HTML_EXTENSIONS : [])]);
  return [...paths].filter((p) => exts.has(extensionOf(p))).sort();
}

/** A template source larger than this is refused at commit (a template is text, not a data dump). */
export const MAX_TEMPLATE_SOURCE_BYTES = 1024 * 1024;
/** All of a version's template sources together, as the page receives them. */
export const MAX_TEMPLATE_SOURCES_BYTES = 4 * 1024 * 1024;

/** "line 3, column 5" of a 0-based offset in a text (1-based, as editors count). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/**
 * Gotenberg's way to place Markdown in an HTML page, which the Markdown engine keeps for an HTML entry: each
 * `{{ toHTML "name.md" }}` (Go template spelling: spaces and `{{-`/`-}}` optional, the name in double quotes
 * or backquotes) is replaced by that bundle file rendered. The page's other text is left as it is.
 */
export const MARKDOWN_INCLUDE = /\{\{-?\s*toHTML\s+(?:"([^"\\\n]*)"|`([^`\n]*)`)\s*-?\}\}/g;

/** The Markdown files an HTML page of the Markdown engine includes: each name (bundle path, no leading "/") and where it is. */
export function markdownIncludes(html: string): Array<{ name: string; offset: number }> {
  return [...html.matchAll(MARKDOWN_INCLUDE)].map((m) => ({ name: (m[1] ?? m[2]!).replace(/^\.?\/+/, ''), offset: m.index }));
}

/**
 * Files a template includes only to run them. (Pages and SVG documents of the bundle cannot run script in a
 * warm page either: the policy refuses frames and objects, and an image never runs script.)
 */
const SCRIPT_FILE = /\.(m?js|cjs|wasm)$/i;
/** Markup in a template source that runs script or opens another document in the page. */
const SCRIPT_MARKUP = /<\s*(script|iframe|frame|object|embed)\b|\bon[a-z]+\s*=|javascript:/i;

/**
 * Whether a template version runs no scripts of its own, which makes it warm by default (docs/templates.md
 * "Warm by default"): no script file in the bundle, and no source that writes a script, an event handler
 * attribute, a javascript: URL, a frame or an object. Such a page
 * is re-rendered for each job by Folio's runtime alone, under a policy that refuses any other script.
 */
export function templateRunsNoScripts(paths: Iterable<string>, sources: Readonly<Record<string, string>>): boolean {
  for (const p of paths) if (SCRIPT_FILE.test(p)) return false;
  return Object.values(sources).every((text) => !SCRIPT_MARKUP.test(text));
}
