// Reads the tables of a pyproject.toml that building a wheel needs ([project], [tool.setuptools] and
// [tool.setuptools.package-data]) without a TOML library: in those tables a value is a string (basic "…"
// or literal '…', on one line), an array of them (over several lines, trailing comma and comments
// allowed), an inline table of them, a boolean or a number. Anything else there (a multi-line string, a
// dotted key, an array of tables) is refused with its line, never guessed. Other tables are skipped.
//
// readPyproject(text, tables) → { 'project': { name: 'folio-client', … }, 'tool.setuptools': { … }, … }

const ESCAPES = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };

/** A parser over one table's text: value() reads the value at the cursor. */
function cursor(text, lineOf) {
  let i = 0;
  const fail = (what) => {
    throw new Error(`pyproject.toml line ${lineOf(i)}: ${what}`);
  };
  const skip = () => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i])) i++;
      if (text[i] !== '#') return;
      while (i < text.length && text[i] !== '\n') i++;
    }
  };
  const string = () => {
    const quote = text[i];
    if (text.startsWith(quote.repeat(3), i)) fail('a multi-line string is not read here');
    let out = '';
    for (i++; text[i] !== quote; i++) {
      if (i >= text.length || text[i] === '\n') fail('an unterminated string');
      if (quote === '"' && text[i] === '\\') {
        const e = text[++i];
        if (e === 'u' || e === 'U') {
          const len = e === 'u' ? 4 : 8;
          out += String.fromCodePoint(parseInt(text.slice(i + 1, i + 1 + len), 16));
          i += len;
        } else if (e in ESCAPES) out += ESCAPES[e];
        else fail(`an unknown escape \\${e}`);
      } else out += text[i];
    }
    i++;
    return out;
  };
  const key = () => {
    if (text[i] === '"' || text[i] === "'") return string();
    const m = /^[A-Za-z0-9_-]+/.exec(text.slice(i));
    if (!m) fail('a key was expected');
    i += m[0].length;
    return m[0];
  };
  const list = (close, item) => {
    const out = [];
    for (i++; ;) {
      skip();
      if (text[i] === close) break;
      out.push(item());
      skip();
      if (text[i] === ',') i++;
      else if (text[i] !== close) fail(`"," or "${close}" was expected`);
    }
    i++;
    return out;
  };
  const value = () => {
    const c = text[i];
    if (c === '"' || c === "'") return string();
    if (c === '[') return list(']', value);
    if (c === '{') return Object.fromEntries(list('}', entry));
    const m = /^(true|false|[+-]?\d[\d_]*(\.\d+)?)(?=[\s,\]}#]|$)/.exec(text.slice(i));
    if (!m) fail('a string, array, inline table, boolean or number was expected');
    i += m[0].length;
    return m[1] === 'true' ? true : m[1] === 'false' ? false : Number(m[1].replace(/_/g, ''));
  };
  /** key = value, on the table's own level (a dotted key is refused). */
  const entry = () => {
    const k = key();
    skip();
    if (text[i] !== '=') fail(`"=" was expected after ${k}`);
    i++;
    skip();
    return [k, value()];
  };
  return {
    entries() {
      const out = {};
      for (skip(); i < text.length; skip()) {
        const [k, v] = entry();
        if (Object.hasOwn(out, k)) fail(`${k} is set twice`);
        out[k] = v;
        while (i < text.length && text[i] !== '\n' && /\s/.test(text[i])) i++;
        if (i < text.length && text[i] !== '\n' && text[i] !== '#') fail('one entry per line');
      }
      return out;
    },
  };
}

/** The named tables of a pyproject.toml's text, each as an object of its entries. */
export function readPyproject(text, tables) {
  const headers = [...text.matchAll(/^[ \t]*(\[\[?)[ \t]*([^\]\n]*?)[ \t]*\]\]?[ \t]*(#.*)?$/gm)];
  const lineOf = (offset) => text.slice(0, offset).split('\n').length;
  const found = {};
  headers.forEach((h, n) => {
    const name = h[2];
    if (!tables.includes(name)) return;
    if (h[1] === '[[') throw new Error(`pyproject.toml line ${lineOf(h.index)}: [[${name}]] is an array of tables`);
    const start = h.index + h[0].length;
    const end = n + 1 < headers.length ? headers[n + 1].index : text.length;
    // Offsets inside the table's text count lines from the start of the file.
    found[name] = cursor(text.slice(start, end), (i) => lineOf(start + i)).entries();
  });
  return found;
}
