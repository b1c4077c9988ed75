// Where a template error happened, as the page-side runtime (template-runtime.ts) says it: the template's
// file, line and column when the engine names them (Nunjucks' "[Line 3, Column 5]", Liquid's ", line:3,
// col:5", Handlebars' lineNumber or the call's own location), and the line of the bundle's helpers.js when
// the error was thrown there (its stack names the file, which the runtime evaluates under that name).
// Source text of one function `located(err, entry)`, ES5, evaluated inside the runtime.
import { HELPERS_FILE } from '../domain/deploys/template-bundle-helpers.js';

export const TEMPLATE_ERRORS_SOURCE = String.raw`function located(err, entry) {
    if (err && typeof err.folioLocated === 'string') return err.folioLocated;
    var message = String(err && err.message || err);
    var file = entry, line = null, column = null, m;
    var loc = err && err.folioLoc;
    if (loc && loc.start) {
      // A Handlebars helper's call: the location Handlebars gives the helper's options.
      file = loc.source || entry; line = loc.start.line; column = loc.start.column + 1;
      message = message.replace(/ - \d+:\d+$/, '');
    } else if ((m = /\(([^()]+)\)\s*\[Line (\d+), Column (\d+)\]\s*([\s\S]*)/.exec(message))) {
      file = m[1] === 'unknown path' ? entry : m[1]; line = +m[2]; column = +m[3]; message = m[4].trim();
      if (err.folioZeroBased) { line++; column++; }
    } else if ((m = /^\(([^()\n]+)\)\s*\n\s*([\s\S]*)$/.exec(message))) {
      file = m[1] === 'unknown path' ? entry : m[1]; message = m[2].trim();
    } else if ((m = /, line:(\d+), col:(\d+)/.exec(message))) {
      line = +m[1]; column = +m[2]; message = message.replace(m[0], '');
      if (err.token && err.token.file) file = String(err.token.file).replace(/^\//, '');
    } else if (err && typeof err.lineNumber === 'number') {
      line = err.lineNumber; column = typeof err.column === 'number' ? err.column + 1 : null;
      message = message.replace(/ - \d+:\d+$/, '');
    } else if ((m = /on line (\d+)/.exec(message))) {
      line = +m[1];
    }
    message = message.split('\n').filter(Boolean).pop() || message;
    var where = file + (line !== null ? ':' + line + (column !== null ? ':' + column : '') : '');
    var helper = helperFrame(err);
    if (err && err.folioInHelpers) return (helper || ${JSON.stringify(HELPERS_FILE)}) + ': ' + message.trim().slice(0, 300);
    return where + ': ' + message.trim().slice(0, 300) + (helper ? ' (thrown at ' + helper + ')' : '');
  }

  // "helpers.js:3:9" from the first frame of the error (or the error it wraps) in the bundle's helpers.js.
  function helperFrame(err) {
    var seen = 0;
    for (var e = err; e && seen < 4; e = e.originalError || e.cause, seen++) {
      var m = new RegExp(${JSON.stringify(HELPERS_FILE.replace('.', '\\.'))} + ':(\\d+):(\\d+)').exec(String(e.stack || ''));
      if (m) return ${JSON.stringify(HELPERS_FILE)} + ':' + m[1] + ':' + m[2];
    }
    return null;
  }`;
