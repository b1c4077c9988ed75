// A template's own helpers (docs/templates.md "Helpers of your own"): a `helpers.js` file at the bundle's
// root, a classic script run once in the rendering page, after Folio's helpers and before the template is
// compiled, with the engine in scope under the name that language's users know: `Handlebars`
// (registerHelper), `liquid` (registerFilter, registerTag) or `env` (addFilter, addGlobal), and `folio`,
// Folio's own helpers. The same wrapper is compiled (never run) at commit to refuse a syntax error with its
// line (sandbox/template-check.ts). Also: the Jinja2 forms Nunjucks does not parse, named where they are.
import { lineColumn, type TemplateEngine } from './template-engines.js';

/** The bundle path of a template's own helpers. */
export const HELPERS_PATH = '/helpers.js';
/** The name a helper error's stack gives the file (its `//# sourceURL`). */
export const HELPERS_FILE = 'helpers.js';

/** The names helpers.js sees, per language that runs it (Mustache has no helpers, Markdown no data). */
export const HELPERS_SCOPE: Partial<Record<TemplateEngine, readonly string[]>> = {
  handlebars: ['Handlebars', 'engine', 'folio'],
  liquid: ['liquid', 'engine', 'folio'],
  nunjucks: ['env', 'engine', 'folio'],
};

export const runsBundleHelpers = (engine: TemplateEngine): boolean => HELPERS_SCOPE[engine] !== undefined;

/**
 * The script text that evaluates to a function of the scope's names running helpers.js: the wrapper opens
 * on the file's first line, so a line in an error is the file's own line.
 */
export function helpersScript(engine: TemplateEngine, source: string): string {
  const names = HELPERS_SCOPE[engine] ?? [];
  return `(function (${names.join(', ')}) {${source}\n})\n//# sourceURL=${HELPERS_FILE}`;
}

/** Jinja2's assignment to an attribute or item (`{% set ns.sum = … %}`), which Nunjucks' parser cannot read. */
const NUNJUCKS_SET_ATTRIBUTE = /\{%-?\s*set\s+[A-Za-z_$][\w$]*\s*[.[]/g;

export const NUNJUCKS_SET_ATTRIBUTE_MESSAGE =
  'Nunjucks does not support setting an attribute or item ({% set ns.sum = … %}, Jinja2 namespace()): ' +
  'set a plain variable instead ({% set sum = sum + line.amount %} inside a for loop changes the sum set before it), ' +
  'or compute the value with a filter ({{ lines | sum("amount") }})';

/** Where a Nunjucks source first sets an attribute or item, or null. */
export function nunjucksSetAttribute(text: string): { line: number; column: number } | null {
  NUNJUCKS_SET_ATTRIBUTE.lastIndex = 0;
  const m = NUNJUCKS_SET_ATTRIBUTE.exec(text);
  return m ? lineColumn(text, m.index) : null;
}

/** The pattern's source, for the page-side runtime. */
export const NUNJUCKS_SET_ATTRIBUTE_SOURCE = NUNJUCKS_SET_ATTRIBUTE.source;
