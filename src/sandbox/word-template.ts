// Filling a Word template (domain/office/word-templates.ts) from a job's payload with docx-templates, in a sandbox
// thread. The library's commands are JavaScript: they run through its `runJs` hook in a script context
// that holds only the payload, the bundle's images and Folio's helpers (sandbox/word-context.ts, with
// qrCode and barcode from sandbox/word-template-codes.ts), each
// command within what is left of the fill's time. The thread's own time and heap bounds (sandbox/pool.ts)
// hold whatever escapes those.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { WORD_COMMAND_DELIMITER } from '../domain/office/word-templates.js';
import { newWordContext } from './word-context.js';
import { isWordCode, WORD_CODES_SETUP, wordCodeImage } from './word-template-codes.js';

const require = createRequire(import.meta.url);

/**
 * The template could not be filled: the message names the command and why. No caller tells it apart from
 * another error of the task (sandbox/pool.ts keeps its name, `WordTemplateError`, as the task error's).
 */
const templateError = (message: string) => Object.assign(new Error(message), { name: 'WordTemplateError' });

export interface WordFillInput {
  template: Uint8Array;
  /** The job's payload, as JSON text. */
  payloadJson: string;
  /** The bundle's images the template may name (bundle path without the leading "/" → bytes). */
  images: Record<string, Uint8Array>;
  /** The time the commands may take together. */
  timeoutMs: number;
}

/** The library's own error text, made shorter: which command, and what went wrong. */
export function wordErrorMessage(err: unknown): string {
  const first = Array.isArray(err) ? (err[0] as unknown) : err;
  const e = first as { message?: unknown; command?: unknown; err?: { name?: unknown; message?: unknown } };
  const raw = String(e?.message ?? first);
  if (e?.err && typeof e.command === 'string')
    return `the command +++${e.command}+++ failed: ${String(e.err.name ?? 'Error')}: ${String(e.err.message ?? '')}`.slice(0, 500);
  return raw.replace(/\s+/g, ' ').slice(0, 500);
}

/** The template filled: a DOCX. An error named WordTemplateError when a command fails or the file is not a template. */
export async function fillWordTemplate(input: WordFillInput): Promise<Uint8Array> {
  const { createReport } = require('docx-templates') as typeof import('docx-templates');
  const deadline = Date.now() + input.timeoutMs;
  const images: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(input.images))
    images[name] = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let context;
  try {
    context = newWordContext(input.payloadJson, images);
    context.run(WORD_CODES_SETUP, {}, 5_000);
  } catch (err) {
    throw templateError(`the payload could not be given to the template: ${(err as Error).message}`);
  }
  try {
    return await createReport({
      template: input.template,
      data: {},
      cmdDelimiter: WORD_COMMAND_DELIMITER,
      // Text between two of these is written into the document as raw XML. With the library's "||", a
      // payload's text could add any XML (fields, external references): a delimiter no payload can know
      // turns the feature off.
      literalXmlDelimiter: `\u0000${randomUUID()}\u0000`,
      fixSmartQuotes: true,
      processLineBreaks: true,
      processLineBreaksAsNewText: true,
      failFast: true,
      runJs: ({ sandbox }) => {
        const locals: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(sandbox)) if (k.startsWith('$')) locals[k] = v;
        const value = context.run(String(sandbox.__code__ ?? ''), locals, deadline - Date.now());
        // qrCode() / barcode() answer what to draw: drawn here into the picture (sandbox/word-template-codes.ts).
        return { modifiedSandbox: {} as typeof sandbox, result: isWordCode(value) ? wordCodeImage(value) : value };
      },
    });
  } catch (err) {
    throw templateError(wordErrorMessage(err));
  }
}
