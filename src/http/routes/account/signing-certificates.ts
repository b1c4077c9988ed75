import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '../../../domain/cursor.js';
import { MAX_PKCS12_BYTES, MAX_SIGNING_CERTIFICATES_PER_ACCOUNT } from '../../../domain/pdfs/signing-certificates.js';
import type { Services } from '../../../services/index.js';
import type { SigningCertificates } from '../../../services/accounts/signing-certificates.js';
import { idempotent } from '../../idempotent.js';
import { principalOf } from '../../plugins/auth.js';
import { IdParam, ListQuery, NextCursor } from '../../schemas/common.js';
import {
  CreateSigningCertificateBody,
  examples as ex,
  SIGNING_CERTIFICATE_BODY_LIMIT,
  SigningCertificate,
} from '../../schemas/signing-certificates.js';

const tags = ['Signing certificates'];
const Params = Type.Object({ signingCertificateId: IdParam('Signing certificate id (`scert_…`).') });
const parameters = { signingCertificateId: ex.id };

/**
 * Signing certificates: PKCS#12 files an account keeps for signing PDFs. Scopes of their own
 * (`certificates:read`, `certificates:write`): a private key is worth more than any other resource, so a
 * key made for rendering or deploys does not reach it unless it is `all` or was given them.
 */
export function signingCertificateRoutes(app: FastifyInstance, s: Services, certificates: SigningCertificates) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/signing-certificates',
    {
      config: { scope: 'certificates:write' },
      bodyLimit: SIGNING_CERTIFICATE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Store a signing certificate (PKCS#12)',
        description: `Stores a PKCS#12 file and its passphrase, encrypted at rest; the answer describes the certificate (subject, issuer, validity, SHA-256 fingerprint, key) and never contains the file or the passphrase. Refused with 400 \`invalid_request\` (\`details.field\` = \`pkcs12\` or \`passphrase\`): a body that is not base64, a file larger than ${MAX_PKCS12_BYTES} bytes, a passphrase that does not open the file, a file without exactly one private key and its certificate, a key that is not RSA 2048–8192 bits, an expired certificate. An account keeps at most ${MAX_SIGNING_CERTIFICATES_PER_ACCOUNT} (409 \`signing_certificate_limit_reached\`). Optional \`Idempotency-Key\` (24 h): a repeat answers the same certificate. Needs the scope \`certificates:write\`.`,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) }),
        body: CreateSigningCertificateBody,
        response: { 201: Type.Object({ signingCertificate: SigningCertificate }) },
        'x-folio': {
          success: 'The stored certificate',
          errors: ['signing_certificate_limit_reached', 'insufficient_storage'],
          request: ex.create,
          response: { signingCertificate: ex.certificate },
          parameters: { 'idempotency-key': 'signer-2026' },
        },
      },
    },
    // What an Idempotency-Key keeps is the answer, which holds no secret, and a SHA-256 of the request:
    // the body (file and passphrase) itself is never stored.
    async (req, reply) => idempotent(req, reply, s.idempotency, 201, () => certificates.create(principalOf(req).accountId, req.body)),
  );

  r.get(
    '/v1/signing-certificates',
    {
      config: { scope: 'certificates:read' },
      schema: {
        tags,
        summary: 'List signing certificates (newest first)',
        description: 'One page of the signing certificates of the account, newest first. Needs the scope `certificates:read`.',
        querystring: ListQuery,
        response: { 200: Type.Object({ items: Type.Array(SigningCertificate), nextCursor: NextCursor }) },
        'x-folio': {
          success: 'One page of signing certificates',
          query: { limit: 20 },
          response: { items: [ex.certificate], nextCursor: null },
        },
      },
    },
    async (req) => certificates.list(principalOf(req).accountId, { cursor: req.query.cursor, limit: req.query.limit ?? DEFAULT_PAGE_SIZE }),
  );

  r.get(
    '/v1/signing-certificates/:signingCertificateId',
    {
      config: { scope: 'certificates:read' },
      schema: {
        tags,
        summary: 'Get a signing certificate',
        description:
          '`expired` and `notYetValid` are computed at the time of the answer. The file and the passphrase are never answered. Needs the scope `certificates:read`.',
        params: Params,
        response: { 200: Type.Object({ signingCertificate: SigningCertificate }) },
        'x-folio': {
          success: 'The signing certificate',
          errors: ['signing_certificate_not_found'],
          response: { signingCertificate: ex.certificate },
          parameters,
        },
      },
    },
    async (req) => certificates.get(principalOf(req).accountId, req.params.signingCertificateId),
  );

  r.delete(
    '/v1/signing-certificates/:signingCertificateId',
    {
      config: { scope: 'certificates:write' },
      schema: {
        tags,
        summary: 'Delete a signing certificate',
        description:
          'Removes the certificate, its encrypted file and passphrase at once (not reversible); then GET answers 404. Needs the scope `certificates:write`.',
        params: Params,
        response: { 204: Type.Null() },
        'x-folio': { success: 'Deleted', errors: ['signing_certificate_not_found', 'insufficient_storage'], parameters },
      },
    },
    async (req, reply) => {
      await certificates.delete(principalOf(req).accountId, req.params.signingCertificateId);
      return reply.code(204).send();
    },
  );
}
