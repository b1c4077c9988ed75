// The commit-time check of a Word template (domain/office/word-templates.ts), in a sandbox process: the file opens
// as a DOCX, every +++ tag closes, and each command is one docx-templates knows, written as it expects
// (FOR x IN list, FOR/END-FOR and IF/END-IF paired) with JavaScript that compiles. Nothing is run: a
// command's code is compiled, never evaluated.
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { MAX_WORD_XML_BYTES, WORD_COMMAND_DELIMITER } from '../domain/office/word-templates.js';
import { wordErrorMessage } from './word-template.js';

const require = createRequire(import.meta.url);

export interface WordTemplateProblem {
  /** The tag as written between the delimiters, or null when the file itself is the problem. */
  tag: string | null;
  message: string;
}

const problem = (tag: string | null, message: string): WordTemplateProblem => ({
  tag: tag === null ? null : tag.slice(0, 200),
  message: message.slice(0, 500),
});

const smartQuotes = (code: string) => code.replace(/[\u201C\u201D\u201E]/g, '"').replace(/[\u2018\u2019\u201A]/g, "'");

function compiles(code: string): string | null {
  try {
    new vm.Script(smartQuotes(code), { filename: 'command' });
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/** The paragraphs of the parts that hold commands (document, headers, footers, notes), as text. */
async function partParagraphs(bytes: Uint8Array): Promise<Array<{ part: string; paragraphs: string[] }> | WordTemplateProblem> {
  const JSZip = require('jszip') as typeof import('jszip');
  let zip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    return problem(null, 'the file is not a DOCX (it does not open as a zip archive)');
  }
  const parts = Object.keys(zip.files).filter((p) => /^word\/[^/]+\.xml$/.test(p));
  if (!parts.includes('word/document.xml')) return problem(null, 'the file is not a DOCX (it has no word/document.xml)');
  const out: Array<{ part: string; paragraphs: string[] }> = [];
  let total = 0;
  for (const part of parts.sort()) {
    const xml = await zip.file(part)!.async('string');
    total += xml.length;
    if (total > MAX_WORD_XML_BYTES) return problem(null, `the document's text parts unpack to more than ${MAX_WORD_XML_BYTES} bytes`);
    // Word splits text into runs anywhere: a paragraph's text is its w:t contents joined.
    const paragraphs = xml.split('</w:p>').map((p) =>
      [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
        .map((m) => m[1]!)
        .join('')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&'),
    );
    out.push({ part, paragraphs });
  }
  return out;
}

/** A part whose delimiters do not pair: the first paragraph with an odd number of them (a tag may span paragraphs). */
function unclosedTag(part: string, paragraphs: string[]): WordTemplateProblem | null {
  const d = WORD_COMMAND_DELIMITER;
  const count = (t: string) => t.split(d).length - 1;
  if (paragraphs.reduce((n, p) => n + count(p), 0) % 2 === 0) return null;
  const odd = paragraphs.find((p) => count(p) % 2 === 1) ?? paragraphs.join(' ');
  const tag = odd.slice(odd.lastIndexOf(d) + d.length);
  return problem(tag, `${part}: a ${d} in the paragraph "${odd.slice(0, 120)}" is never closed (or never opened) with ${d}`);
}

/** The bundle images an IMAGE command names with a literal: image("logo.png", 4) → logo.png. */
const LITERAL_IMAGE = /(?:^|[^\w$.]|folio\.)image\(\s*(["'\u2018\u2019\u201C\u201D])([^"'\u2018\u2019\u201C\u201D\\]+)\1/g;

/**
 * The first problem of a Word template, or null when it would fill. With `bundleImages` (the version's image
 * paths, without the leading "/"), an image("name") that names none of them is one too.
 */
export async function checkWordTemplate(bytes: Uint8Array, bundleImages?: readonly string[]): Promise<WordTemplateProblem | null> {
  const parts = await partParagraphs(bytes);
  if (!Array.isArray(parts)) return parts;
  for (const { part, paragraphs } of parts) {
    const unclosed = unclosedTag(part, paragraphs);
    if (unclosed) return unclosed;
  }
  const d = WORD_COMMAND_DELIMITER;
  const { listCommands } = require('docx-templates') as typeof import('docx-templates');
  let commands: Array<{ raw: string; type: string; code: string }>;
  try {
    commands = await listCommands(bytes as unknown as ArrayBuffer, d);
  } catch (err) {
    return problem(null, wordErrorMessage(err));
  }
  const open: Array<{ kind: 'FOR' | 'IF'; name: string; raw: string }> = [];
  for (const c of commands) {
    const tag = `${d}${c.raw}${d}`;
    if (c.type === 'FOR') {
      const m = /^(\S+)\s+IN\s+([\s\S]+)$/i.exec(c.code);
      if (!m) return problem(c.raw, `${tag}: a loop is written FOR name IN list`);
      const bad = compiles(m[2]!);
      if (bad) return problem(c.raw, `${tag}: the list is not valid JavaScript (${bad})`);
      open.push({ kind: 'FOR', name: m[1]!, raw: c.raw });
    } else if (c.type === 'END-FOR' || c.type === 'END-IF') {
      const kind = c.type === 'END-FOR' ? 'FOR' : 'IF';
      const top = open.pop();
      if (!top) return problem(c.raw, `${tag} closes no ${kind}`);
      if (top.kind !== kind) return problem(top.raw, `${d}${top.raw}${d} is closed by ${tag}: close it with END-${top.kind} first`);
      if (kind === 'FOR' && c.code.trim() !== top.name)
        return problem(c.raw, `${tag} closes the loop ${d}${top.raw}${d}: write END-FOR ${top.name}`);
    } else if (c.type === 'ALIAS') {
      if (!/^(\S+)\s+(.+)/.test(c.code)) return problem(c.raw, `${tag}: an alias is written ALIAS name command`);
    } else if (['IF', 'INS', 'EXEC', 'IMAGE', 'LINK', 'HTML'].includes(c.type)) {
      if (c.code.trim() === '') return problem(c.raw, `${tag}: ${c.type} needs an expression`);
      const bad = compiles(c.code);
      if (bad) return problem(c.raw, `${tag}: not valid JavaScript (${bad})`);
      if (c.type === 'IF') open.push({ kind: 'IF', name: '', raw: c.raw });
      if (c.type === 'IMAGE' && bundleImages) {
        const known = new Set(bundleImages);
        for (const m of c.code.matchAll(LITERAL_IMAGE)) {
          const name = m[2]!.replace(/^\.?\/+/, '');
          if (!known.has(name) && !/^data:/i.test(name))
            return problem(c.raw, `${tag}: ${name} is not a PNG, JPEG or GIF file of the version`);
        }
      }
    } else if (c.type !== 'QUERY') {
      return problem(c.raw, `${tag}: ${c.type} is not a command`);
    }
  }
  const left = open.pop();
  if (left)
    return problem(
      left.raw,
      `${d}${left.raw}${d} is never closed: add ${d}END-${left.kind}${left.kind === 'FOR' ? ` ${left.name}` : ''}${d}`,
    );
  return null;
}
