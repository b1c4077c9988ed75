// What a job body asks for, judged from the body alone before anything is read or written: its kind of
// source (a deploy's version, inline sources, a URL, existing PDFs), the deploy it names, and its failOn.
// Each refusal is a 400 naming the field (or 409-like deploy_id_mismatch), in this order.
import { failOnProblem, type JobWarningCode } from '../../domain/jobs/job-warnings.js';
import { hasInlineSources, inlineShapeProblem } from '../../domain/jobs/job-sources.js';
import { AppError } from '../../errors/app-error.js';
import type { CreateJobInput } from './render-job-types.js';

export interface JobShape {
  urlSource: boolean;
  pdfJob: CreateJobInput['pdfJob'];
  /** Inline sources, a URL source or a PDF job: the job binds to a version of the account's inline deploy. */
  inline: boolean;
  /** The deploy of a version job: the path's, else the body's. */
  requestedDeployId: string | undefined;
  failOn: JobWarningCode[] | undefined;
}

export function jobShape(input: CreateJobInput, pathDeployId: string | undefined): JobShape {
  const urlSource = input.source !== undefined;
  const pdfJob = input.pdfJob;
  const inline = hasInlineSources(input) || urlSource || pdfJob !== undefined;
  const inlineClash = inline && !urlSource && !pdfJob ? inlineShapeProblem(input, pathDeployId) : null;
  if (inlineClash) throw new AppError('invalid_request', inlineClash.message, { field: inlineClash.field });
  if (!inline && input.deployVersionId === undefined)
    throw new AppError('invalid_request', 'deployVersionId is required (or html or markdown, for inline sources)', {
      field: 'deployVersionId',
    });
  if (pathDeployId !== undefined && input.deployId !== undefined && input.deployId !== pathDeployId) {
    throw new AppError('deploy_id_mismatch', `body deployId ${input.deployId} differs from the path's ${pathDeployId}`, {
      field: 'deployId',
    });
  }
  const requestedDeployId = pathDeployId ?? input.deployId;
  if (!inline && !requestedDeployId) throw new AppError('invalid_request', 'deployId is required', { field: 'deployId' });
  const failOnRefused = failOnProblem(input.failOn, 'failOn');
  if (failOnRefused) throw new AppError('invalid_request', failOnRefused, { field: 'failOn' });
  return { urlSource, pdfJob, inline, requestedDeployId, failOn: input.failOn as JobWarningCode[] | undefined };
}
