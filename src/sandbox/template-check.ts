// The commit-time syntax check of a version's templates, in a sandbox process: each file parsed (never
// rendered) by its engine's own package, the bundle's helpers.js compiled (never run), and the first syntax
// error with its file, line and column. The
// engines run here, in a thread of their own with its time and heap bounds, so a template's parse can
// neither pollute nor stall the server's realm; rendering happens only in the page (render/template-shell.ts).
import { createRequire } from 'node:module';
import vm from 'node:vm';
import {
  HELPERS_FILE,
  helpersScript,
  NUNJUCKS_SET_ATTRIBUTE_MESSAGE,
  nunjucksSetAttribute,
  runsBundleHelpers,
} from '../domain/deploys/template-bundle-helpers.js';
import { lineColumn, type TemplateEngine } from '../domain/deploys/template-engines.js';

const require = createRequire(import.meta.url);

export interface TemplateSyntaxProblem {
  path: string;
  line: number | null;
  column: number | null;
  message: string;
}

type Located = { line: number | null; column: number | null; message: string };

function handlebars(text: string): void {
  (require('handlebars') as typeof import('handlebars')).parse(text);
}
function liquid(text: string): void {
  const { Liquid } = require('liquidjs') as typeof import('liquidjs');
  new Liquid().parse(text);
}
// Nunjucks and Mustache ship no types: the one call each is typed here.
interface NunjucksModule {
  Environment: new (loaders: unknown[], opts: { autoescape: boolean }) => unknown;
  Template: new (src: string, env: unknown, path: string, eagerCompile: boolean) => unknown;
}
function nunjucks(text: string, path: string): void {
  const N = require('nunjucks') as NunjucksModule;
  // Compiling eagerly parses the whole template (and builds its code, which is never called).
  new N.Template(text, new N.Environment([], { autoescape: true }), path, true);
}
function mustache(text: string): void {
  (require('mustache') as { parse(text: string): unknown }).parse(text);
}

/** Where an engine's error says it happened, and its message without the location. */
function locate(engine: TemplateEngine, err: unknown, text: string): Located {
  const e = err as { message?: string; lineNumber?: number; column?: number; token?: { getPosition?: () => [number, number] } };
  const raw = String(e?.message ?? err);
  if (engine === 'handlebars' && typeof e.lineNumber === 'number')
    return { line: e.lineNumber, column: (e.column ?? 0) + 1, message: raw.replace(/ - \d+:\d+$/, '') };
  if (engine === 'liquid') {
    const pos = e.token?.getPosition?.();
    const message = raw.replace(/, line:\d+, col:\d+$/, '');
    if (pos) return { line: pos[0], column: pos[1], message };
  }
  if (engine === 'nunjucks') {
    const m = /\[Line (\d+), Column (\d+)\]\s*([\s\S]*)$/.exec(raw);
    if (m) return { line: Number(m[1]), column: Number(m[2]), message: m[3]!.trim() };
  }
  if (engine === 'mustache') {
    const m = / at (\d+)$/.exec(raw);
    if (m) return { ...lineColumn(text, Number(m[1])), message: raw.replace(/ at \d+$/, '') };
  }
  // Handlebars' "Parse error on line 3:" with the context lines after it.
  const m = /on line (\d+)/.exec(raw);
  return { line: m ? Number(m[1]) : null, column: null, message: raw.split('\n').pop()!.trim() || raw };
}

/**
 * The bundle's helpers.js compiled (never run) in the wrapper the page evaluates it in: a syntax error
 * with the file's own line and column (V8 names the line, and marks the column with a caret).
 */
function helpersProblem(engine: TemplateEngine, text: string): TemplateSyntaxProblem | null {
  try {
    new vm.Script(helpersScript(engine, text), { filename: HELPERS_FILE });
    return null;
  } catch (err) {
    const stack = String((err as Error).stack ?? err);
    const m = /^[^\n]*:(\d+)\n([^\n]*)\n( *)\^/.exec(stack);
    const line = m ? Number(m[1]) : null;
    const prefix = line === 1 ? helpersScript(engine, '').indexOf('{') + 1 : 0;
    const column = m ? Math.max(1, m[3]!.length - prefix + 1) : null;
    return { path: HELPERS_FILE, line, column, message: `${(err as Error).name}: ${(err as Error).message}`.slice(0, 500) };
  }
}

/** The first syntax error among `files` (in their order), or null when every file parses. */
export function checkTemplates(engine: TemplateEngine, files: Array<{ path: string; text: string }>): TemplateSyntaxProblem | null {
  if (engine === 'markdown') return null;
  const parse = { handlebars, liquid, nunjucks, mustache }[engine];
  for (const f of files) {
    if (f.path === HELPERS_FILE) {
      const problem = runsBundleHelpers(engine) ? helpersProblem(engine, f.text) : null;
      if (problem) return problem;
      continue;
    }
    // Nunjucks' parser fails on Jinja2's `{% set ns.sum = … %}` with a TypeError and no place: named here.
    const setAttribute = engine === 'nunjucks' ? nunjucksSetAttribute(f.text) : null;
    if (setAttribute) return { path: f.path, ...setAttribute, message: NUNJUCKS_SET_ATTRIBUTE_MESSAGE };
    try {
      parse(f.text, f.path);
    } catch (err) {
      const where = locate(engine, err, f.text);
      return { path: f.path, ...where, message: where.message.slice(0, 500) };
    }
  }
  return null;
}
