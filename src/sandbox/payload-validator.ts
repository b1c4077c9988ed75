// Payload schemas (JSON Schema 2020-12, ajv) as they run in the sandbox. Every `pattern` and
// `patternProperties` key runs on RE2 (re2js: matching in time linear in the input), never on the
// backtracking engine of JavaScript, so `^(a+)+$` costs the same as `^a+$`. A pattern RE2 cannot run
// (lookaround, backreferences) is refused when the schema is compiled, which is at commit. A version
// committed before that rule may still hold one: for it, and only for it, the pattern falls back to
// JavaScript's engine, and the sandbox's time limit bounds what it can cost.
// Formats (ajv-formats) keep their own expressions, which ajv-formats writes to be linear.
import Ajv2020Module, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { RE2JS } from 're2js';

// ajv and ajv-formats are CommonJS with `exports.default`; under NodeNext the default import is the module.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

/** At most this many problems are reported for one payload. */
export const MAX_PAYLOAD_PROBLEMS = 10;
const CACHE_SIZE = 200;

export interface PayloadProblem {
  /** JSON pointer (RFC 6901) of the offending value; for a missing property, of the property. */
  pointer: string;
  message: string;
}

/**
 * ajv's `code.regExp`: a RegExp-like object on RE2. `toString` keys ajv's cache of compiled patterns. A
 * pattern RE2 cannot run fails the compile, saying why; `fallback` lets a schema committed before that rule
 * run on JavaScript's engine.
 */
function re2Engine(fallback: boolean) {
  const engine = (pattern: string, flags: string) => {
    try {
      const re = RE2JS.compile(pattern);
      return { test: (s: string) => re.test(s), toString: () => `re2:${pattern}` };
    } catch (err) {
      if (fallback) return new RegExp(pattern, flags);
      throw new Error(
        `the pattern ${JSON.stringify(pattern)} cannot run on Folio's linear-time engine (RE2 syntax: no lookaround or backreferences): ${(err as Error).message}`,
      );
    }
  };
  engine.code = 're2js';
  return engine;
}

function newAjv(fallback: boolean) {
  // strict: false accepts the unknown keywords real-world schemas carry (`$comment`-like annotations,
  // vendor keywords); a schema that is not a schema still fails to compile.
  const ajv = new Ajv2020({ allErrors: true, strict: false, code: { regExp: re2Engine(fallback) } });
  addFormats(ajv);
  return ajv;
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** ajv's errors as pointers: `required` points at the missing property itself. */
export function problemsOf(errors: ErrorObject[] | null | undefined): PayloadProblem[] {
  const out: PayloadProblem[] = [];
  for (const e of errors ?? []) {
    const missing = e.keyword === 'required' ? (e.params as { missingProperty?: string }).missingProperty : undefined;
    const pointer = missing !== undefined ? `${e.instancePath}/${escape(missing)}` : e.instancePath || '';
    out.push({ pointer, message: missing !== undefined ? 'is required' : (e.message ?? e.keyword) });
    if (out.length >= MAX_PAYLOAD_PROBLEMS) break;
  }
  return out;
}

/** Null when the schema compiles with every pattern on RE2; else why not (for a 400 at commit). */
export function compileProblem(schemaJson: string): string | null {
  try {
    const schema = JSON.parse(schemaJson) as unknown;
    if (typeof schema !== 'object' && typeof schema !== 'boolean') return 'a schema is an object or a boolean';
    newAjv(false).compile(schema as object);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

const cache = new Map<string, ValidateFunction>();

/** The problems of a JSON value against a schema (empty: it matches); validators are cached by `key`. */
export function checkValue(key: string, schemaJson: string, valueJson: string): PayloadProblem[] {
  let validate = cache.get(key);
  if (!validate) {
    validate = newAjv(true).compile(JSON.parse(schemaJson) as object);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, validate);
  }
  return validate(JSON.parse(valueJson)) ? [] : problemsOf(validate.errors);
}
