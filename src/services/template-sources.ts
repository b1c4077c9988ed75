// The commit-time check of a template version (domain/template-engines.ts): its sources within their size
// limits, and parsed by their engine in the sandbox (sandbox/template-check.ts), never in this realm.
import {
  lineColumn,
  markdownIncludes,
  MAX_TEMPLATE_SOURCE_BYTES,
  MAX_TEMPLATE_SOURCES_BYTES,
  templateSourcePaths,
  type TemplateEngine,
} from '../domain/template-engines.js';
import { AppError } from '../errors/app-error.js';
import type { ServiceContext } from './context.js';

/**
 * A template version's sources, parsed in the sandbox by their engine: 400 template_syntax_error naming
 * the first file, line and column that does not parse; 400 when they are larger than a page may receive.
 */
export async function checkTemplateSources(
  ctx: ServiceContext,
  accountId: string,
  engine: TemplateEngine,
  entryPath: string,
  byPath: Map<string, { size: number }>,
  read: (path: string) => Promise<Buffer>,
): Promise<void> {
  const paths = templateSourcePaths(engine, entryPath, byPath.keys());
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
  const problem = await ctx.sandbox.run(
    'template.check',
    { engine, files },
    { account: accountId, timeoutMs: ctx.config.sandboxTimeoutMs },
  );
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
