import pino, { type Logger } from 'pino';

/**
 * Paths pino blanks out wherever they appear in a log line: credentials in request headers and any field
 * we name after a secret. Services must still never put a secret into a message string.
 */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers["x-upload-token"]',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'headers.authorization',
  'apiKey',
  'uploadToken',
  'token',
  'secret',
  'signingSecret',
  'signingKey',
  'password',
  '*.apiKey',
  '*.uploadToken',
  '*.secret',
  '*.signingSecret',
  '*.password',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: redactPaths, censor: '[redacted]' }, base: { service: 'folio' } }, destination);
}
