// What a font of a page says of its glyphs, for finding them on the page: how a shown string splits into
// character codes, each code's width (thousandths of text space, ISO 32000-1 § 9.2.4) and its Unicode text.
// Simple fonts (Type1, TrueType, Type3, one byte per code): /Widths, else /MissingWidth, else the standard 14
// fonts' metrics; text from /ToUnicode, else the encoding's glyph names (WinAnsi and /Differences). Type0
// fonts: codes by the encoding CMap's code space (Identity-H/V: two bytes), CIDs by that CMap, widths from the
// descendant's /W and /DW, text from /ToUnicode only. A code whose text cannot be known has the text ''.
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import { Encodings, Font as StandardFont } from '@cantoo/pdf-lib/standard-fonts';
import { cidOf, codeLength, parseCMap, type CMap } from './cmap.js';

const N = PDFName.of;

export interface Glyph {
  /** Bytes of the code in the shown string. */
  bytes: Uint8Array;
  code: number;
  /** Horizontal advance in thousandths of the font size (Type3: already through its FontMatrix). */
  width: number;
  text: string;
}

export interface GlyphFont {
  glyphs(shown: Uint8Array): Glyph[];
  /** Top and bottom of the glyphs, thousandths of the font size. */
  ascent: number;
  descent: number;
}

const STANDARD_14 = new Set([
  'Courier',
  'Courier-Bold',
  'Courier-Oblique',
  'Courier-BoldOblique',
  'Helvetica',
  'Helvetica-Bold',
  'Helvetica-Oblique',
  'Helvetica-BoldOblique',
  'Times-Roman',
  'Times-Bold',
  'Times-Italic',
  'Times-BoldItalic',
  'Symbol',
  'ZapfDingbats',
]);

let winAnsi: { names: Map<number, string>; byName: Map<string, string> } | null = null;
/** WinAnsi's code → glyph name, and glyph name → text, from pdf-lib's encoding tables. */
function winAnsiTables() {
  if (winAnsi) return winAnsi;
  const names = new Map<number, string>();
  const byName = new Map<string, string>();
  for (const cp of Encodings.WinAnsi.supportedCodePoints) {
    const { code, name } = Encodings.WinAnsi.encodeUnicodeCodePoint(cp);
    if (!names.has(code)) names.set(code, name);
    // A name several code points share (space: U+0020 and U+00A0) reads as the first, the plain one.
    if (!byName.has(name)) byName.set(name, String.fromCodePoint(cp));
  }
  winAnsi = { names, byName };
  return winAnsi;
}

function textOfGlyphName(name: string): string {
  const known = winAnsiTables().byName.get(name);
  if (known !== undefined) return known;
  const uni = /^uni([0-9A-Fa-f]{4,})$/.exec(name) ?? /^u([0-9A-Fa-f]{4,6})$/.exec(name);
  if (uni) return String.fromCodePoint(parseInt(uni[1].slice(0, uni[1].length >= 6 ? 6 : 4), 16));
  const base = name.split('.')[0];
  return base !== name ? textOfGlyphName(base) : '';
}

function streamText(obj: unknown): string | null {
  if (!(obj instanceof PDFRawStream)) return null;
  try {
    return Buffer.from(decodePDFRawStream(obj).decode()).toString('latin1');
  } catch {
    return null;
  }
}

const num = (v: unknown, d: number) => (v instanceof PDFNumber ? v.asNumber() : d);

function descriptorMetrics(desc: unknown): { ascent: number; descent: number; missing: number } {
  const d = desc instanceof PDFDict ? desc : null;
  const ascent = num(d?.lookup(N('Ascent')), 0);
  const descent = num(d?.lookup(N('Descent')), 0);
  return { ascent: ascent > 0 ? ascent : 900, descent: descent < 0 ? descent : -250, missing: num(d?.lookup(N('MissingWidth')), 0) };
}

/** code → glyph name of a simple font: its /Differences over WinAnsi (the base Folio reads for every simple font). */
function simpleNames(font: PDFDict): Map<number, string> {
  const names = new Map(winAnsiTables().names);
  const enc = font.lookup(N('Encoding'));
  const diffs = enc instanceof PDFDict ? enc.lookup(N('Differences')) : undefined;
  if (diffs instanceof PDFArray) {
    let code = 0;
    for (const v of diffs.asArray()) {
      if (v instanceof PDFNumber) code = v.asNumber();
      else if (v instanceof PDFName) names.set(code++, v.decodeText());
    }
  }
  return names;
}

function simpleFont(font: PDFDict, toUnicode: CMap | null): GlyphFont {
  const first = num(font.lookup(N('FirstChar')), 0);
  const widths = font.lookup(N('Widths'));
  const { ascent, descent, missing } = descriptorMetrics(font.lookup(N('FontDescriptor')));
  const base = font.lookup(N('BaseFont'));
  const baseName = base instanceof PDFName ? base.decodeText().replace(/^[A-Z]{6}\+/, '') : '';
  const standard = !(widths instanceof PDFArray) && STANDARD_14.has(baseName) ? StandardFont.load(baseName as never) : null;
  const names = simpleNames(font);
  const fm = font.lookup(N('FontMatrix'));
  // Type3 widths are in glyph space: its FontMatrix's a turns them into text space.
  const scale = fm instanceof PDFArray ? num(fm.lookup(0), 0.001) * 1000 : 1;
  return {
    ascent: fm instanceof PDFArray ? 1000 : ascent,
    descent: fm instanceof PDFArray ? 0 : descent,
    glyphs(shown) {
      return Array.from(shown, (code, i) => {
        let width = missing;
        if (widths instanceof PDFArray && code >= first && code - first < widths.size()) width = num(widths.lookup(code - first), missing);
        else if (standard) width = standard.getWidthOfGlyph(names.get(code) ?? '') ?? missing;
        const text = toUnicode?.unicode.get(code) ?? textOfGlyphName(names.get(code) ?? '');
        return { bytes: shown.subarray(i, i + 1), code, width: width * scale, text };
      });
    },
  };
}

/** A CID font's widths: /W entries `c [w1 w2 …]` and `cFirst cLast w`, else /DW. */
function cidWidths(desc: PDFDict): (cid: number) => number {
  const dw = num(desc.lookup(N('DW')), 1000);
  const map = new Map<number, number>();
  const w = desc.lookup(N('W'));
  if (w instanceof PDFArray) {
    const a = w.asArray().map((x) => desc.context.lookup(x));
    for (let i = 0; i < a.length && map.size < 200_000;) {
      const c = num(a[i], -1);
      const next = a[i + 1];
      if (next instanceof PDFArray) {
        next.asArray().forEach((x, k) => map.set(c + k, num(desc.context.lookup(x), dw)));
        i += 2;
      } else {
        const last = num(next, -1);
        const width = num(a[i + 2], dw);
        for (let k = c; k <= last && map.size < 200_000; k++) map.set(k, width);
        i += 3;
      }
    }
  }
  return (cid) => map.get(cid) ?? dw;
}

function type0Font(font: PDFDict, toUnicode: CMap | null): GlyphFont {
  const descendants = font.lookup(N('DescendantFonts'));
  const desc = descendants instanceof PDFArray ? descendants.lookup(0) : undefined;
  const d = desc instanceof PDFDict ? desc : font;
  const { ascent, descent } = descriptorMetrics(d.lookup(N('FontDescriptor')));
  const enc = font.lookup(N('Encoding'));
  const encText = streamText(enc);
  const encoding = encText ? parseCMap(encText) : null;
  const widthOf = cidWidths(d);
  return {
    ascent,
    descent,
    glyphs(shown) {
      const out: Glyph[] = [];
      for (let i = 0; i < shown.length;) {
        const n = codeLength(encoding ?? toUnicode, shown, i, 2);
        let code = 0;
        for (let k = 0; k < n && i + k < shown.length; k++) code = code * 256 + shown[i + k];
        out.push({
          bytes: shown.subarray(i, i + n),
          code,
          width: widthOf(cidOf(encoding, code)),
          text: toUnicode?.unicode.get(code) ?? '',
        });
        i += n;
      }
      return out;
    },
  };
}

const readers = new WeakMap<PDFDict, GlyphFont>();

/** The glyph reader of a font dictionary (read once per dictionary: pages share their fonts). */
export function glyphFont(font: PDFDict): GlyphFont {
  let r = readers.get(font);
  if (!r) {
    const tu = streamText(font.lookup(N('ToUnicode')));
    const toUnicode = tu ? parseCMap(tu) : null;
    r = font.lookup(N('Subtype')) === N('Type0') ? type0Font(font, toUnicode) : simpleFont(font, toUnicode);
    readers.set(font, r);
  }
  return r;
}
