// The parts of a CMap (Adobe technical note 5014, 5411) that finding glyphs needs: the code space ranges
// (how many bytes a character code has), a ToUnicode CMap's bfchar/bfrange (code → Unicode text, UTF-16BE)
// and an embedded encoding CMap's cidchar/cidrange (code → CID). Anything else in the CMap is ignored.

export interface CMap {
  /** Code space ranges: byte length and bounds. */
  spaces: Array<{ bytes: number; lo: number; hi: number }>;
  unicode: Map<number, string>;
  cids: Map<number, number>;
  cidRanges: Array<{ lo: number; hi: number; cid: number }>;
}

const hexNum = (h: string) => parseInt(h || '0', 16);
const utf16 = (h: string) => {
  const b = Buffer.from(h.length % 2 ? `${h}0` : h, 'hex');
  let s = '';
  for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode(b.readUInt16BE(i));
  return s;
};

/** Reads a CMap's text (Latin-1 decoded stream). Ranges are bounded so that a hostile CMap cannot grow the map without limit. */
export function parseCMap(text: string, maxEntries = 100_000): CMap {
  const cmap: CMap = { spaces: [], unicode: new Map(), cids: new Map(), cidRanges: [] };
  const blocks = (kind: string) => [...text.matchAll(new RegExp(`begin${kind}([\\s\\S]*?)end${kind}`, 'g'))].map((m) => m[1]);
  for (const b of blocks('codespacerange'))
    for (const m of b.matchAll(/<([0-9a-fA-F]*)>\s*<([0-9a-fA-F]*)>/g))
      cmap.spaces.push({ bytes: Math.max(1, Math.ceil(m[1].length / 2)), lo: hexNum(m[1]), hi: hexNum(m[2]) });
  for (const b of blocks('bfchar'))
    for (const m of b.matchAll(/<([0-9a-fA-F]*)>\s*<([0-9a-fA-F]*)>/g)) cmap.unicode.set(hexNum(m[1]), utf16(m[2]));
  for (const b of blocks('bfrange'))
    for (const m of b.matchAll(/<([0-9a-fA-F]*)>\s*<([0-9a-fA-F]*)>\s*(<[0-9a-fA-F]*>|\[[^\]]*\])/g)) {
      const [lo, hi] = [hexNum(m[1]), hexNum(m[2])];
      if (hi < lo || cmap.unicode.size + (hi - lo) > maxEntries) continue;
      if (m[3].startsWith('[')) {
        const dsts = [...m[3].matchAll(/<([0-9a-fA-F]*)>/g)].map((d) => utf16(d[1]));
        for (let c = lo; c <= hi && c - lo < dsts.length; c++) cmap.unicode.set(c, dsts[c - lo]);
      } else {
        const base = utf16(m[3].slice(1, -1));
        const last = base.charCodeAt(base.length - 1);
        for (let c = lo; c <= hi; c++) cmap.unicode.set(c, base.slice(0, -1) + String.fromCharCode(last + c - lo));
      }
    }
  for (const b of blocks('cidchar')) for (const m of b.matchAll(/<([0-9a-fA-F]*)>\s*(\d+)/g)) cmap.cids.set(hexNum(m[1]), Number(m[2]));
  for (const b of blocks('cidrange'))
    for (const m of b.matchAll(/<([0-9a-fA-F]*)>\s*<([0-9a-fA-F]*)>\s*(\d+)/g))
      cmap.cidRanges.push({ lo: hexNum(m[1]), hi: hexNum(m[2]), cid: Number(m[3]) });
  return cmap;
}

/** The byte length of the code starting at `at` by the code space ranges (1 without ranges that match). */
export function codeLength(cmap: CMap | null, bytes: Uint8Array, at: number, fallback: number): number {
  if (!cmap || cmap.spaces.length === 0) return fallback;
  for (let n = 1; n <= 4 && at + n <= bytes.length; n++) {
    let v = 0;
    for (let k = 0; k < n; k++) v = v * 256 + bytes[at + k];
    if (cmap.spaces.some((s) => s.bytes === n && v >= s.lo && v <= s.hi)) return n;
  }
  return fallback;
}

/** The CID of a code by an encoding CMap (the code itself when it does not say). */
export function cidOf(cmap: CMap | null, code: number): number {
  if (!cmap) return code;
  const c = cmap.cids.get(code);
  if (c !== undefined) return c;
  const r = cmap.cidRanges.find((x) => code >= x.lo && code <= x.hi);
  return r ? r.cid + code - r.lo : code;
}
