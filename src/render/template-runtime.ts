// The page-side runtime of template versions (template-shell.ts), as the script text the page receives.
// It runs in the rendering page, after the engine's browser build and before the job's data script has
// been read: `render()` builds the engine with Folio's helpers (the same names in every engine), renders
// the entry with the payload as its data, and writes the output into the document being parsed. An error
// ends the job through folio.fail() with the template's file, line and column.
import { MARKDOWN_INCLUDE } from '../domain/deploys/template-engines.js';
import { TEMPLATE_HELPERS_SOURCE } from '../domain/deploys/template-helpers.js';

export const TEMPLATE_RUNTIME = String.raw`(function () {
  'use strict';
  var PAGE_BREAK = '<div class="folio-page-break" style="break-after: page"></div>';

  var helpers = ${TEMPLATE_HELPERS_SOURCE};

  // Where an engine's error says it happened: file, line and column when it names them.
  function located(err, entry) {
    var message = String(err && err.message || err);
    var file = entry, line = null, column = null, m;
    if ((m = /\(([^()]+)\)\s*\[Line (\d+), Column (\d+)\]\s*([\s\S]*)/.exec(message))) {
      file = m[1] === 'unknown path' ? entry : m[1]; line = +m[2]; column = +m[3]; message = m[4].trim();
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
    return file + (line !== null ? ':' + line + (column !== null ? ':' + column : '') : '') + ': ' + message.trim().slice(0, 300);
  }

  function stripExt(p) { return p.replace(/\.[a-z0-9]+$/i, ''); }

  // The helpers of the job being rendered (locale and time zone are the payload's). An engine is built once
  // per page with helpers that call through this, so a warm page keeps its compiled templates across jobs.
  var H = null;
  var helperSets = {};
  function helperNames() { return Object.keys(helpers('en-US', 'UTC')); }

  function handlebarsEngine(D) {
    var hb = window.Handlebars.create();
    helperNames().forEach(function (name) {
      hb.registerHelper(name, function () { return H[name].apply(null, Array.prototype.slice.call(arguments, 0, -1)); });
    });
    hb.registerHelper('pageBreak', function () { return new hb.SafeString(PAGE_BREAK); });
    Object.keys(D.sources).forEach(function (p) {
      if (p === D.entry) return;
      hb.registerPartial(stripExt(p), D.sources[p]);
      if (p.indexOf('partials/') === 0) hb.registerPartial(stripExt(p.slice('partials/'.length)), D.sources[p]);
    });
    var template = hb.compile(D.sources[D.entry], { knownHelpersOnly: false });
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
    engine.registerTag('pageBreak', { parse: function () {}, render: function () { return PAGE_BREAK; } });
    var template = engine.parse(sources[D.entry]);
    return function (data) { return engine.renderSync(template, data); };
  }

  function nunjucksEngine(D) {
    var sources = D.sources;
    var loader = {
      getSource: function (name) {
        var k = String(name).replace(/^\/+/, '');
        if (!Object.prototype.hasOwnProperty.call(sources, k)) throw new Error('template not found in the bundle: ' + k);
        return { src: sources[k], path: k, noCache: false };
      }
    };
    var env = new window.nunjucks.Environment(loader, { autoescape: true, throwOnUndefined: false });
    helperNames().forEach(function (name) {
      var call = function () { return H[name].apply(null, arguments); };
      env.addFilter(name, call); env.addGlobal(name, call);
    });
    env.addGlobal('pageBreak', function () { return new window.nunjucks.runtime.SafeString(PAGE_BREAK); });
    return function (data) { return env.render(D.entry, data); };
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
