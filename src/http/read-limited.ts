// A raw request body (a stream the route's content-type parser passed on) read into memory, and refused with
// the error `tooLarge` makes as soon as it passes `max` bytes: nothing past the limit is buffered.
import type { Readable } from 'node:stream';
import type { AppError } from '../errors/app-error.js';

export async function readLimited(stream: Readable, max: number, tooLarge: () => AppError): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > max) {
      stream.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
