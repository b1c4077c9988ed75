import type { IncomingMessage } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors/app-error.js';
import type { Services } from '../../../services/index.js';
import { idempotent } from '../../idempotent.js';
import { principalOf } from '../../plugins/auth.js';
import * as ex from '../../openapi/examples.js';
import { IdParam, Sha256 } from '../../schemas/common.js';
import { CommitBody, CreateSessionBody, MissingBlobsBody } from '../../schemas/uploads.js';

const tags = ['Uploads'];
const SessionParams = Type.Object({ uploadSessionId: IdParam('Upload session id (`ups_…`).') });
const TokenHeaders = Type.Object({
  'x-upload-token': Type.Optional(Type.String({ description: 'The token returned once when the session was created.' })),
});
// Large bundles declare many files: allow bigger JSON bodies on these routes than elsewhere.
const LIST_BODY_LIMIT = 8 * 1024 * 1024;

/** The media type of a Content-Type header, without parameters, lower case ('' when absent). */
const mediaTypeOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();

const tokenOf = (req: FastifyRequest) => {
  const t = req.headers['x-upload-token'];
  return Array.isArray(t) ? t[0] : t;
};

/** What every step after creation can answer about the session and its token. */
const SESSION_ERRORS = [
  'upload_session_not_found',
  'upload_token_invalid',
  'upload_session_committed',
  'upload_session_expired',
  'upload_session_gone',
] as const;

export function uploadRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/upload-sessions',
    {
      config: { scope: 'deploys:write' },
      bodyLimit: LIST_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create an upload session',
        description:
          'Step 1 of an upload. Declare every file of the bundle (`{path, sha256, size, mime?}`; at most 10485760 bytes each) and give either `deployId` (an existing deploy) or `createDeploy` (creates the deploy in the same transaction). The session lives 1 hour. The `uploadToken` is returned only here (and in an idempotent replay): send it as `X-Upload-Token` to the next three steps. Optional `Idempotency-Key` (24 h).',
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) }),
        body: CreateSessionBody,
        response: { 201: Type.Object({ uploadSession: Type.Ref('UploadSession'), uploadToken: Type.String() }) },
        'x-folio': {
          success: 'The open session and its upload token',
          errors: [
            'invalid_path',
            'upload_blob_too_large',
            'upload_session_too_large',
            'upload_session_policy_limit_exceeded',
            'deploy_not_found',
            'deploy_slug_conflict',
            'insufficient_storage',
          ],
          request: ex.createSession,
          response: { uploadSession: ex.uploadSession, uploadToken: ex.uploadToken },
        },
      },
    },
    async (req, reply) =>
      idempotent(req, reply, s.idempotency, 201, () => s.uploads.createSession(principalOf(req).accountId, req.body), {
        // The upload token is a credential: never kept in the idempotency store; a replay re-derives it.
        save: (res) => ({ uploadSession: res.uploadSession }),
        load: (stored) => {
          // (A response stored by an older release may still carry its random token: answer that one.)
          const res = stored as { uploadSession: { id: string }; uploadToken?: string };
          return { ...res, uploadToken: res.uploadToken ?? s.uploads.tokenFor(res.uploadSession.id) } as never;
        },
      }),
  );

  r.post(
    '/v1/upload-sessions/:uploadSessionId/missing-blobs',
    {
      config: { scope: 'deploys:write' },
      bodyLimit: LIST_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Which of these files must be uploaded',
        description:
          'Step 2. Answers each distinct hash of `files` that this account has not uploaded before: only those need step 3. A hash counts as present only when this account uploaded those bytes itself.',
        params: SessionParams,
        headers: TokenHeaders,
        body: MissingBlobsBody,
        response: {
          200: Type.Object({ uploadSessionId: Type.String(), missingBlobs: Type.Array(Type.Object({ sha256: Type.String() })) }),
        },
        'x-folio': {
          success: 'The hashes to upload',
          errors: [...SESSION_ERRORS, 'invalid_path', 'upload_blob_too_large'],
          request: { files: ex.fileDescriptors },
          response: ex.missingBlobs,
        },
      },
    },
    async (req) => s.uploads.missingBlobs(principalOf(req).accountId, req.params.uploadSessionId, tokenOf(req), req.body.files),
  );

  r.put(
    '/v1/upload-sessions/:uploadSessionId/blobs/:sha256',
    {
      config: { scope: 'deploys:write' },
      schema: {
        tags,
        summary: 'Upload one blob (raw bytes, application/octet-stream)',
        description:
          'Step 3, once per missing blob (a few in parallel is fine). Send the raw bytes with `Content-Type: application/octet-stream`. They are streamed to a temporary object while hashed and counted, verified against the sha256 in the path and a size declared in the session, then published atomically; a failed upload leaves nothing behind. At most 10485760 bytes. If the account already has the blob, nothing is stored again (`alreadyPresent: true`).',
        params: Type.Object({ uploadSessionId: IdParam('Upload session id.'), sha256: Sha256 }),
        headers: TokenHeaders,
        response: { 200: Type.Object({ uploadSessionId: Type.String(), alreadyPresent: Type.Boolean(), blob: Type.Ref('Blob') }) },
        'x-folio': {
          success: 'The stored blob',
          errors: [
            ...SESSION_ERRORS,
            'blob_not_in_session',
            'upload_blob_too_large',
            'blob_hash_mismatch',
            'unsupported_media_type',
            'storage_limit_exceeded',
            'insufficient_storage',
          ],
          rawBody: {
            mediaType: 'application/octet-stream',
            description: 'The raw bytes of the file (not JSON, not base64).',
            example: ex.css.text,
          },
          parameters: { sha256: ex.css.sha256 },
          response: ex.blobUploaded,
        },
      },
    },
    async (req) => {
      const len = req.headers['content-length'];
      try {
        const blob = await s.uploads.declaredBlob(principalOf(req).accountId, req.params.uploadSessionId, tokenOf(req), req.params.sha256);
        // The bytes travel raw. Checked after the session and its declared files, as it always was: a
        // request wrong in several ways keeps getting the same answer.
        if (mediaTypeOf(req.headers['content-type']) !== 'application/octet-stream')
          throw new AppError('unsupported_media_type', 'send the raw file bytes with Content-Type: application/octet-stream');
        return await s.uploads.putBlob(blob, {
          body: req.body,
          contentLength: len !== undefined && /^\d+$/.test(len) ? Number(len) : undefined,
        });
      } catch (err) {
        // A client that closes the connection mid-body (a cancelled deploy, a network drop) is not a server
        // fault: log it as the client event it is, with the session to look for, and answer a 4xx (which
        // nobody receives) instead of letting it reach the error handler as an unhandled 500.
        // Only a body that really stopped arriving counts: a database or storage fault while the body was
        // still being read is the server's and keeps its 5xx.
        if (err instanceof AppError || req.raw.complete || !clientAborted(req.raw, err)) throw err;
        req.log.info(
          { uploadSessionId: req.params.uploadSessionId, sha256: req.params.sha256, reason: (err as Error).message },
          'blob upload aborted by the client before the body was complete',
        );
        throw new AppError(
          'invalid_request',
          'the request body ended before Content-Length bytes arrived (the client closed the connection)',
          { field: 'body' },
        );
      }
    },
  );

  r.post(
    '/v1/upload-sessions/:uploadSessionId/commit',
    {
      config: { scope: 'deploys:write' },
      bodyLimit: LIST_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Commit the session into an immutable deploy version',
        description:
          "Step 4. `entries` lists the version's files; each must name a blob this account has uploaded (in this or an earlier session) with that exact size. `render.route` is the entry page (begins with `/`; `/` and `/dir/` resolve to index.html). The plan's per-commit limits and monthly commit allowance apply. The session becomes `committed`; every commit creates a new immutable version with the next `versionNo` of the deploy (201) and counts one `deploy_commits`, also when its files and settings equal the latest version's. Clients that want no copy compare their tree hash and settings with the latest version first (`folio deploy` and the SDKs do) and skip the upload.",
        params: SessionParams,
        headers: TokenHeaders,
        body: CommitBody,
        response: {
          201: Type.Object({ deployVersion: Type.Ref('DeployVersion') }),
        },
        'x-folio': {
          success: 'The new version',
          errors: [
            ...SESSION_ERRORS,
            'invalid_path',
            'deploy_commit_policy_limit_exceeded',
            'template_syntax_error',
            'office_input_invalid',
            'blob_missing',
            'deploy_commit_quota_exceeded',
            'deploy_not_found',
            'signing_certificate_not_found',
            'insufficient_storage',
          ],
          request: ex.commit,
          response: { deployVersion: ex.deployVersion },
        },
      },
    },
    async (req, reply) => {
      const committed = await s.uploads.commit(principalOf(req).accountId, req.params.uploadSessionId, tokenOf(req), req.body);
      return reply.code(201).send(committed);
    },
  );
}

/** The client closed the connection before the whole body arrived (Node destroys the request, or the read fails so). */
function clientAborted(raw: IncomingMessage, err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return raw.destroyed || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (err as Error)?.message === 'aborted';
}
