// Joining the parts of a long document (docs/long-documents.md) into one PDF with qpdf, which copies
// pages without holding the document in a heap: `qpdf --empty --pages …` for the pages, then the outline
// (the parts' headings, each on its page of the joined document, nested by level) written into the joined
// file as new objects (`--update-from-json`). The parts are Chromium's own prints, joined on disk.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PdfError } from './errors.js';
import { toolMissing, underMemoryLimit } from './tool-memory.js';

/** A joined document of 100,000 pages stays far below this (measured: qpdf's peak RSS in docs/long-documents.md). */
const JOIN_MEMORY_BYTES = 4 * 1024 ** 3;
const JSON_LIMIT_BYTES = 512 * 1024 * 1024;

interface OutlineItem {
  title: string;
  /** 1-based page in the joined document. */
  page: number;
  /** The rest of the item's explicit destination after the page (`/XYZ x y zoom`, `/Fit`…). */
  view: unknown[];
  open: boolean;
  kids: OutlineItem[];
}

function qpdf(args: string[], timeoutMs: number, signal?: AbortSignal): Promise<string> {
  const limited = underMemoryLimit('qpdf', args, JOIN_MEMORY_BYTES);
  return new Promise((resolve, reject) => {
    execFile(
      limited.command,
      limited.args,
      { timeout: timeoutMs, maxBuffer: JSON_LIMIT_BYTES, killSignal: 'SIGKILL', signal },
      (err, stdout, stderr) => {
        // qpdf exits 3 for warnings it recovered from: the output is still complete.
        const code: unknown = (err as { code?: unknown } | null)?.code;
        if (!err || code === 3) return resolve(stdout);
        if (toolMissing(typeof code === 'number' ? code : null, stderr) || code === 'ENOENT')
          return reject(new PdfError('qpdf_failed', 'qpdf is not installed (Debian/Ubuntu: apt-get install qpdf)'));
        if ((err as { killed?: boolean }).killed)
          return reject(new PdfError('qpdf_timeout', `qpdf did not join the parts within ${timeoutMs} ms`));
        reject(
          new PdfError(
            'qpdf_failed',
            `qpdf could not join the parts: ${String(stderr || err.message)
              .split('\n')[0]!
              .slice(0, 300)}`,
          ),
        );
      },
    );
  });
}

const json = async (args: string[], timeoutMs: number, signal?: AbortSignal) =>
  JSON.parse(await qpdf(['--json=2', ...args], timeoutMs, signal)) as Record<string, unknown>;

/** One entry of the joined outline, before nesting: a heading on its page of the joined document. */
export interface OutlineHeading {
  level: number;
  title: string;
  page: number;
  view: unknown[];
}

/** Headings in document order → a tree: each one under the nearest heading before it of a lower level. */
export function nestHeadings(headings: OutlineHeading[]): OutlineItem[] {
  const top: OutlineItem[] = [];
  const stack: Array<{ level: number; item: OutlineItem }> = [];
  for (const h of headings) {
    const item: OutlineItem = { title: h.title, page: h.page, view: h.view, open: true, kids: [] };
    while (stack.length > 0 && stack[stack.length - 1]!.level >= h.level) stack.pop();
    (stack.length > 0 ? stack[stack.length - 1]!.item.kids : top).push(item);
    stack.push({ level: h.level, item });
  }
  return top;
}

/** Entries shown of a list of open outline items: each item, and what each shows below it. */
const visible = (items: OutlineItem[]): number => items.reduce((n, it) => n + 1 + (it.open ? visible(it.kids) : 0), 0);

/** The objects of the joined outline, numbered after `firstId`, as qpdf's JSON update wants them. */
function outlineObjects(items: OutlineItem[], pageRefs: string[], firstId: number) {
  let next = firstId;
  const ref = () => `${next++} 0 R`;
  const objects: Record<string, { value: Record<string, unknown> }> = {};
  const root = ref();
  const write = (list: OutlineItem[], parent: string): string[] => {
    const refs = list.map(() => ref());
    list.forEach((it, i) => {
      const d: Record<string, unknown> = { '/Title': `u:${it.title}`, '/Parent': parent, '/Dest': [pageRefs[it.page - 1], ...it.view] };
      if (i > 0) d['/Prev'] = refs[i - 1];
      if (i + 1 < refs.length) d['/Next'] = refs[i + 1];
      const kids = write(it.kids, refs[i]!);
      if (kids.length > 0)
        // /Count of an open item: every entry shown below it when it is open (its open descendants' too).
        Object.assign(d, { '/First': kids[0], '/Last': kids[kids.length - 1], '/Count': it.open ? visible(it.kids) : -it.kids.length });
      objects[`obj:${refs[i]}`] = { value: d };
    });
    return refs;
  };
  const top = write(items, root);
  objects[`obj:${root}`] = { value: { '/Type': '/Outlines', '/First': top[0], '/Last': top[top.length - 1], '/Count': visible(items) } };
  return { root, objects, maxId: next - 1 };
}

/**
 * Joins the parts (PDF files, in order) into `out`, with an outline made of `outline`'s headings when there
 * are any. Resolves the joined page count.
 */
export async function joinParts(
  parts: string[],
  out: string,
  opts: { timeoutMs: number; signal?: AbortSignal; outline?: OutlineHeading[] },
): Promise<number> {
  const deadline = Date.now() + opts.timeoutMs;
  const left = () => Math.max(1, deadline - Date.now());
  const outline = nestHeadings(opts.outline ?? []);
  const joined = outline.length > 0 ? path.join(path.dirname(out), `joined-${path.basename(out)}`) : out;
  await qpdf(['--empty', '--pages', ...parts, '--', joined], left(), opts.signal);
  if (outline.length === 0) return Number((await qpdf(['--show-npages', joined], left(), opts.signal)).trim());
  try {
    const facts = await json(['--json-key=pages', '--json-key=qpdf', '--json-object=trailer', joined], left(), opts.signal);
    const pageRefs = (facts.pages as Array<{ object: string }>).map((p) => p.object);
    const [header, objects] = facts.qpdf as [{ maxobjectid: number }, Record<string, { value: Record<string, unknown> }>];
    const rootRef = objects.trailer!.value['/Root'] as string;
    const rootFacts = await json(['--json-key=qpdf', `--json-object=${rootRef.split(' ')[0]}`, joined], left(), opts.signal);
    const catalog = (rootFacts.qpdf as [unknown, Record<string, { value: Record<string, unknown> }>])[1][`obj:${rootRef}`]!.value;
    const made = outlineObjects(outline, pageRefs, header.maxobjectid + 1);
    const update = {
      qpdf: [
        { jsonversion: 2, pushedinheritedpageresources: false, calledgetallpages: false, maxobjectid: made.maxId },
        { ...made.objects, [`obj:${rootRef}`]: { value: { ...catalog, '/Outlines': made.root } } },
      ],
    };
    const updateFile = `${joined}.outline.json`;
    await fs.writeFile(updateFile, JSON.stringify(update), { mode: 0o600 });
    await qpdf([joined, `--update-from-json=${updateFile}`, out], left(), opts.signal);
    await fs.rm(updateFile, { force: true });
    return pageRefs.length;
  } finally {
    await fs.rm(joined, { force: true });
  }
}
