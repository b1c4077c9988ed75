// How a job's inputs are stored in render_payloads: a payload body (`body_base64`) and the document options
// (`document_input_json`, which carries an e-invoice XML and inline attachments). Large ones are stored deflated,
// behind the prefix `z:` (neither base64 nor JSON starts with it; rows written before stay as they are).
// Why: SQLite's driver is synchronous, and inserting a value costs the event loop ~10 ms per MB (a 14 MB
// XML: ~140 ms, during which the process answers nothing). Deflated, such inputs shrink 5–50×, and zlib's
// asynchronous calls compress and inflate on libuv's thread pool, off the event loop. A packed value that is
// still large (incompressible bytes) goes to the blob store instead of the row: services/jobs/job-inputs.ts.
import { promisify } from 'node:util';
import { deflateRaw, inflateRaw, constants } from 'node:zlib';
import { parseStoredJobDocument, type StoredJobDocument } from '../domain/jobs/job-document.js';

/** Below this many bytes an input is stored as it is (compressing it would cost more than it saves). */
export const PACK_THRESHOLD_BYTES = 64 * 1024;
const PREFIX = 'z:';
const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);
const LEVEL = { level: constants.Z_BEST_SPEED };

/** A payload body as stored: base64 of the bytes, or `z:` and base64 of the deflated bytes. */
export async function packBytes(bytes: Buffer): Promise<string> {
  if (bytes.length < PACK_THRESHOLD_BYTES) return bytes.toString('base64');
  return PREFIX + (await deflate(bytes, LEVEL)).toString('base64');
}

export async function unpackBytes(stored: string): Promise<Buffer> {
  if (!stored.startsWith(PREFIX)) return Buffer.from(stored, 'base64');
  return inflate(Buffer.from(stored.slice(PREFIX.length), 'base64'));
}

/** A JSON text as stored: as it is, or `z:` and base64 of its deflated UTF-8. */
export async function packText(text: string): Promise<string> {
  if (text.length < PACK_THRESHOLD_BYTES) return text;
  return PREFIX + (await deflate(Buffer.from(text, 'utf8'), LEVEL)).toString('base64');
}

export async function unpackText(stored: string): Promise<string> {
  if (!stored.startsWith(PREFIX)) return stored;
  return (await inflate(Buffer.from(stored.slice(PREFIX.length), 'base64'))).toString('utf8');
}

/** render_payloads.document_input_json as stored → the job's post-processing input, checked; null for a plain job. */
export async function readJobDocumentInput(stored: string | null): Promise<StoredJobDocument | null> {
  return stored === null ? null : parseStoredJobDocument(await unpackText(stored));
}
