// Folio's template helpers (formatNumber, formatCurrency, formatPercent, formatDate, plural, json), as the
// source text of one function `(locale, timeZone) => helpers`: the same text runs in the rendering page for
// the HTML template languages (render/template-runtime.ts) and in the sandbox's script context for Word
// templates (sandbox/word-template.ts), so both format alike. ES5, no outside names but Intl.

export const TEMPLATE_HELPERS_SOURCE = String.raw`function (locale, timeZone) {
  function num(v) { return typeof v === 'number' ? v : Number(v); }
  // A formatter costs far more to build than to use: one per set of options for the whole render.
  var formatters = {};
  function cached(kind, key, make) { var k = kind + '|' + key; return formatters[k] || (formatters[k] = make()); }
  function digits(d, fallback) { return typeof d === 'number' && d >= 0 && d <= 20 ? d : fallback; }
  return {
    formatNumber: function (v, d) {
      var n = digits(d, undefined);
      return cached('n', n, function () {
        return new Intl.NumberFormat(locale, n === undefined ? {} : { minimumFractionDigits: n, maximumFractionDigits: n });
      }).format(num(v));
    },
    formatCurrency: function (v, currency) {
      var c = typeof currency === 'string' ? currency : 'EUR';
      return cached('c', c, function () { return new Intl.NumberFormat(locale, { style: 'currency', currency: c }); }).format(num(v));
    },
    formatPercent: function (v, d) {
      var n = digits(d, 0);
      return cached('p', n, function () {
        return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: n, maximumFractionDigits: n });
      }).format(num(v));
    },
    formatDate: function (v, style) {
      var date = v instanceof Date ? v : new Date(typeof v === 'number' ? v : String(v));
      if (isNaN(date.getTime())) return String(v);
      if (style === 'iso') return date.toISOString().slice(0, 10);
      var s = style === 'short' || style === 'long' || style === 'full' ? style : 'medium';
      return cached('d', s, function () { return new Intl.DateTimeFormat(locale, { dateStyle: s, timeZone: timeZone }); }).format(date);
    },
    plural: function (count, one, many) {
      var n = num(count);
      var form = cached('r', '', function () { return new Intl.PluralRules(locale); }).select(n) === 'one' ? one : many === undefined ? one + 's' : many;
      return cached('n', undefined, function () { return new Intl.NumberFormat(locale); }).format(n) + ' ' + form;
    },
    json: function (v) { return JSON.stringify(v === undefined ? null : v); }
  };
}`;

/**
 * Arithmetic for Handlebars, which has no operators of its own (Liquid has plus/minus/times/divided_by,
 * Nunjucks and Word commands have JavaScript's): add, subtract, multiply, divide and round(v, decimals = 0),
 * as the source text of an object literal. Each argument must be a number or numeric text; division by zero
 * and anything else are errors rather than NaN or Infinity on an invoice.
 */
export const HANDLEBARS_MATH_SOURCE = String.raw`(function () {
  function num(name, v) {
    var n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!isFinite(n)) throw new Error(name + ': ' + JSON.stringify(v === undefined ? null : v) + ' is not a number');
    return n;
  }
  return {
    add: function (a, b) { return num('add', a) + num('add', b); },
    subtract: function (a, b) { return num('subtract', a) - num('subtract', b); },
    multiply: function (a, b) { return num('multiply', a) * num('multiply', b); },
    divide: function (a, b) {
      var d = num('divide', b);
      if (d === 0) throw new Error('divide: division by zero');
      return num('divide', a) / d;
    },
    round: function (v, decimals) {
      var d = decimals === undefined ? 0 : num('round', decimals);
      if (d < 0 || d > 10 || d % 1 !== 0) throw new Error('round: decimals must be a whole number from 0 to 10');
      var n = num('round', v);
      var r = Number(Math.round(Number(Math.abs(n) + 'e' + d)) + 'e-' + d);
      return n < 0 ? -r : r;
    }
  };
})()`;
