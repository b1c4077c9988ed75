// Default content types by extension, used when a file descriptor or commit entry carries no mime.
// Module scripts must be served with a JavaScript type or Chromium refuses them.
const byExtension: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  // Template sources: text in the language they are written in (listed and downloaded as text, not bytes).
  hbs: 'text/x-handlebars-template; charset=utf-8',
  handlebars: 'text/x-handlebars-template; charset=utf-8',
  liquid: 'text/x-liquid; charset=utf-8',
  njk: 'text/x-nunjucks; charset=utf-8',
  nunjucks: 'text/x-nunjucks; charset=utf-8',
  mustache: 'text/x-mustache; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv; charset=utf-8',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  pdf: 'application/pdf',
  wasm: 'application/wasm',
};

export function mimeForPath(path: string): string {
  const dot = path.lastIndexOf('.');
  const ext = dot >= 0 ? path.slice(dot + 1).toLowerCase() : '';
  return byExtension[ext] ?? 'application/octet-stream';
}

// A media type as RFC 9110 §8.3.1 writes it, ASCII only: type "/" subtype *( OWS ";" OWS name "=" value ),
// value a token or a quoted-string. The type becomes a Content-Type header the renderer hands to Chromium,
// so nothing outside printable ASCII, space and tab may pass: a CR or LF (which the previous, looser pattern
// let through inside quotes or as "whitespace") broke the header and every render of the version hung.
const NAME = '[A-Za-z0-9!#$&^_.+-]+';
const TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
const QUOTED = '"(?:[\\t\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\t\\x20-\\x7e])*"';
const MEDIA_TYPE = new RegExp(`^${NAME}/${NAME}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*$`);

export function isValidMime(mime: string): boolean {
  return mime.length <= 255 && MEDIA_TYPE.test(mime);
}
