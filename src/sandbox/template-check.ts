// The commit-time syntax check of a version's templates, in a sandbox process: each file parsed (never
// rendered) by its engine's own package, and the first syntax error with its file, line and column. The
// engines run here, in a thread of their own with its time and heap bounds, so a template's parse can
// neither pollute nor stall the server's realm; rendering happens only in the page (render/template-shell.ts).
import { createRequire } from 'node:module';
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

/** The first syntax error among `files` (in their order), or null when every file parses. */
export function checkTemplates(engine: TemplateEngine, files: Array<{ path: string; text: string }>): TemplateSyntaxProblem | null {
  if (engine === 'markdown') return null;
  const parse = { handlebars, liquid, nunjucks, mustache }[engine];
  for (const f of files) {
    try {
      parse(f.text, f.path);
    } catch (err) {
      const where = locate(engine, err, f.text);
      return { path: f.path, ...where, message: where.message.slice(0, 500) };
    }
  }
  return null;
}
