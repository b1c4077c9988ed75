// How deep a template's blocks and expressions nest, checked before its engine parses it. The engines'
// parsers recurse once per level, so a template nested tens of thousands deep keeps a parser busy for
// seconds and can exhaust its stack: such a template is refused up front, naming the limit and where it
// is passed. Real templates nest a few levels (a loop in a condition in a section).
import type { TemplateEngine } from './template-engines.js';

/** Levels of blocks (`{{#each}}`, `{% if %}`…) plus parentheses and brackets within a tag. */
export const MAX_TEMPLATE_NESTING = 100;

export interface NestingProblem {
  /** Where the limit is passed (an offset into the text). */
  offset: number;
  depth: number;
}

// Block tags that need an `end…` tag, in Liquid and Nunjucks (`set` only in its block form, without `=`).
const BLOCK_TAGS = new Set([
  'if',
  'unless',
  'for',
  'case',
  'capture',
  'tablerow',
  'paginate',
  'raw',
  'comment',
  'macro',
  'call',
  'filter',
  'block',
  'verbatim',
  'asynceach',
  'asyncall',
]);

/** The first place the text nests deeper than MAX_TEMPLATE_NESTING, or null. Markdown has no nesting. */
export function templateNestingProblem(engine: TemplateEngine, text: string, max = MAX_TEMPLATE_NESTING): NestingProblem | null {
  if (engine === 'markdown') return null;
  const mustaches = engine === 'handlebars' || engine === 'mustache';
  const tag = mustaches ? /\{\{(\{?)~?\s*([\s\S]*?)~?\}?\}\}/g : /\{([{%])-?\s*([\s\S]*?)-?[}%]\}/g;
  let blocks = 0;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    const body = m[2]!;
    if (mustaches && body.startsWith('!')) continue; // a comment
    let inner = 0;
    let deepest = 0;
    for (const ch of body) {
      if (ch === '(' || ch === '[') deepest = Math.max(deepest, ++inner);
      else if (ch === ')' || ch === ']') inner = Math.max(0, inner - 1);
    }
    if (blocks + deepest > max) return { offset: m.index, depth: blocks + deepest };
    if (mustaches) {
      if (/^[#^]\S/.test(body)) blocks++;
      else if (body.startsWith('/')) blocks = Math.max(0, blocks - 1);
    } else if (m[1] === '%') {
      const name = (/^([A-Za-z_]\w*)/.exec(body)?.[1] ?? '').toLowerCase();
      if (name.startsWith('end')) blocks = Math.max(0, blocks - 1);
      else if (BLOCK_TAGS.has(name) || (name === 'set' && !body.includes('='))) blocks++;
    }
    if (blocks > max) return { offset: m.index, depth: blocks };
  }
  return null;
}
