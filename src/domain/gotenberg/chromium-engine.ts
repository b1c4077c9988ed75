// Gotenberg's PDF-engine fields of a Chromium conversion (split, metadata, flatten, watermarks, stamps,
// rotation, embedded files, image optimisation: those of /forms/pdfengines/split) planned as on the
// /forms/pdfengines routes (pdf-engines.ts), then placed: the render job does the steps itself (its `steps`,
// the embeds as its `attachments`) unless the plan splits or has a step that needs the server beside the
// sandbox (a stamp of another PDF's page); then the whole plan runs on the printed PDF after the render,
// in Gotenberg's order, PDF/A, PDF/UA and the encryption with it. A text stamp with PDF/A is refused either
// way (its font is not embedded): in the job at once, 400 naming the field that made it. Pure: no I/O.
import { parseGoBool, refuseField as refuse, type FormProblem } from './form.js';
import { enginePlan, ROUTE_FIELDS, type EngineForm, type EnginePlan } from './pdf-engines.js';
import { runsBesideSandbox } from '../jobs/render-job-steps.js';
import { AF_RELATIONSHIPS, type AfRelationship } from '../pdfs/pdf-document.js';

/** `pdfa`, `pdfua` and the passwords: the render job's own options, unless the work runs after the render. */
export const NATIVE_ENGINE_FIELDS: ReadonlySet<string> = new Set(['pdfa', 'pdfua', 'userPassword', 'ownerPassword']);

/** The other PDF-engine fields a conversion reads (the encryption's permissions stay refused by the form). */
export const ENGINE_FIELDS: ReadonlySet<string> = new Set(
  ROUTE_FIELDS.split.filter((f) => !NATIVE_ENGINE_FIELDS.has(f) && !/^allow[A-Z]/.test(f)),
);

/** What the form brings besides each field's first value: repeated stamps and watermarks, their files and embeds. */
export interface EngineExtras {
  repeated: Map<string, string[]>;
  extra: EngineForm['extra'];
}

/** Where the PDF-engine work goes. */
export interface EngineWork {
  /** The work the render job does itself (watermarks, stamps, rotation, flattening, metadata, …). */
  steps?: Array<Record<string, unknown>>;
  /** The `embeds` files, as the job's PDF/A-3 associated files. */
  attachments?: Array<{ name: string; mimeType: string; relationship: AfRelationship; description?: string; content: string }>;
  /** The work on the printed PDF, when the render job cannot do it (a split, a stamp of a PDF page). */
  after?: EnginePlan;
  /** Fields not honoured in full, each message starting with the field (`metadata.Copyright is not written…`). */
  warnings?: string[];
}

type Refusal = { problem: FormProblem };

/** What of a metadata step a job keeps when it writes the information dictionary anew (the step's own keys aside). */
const KEPT_METADATA = new Set(['type', 'custom', 'pdfVersion', 'title', 'author', 'subject', 'keywords', 'creator']);

/** Whether the form splits: `splitMode` or `splitSpan` set (`splitUnify` alone is read as false or refused). */
function splitRoute(engine: Map<string, string>): 'split' | 'merge' | Refusal {
  const mode = engine.get('splitMode') ?? '';
  const span = (engine.get('splitSpan') ?? '').trim();
  if (mode === '' && span === '' && engine.has('splitUnify')) {
    const unify = parseGoBool(engine.get('splitUnify')!);
    if (unify === null) return refuse('splitUnify', 'must be true or false');
    if (unify) return refuse('splitUnify', 'unifies the pages of splitMode=pages: send splitMode and splitSpan with it');
    engine.delete('splitUnify');
  }
  return mode !== '' || span !== '' ? 'split' : 'merge';
}

/** The plan's steps as the render job's `steps` and `attachments`. */
function inJob(plan: EnginePlan, documentOptions: boolean): EngineWork | Refusal {
  const work: EngineWork = plan.warnings.length > 0 ? { warnings: [...plan.warnings] } : {};
  const steps = plan.steps.filter((st) => st.type !== 'attachments');
  if (steps.length > 0) work.steps = steps;
  for (const a of (plan.steps.find((st) => st.type === 'attachments')?.add ?? []) as Array<Record<string, string>>) {
    const { contentBase64: content, relationship = 'Unspecified', name, mimeType, description } = a;
    if (!AF_RELATIONSHIPS.includes(relationship as AfRelationship))
      return refuse('embedsMetadata', `a relationship is one of ${AF_RELATIONSHIPS.join(', ')}, got ${JSON.stringify(relationship)}`);
    const one = { name: name!, mimeType: mimeType!, content: content!, relationship: relationship as AfRelationship };
    (work.attachments ??= []).push(description ? { ...one, description } : one);
  }
  // PDF/A, PDF/UA and attached files make the job write the information dictionary anew, with its XMP: of
  // what the metadata step wrote, Title, Author, Subject, Keywords and Creator are kept.
  const meta = steps.find((st) => st.type === 'metadata') as Record<string, object> | undefined;
  if (meta && (documentOptions || work.attachments))
    for (const key of Object.keys({ ...meta, ...meta.custom }).filter((k) => !KEPT_METADATA.has(k)))
      (work.warnings ??= []).push(`metadata.${key} is not written: Folio writes its own with PDF/A, PDF/UA or embedded files`);
  return work;
}

/**
 * The PDF-engine fields (`engine`) planned as the /forms/pdfengines routes plan them: the split route's plan
 * when the form splits, else the merge route's, which forces no step of its own; placed in the render job or
 * after it (header comment). `native` are the job's own fields as sent, planned too when the work runs after
 * the render; `pdf` is what the job makes of them (PDF/A, PDF/UA), if anything.
 */
export function planEngineWork(
  engine: Map<string, string>,
  native: Map<string, string>,
  more: EngineExtras,
  pdf: object | undefined,
): EngineWork | Refusal {
  const route = splitRoute(engine);
  if (typeof route !== 'string') return route;
  const form: EngineForm = { fields: engine, repeated: more.repeated, extra: more.extra, inputs: [] };
  const plan = enginePlan(route, form);
  if ('problem' in plan) return plan;
  if (!plan.splitSteps && !plan.steps.some(runsBesideSandbox)) return inJob(plan, pdf !== undefined);
  const whole = enginePlan(route, { ...form, fields: new Map([...engine, ...native]) });
  if ('problem' in whole) return whole;
  return { after: whole, ...(whole.warnings.length > 0 ? { warnings: whole.warnings } : {}) };
}
