// The page-side runtime of template versions (template-shell.ts), as the script text the page receives.
// It runs in the rendering page, after the engine's browser build and before the job's data script has
// been read: `render()` builds the engine with Folio's helpers (the same names in every engine), renders
// the entry with the payload as its data, and writes the output into the document being parsed. The
// bundle's helpers.js, when there is one, runs once with the engine in scope before the template is compiled.
// An error ends the job through folio.fail() with the template's (or helpers.js') file, line and column.
import { MARKDOWN_INCLUDE } from '../domain/deploys/template-engines.js';
import { NUNJUCKS_SET_ATTRIBUTE_MESSAGE, NUNJUCKS_SET_ATTRIBUTE_SOURCE } from '../domain/deploys/template-bundle-helpers.js';
import { TEMPLATE_CODES_SOURCE } from '../domain/deploys/template-codes.js';
import { HANDLEBARS_MATH_SOURCE, TEMPLATE_HELPERS_SOURCE } from '../domain/deploys/template-helpers.js';
import { TEMPLATE_ERRORS_SOURCE } from './template-errors.js';

export const TEMPLATE_RUNTIME = String.raw`(function () {
  'use strict';
  var PAGE_BREAK = '<div class="folio-page-break" style="break-after: page"></div>';

  var helpers = ${TEMPLATE_HELPERS_SOURCE};
  var MATH = ${HANDLEBARS_MATH_SOURCE};

  // Where an error happened: file, line and column (template-errors.ts).
  ${TEMPLATE_ERRORS_SOURCE}

  function stripExt(p) { return p.replace(/\.[a-z0-9]+$/i, ''); }

  // The helpers of the job being rendered (locale and time zone are the payload's). An engine is built once
  // per page with helpers that call through this, so a warm page keeps its compiled templates across jobs.
  var H = null;
  var helperSets = {};
  function helperNames() { return Object.keys(helpers('en-US', 'UTC')); }

  // qrCode and barcode (domain/deploys/template-codes.ts): the encoder's browser build is loaded before the
  // data script ends when a version names them (template-shell.ts).
  var codes = null;
  function code(name, args) {
    if (!window.bwipjs) throw new Error(name + ': the barcode encoder is not loaded');
    codes = codes || (${TEMPLATE_CODES_SOURCE})(window.bwipjs);
    return codes[name].apply(null, args);
  }
  var CODE_NAMES = ['qrCode', 'barcode'];
  // The filter form takes the text first ({{ number | barcode: "code128" }}), the call form the type first.
  function codeFilter(name, args) { return name === 'barcode' ? code(name, [args[1], args[0], args[2], args[3]]) : code(name, args); }

  // Folio's helpers as helpers.js sees them: folio.formatCurrency(…), folio.qrCode(…).
  function folioScope() {
    var scope = {};
    helperNames().forEach(function (name) { scope[name] = function () { return H[name].apply(null, arguments); }; });
    CODE_NAMES.forEach(function (name) { scope[name] = function () { return code(name, arguments); }; });
    return scope;
  }

  // The bundle's helpers.js (domain/deploys/template-bundle-helpers.ts), run once with the engine in scope.
  function bundleHelpers(D, scope) {
    if (typeof D.helpers !== 'string') return;
    try { (0, eval)(D.helpers).apply(null, scope); } catch (err) {
      if (err && typeof err === 'object') err.folioInHelpers = true;
      throw err;
    }
  }

  // A Handlebars helper that throws names its call's place in the template (Handlebars gives it options.loc).
  function withLoc(fn) {
    return function () {
      try { return fn.apply(this, arguments); } catch (err) {
        var o = arguments[arguments.length - 1];
        if (err && typeof err === 'object' && !err.folioLoc && o && o.loc) err.folioLoc = o.loc;
        throw err;
      }
    };
  }

  // {{barcode}} or {{round}} without arguments is still the data's own field of that name, as before
  // these helpers (Handlebars calls a helper before it looks at the data).
  function ownField(context, name) {
    return context !== null && typeof context === 'object' && Object.prototype.hasOwnProperty.call(context, name) ? context[name] : undefined;
  }

  function handlebarsEngine(D) {
    var hb = window.Handlebars.create();
    var register = hb.registerHelper;
    hb.registerHelper = function (name, fn) {
      if (typeof name === 'string') return register.call(hb, name, typeof fn === 'function' ? withLoc(fn) : fn);
      Object.keys(name || {}).forEach(function (k) { hb.registerHelper(k, name[k]); });
    };
    helperNames().forEach(function (name) {
      hb.registerHelper(name, function () { return H[name].apply(null, Array.prototype.slice.call(arguments, 0, -1)); });
    });
    CODE_NAMES.forEach(function (name) {
      hb.registerHelper(name, function () {
        if (arguments.length === 1) return ownField(this, name);
        return new hb.SafeString(code(name, Array.prototype.slice.call(arguments, 0, -1)));
      });
    });
    hb.registerHelper('pageBreak', function () { return new hb.SafeString(PAGE_BREAK); });
    Object.keys(MATH).forEach(function (name) {
      hb.registerHelper(name, function () {
        if (arguments.length === 1) return ownField(this, name);
        return MATH[name].apply(null, Array.prototype.slice.call(arguments, 0, -1));
      });
    });
    register.call(hb, 'helperMissing', function () {
      if (arguments.length === 1) return undefined; // {{name}}: a field the data does not have prints nothing
      var o = arguments[arguments.length - 1];
      var err = new Error('Missing helper: "' + o.name + '": Folio has no helper of that name; define it in helpers.js with Handlebars.registerHelper');
      err.folioLoc = o.loc;
      throw err;
    });
    bundleHelpers(D, [hb, hb, folioScope()]);
    Object.keys(D.sources).forEach(function (p) {
      if (p === D.entry) return;
      var partial = hb.compile(D.sources[p], { srcName: p });
      hb.registerPartial(stripExt(p), partial);
      if (p.indexOf('partials/') === 0) hb.registerPartial(stripExt(p.slice('partials/'.length)), partial);
    });
    var template = hb.compile(D.sources[D.entry], { knownHelpersOnly: false, srcName: D.entry });
    return function (data) { return template(data); };
  }

  function liquidEngine(D) {
    var sources = D.sources;
    function key(file) { return String(file).replace(/^\/+/, ''); }
    var engine = new window.liquidjs.Liquid({
      root: ['/'], extname: '.liquid', cache: true, relativeReference: false, jsTruthy: false, strictFilters: true,
      fs: {
        sep: '/',
        dirname: function (f) { return f.replace(/\/[^/]*$/, '') || '/'; },
        resolve: function (root, file, ext) { var k = key(file); if (!/\.[a-z0-9]+$/i.test(k)) k += ext; return '/' + k; },
        existsSync: function (f) { return Object.prototype.hasOwnProperty.call(sources, key(f)); },
        exists: function (f) { return Promise.resolve(Object.prototype.hasOwnProperty.call(sources, key(f))); },
        readFileSync: function (f) { if (!Object.prototype.hasOwnProperty.call(sources, key(f))) throw new Error('no file ' + key(f) + ' in the bundle'); return sources[key(f)]; },
        readFile: function (f) { return Promise.resolve(this.readFileSync(f)); },
        contains: function () { return true; }
      }
    });
    helperNames().forEach(function (name) {
      if (name !== 'json') engine.registerFilter(name, function () { return H[name].apply(null, arguments); });
    });
    CODE_NAMES.forEach(function (name) { engine.registerFilter(name, function () { return codeFilter(name, arguments); }); });
    engine.registerTag('pageBreak', { parse: function () {}, render: function () { return PAGE_BREAK; } });
    bundleHelpers(D, [engine, engine, folioScope()]);
    var template = engine.parse(sources[D.entry]);
    return function (data) { return engine.renderSync(template, data); };
  }

  // Jinja2's {% set ns.sum = … %}, which Nunjucks' parser fails on without a place: named here with its own.
  var NUNJUCKS_SET_ATTRIBUTE = new RegExp(${JSON.stringify(NUNJUCKS_SET_ATTRIBUTE_SOURCE)});
  function nunjucksDialect(sources) {
    Object.keys(sources).sort().forEach(function (p) {
      var m = NUNJUCKS_SET_ATTRIBUTE.exec(sources[p]);
      if (!m) return;
      var before = sources[p].slice(0, m.index).split('\n');
      var err = new Error(${JSON.stringify(NUNJUCKS_SET_ATTRIBUTE_MESSAGE)});
      err.folioLocated = p + ':' + before.length + ':' + (before[before.length - 1].length + 1) + ': ' + err.message;
      throw err;
    });
  }

  function nunjucksEngine(D) {
    var sources = D.sources;
    nunjucksDialect(sources);
    var loader = {
      getSource: function (name) {
        var k = String(name).replace(/^\/+/, '');
        if (!Object.prototype.hasOwnProperty.call(sources, k)) throw new Error('template not found in the bundle: ' + k);
        return { src: sources[k], path: k, noCache: false };
      }
    };
    var N = window.nunjucks;
    // dev: an error keeps the one it wraps (err.cause), so a helper's own line can be named.
    var env = new N.Environment(loader, { autoescape: true, throwOnUndefined: false, dev: true });
    helperNames().forEach(function (name) {
      var call = function () { return H[name].apply(null, arguments); };
      env.addFilter(name, call); env.addGlobal(name, call);
    });
    CODE_NAMES.forEach(function (name) {
      env.addFilter(name, function () { return new N.runtime.SafeString(codeFilter(name, arguments)); });
      env.addGlobal(name, function () { return new N.runtime.SafeString(code(name, arguments)); });
    });
    env.addGlobal('pageBreak', function () { return new N.runtime.SafeString(PAGE_BREAK); });
    bundleHelpers(D, [env, env, folioScope()]);
    // Every file compiled now: an error while rendering is then a runtime one, whose line and column
    // Nunjucks counts from 0 (its parser's from 1).
    Object.keys(sources).forEach(function (p) { env.getTemplate(p, true); });
    return function (data) {
      try { return env.render(D.entry, data); } catch (err) {
        if (err && typeof err === 'object') err.folioZeroBased = true;
        throw err;
      }
    };
  }

  function mustacheEngine(D) {
    var partials = {};
    Object.keys(D.sources).forEach(function (p) {
      if (p === D.entry) return;
      partials[stripExt(p)] = D.sources[p];
      if (p.indexOf('partials/') === 0) partials[stripExt(p.slice('partials/'.length))] = D.sources[p];
    });
    // Mustache has no helpers; its idiom is a lambda section: {{#formatCurrency}}{{total}} EUR{{/formatCurrency}}
    // renders the section, then formats its first word with the rest as arguments.
    var lambdas = {};
    helperNames().forEach(function (name) {
      lambdas[name] = function () {
        return function (text, render) {
          var parts = render(text).trim().split(/\s+/);
          var args = parts.slice(1).map(function (a) { return /^-?\d+(\.\d+)?$/.test(a) ? Number(a) : a; });
          return window.Mustache.escape(String(H[name].apply(null, [parts[0]].concat(args))));
        };
      };
    });
    // {{#qrCode}}{{{epc}}}{{/qrCode}}: the whole section is the text; {{#barcode}}code128 {{number}}{{/barcode}}.
    lambdas.qrCode = function () { return function (text, render) { return code('qrCode', [render(text).trim()]); }; };
    lambdas.barcode = function () {
      return function (text, render) {
        var m = /^\s*(\S+)\s+([\s\S]*?)\s*$/.exec(render(text));
        if (!m) throw new Error('barcode: the section must hold the type and the text: {{#barcode}}code128 {{number}}{{/barcode}}');
        return code('barcode', [m[1], m[2]]);
      };
    };
    return function (data) {
      return window.Mustache.render(D.sources[D.entry], Object.assign({ _pageBreak: PAGE_BREAK }, lambdas, data), partials);
    };
  }

  var MARKDOWN_CSS = [
    '@page { size: A4; margin: 2cm 2cm 2.2cm; @bottom-center { content: counter(page) " / " counter(pages); font: 9pt system-ui, sans-serif; color: #666; } }',
    'body { font: 11pt/1.5 "Liberation Serif", "Noto Serif", Georgia, serif; color: #111; }',
    'h1, h2, h3, h4 { font-family: "Liberation Sans", "Noto Sans", system-ui, sans-serif; line-height: 1.25; break-after: avoid; }',
    'table { border-collapse: collapse; margin: 1em 0; } th, td { border: 1px solid #bbb; padding: 0.3em 0.6em; text-align: left; }',
    'thead { display: table-header-group; } tr, pre, blockquote, img { break-inside: avoid; }',
    'code, pre { font-family: "Liberation Mono", "Noto Sans Mono", monospace; font-size: 9.5pt; }',
    'pre { background: #f6f8fa; padding: 0.8em; border-radius: 4px; white-space: pre-wrap; }',
    'blockquote { margin: 0; padding-left: 1em; border-left: 3px solid #ccc; color: #444; } img { max-width: 100%; }'
  ].join('\n');

  function escapeHtml(s) { return String(s).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; }); }

  function markdownIt() {
    var hljs = window.hljs;
    return window.markdownit({
      html: true, linkify: true, typographer: true,
      highlight: function (code, lang) {
        if (lang && hljs.getLanguage(lang)) { try { return hljs.highlight(code, { language: lang }).value; } catch (e) {} }
        return '';
      }
    });
  }

  // An HTML page of the Markdown engine (Gotenberg's convert/markdown): {{ toHTML "name.md" }} is that file
  // rendered; the page keeps its own styles. The names were checked at commit (domain/deploys/template-engines.ts).
  var MARKDOWN_INCLUDE = ${JSON.stringify(MARKDOWN_INCLUDE.source)};
  function renderMarkdownPage(D) {
    var md = markdownIt();
    return D.sources[D.entry].replace(new RegExp(MARKDOWN_INCLUDE, 'g'), function (all, quoted, raw) {
      var name = (quoted !== undefined ? quoted : raw).replace(/^\.?\/+/, '');
      if (!Object.prototype.hasOwnProperty.call(D.sources, name)) throw new Error('toHTML names ' + name + ', which is not a Markdown file of the bundle');
      return md.render(D.sources[name]);
    });
  }

  function renderMarkdown(D) {
    if (/\.html?$/i.test(D.entry)) return renderMarkdownPage(D);
    var text = D.sources[D.entry];
    var front = {};
    var m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
    if (m) {
      try { front = window.jsyaml.load(m[1], { schema: window.jsyaml.JSON_SCHEMA }) || {}; } catch (e) { throw new Error('front matter: ' + e.message); }
      text = text.slice(m[0].length);
    }
    var md = markdownIt();
    var own = Array.isArray(front.css) ? front.css : D.stylesheets.indexOf('style.css') >= 0 ? ['style.css'] : [];
    var links = own.map(function (href) { return '<link rel="stylesheet" href="/' + escapeHtml(String(href).replace(/^\/+/, '')) + '">'; }).join('');
    var title = typeof front.title === 'string' ? '<title>' + escapeHtml(front.title) + '</title>' : '';
    var lang = typeof front.lang === 'string' ? ' lang="' + escapeHtml(front.lang) + '"' : '';
    return '<!doctype html><html' + lang + '><head>' + title + '<style>' + MARKDOWN_CSS + '\n' + D.highlightCss + '</style>' + links +
      '</head><body>' + md.render(text) + '</body></html>';
  }

  function markdownEngine(D) {
    var html = renderMarkdown(D); // the same for every job: a Markdown document has no data
    return function () { return html; };
  }

  var ENGINES = { handlebars: handlebarsEngine, liquid: liquidEngine, nunjucks: nunjucksEngine, mustache: mustacheEngine, markdown: markdownEngine };
  var built = null;

  // The template's output for one job's payload. The engine and the compiled templates are built by the
  // first job and kept for the page's later ones (a warm page).
  function produce(D, raw) {
    var payload = raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
    var locale = typeof payload.locale === 'string' ? payload.locale : 'en-US';
    var timeZone = typeof payload.timeZone === 'string' ? payload.timeZone : 'UTC';
    var k = locale + '|' + timeZone;
    H = helperSets[k] || (helperSets[k] = helpers(locale, timeZone));
    if (built === null) built = ENGINES[D.engine](D);
    return built(Object.assign({}, payload, { _env: D.env, _locale: locale }));
  }

  function failed(err, D) {
    window.folio.fail('template error in ' + located(err, D.entry));
  }

  // A later job in a warm page: its payload, the output, and the document replaced by it. document.open()
  // removes every node and listener of the previous job's document; the realm holds only Folio's runtime
  // and the engine (the page runs no other script). Resolves once the new document has loaded.
  function rerender(D) {
    return fetch(window.folio.payloadUrl).then(function (res) {
      if (!res.ok) throw new Error('the payload answered ' + res.status);
      if (!/\bjson\b/i.test(res.headers.get('content-type') || '')) return null;
      return res.text().then(function (text) { return text.trim() === '' ? null : JSON.parse(text); });
    }).then(function (data) {
      var html;
      try { html = produce(D, data); } catch (err) { failed(err, D); return; }
      return new Promise(function (resolve) {
        document.open();
        window.addEventListener('load', function () { resolve(); }, { once: true });
        document.write(html);
        document.close();
      });
    });
  }

  window.__folioTemplate = {
    render: function () {
      var D = window.__folioTemplateData;
      var html;
      try { html = produce(D, D.data); } catch (err) {
        failed(err, D);
        document.write('<!doctype html><title>template error</title>');
        return;
      }
      var scripted = /<script\b/i.test(html);
      // Output without scripts of its own is complete once it has loaded (images) and its fonts are ready:
      // say so, instead of letting the default protocol watch a page that can no longer change. Output with
      // scripts is left to them (folio.ready()) or to the default protocol, which knows the libraries.
      if (!scripted && !window.folio.waitForReady) {
        window.folio.waitForReady = true;
        window.addEventListener('load', function () {
          document.fonts.ready.then(function () { window.folio.ready(); });
        });
      }
      // A template that runs no scripts (the server says so: D.warm) renders later jobs in this page.
      if (D.warm && !scripted) window.folio.onJob(function () { return rerender(D); });
      document.write(html);
    }
  };
})();
`;
