// The commit-time check of a template version (domain/deploys/template-engines.ts): its sources (and its own
// helpers.js) within their size limits, and parsed by their engine in the sandbox (sandbox/template-check.ts),
// never in this realm.
import {
  lineColumn,
  markdownIncludes,
  MAX_TEMPLATE_SOURCE_BYTES,
  MAX_TEMPLATE_SOURCES_BYTES,
  templateSourcePaths,
  type VersionEngine,
} from '../../domain/deploys/template-engines.js';
import { HELPERS_FILE, HELPERS_PATH, runsBundleHelpers } from '../../domain/deploys/template-bundle-helpers.js';
import { isWordImagePath, WORD_TEMPLATE_ENGINE } from '../../domain/office/word-templates.js';
import { AppError } from '../../errors/app-error.js';
import { checkOfficeInput } from '../../domain/office/office-input.js';
import { MAX_TEMPLATE_NESTING, templateNestingProblem } from '../../domain/deploys/template-nesting.js';
import { isSandboxLimit } from '../../sandbox/pool.js';
import type { ServiceContext } from '../context.js';

/**
 * A template version's sources, parsed in the sandbox by their engine: 400 template_syntax_error naming
 * the first file, line and column that does not parse; 400 when they are larger than a page may receive.
 */
export async function checkTemplateSources(
  ctx: ServiceContext,
  accountId: string,
  engine: VersionEngine,
  entryPath: string,
  byPath: Map<string, { size: number }>,
  read: (path: string) => Promise<Buffer>,
): Promise<void> {
  if (engine === WORD_TEMPLATE_ENGINE) return checkWordTemplateSource(ctx, accountId, entryPath, [...byPath.keys()], read);
  // The bundle's own helpers.js is checked with the templates, and counts in their size.
  const helpers = runsBundleHelpers(engine) && byPath.has(HELPERS_PATH) ? [HELPERS_PATH] : [];
  const paths = [...templateSourcePaths(engine, entryPath, byPath.keys()), ...helpers];
  let total = 0;
  for (const p of paths) {
    const size = byPath.get(p)!.size;
    total += size;
    if (size > MAX_TEMPLATE_SOURCE_BYTES || total > MAX_TEMPLATE_SOURCES_BYTES)
      throw new AppError(
        'deploy_commit_policy_limit_exceeded',
        `the template sources reach ${total} bytes at ${p.slice(1)}: one may have at most ${MAX_TEMPLATE_SOURCE_BYTES} bytes, all together ${MAX_TEMPLATE_SOURCES_BYTES}`,
        { field: 'entries' },
      );
  }
  const files = await Promise.all(paths.map(async (p) => ({ path: p.slice(1), text: (await read(p)).toString('utf8') })));
  if (engine === 'markdown') {
    // An HTML page of the Markdown engine: each {{ toHTML "name.md" }} must name a file of the bundle.
    const entry = files.find((f) => f.path === entryPath.slice(1));
    const missing = entry ? markdownIncludes(entry.text).find((i) => !byPath.has(`/${i.name}`)) : undefined;
    if (entry && missing) {
      const { line, column } = lineColumn(entry.text, missing.offset);
      throw new AppError(
        'template_syntax_error',
        `${entry.path}:${line}:${column}: toHTML names ${missing.name}, which is not a file of the bundle`,
        { field: 'entries', file: entry.path, line, column },
      );
    }
  }
  for (const f of files) {
    if (f.path === HELPERS_FILE) continue;
    const deep = templateNestingProblem(engine, f.text);
    if (!deep) continue;
    const { line, column } = lineColumn(f.text, deep.offset);
    throw new AppError(
      'template_syntax_error',
      `${f.path}:${line}:${column}: blocks and expressions nest ${deep.depth} levels deep here; a template may nest at most ${MAX_TEMPLATE_NESTING}`,
      { field: 'entries', file: f.path, line, column, limit: MAX_TEMPLATE_NESTING },
    );
  }
  let problem;
  try {
    problem = await ctx.sandbox.run('template.check', { engine, files }, { account: accountId, timeoutMs: ctx.config.sandboxTimeoutMs });
  } catch (err) {
    if (!isSandboxLimit(err)) throw err;
    const entry = entryPath.slice(1);
    throw new AppError('template_syntax_error', `${entry}: the templates could not be parsed within the limits: ${err.message}`, {
      field: 'entries',
      file: entry,
      line: null,
      column: null,
    });
  }
  if (problem) {
    const at = problem.line !== null ? `:${problem.line}${problem.column !== null ? `:${problem.column}` : ''}` : '';
    throw new AppError('template_syntax_error', `${problem.path}${at}: ${problem.message}`, {
      field: 'entries',
      file: problem.path,
      line: problem.line,
      column: problem.column,
    });
  }
}

/**
 * A Word template's tags, checked in the sandbox without running them: 400 template_syntax_error naming
 * the file and the first broken tag (`details.tag`, as written between its +++ delimiters), an
 * image("name") naming no image of the version among them; 400
 * office_input_invalid for a file that is not a DOCX Folio would open (domain/office/office-input.ts).
 */
async function checkWordTemplateSource(
  ctx: ServiceContext,
  accountId: string,
  entryPath: string,
  paths: string[],
  read: (path: string) => Promise<Buffer>,
): Promise<void> {
  const template = await read(entryPath);
  const images = paths.filter(isWordImagePath).map((p) => p.slice(1));
  const file = entryPath.slice(1);
  // The zip's directory first (a renamed file, a zip bomb, a protected document), before anything is inflated.
  const input = checkOfficeInput(file, template, false);
  if (!input.ok)
    throw new AppError(
      'office_input_invalid',
      input.code === 'office_password_required' ? `${file} is protected by a password; save the Word template without one` : input.message,
      {
        field: 'entries',
        file,
      },
    );
  let problem;
  try {
    problem = await ctx.sandbox.run('word.check', { template, images }, { account: accountId, timeoutMs: ctx.config.sandboxTimeoutMs });
  } catch (err) {
    if (!isSandboxLimit(err)) throw err;
    throw new AppError('office_input_invalid', `${file} could not be read within the limits: ${err.message}`, { field: 'entries', file });
  }
  if (!problem) return;
  throw new AppError('template_syntax_error', `${file}: ${problem.message}`, {
    field: 'entries',
    file,
    line: null,
    column: null,
    ...(problem.tag !== null ? { tag: problem.tag } : {}),
  });
}
