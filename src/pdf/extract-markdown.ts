// Markdown from a tagged PDF's structure tree, for extract-text.ts (the `extractText` step): pdf.js gives each
// page's share of the tree (page.getStructTree(), roles already mapped once through the RoleMap) and its text
// runs grouped by marked-content id (MCID); this walks the tree in order and writes one Markdown block per
// element. Also the escaping both Markdown paths share (extract-text.ts's layout fallback uses it).
//
// Roles and what they become: H, H1–H6, Title → `#`…`######` (H and Title as `#`); P, Caption, TOCI and any
// other block holding only text → a paragraph; L/LI/Lbl/LBody → `- ` items, or `1. ` items when a label is a
// number (its number kept), nested lists indented under their item; Table/THead/TBody/TFoot/TR/TH/TD → a
// GitHub pipe table, its header the first row made only of TH cells, else the first row; Figure →
// `![alt]()` when it has alt text (or ActualText, as pdf.js reports it), else nothing; BlockQuote → `> `
// lines; Formula → its alt text, else its text. Grouping roles (Document, Part, Sect, Div, Art, NonStruct,
// unknown ones) are walked through: their loose text becomes paragraphs. Inline roles (Span, Link, Em,
// Code…) add their text to the block around them.
//
// Approximations: every block is one line (line breaks inside a paragraph or cell become spaces); a cell
// or list item holding several paragraphs is flattened into one line; row and column spans are not read
// (pdf.js does not expose the attributes), so a spanning cell shifts its row; a table or list split over two
// pages becomes two; inline emphasis, links and code are plain text; images have no address, `()` stays
// empty. Text outside the structure tree on a tagged page (untagged content) is left out.

/** A run of text as pdf.js gives it, in page space (y grows upwards). */
export interface TextRun {
  str: string;
  x: number;
  y: number;
  width: number;
  /** Font size on the page (the text matrix's scale). */
  size: number;
  /** pdf.js saw a line end after this run. */
  eol: boolean;
}

/** An element of page.getStructTree(), or one of its content references. */
export interface StructNode {
  role?: string;
  children?: StructNode[];
  alt?: string;
  /** 'content' (an MCID: its id keys the runs), 'object' or 'annotation'; absent on elements. */
  type?: string;
  id?: string;
}

const GROUPS = new Set(['Document', 'DocumentFragment', 'Part', 'Art', 'Sect', 'Div', 'Aside', 'TOC', 'Index', 'NonStruct']);
const BLOCKS = new Set(['P', 'Caption', 'TOCI', 'L', 'LI', 'LBody', 'Table', 'TR', 'TH', 'TD', 'THead', 'TBody', 'TFoot', 'Figure']);
const BLOCKQUOTE = 'BlockQuote';
const ORDERED_LABEL = /^\(?(\d{1,9})[.)]?$/;
const ALPHA_LABEL = /^\(?([a-z]|[ivxlc]+)[.)]$/i;
const BULLET_PREFIX = /^[•◦‣▪●○■□–·\uf0b7\uf0a7]\s*/;
const NUMBER_PREFIX = /^(\d{1,9})[.)]\s+/;

// --- escaping -------------------------------------------------------------------------------------------

/** Characters of inline Markdown escaped where they could start emphasis, code, links, HTML or entities. */
export function escapeInline(text: string, inTable = false): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const prev = text[i - 1] ?? ' ';
    const next = text[i + 1] ?? ' ';
    let escape = false;
    if (c === '\\') escape = /[!-/:-@[-`{-~]/.test(next);
    else if (c === '`' || c === '[' || c === ']' || c === '~') escape = true;
    else if (c === '*') escape = !(/\s/.test(prev) && /\s/.test(next));
    else if (c === '_') escape = !(/[\p{L}\p{N}]/u.test(prev) && /[\p{L}\p{N}]/u.test(next));
    else if (c === '<') escape = /[A-Za-z/!?]/.test(next);
    else if (c === '&') escape = /^&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i.test(text.slice(i, i + 34));
    else if (c === '|') escape = inTable;
    out += escape ? `\\${c}` : c;
  }
  return out;
}

/** A paragraph's or list item's start escaped where Markdown would read a heading, quote, list or rule. */
export function escapeBlockStart(line: string): string {
  if (/^[#>+=]/.test(line) || /^-(\s|$)/.test(line) || /^[-=_\s]{3,}$/.test(line)) return `\\${line}`;
  return line.replace(/^(\d{1,9})([.)])(\s|$)/, '$1\\$2$3');
}

/** A heading line: `#`s, then its text with a leading `#` and a closing `#` sequence escaped. */
export function heading(level: number, text: string): string {
  const body = escapeInline(text)
    .replace(/^#/, '\\#')
    .replace(/(\s)(#+)$/, '$1\\$2');
  return `${'#'.repeat(Math.min(6, Math.max(1, level)))} ${body}`;
}

// --- text of elements -----------------------------------------------------------------------------------

/** Runs joined into one line: a space where pdf.js saw a line end, the baseline moved or (between marked
 * contents, which pdf.js does not space) a gap of a fifth of the font size; whitespace collapsed. */
class Line {
  private out = '';
  private last: TextRun | null = null;
  addRuns(runs: readonly TextRun[]): void {
    runs.forEach((run, i) => {
      const last = this.last;
      if (last && this.needsSpace(last, run, i === 0)) this.out += ' ';
      this.out += run.str;
      this.last = run;
    });
  }
  addText(text: string): void {
    this.out += ` ${text} `;
    this.last = null;
  }
  text(): string {
    return this.out.replace(/\s+/g, ' ').trim();
  }
  private needsSpace(a: TextRun, b: TextRun, boundary: boolean): boolean {
    if (/\s$/.test(a.str) || /^\s/.test(b.str)) return false;
    const size = Math.max(a.size, b.size, 1);
    if (a.eol || Math.abs(a.y - b.y) > size / 2) return true;
    return boundary && b.x - (a.x + a.width) > size / 5;
  }
}

function roleOf(node: StructNode): string {
  const role = node.role ?? '';
  const custom = /^h(?:eading)?[\s_-]?([1-6])$/i.exec(role);
  return custom && !/^H[1-6]$/.test(role) ? `H${custom[1]}` : role;
}

const isElement = (n: StructNode): boolean => n.type === undefined;
const headingLevel = (role: string): number => (role === 'H' || role === 'Title' ? 1 : /^H([1-6])$/.test(role) ? Number(role[1]) : 0);

/** Starts a block of its own (not text flowing into the block around it). */
function isBlock(node: StructNode): boolean {
  if (!isElement(node)) return false;
  const role = roleOf(node);
  if (headingLevel(role) || BLOCKS.has(role) || GROUPS.has(role) || role === BLOCKQUOTE) return true;
  return (node.children ?? []).some(isBlock);
}

export class TagsMarkdown {
  constructor(private readonly runsById: ReadonlyMap<string, readonly TextRun[]>) {}

  /** The page's blocks, in the structure tree's order. */
  blocks(tree: StructNode): string[] {
    const out: string[] = [];
    this.group(tree, out);
    return out;
  }

  private render(node: StructNode, out: string[]): void {
    const role = roleOf(node);
    const level = headingLevel(role);
    if (level) {
      const text = this.text(node);
      return void this.push(out, heading(level, text), text);
    }
    if (role === 'L') return void this.push(out, this.list(node, '').join('\n'));
    if (role === 'Table') return this.table(node, out);
    if (role === 'Figure') return void (node.alt?.trim() && out.push(`![${escapeInline(node.alt.trim())}]()`));
    if (role === BLOCKQUOTE) {
      const inner: string[] = [];
      this.group(node, inner);
      return void this.push(out, inner.map((b) => b.replace(/^/gm, '> ').replace(/^> $/gm, '>')).join('\n>\n'));
    }
    if (GROUPS.has(role) || (node.children ?? []).some(isBlock)) return this.group(node, out);
    const text = this.text(node);
    this.push(out, escapeBlockStart(escapeInline(text)), text);
  }

  /** Children in order: block children rendered, loose text between them gathered into paragraphs. */
  private group(node: StructNode, out: string[]): void {
    let loose = new Line();
    const flush = () => {
      const text = loose.text();
      this.push(out, escapeBlockStart(escapeInline(text)), text);
      loose = new Line();
    };
    for (const child of node.children ?? []) {
      if (!isBlock(child)) {
        this.inline(child, loose);
        continue;
      }
      flush();
      this.render(child, out);
    }
    flush();
  }

  private push(out: string[], block: string, text = block): void {
    if (text.trim()) out.push(block);
  }

  /** All text below a node as one line; `skip` leaves out elements (a list item's label, nested lists). */
  private text(node: StructNode, skip?: (n: StructNode) => boolean): string {
    const line = new Line();
    this.inline(node, line, skip);
    return line.text();
  }

  private inline(node: StructNode, line: Line, skip?: (n: StructNode) => boolean): void {
    if (!isElement(node)) {
      if (node.type === 'content' && node.id) line.addRuns(this.runsById.get(node.id) ?? []);
      return;
    }
    if (skip?.(node)) return;
    const role = roleOf(node);
    if (role === 'Formula' && node.alt?.trim()) return line.addText(node.alt.trim());
    if (role === 'Figure') return;
    for (const child of node.children ?? []) this.inline(child, line, skip);
  }

  /** A list's lines: each item's marker and text, its nested lists below it indented to its text. */
  private list(list: StructNode, indent: string): string[] {
    const items = (list.children ?? []).filter(isElement);
    const labels = items.map((item) => this.label(item));
    const ordered = labels.some((l) => ORDERED_LABEL.test(l) || ALPHA_LABEL.test(l));
    const lines: string[] = [];
    let n = 0;
    for (const [i, item] of items.entries()) {
      if (roleOf(item) === 'L') {
        lines.push(...this.list(item, indent + (ordered ? '   ' : '  ')));
        continue;
      }
      n++;
      const nested: StructNode[] = [];
      const skip = (x: StructNode) => {
        const role = roleOf(x);
        if (role === 'L') nested.push(x);
        return role === 'L' || role === 'Lbl';
      };
      let text = this.text(item, skip);
      const label = labels[i];
      const number = ORDERED_LABEL.exec(label)?.[1];
      if (!this.hasLabel(item)) text = text.replace(BULLET_PREFIX, '').replace(NUMBER_PREFIX, '');
      const marker = ordered ? `${number ? Number(number) : n}.` : '-';
      if (text || nested.length) lines.push(`${indent}${marker} ${escapeBlockStart(escapeInline(text))}`.trimEnd());
      for (const sub of nested) lines.push(...this.list(sub, indent + ' '.repeat(marker.length + 1)));
    }
    return lines;
  }

  private hasLabel(item: StructNode): boolean {
    return (item.children ?? []).some((c) => isElement(c) && roleOf(c) === 'Lbl');
  }

  /** The item's Lbl text, or (no Lbl) a bullet or number its text starts with. */
  private label(item: StructNode): string {
    const lbl = (item.children ?? []).find((c) => isElement(c) && roleOf(c) === 'Lbl');
    if (lbl) return this.text(lbl);
    const text = this.text(item, (x) => roleOf(x) === 'L');
    return NUMBER_PREFIX.exec(text)?.[0].trim() ?? '';
  }

  private table(table: StructNode, out: string[]): void {
    const rows: StructNode[] = [];
    const captions: StructNode[] = [];
    const collect = (node: StructNode) => {
      for (const child of (node.children ?? []).filter(isElement)) {
        const role = roleOf(child);
        if (role === 'TR') rows.push(child);
        else if (role === 'Caption') captions.push(child);
        else if (role !== 'Table') collect(child);
      }
    };
    collect(table);
    for (const caption of captions) this.render(caption, out);
    if (rows.length === 0) return this.group(table, out);
    const cells = rows.map((row) =>
      (row.children ?? []).filter(isElement).map((cell) => ({ text: this.text(cell), th: roleOf(cell) === 'TH' })),
    );
    const found = cells.findIndex((row) => row.length > 0 && row.every((c) => c.th));
    const head = found < 0 ? 0 : found;
    const ordered = [cells[head], ...cells.filter((_, i) => i !== head)];
    const columns = Math.max(1, ...ordered.map((r) => r.length));
    const line = (row: readonly string[]) =>
      `| ${Array.from({ length: columns }, (_, i) => escapeInline(row[i] ?? '', true)).join(' | ')} |`;
    const body = ordered.map((row) => line(row.map((c) => c.text)));
    body.splice(1, 0, line(Array<string>(columns).fill('---')));
    if (ordered.some((row) => row.some((c) => c.text))) out.push(body.join('\n'));
  }
}
