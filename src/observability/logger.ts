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
  // The password of an uploaded encrypted PDF (POST /v1/pdfs with a raw body).
  'req.headers["x-pdf-password"]',
  'headers.authorization',
  'apiKey',
  'uploadToken',
  'token',
  'secret',
  'signingSecret',
  'signingKey',
  'password',
  // A signing certificate's PKCS#12 file and its passphrase (POST /v1/signing-certificates).
  'passphrase',
  'pkcs12',
  '*.passphrase',
  '*.pkcs12',
  '*.apiKey',
  '*.uploadToken',
  '*.secret',
  '*.signingSecret',
  '*.password',
  // A render job's protection passwords (request bodies are not logged; this keeps it so if one ever is).
  'protection',
  '*.protection',
  '*.ownerPassword',
  '*.userPassword',
];

/** Signed-link and permanent-link tokens are bearer credentials: never log them. */
export function maskUrl(url: string): string {
  return url.replace(/^(\/v1\/files\/|\/p\/)[^/?#]+/, '$1[redacted]');
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: redactPaths, censor: '[redacted]' },
      base: { service: 'folio' },
      serializers: {
        req: (req: { method?: string; url?: string; id?: string; hostname?: string; ip?: string }) => ({
          method: req.method,
          url: req.url ? maskUrl(req.url) : req.url,
          hostname: req.hostname,
          remoteAddress: req.ip,
        }),
      },
    },
    destination,
  );
}
