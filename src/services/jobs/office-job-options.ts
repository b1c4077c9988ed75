// A job's `office` options as stored: checked (400 naming `office.<option>`), the password sealed with the
// secrets key (it lives while the job waits and is deleted with its payload), and what the job view shows
// (never the password, only that one was sent).
import type { JobDocumentView, StoredJobDocument } from '../../domain/jobs/job-document.js';
import { officeOptionsProblem, type OfficeConversionOptions } from '../../domain/office/office-options.js';
import { AppError } from '../../errors/app-error.js';

export function officeDocument(office: OfficeConversionOptions, seal: (plain: string) => string): NonNullable<StoredJobDocument['office']> {
  const problem = officeOptionsProblem(office);
  if (problem) throw new AppError('invalid_request', problem, { field: /^(office\.\w+)/.exec(problem)?.[1] ?? 'office' });
  const { password, ...options } = office;
  return { options, ...(password !== undefined ? { passwordSealed: seal(password) } : {}) };
}

export function officeView(stored: NonNullable<StoredJobDocument['office']>): NonNullable<JobDocumentView['office']> {
  return { ...stored.options, ...(stored.passwordSealed !== undefined ? { password: true as const } : {}) };
}
