// Bundle paths are untrusted input that later becomes URLs on the bundle origin and keys in a pack.
// One normal form: a leading "/" is optional on input and always present after normalisation.
import { TEMPLATE_ENTRY_EXTENSIONS } from './template-engines.js';

export type PathCheck = { ok: true; path: string } | { ok: false; reason: string };

const MAX_PATH_LENGTH = 1024;
// With the u flag a string is read by code points: a surrogate pair is one code point, a lone half is Cs.
const LONE_SURROGATE = /\p{Cs}/u;

export function normalizeBundlePath(input: string): PathCheck {
  if (typeof input !== 'string' || input.length === 0) return { ok: false, reason: 'empty path' };
  if (input.length > MAX_PATH_LENGTH) return { ok: false, reason: `path longer than ${MAX_PATH_LENGTH} characters` };
  if (input.includes('\0')) return { ok: false, reason: 'NUL in path' };
  // A lone UTF-16 surrogate has no UTF-8 form: the database would store every one of them as U+FFFD, so two
  // different paths would collide. Refused rather than rewritten, so a path is stored as it was given.
  if (LONE_SURROGATE.test(input)) return { ok: false, reason: 'path is not well-formed Unicode (lone UTF-16 surrogate)' };
  if (input.includes('\\')) return { ok: false, reason: 'backslash in path' };
  // A leading slash is accepted ("/index.html" and "index.html" are the same file); anything that looks
  // absolute in another way (a drive letter, a scheme, "//") is not.
  if (input.startsWith('//') || /^[A-Za-z]:/.test(input) || /^[a-z]+:\/\//i.test(input)) return { ok: false, reason: 'absolute path' };
  const rel = input.startsWith('/') ? input.slice(1) : input;
  const segments = rel.split('/');
  for (const s of segments) {
    if (s === '') return { ok: false, reason: 'empty path segment' };
    if (s === '..' || s === '.') return { ok: false, reason: `"${s}" segment` };
    if (/[\u0000-\u001f\u007f]/.test(s)) return { ok: false, reason: 'control character in path' };
  }
  return { ok: true, path: '/' + rel };
}

/**
 * Resolves a render route to a file of the bundle: "/" and "/dir/" → index.html, else index.hbs, index.liquid
 * … (a template's extensions); "/invoice" also tries "/invoice.html", "/invoice.hbs" … and
 * "/invoice/index.html" …. Returns the file path or null.
 */
export function resolveRoute(route: string, has: (path: string) => boolean): string | null {
  if (!route.startsWith('/')) return null;
  const clean = route.split(/[?#]/)[0];
  const candidates: string[] = [];
  // An HTML entry first; then a template in one of the engines' languages (domain/deploys/template-engines.ts).
  const entries = ['.html', ...TEMPLATE_ENTRY_EXTENSIONS];
  if (clean.endsWith('/')) candidates.push(...entries.map((ext) => `${clean}index${ext}`));
  else candidates.push(clean, ...entries.map((ext) => clean + ext), ...entries.map((ext) => `${clean}/index${ext}`));
  for (const c of candidates) {
    const n = normalizeBundlePath(c);
    if (n.ok && has(n.path)) return n.path;
  }
  return null;
}
