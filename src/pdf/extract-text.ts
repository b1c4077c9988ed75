// A PDF's text, as plain text or Markdown, for a PDF job's `extractText` step (run in the sandbox). pdf.js
// (pdfjs-dist's legacy build for Node) reads the pages in this process: its "fake worker" runs the parser on
// this thread, no font faces, no eval, no system fonts, its standard fonts and CMaps read from its own
// package. The PDF is copied first (pdf.js takes over the buffer it is given). Only the pages asked for are
// loaded, in the order asked, and none once maxChars is reached; the document is destroyed at the end.
//
// `text`: the runs in pdf.js's order (the content stream's, which is also `pdftotext -raw`'s), one line per
// visual line (a new line where pdf.js saw a line end or the baseline moves by half the font size), trailing
// spaces trimmed, each line ending in `\n`, pages separated by a form feed (`\f`, like pdftotext, none after
// the last).
//
// `markdown`: a page whose structure tree (page.getStructTree()) gives text is written from its tags
// (extract-markdown.ts). Other pages fall back to their layout: the font size covering most characters (of
// the layout pages read) is body text; lines in larger sizes are headings (`#` for the largest size, `##` the
// next, `###` any other above body; consecutive lines of one heading joined); lines starting with a bullet
// (• ◦ ‣ ▪ ● ○ ■ ·, Word's Symbol bullet, `-` or `*` and a space) or a number (`1.`, `2)`) are list items,
// nested by their indent; other lines join the paragraph above unless the baseline jumps by more than 1.5 ×
// the font size (a blank line's worth), the line moves up (a new column) or a new page starts. Layout
// approximations: bold body-size headings, headers, footers and page numbers are ordinary paragraphs; a
// hyphen at a line end stays; multi-column pages follow pdf.js's order; tables are paragraphs.
//
// maxChars: the result is cut at the last line end within it (a single longer line is cut inside it).
// `pages` counts the pages read. Nothing extracted (an image-only PDF): empty text, structure 'none'.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy, TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api.js';
import { PdfError } from './errors.js';
import { escapeBlockStart, escapeInline, heading, TagsMarkdown, type StructNode, type TextRun } from './extract-markdown.js';

export interface ExtractedText {
  format: 'text' | 'markdown';
  text: string;
  /** Pages read (fewer than asked when maxChars was reached first). */
  pages: number;
  /** How the Markdown's structure was found: 'tags' when a page's structure tree gave it; 'none' for `text`. */
  structure: 'tags' | 'layout' | 'none';
}

export interface ExtractTextOptions {
  format: 'text' | 'markdown';
  /** 0-based page indices, in the order wanted; null = all. */
  pages: number[] | null;
  maxChars: number;
}

/** One visual line of a page. */
interface TextLine {
  text: string;
  x: number;
  y: number;
  size: number;
}

interface PageText {
  lines: TextLine[];
  /** Markdown blocks from the structure tree, or null: no tree, or no text in it. */
  tagged: string[] | null;
}

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
const PDFJS = 'pdfjs-dist/legacy/build/pdf.mjs';
const PDFJS_WORKER = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
let pdfjsLoaded: Promise<{ pdfjs: Pdfjs; dir: string }> | null = null;

/** pdf.js with its worker's message handler on this thread (pdf.js looks for `globalThis.pdfjsWorker`). */
function loadPdfjs(): Promise<{ pdfjs: Pdfjs; dir: string }> {
  pdfjsLoaded ??= (async () => {
    const worker: unknown = await import(PDFJS_WORKER);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    const pdfjs = (await import(PDFJS)) as Pdfjs;
    const dir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    return { pdfjs, dir };
  })();
  return pdfjsLoaded;
}

/** Loads pdf.js ahead of its first use (a sandbox process warmed after the server starts). */
export async function preloadPdfjs(): Promise<void> {
  await loadPdfjs();
}

export async function extractText(pdf: Uint8Array, opts: ExtractTextOptions): Promise<ExtractedText> {
  const { pdfjs, dir } = await loadPdfjs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(pdf), // a copy (pdf.js takes its buffer over), and never a Buffer (pdf.js refuses one)
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    standardFontDataUrl: `${dir}/standard_fonts/`,
    cMapUrl: `${dir}/cmaps/`,
    cMapPacked: true,
  });
  try {
    const doc = await task.promise.catch((err: unknown) => {
      throw openError(err);
    });
    const pages: PageText[] = [];
    let read = 0;
    for (const index of pageIndices(opts.pages, doc.numPages)) {
      if (read >= opts.maxChars) break;
      const page = await readPage(doc, index, opts.format === 'markdown');
      pages.push(page);
      read += charsAtLeast(page, opts.format);
    }
    return opts.format === 'text' ? plainText(pages, opts.maxChars) : markdown(pages, opts.maxChars);
  } finally {
    await task.destroy();
  }
}

function openError(err: unknown): PdfError {
  const name = (err as { name?: string } | null)?.name;
  const message = err instanceof Error ? err.message : String(err);
  if (name === 'PasswordException') return new PdfError('password_required', 'the PDF is encrypted', { cause: err });
  return new PdfError('input_invalid', `the PDF cannot be read: ${message}`, { cause: err });
}

function pageIndices(pages: number[] | null, count: number): number[] {
  if (pages === null) return Array.from({ length: count }, (_, i) => i);
  for (const i of pages)
    if (!Number.isInteger(i) || i < 0 || i >= count)
      throw new PdfError('step', `page ${Number.isInteger(i) ? i + 1 : String(i)} is not in the PDF (it has ${count} pages)`);
  return pages;
}

/** A lower bound of what the page adds to the result (Markdown keeps every non-space character). */
function charsAtLeast(page: PageText, format: 'text' | 'markdown'): number {
  if (format === 'text') return page.lines.reduce((n, l) => n + l.text.length + 1, 1);
  if (page.tagged) return page.tagged.reduce((n, b) => n + b.length + 2, 0);
  return page.lines.reduce((n, l) => n + l.text.replace(/\s+/g, '').length, 0);
}

async function readPage(doc: PDFDocumentProxy, index: number, markdown: boolean): Promise<PageText> {
  const page = await doc.getPage(index + 1);
  try {
    const content = await page.getTextContent({ includeMarkedContent: true });
    const runs: TextRun[] = [];
    const byId = new Map<string, TextRun[]>();
    const open: (string | null)[] = [];
    for (const item of content.items as (TextItem | TextMarkedContent)[]) {
      if ('type' in item) {
        if (item.type === 'endMarkedContent') open.pop();
        else open.push(item.id ?? open.at(-1) ?? null);
        continue;
      }
      const t = item.transform as number[];
      const run: TextRun = {
        str: item.str,
        x: t[4],
        y: t[5],
        width: item.width,
        size: Math.hypot(t[2], t[3]) || item.height,
        eol: item.hasEOL,
      };
      runs.push(run);
      const id = open.at(-1);
      const list = id ? byId.get(id) : undefined;
      if (list) list.push(run);
      else if (id) byId.set(id, [run]);
    }
    let tagged: string[] | null = null;
    if (markdown) {
      const tree = (await page.getStructTree().catch(() => null)) as StructNode | null;
      const blocks = tree ? new TagsMarkdown(byId).blocks(tree) : [];
      tagged = blocks.length > 0 ? blocks : null;
    }
    return { lines: toLines(runs), tagged };
  } finally {
    page.cleanup();
  }
}

/** Runs into visual lines: a new line after a line end, or when a run's baseline moves by half a font size. */
function toLines(runs: readonly TextRun[]): TextLine[] {
  const lines: TextLine[] = [];
  let cur: { parts: string[]; x: number; y: number; sizes: Map<number, number> } | null = null;
  const flush = () => {
    if (cur) {
      const text = cur.parts.join('').trimEnd();
      const size = [...cur.sizes].reduce((a, b) => (b[1] > a[1] ? b : a), [0, -1])[0];
      if (text.trim()) lines.push({ text, x: cur.x, y: cur.y, size });
    }
    cur = null;
  };
  for (const run of runs) {
    const blank = run.str.trim() === '';
    if (cur && !blank && Math.abs(run.y - cur.y) > Math.max(run.size, ...cur.sizes.keys()) / 2) flush();
    if (!blank) {
      cur ??= { parts: [], x: run.x, y: run.y, sizes: new Map() };
      cur.sizes.set(run.size, (cur.sizes.get(run.size) ?? 0) + run.str.length);
    }
    cur?.parts.push(run.str);
    if (run.eol) flush();
  }
  flush();
  return lines;
}

/** The longest start of `text` within max characters that ends at a line end (or page break). */
function cutAtLine(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  const end = Math.max(text.lastIndexOf('\n', max - 1), text.lastIndexOf('\f', max - 1));
  if (end >= 0) return text[end] === '\f' ? text.slice(0, end) : text.slice(0, end + 1);
  const cut = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

function plainText(pages: readonly PageText[], maxChars: number): ExtractedText {
  const any = pages.some((p) => p.lines.length > 0);
  const text = any ? pages.map((p) => p.lines.map((l) => `${l.text}\n`).join('')).join('\f') : '';
  return { format: 'text', text: cutAtLine(text, maxChars), pages: pages.length, structure: 'none' };
}

function markdown(pages: readonly PageText[], maxChars: number): ExtractedText {
  const layoutPages = pages.filter((p) => !p.tagged);
  const levels = headingLevels(layoutPages.flatMap((p) => p.lines));
  const blocks = pages.flatMap((p) => p.tagged ?? layoutBlocks(p.lines, levels));
  const structure = pages.some((p) => p.tagged) ? 'tags' : blocks.length > 0 ? 'layout' : 'none';
  const text = blocks.length > 0 ? `${blocks.join('\n\n')}\n` : '';
  return { format: 'markdown', text: cutAtLine(text, maxChars).replace(/\n+$/, '\n'), pages: pages.length, structure };
}

const sizeKey = (size: number): number => Math.round(size * 2) / 2;

/** Heading level of each font size above body text (the size covering most characters): 1, 2, then 3. */
function headingLevels(lines: readonly TextLine[]): Map<number, number> {
  const chars = new Map<number, number>();
  for (const l of lines) chars.set(sizeKey(l.size), (chars.get(sizeKey(l.size)) ?? 0) + l.text.replace(/\s+/g, '').length);
  const body = [...chars].reduce((a, b) => (b[1] > a[1] ? b : a), [0, -1])[0];
  const larger = [...chars.keys()].filter((s) => s > body * 1.1).sort((a, b) => b - a);
  return new Map(larger.map((s, i) => [s, Math.min(3, i + 1)]));
}

const LIST_ITEM = /^(?:([•◦‣▪●○■·\uf0b7\uf0a7])\s*|([-*])\s+|(\d{1,3})[.)]\s+)(\S.*)$/;

type LayoutBlock =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'para'; text: string }
  | { kind: 'item'; marker: string; depth: number; x: number; text: string };

/** A layout page's lines as Markdown blocks (consecutive list items form one block). */
function layoutBlocks(lines: readonly TextLine[], levels: ReadonlyMap<number, number>): string[] {
  const blocks: LayoutBlock[] = [];
  const indents: number[] = [];
  let prev: TextLine | null = null;
  for (const line of lines) {
    const text = line.text.replace(/\s+/g, ' ').trim();
    const gap = prev ? prev.y - line.y : -1;
    const near = gap > 0 && gap <= 1.5 * Math.max(line.size, prev?.size ?? 0);
    const last = blocks.at(-1);
    const level = levels.get(sizeKey(line.size));
    const item = level ? null : LIST_ITEM.exec(text);
    if (level) {
      if (last?.kind === 'heading' && last.level === level && near) last.text += ` ${text}`;
      else blocks.push({ kind: 'heading', level, text });
      indents.length = 0;
    } else if (item) {
      while (indents.length > 0 && line.x < indents[indents.length - 1] - 2) indents.pop();
      if (indents.length === 0 || line.x > indents[indents.length - 1] + 2) indents.push(line.x);
      const marker = item[3] ? `${Number(item[3])}.` : '-';
      blocks.push({ kind: 'item', marker, depth: indents.length - 1, x: line.x, text: item[4] });
    } else if ((last?.kind === 'item' && near && line.x > last.x + 1) || (last?.kind === 'para' && near)) {
      last.text += ` ${text}`;
    } else {
      blocks.push({ kind: 'para', text });
      indents.length = 0;
    }
    prev = line;
  }
  return layoutMarkdownBlocks(blocks);
}

function layoutMarkdownBlocks(blocks: readonly LayoutBlock[]): string[] {
  const out: string[] = [];
  let widths: number[] = [];
  blocks.forEach((b, i) => {
    if (b.kind === 'heading') out.push(heading(b.level, b.text));
    if (b.kind === 'para') out.push(escapeBlockStart(escapeInline(b.text)));
    if (b.kind !== 'item') return void (widths = []);
    widths = widths.slice(0, b.depth);
    const indent = ' '.repeat(widths.reduce((n, w) => n + w, 0) + 2 * Math.max(0, b.depth - widths.length));
    const line = `${indent}${b.marker} ${escapeBlockStart(escapeInline(b.text))}`;
    widths[b.depth] = b.marker.length + 1;
    if (blocks[i - 1]?.kind === 'item') out[out.length - 1] += `\n${line}`;
    else out.push(line);
  });
  return out;
}
