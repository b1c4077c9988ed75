// What a route says about itself for the API reference beyond its runtime schema: the name of its success
// response, the error codes its own rules can answer, and examples. Routes put it under `x-folio` in their
// schema; @fastify/swagger copies `x-` keys onto the operation, and finishDocument() (document.ts) turns it
// into the documented responses and examples, then removes it. Fastify itself never reads it.
import type { ErrorCode } from '../../errors/codes.js';

/** A response documented without a runtime schema (e.g. the PDF bytes of a signed URL). */
export interface DocResponse {
  description: string;
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
  content?: Record<string, { schema: Record<string, unknown>; example?: unknown }>;
}

export interface OperationDoc {
  /** Names the success response: "The created deploy", "The render job". */
  success: string;
  /**
   * Error codes this operation's own rules can answer (not found, conflicts, quotas, 507 for writes…).
   * The codes every operation of its kind can answer (validation, authentication, scope, rate limit, body
   * parsing, Idempotency-Key) are added by commonErrorCodes(); the status of each comes from
   * src/errors/codes.ts.
   */
  errors?: readonly ErrorCode[];
  /** Example JSON request body. */
  request?: unknown;
  /** Example values of query parameters, by name. */
  query?: Record<string, unknown>;
  /** Example success response body (JSON). */
  response?: unknown;
  /** Example bodies of other success statuses, where they differ (`{200: …}` beside a 201 `response`). */
  responseExamples?: Record<string, unknown>;
  /** Examples of path parameters and headers (header names in lower case) beyond the common ones of document.ts. */
  parameters?: Record<string, string>;
  /** A request body that the route reads itself (raw bytes), documented here since it has no schema. */
  rawBody?: { mediaType: string; description: string; example: string };
  /**
   * Another media type the route also takes for its body (e.g. `multipart/form-data` for a job with inline
   * sources), turned into the same body before validation: documented beside the JSON body.
   */
  alternativeBody?: { mediaType: string; schema: Record<string, unknown>; example: unknown; encoding?: Record<string, unknown> };
  /** Further success or redirect responses the route answers without a runtime schema (206, 304…). */
  responses?: Record<string, DocResponse>;
}

declare module 'fastify' {
  interface FastifySchema {
    'x-folio'?: OperationDoc;
  }
}
