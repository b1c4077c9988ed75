// Payload schemas (issue 20 point 3): a bundle may ship `/payload.schema.json` (JSON Schema 2020-12) and
// `/sample-payload.json`. A commit compiles the schema (a broken schema is a 400 naming the file, not a
// surprise at the first job), checks the sample against it, and stores both with the version, which makes
// them as immutable as its files. Every job of such a version (single, sync, batch item) with a JSON
// payload is validated before anything is written: 400 `payload_invalid` with up to 10 JSON pointers.
// Validators are compiled once per version and kept in a small cache (a schema never changes).
import Ajv2020Module, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isJsonMime } from '../domain/payload.js';
import { AppError } from '../errors/app-error.js';

// ajv and ajv-formats are CommonJS with `exports.default`; under NodeNext the default import is the module.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

export const SCHEMA_PATH = '/payload.schema.json';
export const SAMPLE_PATH = '/sample-payload.json';
/** Each of the two files may be at most this large (they are stored in the version row and shown by the API). */
export const MAX_SCHEMA_FILE_BYTES = 256 * 1024;
/** At most this many problems are reported for one payload. */
export const MAX_PAYLOAD_PROBLEMS = 10;
const CACHE_SIZE = 200;

export interface PayloadProblem {
  /** JSON pointer (RFC 6901) of the offending value; for a missing property, of the property. */
  pointer: string;
  message: string;
}

function newAjv() {
  // strict: false accepts the unknown keywords real-world schemas carry (`$comment`-like annotations,
  // vendor keywords); a schema that is not a schema still fails to compile.
  const ajv = new Ajv2020({ allErrors: true, strict: false });
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

export class PayloadSchemas {
  private readonly cache = new Map<string, ValidateFunction>();

  /**
   * At commit: the schema and sample files of a bundle, read through `read` when present. Returns what the
   * version stores (both null when the bundle has no schema), or throws a 400 naming the file.
   */
  async fromBundle(
    has: (path: string) => { size: number } | undefined,
    read: (path: string) => Promise<Buffer>,
  ): Promise<{ schemaJson: string | null; sampleJson: string | null }> {
    const parsed = async (path: string) => {
      const entry = has(path);
      if (!entry) return undefined;
      if (entry.size > MAX_SCHEMA_FILE_BYTES)
        throw new AppError('invalid_request', `${path.slice(1)} is ${entry.size} bytes; at most ${MAX_SCHEMA_FILE_BYTES} are allowed`, {
          field: path.slice(1),
        });
      try {
        return JSON.parse((await read(path)).toString('utf8')) as unknown;
      } catch (err) {
        throw new AppError('invalid_request', `${path.slice(1)} is not valid JSON: ${(err as Error).message}`, { field: path.slice(1) });
      }
    };
    const schema = await parsed(SCHEMA_PATH);
    const sample = await parsed(SAMPLE_PATH);
    if (schema === undefined) return { schemaJson: null, sampleJson: sample === undefined ? null : JSON.stringify(sample) };
    let validate: ValidateFunction;
    try {
      if (typeof schema !== 'object' && typeof schema !== 'boolean') throw new Error('a schema is an object or a boolean');
      validate = newAjv().compile(schema as object);
    } catch (err) {
      throw new AppError('invalid_request', `payload.schema.json is not a valid JSON Schema 2020-12: ${(err as Error).message}`, {
        field: 'payload.schema.json',
      });
    }
    if (sample !== undefined && !validate(sample)) {
      const [first] = problemsOf(validate.errors);
      throw new AppError(
        'invalid_request',
        `sample-payload.json does not match payload.schema.json: ${first.pointer || '(the whole payload)'} ${first.message}`,
        { field: 'sample-payload.json', problems: problemsOf(validate.errors) },
      );
    }
    return { schemaJson: JSON.stringify(schema), sampleJson: sample === undefined ? null : JSON.stringify(sample) };
  }

  /**
   * A job's payload against its version's schema (no schema, or a payload that is not JSON: nothing to
   * check). Throws 400 `payload_invalid` with the problems in `details.problems`.
   */
  check(version: { id: string; payload_schema_json?: string | null }, payload: { bytes: Buffer; mime: string }): void {
    if (!version.payload_schema_json || !isJsonMime(payload.mime)) return;
    let validate = this.cache.get(version.id);
    if (!validate) {
      validate = newAjv().compile(JSON.parse(version.payload_schema_json) as object);
      if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(version.id, validate);
    }
    let value: unknown;
    try {
      value = JSON.parse(payload.bytes.toString('utf8'));
    } catch {
      return; // not JSON after all: the page gets the bytes as sent
    }
    if (validate(value)) return;
    const problems = problemsOf(validate.errors);
    const list = problems.map((p) => `${p.pointer || '(the whole payload)'} ${p.message}`).join('; ');
    throw new AppError('payload_invalid', `the payload does not match the version's payload.schema.json: ${list}`, {
      field: 'payload',
      problems,
    });
  }
}
