// The producer of a Word-template job (domain/office/word-templates.ts): the version's DOCX entry filled from the
// job's payload in the sandbox (`word.fill`), then converted by the office engine (office-conversion.ts). A
// command that fails, a payload that is not a JSON object, or a fill past its sandbox bounds fails the job
// with template_render_failed and the reason.
import { isWordImagePath, MAX_WORD_IMAGE_BYTES } from '../../domain/office/word-templates.js';
import { isSandboxError, isSandboxLimit, type Sandbox } from '../../sandbox/pool.js';
import { RenderError, type RenderBundle, type RenderRequest } from '../../render/types.js';
import { convertOfficeEntry } from './office-conversion.js';
import type { Producer } from './producer.js';

export interface WordFillJob {
  accountId: string;
  bundle: RenderBundle;
  /** The template, e.g. "/invoice.docx". */
  entryPath: string;
  payload: Buffer;
  payloadMime: string;
  timeoutMs: number;
}

/** The bundle's images a template's image() may name, by path without the leading "/", within MAX_WORD_IMAGE_BYTES. */
export function wordTemplateImages(bundle: RenderBundle): Record<string, Uint8Array> {
  const images: Record<string, Uint8Array> = {};
  let total = 0;
  for (const [path, file] of [...bundle.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!isWordImagePath(path) || total + file.body.length > MAX_WORD_IMAGE_BYTES) continue;
    total += file.body.length;
    images[path.replace(/^\//, '')] = file.body;
  }
  return images;
}

/** The filled DOCX. */
export async function fillWordTemplateJob(sandbox: Sandbox, job: WordFillJob): Promise<Buffer> {
  const name = job.entryPath.replace(/^\//, '');
  const fail = (why: string) => new RenderError('template_render_failed', `Word template ${name}: ${why}`);
  const template = job.bundle.files.get(job.entryPath);
  if (!template) throw fail('the file is not in the version');
  const payloadJson = job.payload.toString('utf8');
  let payload: unknown;
  try {
    payload = JSON.parse(payloadJson);
  } catch {
    throw fail(`a Word template is filled from a JSON payload; this one is ${job.payloadMime} that does not parse as JSON`);
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) throw fail('the payload must be a JSON object');
  try {
    const filled = await sandbox.run(
      'word.fill',
      { template: template.body, payloadJson, images: wordTemplateImages(job.bundle), timeoutMs: job.timeoutMs },
      { account: job.accountId, timeoutMs: job.timeoutMs },
    );
    return Buffer.from(filled.buffer, filled.byteOffset, filled.byteLength);
  } catch (err) {
    if (isSandboxError(err, 'task')) throw fail(err.message);
    if (isSandboxLimit(err)) throw fail(err.message);
    throw err;
  }
}

/**
 * The request with its entry replaced by the filled template, for the office engine to convert in what is
 * left of the job's render timeout.
 */
export async function withFilledWordTemplate(sandbox: Sandbox, request: RenderRequest): Promise<RenderRequest> {
  const started = Date.now();
  const filled = await fillWordTemplateJob(sandbox, {
    accountId: request.accountId,
    bundle: request.bundle,
    entryPath: request.entryPath,
    payload: request.payload,
    payloadMime: request.payloadMime,
    timeoutMs: request.timeoutMs,
  });
  const entry = request.bundle.files.get(request.entryPath)!;
  const files = new Map(request.bundle.files).set(request.entryPath, { body: filled, mime: entry.mime });
  return {
    ...request,
    bundle: { key: `${request.bundle.key}#filled`, files },
    timeoutMs: Math.max(1, request.timeoutMs - (Date.now() - started)),
  };
}

/** A Word template filled from the payload in the sandbox, then converted like any Office document. */
export const wordTemplate: Producer = {
  kind: 'word-template',
  async produce(job, sink, { ctx, office }) {
    const filled = await withFilledWordTemplate(ctx.sandbox, job.request);
    return convertOfficeEntry(office, filled, job.office!.options, sink);
  },
};
