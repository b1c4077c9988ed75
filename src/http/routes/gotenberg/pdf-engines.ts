// Gotenberg's PDF engine routes (`/forms/pdfengines/…`): uploaded PDFs worked on by Folio's PDF-job steps
// (domain/gotenberg/pdf-engines.ts maps each route's fields onto them) in the sandbox, answered and never
// stored. A merge joins the files in the alphanumeric order of their names; every other route works on each
// file alone. One result is answered as the PDF, several as a zip of them (Gotenberg's names: the input's,
// `name_0.pdf`, `name_1.pdf`… for the parts of a split). The read routes answer JSON by file name, the image
// route (pdf-engine-images.ts) the pages as images.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { outputFileName } from '../../../domain/gotenberg/form.js';
import { ENGINE_ROUTES, enginePlan, REPEATABLE_FIELDS, type EnginePlan, type EngineRoute } from '../../../domain/gotenberg/pdf-engines.js';
import { toOutline, type GotenbergBookmark } from '../../../domain/gotenberg/pdf-metadata-form.js';
import { AppError } from '../../../errors/app-error.js';
import type { Services } from '../../../services/index.js';
import { jobBodyLimit } from '../../job-body-limit.js';
import { readFormParts, type FormFile, type FormParts } from '../../multipart/form-parts.js';
import { principalOf } from '../../plugins/auth.js';
import { webhookCall } from './answer.js';
import { gotenbergHeaders } from './chromium.js';
import { engineRouteSchema, SUMMARIES } from './pdf-engine-docs.js';
import { oneFile, sendFiles, type AnsweredFile } from '../../file-answer.js';
import { readRoutes } from './pdf-engine-reads.js';
import { imageRoute } from './pdf-engine-images.js';
import { EXTRA_FILE_FIELDS, inputPdfs } from './pdf-engine-inputs.js';

/** Where the outline entries go: before the steps that change the file's pages or bytes as a whole. */
function withOutline(steps: Array<Record<string, unknown>>, entries: Array<Record<string, unknown>>) {
  if (entries.length === 0) return steps;
  const at = steps.findIndex((s) => ['split', 'select', 'optimize', 'encrypt'].includes(s.type as string));
  const out = [...steps];
  out.splice(at < 0 ? out.length : at, 0, { type: 'outline', entries });
  return out;
}

/**
 * Each input's bookmarks where the form gives them per file (`bookmarks` as an object by file name), else,
 * on a merge with `autoIndexBookmarks` or `titleBookmarks`, its own outline (read from the file); with
 * `titleBookmarks` under an entry with its title (its metadata's, else its file name).
 */
async function fileBookmarks(s: Services, accountId: string, plan: EnginePlan, inputs: FormFile[]) {
  const own = plan.autoIndex || plan.titleBookmarks ? await s.pdfJobs.describeUploads(accountId, inputs) : null;
  // Files read here passed the upload checks already: their page counts spare the run a second reading.
  const pages = own?.map((d) => d.pageCount);
  const lists = inputs.map((f, i): GotenbergBookmark[] => {
    const given = plan.bookmarksByFile?.[f.name];
    const list = given ?? (own ? own[i].outline.filter((b) => b.page > 0) : []);
    if (!plan.titleBookmarks) return list;
    const title = String(own?.[i].info.Title ?? '').trim() || f.name.replace(/\.pdf$/i, '');
    return [{ title, page: 1, ...(list.length > 0 ? { children: list } : {}) }];
  });
  return { lists, pages };
}

/** The steps for one input (`file`) or the merge of all (null), with the bookmarks given per file. */
function stepsOf(plan: EnginePlan, perFile: GotenbergBookmark[][] | null, pages: number[], file: number | null) {
  if (!perFile) return plan.steps;
  if (file !== null) return withOutline(plan.steps, toOutline(perFile[file]));
  const entries = [];
  let offset = 0;
  for (const [i, list] of perFile.entries()) {
    entries.push(...toOutline(list, offset));
    offset += pages[i] ?? 0;
  }
  return withOutline(plan.steps, entries);
}

/** Gotenberg's names of the results: the input's name, or its parts' `name_0.pdf`, `name_1.pdf`…. */
function resultNames(route: EngineRoute, plan: EnginePlan, inputs: FormFile[], results: Array<Array<unknown>>, header: string | undefined) {
  if (route === 'merge') return [outputFileName(header, 'pdf') ?? 'merged.pdf'];
  const names: string[] = [];
  for (const [i, group] of results.entries()) {
    const base = inputs[i].name.replace(/\.pdf$/i, '');
    if (plan.split === 'parts') group.forEach((_, k) => names.push(`${base}_${k}.pdf`));
    else names.push(`${base}.pdf`);
  }
  if (names.length === 1) return [outputFileName(header, 'pdf') ?? names[0]];
  return names;
}

/** A split: each input's parts first, then the other steps on each part. */
async function splitThenSteps(s: Services, accountId: string, plan: EnginePlan, inputs: FormFile[]) {
  const parts = await s.pdfJobs.runOnUploads(accountId, inputs, () => plan.splitSteps!, { each: true });
  if (plan.steps.length === 0) return parts;
  const out = [];
  for (const [i, group] of parts.entries()) {
    const files = group.map((p, k) => ({
      name: `${inputs[i].name}#${k + 1}`,
      bytes: Buffer.from(p.bytes.buffer, p.bytes.byteOffset, p.bytes.length),
    }));
    const pages = group.map((p) => p.pageCount);
    out.push((await s.pdfJobs.runOnUploads(accountId, files, () => plan.steps, { each: true, given: plan.pdfs, pages })).flat());
  }
  return out;
}

/** A `conform` step's failure named by the form field it came from (`pdfa`, `pdfua`). */
function conformField(err: unknown): never {
  const field = err instanceof AppError ? err.details?.field : undefined;
  const m = typeof field === 'string' ? /^steps\[\d+\]\.(standard|accessibility)$/.exec(field) : null;
  if (m && err instanceof AppError) err.details!.field = m[1] === 'standard' ? 'pdfa' : 'pdfua';
  throw err;
}

/** The route's work on the form: its result files, or a 4xx naming what is wrong. */
async function produce(s: Services, route: EngineRoute, accountId: string, form: FormParts, header: string | undefined) {
  const inputs = inputPdfs(form.files, route === 'merge');
  const extra = form.files.filter((f) => EXTRA_FILE_FIELDS.has(f.field));
  const plan = enginePlan(route, { fields: form.fields, repeated: form.repeated, extra, inputs: inputs.map((f) => f.name) });
  if ('problem' in plan) throw new AppError('invalid_request', plan.problem.message, { field: plan.problem.field });
  const bookmarks = plan.bookmarksByFile || plan.autoIndex || plan.titleBookmarks ? await fileBookmarks(s, accountId, plan, inputs) : null;
  const perFile = bookmarks?.lists ?? null;
  const results = await (
    plan.splitSteps
      ? splitThenSteps(s, accountId, plan, inputs)
      : s.pdfJobs.runOnUploads(accountId, inputs, (pages, file) => stepsOf(plan, perFile, pages, file), {
          each: route !== 'merge',
          given: plan.pdfs,
          ...(bookmarks?.pages ? { pages: bookmarks.pages } : {}),
        })
  ).catch(conformField);
  const names = resultNames(route, plan, inputs, results, header);
  const files: AnsweredFile[] = results.flat().map((r, i) => ({ name: names[i], bytes: r.bytes, pageCount: r.pageCount }));
  return { files, warnings: plan.warnings };
}

async function handle(s: Services, route: EngineRoute, req: FastifyRequest, reply: FastifyReply) {
  const { accountId } = principalOf(req);
  const hook = webhookCall(req, reply);
  const form = await readFormParts(req, REPEATABLE_FIELDS);
  const header = req.headers['gotenberg-output-filename'] as string | undefined;
  if (hook) {
    // Webhook mode, as Gotenberg: 204 now; the work, and any refusal of the form, go to the webhook.
    s.gotenbergWebhooks.start(hook, async () => oneFile((await produce(s, route, accountId, form, header)).files, header));
    return reply.code(204).send();
  }
  const { files, warnings } = await produce(s, route, accountId, form, header);
  if (warnings.length > 0) reply.header('folio-warnings', warnings.map((w) => `option_not_honoured;field=${w.split(' ')[0]}`).join(', '));
  return sendFiles(reply, files, header);
}

export function gotenbergPdfEngineRoutes(app: FastifyInstance, s: Services) {
  for (const route of ENGINE_ROUTES) {
    const paths = route === 'merge' ? ['/forms/pdfengines/merge', '/forms/pdf/merge'] : [`/forms/pdfengines/${route}`];
    for (const path of paths)
      app.post(
        path,
        {
          config: { scope: 'render:write', basicAuth: true },
          bodyLimit: jobBodyLimit(s),
          schema: { ...engineRouteSchema(route, path), headers: gotenbergHeaders, summary: SUMMARIES[route] },
        },
        (req, reply) => handle(s, route, req, reply),
      );
  }
  readRoutes(app, s);
  imageRoute(app, s);
}
