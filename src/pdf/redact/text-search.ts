// Finding a redact step's strings and patterns among a page's glyphs: the glyphs' text is joined in their
// order on the page, a space put where the gap between two glyphs of a line is wider than a fifth of the font
// size and a line break where a glyph starts a new line, so that "John Smith" is found whether or not the
// PDF has a space glyph. A string matches literally (any white space in it matches any run of white space);
// a pattern is a JavaScript regular expression (Unicode mode), a no-break space read as a space. Both honour
// ignoreCase. A match gives its
// glyphs and one box per line it spans.
import type { RedactStep } from '../../domain/pdfs/pdf-step-content.js';
import type { PlacedGlyph } from './content-filter.js';
import type { Rect } from './geometry.js';

export function patternsOf(step: Pick<RedactStep, 'text' | 'patterns' | 'ignoreCase'>): RegExp[] {
  const flags = step.ignoreCase ? 'giu' : 'gu';
  return [
    ...step.text.map(
      (t) =>
        new RegExp(
          t
            .trim()
            .split(/\s+/)
            .map((w) => w.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'))
            .join('\\s+'),
          flags,
        ),
    ),
    ...step.patterns.map((p) => new RegExp(p, flags)),
  ];
}

const sameLine = (a: Rect, b: Rect) => {
  const h = Math.min(a.y1 - a.y0, b.y1 - b.y0);
  return Math.abs((a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2) < h / 2;
};

/** The page's text and, for each of its characters, the glyph it came from (-1 for an added separator). */
export function joinGlyphs(glyphs: PlacedGlyph[]): { text: string; owner: number[] } {
  let text = '';
  const owner: number[] = [];
  let prev: PlacedGlyph | null = null;
  for (const [i, g] of glyphs.entries()) {
    if (g.text === '') continue;
    if (prev) {
      const line = sameLine(prev.box, g.box);
      const blank = /\s$/.test(prev.text) || /^\s/.test(g.text);
      if (!line) {
        text += '\n';
        owner.push(-1);
      } else if (!blank && g.box.x0 - prev.box.x1 > g.size / 5) {
        text += ' ';
        owner.push(-1);
      }
    }
    for (let k = 0; k < g.text.length; k++) owner.push(i);
    // A no-break space is a space to whoever writes a pattern (one character for one: owners stay aligned).
    text += g.text.replace(/\u00a0/g, ' ');
    prev = g;
  }
  return { text, owner };
}

/** The glyphs (by key) every match covers and a box per line of each match. */
export function findMatches(glyphs: PlacedGlyph[], patterns: RegExp[]): { keys: Set<string>; boxes: Rect[] } {
  const { text, owner } = joinGlyphs(glyphs);
  const keys = new Set<string>();
  const boxes: Rect[] = [];
  for (const re of patterns) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      let box: Rect | null = null;
      const seen = new Set<number>();
      for (let c = m.index; c < m.index + m[0].length; c++) {
        const gi = owner[c];
        if (gi < 0 || seen.has(gi)) continue;
        seen.add(gi);
        const g = glyphs[gi];
        keys.add(g.key);
        if (box && sameLine(box, g.box))
          box = {
            x0: Math.min(box.x0, g.box.x0),
            y0: Math.min(box.y0, g.box.y0),
            x1: Math.max(box.x1, g.box.x1),
            y1: Math.max(box.y1, g.box.y1),
          };
        else {
          if (box) boxes.push(box);
          box = { ...g.box };
        }
      }
      if (box) boxes.push(box);
    }
  }
  return { keys, boxes };
}
