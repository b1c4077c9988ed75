// The entry of a commit judged before anything is written: a template parsed in its language
// (template-sources.ts), an Office document checked as it would be at conversion (domain/office/office-input.ts:
// what its extension says, the zip limits; its password comes with each job, so protection is no refusal).
import { checkOfficeInput, isOfficeFileName } from '../../domain/office/office-input.js';
import type { VersionEngine } from '../../domain/deploys/template-engines.js';
import { AppError } from '../../errors/app-error.js';
import type { ServiceContext } from '../context.js';
import { checkTemplateSources } from './template-sources.js';

export async function checkEntrySources(
  ctx: ServiceContext,
  accountId: string,
  checked: { engine: VersionEngine | null; entryPath: string },
  byPath: Map<string, { size: number }>,
  read: (path: string) => Promise<Buffer>,
): Promise<void> {
  // The Office checks first: a Word template is an Office document before it is a template.
  if (isOfficeFileName(checked.entryPath)) {
    const verdict = checkOfficeInput(checked.entryPath.slice(1), await read(checked.entryPath), true);
    if (!verdict.ok) throw new AppError(verdict.code, verdict.message, { field: 'render.route' });
  }
  if (checked.engine) await checkTemplateSources(ctx, accountId, checked.engine, checked.entryPath, byPath, read);
}
