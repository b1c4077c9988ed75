import type { FastifyMultipartOptions } from '@fastify/multipart';
import { MAX_INLINE_FILES_CEILING } from '../../domain/accounts/plans.js';
import type { Services } from '../../services/index.js';
import { jobBodyLimit } from '../job-body-limit.js';

/** The largest single part of a multipart job: a file is at most 10 MiB (as an upload), the `job` part as big as a JSON job. */
export const MULTIPART_FILE_BYTES = 10 * 1024 * 1024;

/**
 * Options of @fastify/multipart for the scope of the job-creation routes (server.ts): fixed ceilings that
 * bound the parsing (parts, sizes); the plan's own limits are checked by the service on the assembled body.
 */
export const multipartOptions = (s: Services): FastifyMultipartOptions => ({
  limits: {
    fileSize: MULTIPART_FILE_BYTES,
    fieldSize: jobBodyLimit(s),
    files: MAX_INLINE_FILES_CEILING + 2,
    fields: MAX_INLINE_FILES_CEILING + 2,
    parts: MAX_INLINE_FILES_CEILING + 2,
    headerPairs: 200,
  },
});

/** The parts a multipart job may have besides `index.html` and `job`: as many as inline `files` may have. */
export const MAX_ASSET_PARTS = MAX_INLINE_FILES_CEILING;
export const ASSET_PARTS_LIMIT = `a multipart job may have at most ${MAX_ASSET_PARTS} parts besides index.html and job (one per file)`;

/** The parser's limit errors, by code: each is a 413 naming the part it was reading. */
export const MULTIPART_LIMITS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: `a part may be at most ${MULTIPART_FILE_BYTES} bytes`,
  FST_PARTS_LIMIT: ASSET_PARTS_LIMIT,
  FST_FILES_LIMIT: ASSET_PARTS_LIMIT,
  FST_FIELDS_LIMIT: ASSET_PARTS_LIMIT,
};
