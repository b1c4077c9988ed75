// The payload checked against the folder's payload.schema.json by the server's own code
// (services/deploys/payload-schemas.ts: the same ajv 2020 set-up, the same problems as JSON pointers), so the dev
// preview says what a deploy and a job would say.
import { createHash } from 'node:crypto';
import { isJsonMime } from '../../domain/jobs/payload.js';
import { AppError } from '../../errors/app-error.js';
import { inProcessSandbox } from '../../sandbox/in-process.js';
import { PayloadSchemas, SAMPLE_PATH, SCHEMA_PATH, type PayloadProblem } from '../../services/deploys/payload-schemas.js';
import type { LocalBundle } from './local-bundle.js';
import type { DevInputs } from './preview-server.js';

export type SchemaCheck =
  /** The folder has no payload.schema.json. */
  | { status: 'none' }
  /** A deploy would refuse the schema (not JSON, not a JSON Schema 2020-12, too large). */
  | { status: 'schema_error'; message: string }
  /** `payload` is the check of the payload in use; `sample` of sample-payload.json, which a deploy checks. */
  | { status: 'checked'; payload: Verdict; sample: Verdict | null };

export type Verdict = { ok: true } | { ok: false; problems: PayloadProblem[]; message: string } | { ok: null; reason: string };

const schemas = new PayloadSchemas(inProcessSandbox, { compileTimeoutMs: 10_000, checkTimeoutMs: 10_000 });

export async function checkPayload(bundle: LocalBundle, inputs: DevInputs): Promise<SchemaCheck> {
  const schemaFile = bundle.files.get(SCHEMA_PATH);
  if (!schemaFile) return { status: 'none' };
  const has = (p: string) => {
    const f = p === SCHEMA_PATH ? schemaFile : undefined;
    return f ? { size: f.body.length } : undefined;
  };
  let schemaJson: string;
  try {
    // Only the schema here: the sample is checked below like any payload, so its problems are listed too.
    schemaJson = (await schemas.fromBundle('dev', has, async () => schemaFile.body)).schemaJson!;
  } catch (err) {
    return { status: 'schema_error', message: (err as Error).message };
  }
  // Validators are cached by version id: the schema's hash plays that part.
  const version = { id: `dev-${createHash('sha256').update(schemaJson).digest('hex')}`, payload_schema_json: schemaJson };
  const verdict = async (bytes: Buffer, mime: string): Promise<Verdict> => {
    if (!isJsonMime(mime)) return { ok: null, reason: `the payload is ${mime}, not JSON: a job would not check it` };
    try {
      JSON.parse(bytes.toString('utf8'));
    } catch {
      return { ok: null, reason: 'the payload is not valid JSON' };
    }
    try {
      await schemas.check('dev', version, { bytes, mime });
      return { ok: true };
    } catch (err) {
      if (err instanceof AppError && err.code === 'payload_invalid')
        return { ok: false, problems: (err.details?.problems as PayloadProblem[]) ?? [], message: err.message };
      throw err;
    }
  };
  const sample = bundle.files.get(SAMPLE_PATH);
  return {
    status: 'checked',
    payload: await verdict(inputs.payload, inputs.payloadMime),
    sample: sample ? await verdict(sample.body, 'application/json') : null,
  };
}
