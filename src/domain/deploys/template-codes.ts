// The qrCode and barcode helpers (docs/templates.md "QR codes and barcodes"), as the source text of one
// function `(bwipjs) => codes`: bwip-js (its browser build in the rendering page, render/template-shell.ts;
// its Node build in the sandbox for Word templates, sandbox/word-codes.ts) draws the symbol, and this text
// sizes it. Each helper answers an inline SVG: paths only, no text element, no script, so it is vector in
// the PDF. ES5, no outside names but the encoder given.

/** The helper names the codes add, in every template language (they need the encoder loaded). */
export const CODE_HELPERS = ['qrCode', 'barcode'] as const;

/** Whether a template (or a bundle's helpers.js) names a code helper, which is what loads the encoder into the page. */
export const usesCodeHelpers = (texts: Iterable<string>): boolean => {
  for (const t of texts) if (/\b(qrCode|barcode)\b/.test(t)) return true;
  return false;
};

export const TEMPLATE_CODES_SOURCE = String.raw`function (bwipjs) {
  // 2D symbologies: their quiet zone is counted in modules of 2 points, a linear code's in modules of 1.
  var TWO_D = /^(qrcode|swissqrcode|microqrcode|rectangularmicroqrcode|gs1qrcode|hibcqrcode|datamatrix|datamatrixrectangular|datamatrixrectangularextension|gs1datamatrix|gs1datamatrixrectangular|hibcdatamatrix|hibcdatamatrixrectangular|azteccode|azteccodecompact|aztecrune|gs1azteccode|pdf417|pdf417compact|micropdf417|maxicode|dotcode|hanxin|codeone|ultracode)$/;
  var PT_MM = 25.4 / 72;

  // A CSS length: a number is millimetres; a string is a number and one of mm, cm, in, pt, px.
  function length(v, what) {
    if (typeof v === 'number' && v > 0 && isFinite(v)) return { n: v, unit: 'mm' };
    var m = /^\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt|px)?\s*$/.exec(String(v));
    if (!m || !(+m[1] > 0)) throw new Error(what + ' must be a length such as "30mm", "3cm" or 30 (millimetres); got ' + JSON.stringify(v));
    return { n: +m[1], unit: m[2] || 'mm' };
  }
  var round = function (n) { return Math.round(n * 1000) / 1000; };

  // bwip-js options written as text: "includetext height=12 eclevel=H" (a word alone is true).
  function options(spec) {
    var out = {};
    if (spec === undefined || spec === null || spec === '') return out;
    if (typeof spec === 'object') { for (var k in spec) if (Object.prototype.hasOwnProperty.call(spec, k) && k !== '__keywords') out[k] = spec[k]; return out; }
    String(spec).split(/\s+/).forEach(function (word) {
      if (!word) return;
      var i = word.indexOf('=');
      if (i < 0) out[word] = true;
      else { var v = word.slice(i + 1); out[word.slice(0, i)] = /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v; }
    });
    return out;
  }

  // The symbol as bwip-js draws it, and its own size in millimetres (bwip-js draws at 72 units per inch
  // times its scale).
  function draw(type, text, spec) {
    if (typeof type !== 'string' || !/^[a-z0-9]+$/.test(type)) throw new Error('barcode type must be a bwip-js name such as "code128", "ean13", "qrcode" or "datamatrix"; got ' + JSON.stringify(type));
    if (text === undefined || text === null || String(text) === '') throw new Error(type + ': no text to encode');
    var o = { bcid: type, text: String(text), scale: 2, padding: TWO_D.test(type) ? 8 : 10, backgroundcolor: 'ffffff' };
    var given = options(spec);
    for (var k in given) if (Object.prototype.hasOwnProperty.call(given, k)) o[k] = given[k];
    o.bcid = type; o.text = String(text);
    // The encoder reads each character as one byte: a 2D code's text is given as its UTF-8 bytes (what EPC
    // and Swiss QR payment codes require, and what readers assume).
    if (TWO_D.test(type) && /[^\u0000-\u007f]/.test(o.text)) o.text = unescape(encodeURIComponent(o.text));
    var svg = bwipjs.toSVG(o);
    var box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
    if (!box) throw new Error(type + ': the encoder drew no symbol');
    var unit = PT_MM / (Number(o.scale) || 2);
    return { svg: svg, width: +box[1] * unit, height: +box[2] * unit, options: o };
  }

  // The SVG with its printed size: width as asked (else its own), height in proportion.
  function sized(d, width, label) {
    var w = width === undefined || width === null || width === '' ? { n: round(d.width), unit: 'mm' } : length(width, 'the size');
    var h = round((w.n * d.height) / d.width);
    return d.svg.trim().replace(/^<svg /, '<svg width="' + w.n + w.unit + '" height="' + h + w.unit + '" role="img" aria-label="' + label + '" shape-rendering="crispEdges" style="display:inline-block;vertical-align:middle" ');
  }

  return {
    draw: draw,
    // qrCode(text, size = "30mm", ecLevel = "M"): a square QR code; the size includes its quiet zone.
    qrCode: function (text, size, ecLevel) {
      var level = ecLevel === undefined || ecLevel === null || ecLevel === '' ? 'M' : String(ecLevel).toUpperCase();
      if (!/^[LMQH]$/.test(level)) throw new Error('qrCode error correction must be L, M, Q or H; got ' + JSON.stringify(ecLevel));
      return sized(draw('qrcode', text, { eclevel: level }), size === undefined || size === null || size === '' ? '30mm' : size, 'QR code');
    },
    // barcode(type, text, width?, options?): any bwip-js symbology; width includes the quiet zone.
    barcode: function (type, text, width, spec) {
      return sized(draw(type, text, spec), width, String(type) + ' barcode');
    }
  };
}`;
