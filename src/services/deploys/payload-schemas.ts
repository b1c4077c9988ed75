// Payload schemas: a bundle may ship `/payload.schema.json` (JSON Schema 2020-12) and
// `/sample-payload.json`. A commit compiles the schema (a broken schema is a 400 naming the file, not a
// surprise at the first job), checks the sample against it, and stores both with the version, which makes
// them as immutable as its files. Every job of such a version (single, sync, batch item) with a JSON
// payload is validated before anything is written: 400 `payload_invalid` with up to 10 JSON pointers.
// A schema is an account's code: compiling it and checking payloads run in the sandbox (src/sandbox/), on a
// linear-time regular expression engine (src/sandbox/payload-validator.ts), within a time limit, so neither
// `^(a+)+$` nor `uniqueItems` over thousands of objects can hold the API's event loop.
import { createHash } from 'node:crypto';
import { isJsonMime } from '../../domain/jobs/payload.js';
import { AppError } from '../../errors/app-error.js';
import { isSandboxLimit, type Sandbox, type SandboxError } from '../../sandbox/pool.js';
import type { PayloadProblem } from '../../sandbox/payload-validator.js';

export type { PayloadProblem } from '../../sandbox/payload-validator.js';

export const SCHEMA_PATH = '/payload.schema.json';
export const SAMPLE_PATH = '/sample-payload.json';
/** Each of the two files may be at most this large (they are stored in the version row and shown by the API). */
export const MAX_SCHEMA_FILE_BYTES = 256 * 1024;

export interface PayloadSchemaLimits {
  /** Compiling a schema and checking the sample at commit (FOLIO_SANDBOX_TIMEOUT_MS). */
  compileTimeoutMs: number;
  /** Checking one payload (FOLIO_PAYLOAD_CHECK_TIMEOUT_MS). */
  checkTimeoutMs: number;
}

const describe = (problems: PayloadProblem[]) => problems.map((p) => `${p.pointer || '(the whole payload)'} ${p.message}`).join('; ');

export class PayloadSchemas {
  constructor(
    private readonly sandbox: Sandbox,
    private readonly limits: PayloadSchemaLimits,
  ) {}

  /**
   * At commit: the schema and sample files of a bundle, read through `read` when present. Returns what the
   * version stores (both null when the bundle has no schema), or throws a 400 naming the file.
   */
  async fromBundle(
    accountId: string,
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
    const schemaJson = JSON.stringify(schema);
    const bounded = { account: accountId, timeoutMs: this.limits.compileTimeoutMs };
    const schemaError = (message: string) =>
      new AppError('invalid_request', `payload.schema.json is not a valid JSON Schema 2020-12: ${message}`, {
        field: 'payload.schema.json',
      });
    let problem: string | null;
    try {
      problem = await this.sandbox.run('payload.compile', { schemaJson }, bounded);
    } catch (err) {
      if (isSandboxLimit(err)) throw schemaError(`compiling it ${limitText(err)}`);
      throw err;
    }
    if (problem !== null) throw schemaError(problem);
    if (sample !== undefined) {
      let problems: PayloadProblem[];
      try {
        problems = await this.sandbox.run(
          'payload.check',
          { key: schemaKey(schemaJson), schemaJson, valueJson: JSON.stringify(sample) },
          bounded,
        );
      } catch (err) {
        if (isSandboxLimit(err))
          throw new AppError('invalid_request', `checking sample-payload.json against payload.schema.json ${limitText(err)}`, {
            field: 'sample-payload.json',
          });
        throw err;
      }
      if (problems.length > 0) {
        const [first] = problems;
        throw new AppError(
          'invalid_request',
          `sample-payload.json does not match payload.schema.json: ${first.pointer || '(the whole payload)'} ${first.message}`,
          { field: 'sample-payload.json', problems },
        );
      }
    }
    return { schemaJson, sampleJson: sample === undefined ? null : JSON.stringify(sample) };
  }

  /**
   * A job's payload against its version's schema (no schema, or a payload that is not JSON: nothing to
   * check). Throws 400 `payload_invalid` with the problems in `details.problems`, or saying that the check
   * passed its time or memory limit.
   */
  async check(
    accountId: string,
    version: { id: string; payload_schema_json?: string | null },
    payload: { bytes: Buffer; mime: string },
  ): Promise<void> {
    if (!version.payload_schema_json || !isJsonMime(payload.mime)) return;
    const valueJson = payload.bytes.toString('utf8');
    try {
      JSON.parse(valueJson);
    } catch {
      return; // not JSON after all: the page gets the bytes as sent
    }
    let problems: PayloadProblem[];
    try {
      problems = await this.sandbox.run(
        'payload.check',
        { key: version.id, schemaJson: version.payload_schema_json, valueJson },
        { account: accountId, timeoutMs: this.limits.checkTimeoutMs },
      );
    } catch (err) {
      if (isSandboxLimit(err))
        throw new AppError('payload_invalid', `checking the payload against the version's payload.schema.json ${limitText(err)}`, {
          field: 'payload',
          problems: [],
        });
      throw err;
    }
    if (problems.length === 0) return;
    throw new AppError('payload_invalid', `the payload does not match the version's payload.schema.json: ${describe(problems)}`, {
      field: 'payload',
      problems,
    });
  }
}

const schemaKey = (schemaJson: string) => `sha256:${createHash('sha256').update(schemaJson).digest('hex')}`;

/** "took longer than 1000 ms, the limit", for a message that starts with what was being done. */
function limitText(err: SandboxError): string {
  return err.kind === 'time' ? `stopped: ${err.message}` : `failed: ${err.message}`;
}
