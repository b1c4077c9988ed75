import type { IncomingMessage } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import type { Services } from '../../services/index.js';
import { idempotent } from '../idempotent.js';
import { principalOf } from '../plugins/auth.js';
import { errors, IdParam, Sha256 } from '../schemas/common.js';
import { CommitBody, CreateSessionBody, MissingBlobsBody } from '../schemas/uploads.js';

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
          'Give either `deployId` or `createDeploy` (creates the deploy in the same transaction). The `uploadToken` is returned only here. Optional `Idempotency-Key` (24 h).',
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) }),
        body: CreateSessionBody,
        response: {
          201: Type.Object({ uploadSession: Type.Ref('UploadSession'), uploadToken: Type.String() }),
          ...errors(400, 401, 403, 404, 409, 413, 429),
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
        description: 'A hash counts as present only when this account uploaded those bytes before.',
        params: SessionParams,
        headers: TokenHeaders,
        body: MissingBlobsBody,
        response: {
          200: Type.Object({ uploadSessionId: Type.String(), missingBlobs: Type.Array(Type.Object({ sha256: Type.String() })) }),
          ...errors(400, 401, 403, 404, 409, 410, 429),
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
          'Streamed: hashed while written to a temporary object, verified against the path sha256 and the declared size, then published atomically. At most 10485760 bytes.',
        params: Type.Object({ uploadSessionId: IdParam('Upload session id.'), sha256: Sha256 }),
        headers: TokenHeaders,
        response: {
          200: Type.Object({ uploadSessionId: Type.String(), alreadyPresent: Type.Boolean(), blob: Type.Ref('Blob') }),
          ...errors(400, 401, 403, 404, 409, 410, 415, 429),
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
        params: SessionParams,
        headers: TokenHeaders,
        body: CommitBody,
        response: { 201: Type.Object({ deployVersion: Type.Ref('DeployVersion') }), ...errors(400, 401, 403, 404, 409, 410, 429) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await s.uploads.commit(principalOf(req).accountId, req.params.uploadSessionId, tokenOf(req), req.body)),
  );
}

/** The client closed the connection before the whole body arrived (Node destroys the request, or the read fails so). */
function clientAborted(raw: IncomingMessage, err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return raw.destroyed || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (err as Error)?.message === 'aborted';
}
