// The producer of a long document (docs/long-documents.md): a page whose version or job sets `pdf.parts`
// is printed in parts, each the same template with its slice of the payload's array, then joined.
//  1. Drafts: every part printed once, untagged (what its pages are, and where its elements land).
//  2. Final prints: every part with the page numbers it has in the joined document (counter(page) from
//     the pages before it, counter(pages) the total, the pages of the references it shows).
//  3. The parts joined by qpdf with one outline (pdf/join-parts.ts), streamed into the sink from disk.
// Parts print in parallel on the renderer's slots, at most a part per slot; a part the browser crashed
// under is printed again (that part only); the job's cancel stops them all.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { partOffsets, splitPayload, type PartInfo } from '../../domain/jobs/document-parts.js';
import { isPdfError } from '../../pdf/errors.js';
import { namedDestinations } from '../../pdf/destinations.js';
import { joinParts } from '../../pdf/join-parts.js';
import { RenderError, type PartPrint, type RenderRequest, type RenderResult } from '../../render/types.js';
import type { Producer, RendererPort } from './producer.js';

/** Times a part is printed again after the browser crashed under it. */
const PART_RETRIES = 2;
const JOIN_TIMEOUT_MS = 10 * 60_000;
const DESTINATIONS_TIMEOUT_MS = 60_000;

export const partsPrint: Producer = {
  kind: 'parts-print',
  produce: (job, sink, { renderer }) => printInParts(job.request, renderer, (pdf) => sink(pdf)),
};

interface Draft {
  pages: number;
  references: string[];
  file: string;
}

/** The payloads of the parts, or the job's failure when its payload cannot be split. */
function partsOf(req: RenderRequest): Array<{ payload: Record<string, unknown>; info: PartInfo }> {
  let payload: unknown;
  try {
    payload = /\bjson\b/i.test(req.payloadMime) ? JSON.parse(req.payload.toString('utf8')) : undefined;
  } catch {
    payload = undefined;
  }
  const split = splitPayload(payload, req.pdf.parts!);
  if (!split.ok) throw new RenderError('render_failed', split.message);
  return split.parts;
}

/** Runs fn over the items, `limit` at a time; the first failure stops new ones and is thrown. */
async function eachLimited<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failure: { err: unknown } | null = null;
  const lane = async () => {
    while (failure === null && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i]!, i);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failure) throw (failure as { err: unknown }).err;
  return out;
}

async function printPart(
  renderer: RendererPort,
  req: RenderRequest,
  payload: object,
  part: PartPrint,
  file: string,
): Promise<RenderResult> {
  const partReq: RenderRequest = {
    ...req,
    payload: Buffer.from(JSON.stringify(payload)),
    payloadMime: 'application/json',
    pdf: { ...req.pdf, parts: undefined },
    part,
  };
  for (let attempt = 0; ; attempt++) {
    try {
      return await renderer.render(partReq, (pdf: Readable) => pipeline(pdf, createWriteStream(file, { mode: 0o600 })));
    } catch (err) {
      if (!(err instanceof RenderError) || err.code !== 'render_crashed' || attempt >= PART_RETRIES) throw partFailure(err, part.index);
    }
  }
}

const partFailure = (err: unknown, index: number) =>
  err instanceof RenderError && err.code !== 'render_canceled'
    ? Object.assign(new RenderError(err.code, `part ${index + 1}: ${err.message}`), err.diagnostics ? { diagnostics: err.diagnostics } : {})
    : err;

/** Where every id of the drafts landed in the joined document (the first part holding it wins). */
async function pagesOfIds(drafts: Draft[], offsets: number[]): Promise<Map<string, number>> {
  const pages = new Map<string, number>();
  for (const [k, d] of drafts.entries()) {
    let dests: Map<string, number>;
    try {
      dests = await namedDestinations(await fs.readFile(d.file), { timeoutMs: DESTINATIONS_TIMEOUT_MS });
    } catch (err) {
      if (isPdfError(err, 'destinations'))
        throw new RenderError('render_failed', `reading where part ${k + 1}'s elements landed failed: ${err.message}`);
      throw err;
    }
    for (const [id, page] of dests) if (!pages.has(id)) pages.set(id, offsets[k]! + page);
  }
  return pages;
}

async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

export async function printInParts(
  req: RenderRequest,
  renderer: RendererPort,
  sink: (pdf: Readable) => Promise<void>,
): Promise<RenderResult> {
  const started = performance.now();
  const parts = partsOf(req);
  const lanes = Math.max(1, renderer.concurrency ?? 1);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'folio-parts-'));
  try {
    const drafts = await eachLimited(parts, lanes, async (p, index): Promise<Draft> => {
      const file = path.join(dir, `draft-${index}.pdf`);
      const r = await printPart(renderer, req, p.payload, { index, pagesBefore: 0, totalPages: null, draft: true }, file);
      return { pages: r.pageCount, references: r.partReferences ?? [], file };
    });
    const { offsets, total } = partOffsets(drafts.map((d) => d.pages));
    const referenced = drafts.some((d) => d.references.length > 0);
    const idPages = referenced ? await pagesOfIds(drafts, offsets) : new Map<string, number>();
    await Promise.all(drafts.map((d) => fs.rm(d.file, { force: true })));
    const finals = await eachLimited(parts, lanes, async (p, index) => {
      const file = path.join(dir, `part-${index}.pdf`);
      const pageNumbers = Object.fromEntries(drafts[index]!.references.flatMap((id) => (idPages.has(id) ? [[id, idPages.get(id)!]] : [])));
      const r = await printPart(
        renderer,
        req,
        p.payload,
        { index, pagesBefore: offsets[index]!, totalPages: total, draft: false, pageNumbers },
        file,
      );
      if (r.pageCount !== drafts[index]!.pages)
        throw new RenderError(
          'page_references_unstable',
          `part ${index + 1} printed ${drafts[index]!.pages} pages in its draft and ${r.pageCount} with its page numbers: the numbers moved its content (give placeholders the width of the final numbers)`,
        );
      return { r, file };
    });
    const out = path.join(dir, 'document.pdf');
    const pageCount = await joinParts(
      finals.map((f) => f.file),
      out,
      { timeoutMs: JOIN_TIMEOUT_MS, signal: req.signal },
    ).catch((err: unknown) => {
      if (req.signal?.aborted) throw new RenderError('render_canceled', 'render canceled');
      throw isPdfError(err) ? new RenderError('render_failed', `joining the parts failed: ${(err as Error).message}`) : err;
    });
    await Promise.all(finals.map((f) => fs.rm(f.file, { force: true })));
    const { sha256, bytes } = await hashFile(out);
    if (req.maxOutputBytes !== null && bytes > req.maxOutputBytes)
      throw new RenderError('render_output_too_large', `the joined document is ${bytes} bytes; the plan allows ${req.maxOutputBytes}`);
    await sink(createReadStream(out));
    const first = finals[0]!.r;
    const blocked = [...new Set(finals.flatMap((f) => f.r.blocked))].slice(0, 20);
    return {
      bytes,
      pageCount,
      sha256,
      renderTimeMs: Math.round(performance.now() - started),
      ...(first.browserVersion ? { browserVersion: first.browserVersion } : {}),
      blocked,
      ...(first.diagnostics
        ? {
            diagnostics: {
              ...first.diagnostics,
              pageCount,
              bytes,
              parts: { count: parts.length, pages: finals.map((f) => f.r.pageCount) },
            },
          }
        : {}),
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
