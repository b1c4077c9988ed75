// Text drawn as the outlines of its glyphs (PDF path operators), for the appearance of a visible signature.
// A font in a PDF/A file must be embedded, and the signature's appearance is written into an incremental
// update of a document we do not otherwise rewrite; drawing the letters as filled paths needs no font
// resource at all, so the appearance is valid PDF/A whatever the document. The shapes come from Liberation
// Sans (Debian's fonts-liberation, which scripts/setup.sh installs for Chromium anyway), laid out by fontkit
// (kerning included).
import fs from 'node:fs';
import * as fontkit from 'fontkit';
import { PdfError } from '../errors.js';

/** Where Debian and Ubuntu put Liberation Sans (fonts-liberation, fonts-liberation2). */
const FONT_FILES = [
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf',
];

let loaded: fontkit.Font | null = null;

/** The font of signature appearances, loaded once; a PdfError saying how to install it. */
export function signatureFont(): fontkit.Font {
  if (loaded) return loaded;
  const file = FONT_FILES.find((f) => fs.existsSync(f));
  if (!file)
    throw new PdfError(
      'postprocess',
      'a visible signature needs the Liberation Sans font: install it (Debian/Ubuntu: apt-get install fonts-liberation)',
    );
  loaded = fontkit.openSync(file) as fontkit.Font;
  return loaded;
}

/** Width of `text` at `size` points. */
export function textWidth(font: fontkit.Font, text: string, size: number): number {
  return (font.layout(text).advanceWidth * size) / font.unitsPerEm;
}

const n = (v: number) => (Math.round(v * 100) / 100).toString();

/** Path operators that fill `text` at `size` points, its baseline starting at (x, y) (empty for blank text). */
export function textPath(font: fontkit.Font, text: string, x: number, y: number, size: number): string {
  const run = font.layout(text);
  const s = size / font.unitsPerEm;
  const ops: string[] = [];
  let penX = 0;
  for (const [i, glyph] of run.glyphs.entries()) {
    const pos = run.positions[i];
    const ox = x + (penX + pos.xOffset) * s;
    const oy = y + pos.yOffset * s;
    const X = (v: number) => n(ox + v * s);
    const Y = (v: number) => n(oy + v * s);
    // The current point, in font units: quadratic curves (TrueType) become cubic ones (PDF has only those).
    let cx = 0;
    let cy = 0;
    for (const { command, args } of glyph.path.commands) {
      if (command === 'moveTo' || command === 'lineTo') {
        [cx, cy] = args;
        ops.push(`${X(cx)} ${Y(cy)} ${command === 'moveTo' ? 'm' : 'l'}`);
      } else if (command === 'quadraticCurveTo') {
        const [qx, qy, ex, ey] = args;
        const c1 = [cx + (2 / 3) * (qx - cx), cy + (2 / 3) * (qy - cy)];
        const c2 = [ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey)];
        ops.push(`${X(c1[0])} ${Y(c1[1])} ${X(c2[0])} ${Y(c2[1])} ${X(ex)} ${Y(ey)} c`);
        [cx, cy] = [ex, ey];
      } else if (command === 'bezierCurveTo') {
        const [ax, ay, bx, by, ex, ey] = args;
        ops.push(`${X(ax)} ${Y(ay)} ${X(bx)} ${Y(by)} ${X(ex)} ${Y(ey)} c`);
        [cx, cy] = [ex, ey];
      } else if (command === 'closePath') ops.push('h');
    }
    penX += pos.xAdvance;
  }
  if (ops.length > 0) ops.push('f');
  return ops.join('\n');
}
