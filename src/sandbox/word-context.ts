// The script context a Word template's commands run in (sandbox/word-template.ts). It holds only values
// made inside it: the payload is parsed there from its JSON text, the bundle's images arrive as base64
// strings, and the helpers are built there from their source text. No object or function of the thread's
// own realm is ever put in it, so a command cannot climb from a value's constructor to this realm's
// Function; string code generation (eval, new Function) is off. What a command returns is copied out as
// JSON, and what goes back in (loop variables) is copied in the same way.
import vm from 'node:vm';
import { TEMPLATE_HELPERS_SOURCE } from '../domain/deploys/template-helpers.js';

// Runs inside the context: payload keys become globals (the library's convention), then the helpers, which
// a payload key of the same name shadows; every helper is also folio.<name>.
const SETUP = String.raw`(function (g) {
  'use strict';
  var data = JSON.parse(g.__payloadJson);
  var files = JSON.parse(g.__filesJson);
  delete g.__payloadJson; delete g.__filesJson;
  if (!data || typeof data !== 'object' || Array.isArray(data)) data = {};
  var locale = typeof data.locale === 'string' ? data.locale : 'en-US';
  var timeZone = typeof data.timeZone === 'string' ? data.timeZone : 'UTC';
  var H = (${TEMPLATE_HELPERS_SOURCE})(locale, timeZone);

  var B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  function bytes(b64, max) {
    var out = [], buf = 0, bits = 0;
    for (var i = 0; i < b64.length && out.length < max; i++) {
      var v = B64.indexOf(b64.charAt(i));
      if (v < 0) continue;
      buf = (buf << 6) | v; bits += 6;
      if (bits >= 8) { bits -= 8; out.push((buf >> bits) & 255); }
    }
    return out;
  }
  // Width / height in pixels of a PNG, GIF or JPEG, or null.
  function pixels(ext, b) {
    if (ext === '.png' && b.length >= 24) return [(b[16] << 24 | b[17] << 16 | b[18] << 8 | b[19]) >>> 0, (b[20] << 24 | b[21] << 16 | b[22] << 8 | b[23]) >>> 0];
    if (ext === '.gif' && b.length >= 10) return [b[6] | b[7] << 8, b[8] | b[9] << 8];
    if (ext === '.jpg') {
      for (var i = 2; i + 9 < b.length; ) {
        if (b[i] !== 0xff) return null;
        var marker = b[i + 1], len = b[i + 2] << 8 | b[i + 3];
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return [b[i + 7] << 8 | b[i + 8], b[i + 5] << 8 | b[i + 6]];
        i += 2 + len;
      }
    }
    return null;
  }
  function kind(b) {
    if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return '.png';
    if (b[0] === 0xff && b[1] === 0xd8) return '.jpg';
    if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return '.gif';
    return null;
  }
  // image(source, widthCm, heightCm): source is a bundle file's name, a data: URL or base64 text of a PNG,
  // JPEG or GIF; the height defaults to the image's own proportions.
  H.image = function (source, width, height) {
    if (typeof source !== 'string' || source === '') throw new Error('image() needs a bundle file name, a data: URL or base64 text; got ' + typeof source);
    var name = source.replace(/^\.?\/+/, ''), data, what;
    var m = /^data:image\/[a-z+.-]+;base64,([\s\S]*)$/i.exec(source);
    if (m) { data = m[1]; what = 'the data: URL'; }
    else if (Object.prototype.hasOwnProperty.call(files, name)) { data = files[name]; what = name; }
    else if (/^[A-Za-z0-9+/=\s]{16,}$/.test(source)) { data = source; what = 'the base64 text'; }
    else throw new Error('image(): ' + name.slice(0, 80) + ' is not an image file of the bundle, a data: URL or base64 text');
    data = data.replace(/\s+/g, '');
    var head = bytes(data, 256 * 1024);
    var ext = kind(head);
    if (!ext) throw new Error('image(): ' + what + ' is not a PNG, JPEG or GIF image');
    var w = typeof width === 'number' && width > 0 ? width : 4;
    var px = pixels(ext, head);
    var h = typeof height === 'number' && height > 0 ? height : px && px[0] > 0 ? (w * px[1]) / px[0] : w;
    return { width: w, height: h, data: data, extension: ext };
  };
  var folio = {};
  Object.keys(H).forEach(function (k) { g[k] = H[k]; folio[k] = H[k]; });
  g.folio = folio;
  Object.keys(data).forEach(function (k) { if (k !== '__proto__') g[k] = data[k]; });
})(this)`;

export interface WordContext {
  /** Runs one command's code and answers its value copied out (undefined stays undefined). */
  run(code: string, locals: Record<string, unknown>, timeoutMs: number): unknown;
}

/** A fresh context with the payload (its JSON text) and the bundle's images (name → base64). */
export function newWordContext(payloadJson: string, images: Record<string, string>): WordContext {
  const context = vm.createContext(Object.create(null) as object, {
    name: 'word-template',
    codeGeneration: { strings: false, wasm: false },
  });
  const g = context as Record<string, unknown>;
  g.__payloadJson = payloadJson;
  g.__filesJson = JSON.stringify(images);
  // JSON.parse as it was before the payload's keys and the commands (either may assign JSON).
  const parseInside = vm.runInContext('(function (parse) { return function (t) { return parse(t); }; })(JSON.parse)', context) as (
    t: string,
  ) => unknown;
  vm.runInContext(SETUP, context, { timeout: 5_000 });
  // A loop runs the same commands once per item: each is compiled once.
  const scripts = new Map<string, vm.Script>();
  const copyIn = (v: unknown) =>
    v === null || (typeof v !== 'object' && typeof v !== 'function') ? v : parseInside(JSON.stringify(v) ?? 'null');
  return {
    run(code, locals, timeoutMs) {
      for (const [k, v] of Object.entries(locals)) g[k] = copyIn(v);
      let script = scripts.get(code);
      if (!script) scripts.set(code, (script = new vm.Script(code, { filename: 'command' })));
      const value: unknown = script.runInContext(context, { timeout: Math.max(1, timeoutMs) });
      if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
      if (typeof value === 'function') throw new Error('the command gives a function; call it');
      const text = JSON.stringify(value);
      return text === undefined ? undefined : (JSON.parse(text) as unknown);
    },
  };
}
