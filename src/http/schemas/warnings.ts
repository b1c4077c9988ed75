import { Type } from '@sinclair/typebox';
import { JOB_WARNING_CODES, JOB_WARNINGS } from '../../domain/jobs/job-warnings.js';

// A job's warnings (domain/jobs/job-warnings.ts): in the job, the job list, batch items, the webhook body and
// the diagnostics.

export const JobWarningCodeSchema = Type.Union(
  JOB_WARNING_CODES.map((c) => Type.Literal(c)),
  {
    description: `A warning code: ${JOB_WARNING_CODES.map((c) => `\`${c}\`: ${JOB_WARNINGS[c].description}`).join(' ')}`,
  },
);

export const JobWarningSchema = Type.Object(
  {
    code: JobWarningCodeSchema,
    count: Type.Integer({ minimum: 1, description: 'How many times it happened in the job.' }),
    message: Type.String({ description: 'The first occurrence, in words (at most 300 characters; URLs without query string).' }),
  },
  {
    examples: [{ code: 'http_error_status', count: 1, message: 'https://bundle.folio.internal/css/missing.css: not in the bundle (404)' }],
  },
);

export const JobWarningsSchema = Type.Array(JobWarningSchema, {
  description:
    'What went wrong in a job that still produced its PDF, one entry per code (the templates guide, "Warnings and failOn"). Empty when nothing did. A code listed in the version\'s or job\'s `failOn` fails the job instead (`render_failed_on_warning`).',
});
