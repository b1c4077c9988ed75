// The `steps` of a render job: the steps of a PDF job (domain/pdfs/pdf-steps.ts) applied to the printed PDF, so
// "render, then stamp" is one job. Pure. A render job makes one document, and its document options run after
// the steps (PDF/A conversion, metadata, attachments), then encryption and signing; these rules refuse what
// cannot hold in that order, naming the step.
import type { PdfStandard } from '../pdfs/pdf-document.js';
import { checkSteps, type PdfStep } from '../pdfs/pdf-steps.js';

export interface StepProblem {
  field: string;
  message: string;
}

/**
 * Whether a step runs only where the server prepares what it needs beside the sandbox: `split` makes several
 * PDFs; `merge` and a PDF-page stamp read other managed PDFs; `encrypt` holds passwords that are never stored;
 * `sign` and `timestamp` need the opened signing key and the timestamp authority; `extractText` and
 * `validate` report what they read in the answer. Such steps run in the
 * request of a PDF job (services/pdfs/pdf-jobs.ts), and a render job refuses them (below). Takes a step as sent.
 */
export function runsBesideSandbox(step: unknown): boolean {
  if (typeof step !== 'object' || step === null) return false;
  const s = step as { type?: unknown; pdf?: unknown };
  if (s.type === 'stamp' || s.type === 'watermark') return s.pdf !== undefined;
  return ['split', 'merge', 'encrypt', 'sign', 'timestamp', 'extractText', 'validate'].includes(s.type as string);
}

/** Why a step cannot be one of a render job's (null: it can). */
function notInRenderJob(step: PdfStep): string | null {
  if (step.type === 'conform')
    return 'a render job makes PDF/A and PDF/UA-1 with its own document options (pdf.standard, pdf.accessibility), after its steps: use those';
  if (!runsBesideSandbox(step)) return null;
  const later = 'run a PDF job (POST /v1/pdf-jobs) with the job as its source';
  switch (step.type) {
    case 'split':
      return `a render job makes one PDF; to split it, ${later}`;
    case 'encrypt':
      return 'a render job encrypts with its own protection field (its passwords are sealed until the job ends): use protection';
    case 'sign':
      return 'a render job signs with its own signature field: use signature';
    case 'extractText':
    case 'validate':
      return `a render job keeps no report of a step; to ${step.type === 'validate' ? 'validate its PDF' : 'extract its text'}, ${later}`;
    case 'timestamp':
    case 'merge':
      return `a render job cannot ${step.type === 'merge' ? 'join other PDFs' : 'add a document timestamp'} in its steps; ${later}`;
    default:
      return `a render job cannot stamp a page of another PDF; ${later}`;
  }
}

/**
 * The steps of a job body checked alone: each step's shape and the order rules of a PDF job, then what a
 * render job cannot do: `split` (it makes several documents: a PDF job with the job as its source does), and
 * the steps that need the server beside the sandbox (`merge`, a PDF-page stamp, `encrypt`, `sign`,
 * `timestamp`; a render job has `protection` and `signature` of its own).
 */
export function checkRenderJobSteps(raw: unknown): { steps: PdfStep[] } | { problem: StepProblem } {
  const checked = checkSteps(raw);
  if ('problem' in checked) return checked;
  for (const [i, step] of checked.steps.entries()) {
    const why = notInRenderJob(step);
    if (why) return { problem: { field: `steps[${i}]`, message: `steps[${i}]: ${why}` } };
  }
  return checked;
}

/**
 * The steps against the job's other document options: text stamps use the standard Helvetica font, which is
 * not embedded and so cannot be part of a PDF/A document; `optimize` rewrites the file, so it cannot come
 * before an encryption or a signature that rewrite it again (run a PDF job after the render instead).
 */
export function renderJobStepsConflict(
  steps: PdfStep[],
  with_: { standard: PdfStandard; protection: boolean; signature: boolean },
): StepProblem | null {
  if (with_.standard !== 'none') {
    const i = steps.findIndex((s) => s.type === 'stamp' || s.type === 'watermark');
    if (i >= 0 && 'text' in steps[i]! && typeof (steps[i] as { text?: unknown }).text === 'string')
      return {
        field: `steps[${i}]`,
        message: `steps[${i}]: a text ${steps[i]!.type} uses the standard Helvetica font, which is not embedded, and ${with_.standard} needs every font embedded: leave out the standard, or stamp the PDF/A document with a PDF job`,
      };
  }
  const optimize = steps.findIndex((s) => s.type === 'optimize');
  if (optimize >= 0 && (with_.protection || with_.signature))
    return {
      field: `steps[${optimize}]`,
      message: `steps[${optimize}]: optimize cannot be combined with ${with_.signature ? 'signature' : 'protection'}, which rewrites the file after it`,
    };
  return null;
}

/** What the job view shows of its steps: their types, in order (never a form's values). */
export const stepsView = (steps: PdfStep[]): string[] => steps.map((s) => s.type);
