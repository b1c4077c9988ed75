import { Type } from '@sinclair/typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../domain/cursor.js';
import { allErrorCodes } from '../../errors/codes.js';

export const ErrorBody = Type.Object(
  {
    error: Type.Union(
      allErrorCodes.map((c) => Type.Literal(c)),
      { description: 'Machine-readable error code. Each error response of an operation lists the codes it can carry.' },
    ),
    message: Type.String({ description: 'Human-readable explanation.' }),
    details: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: 'Extra information, e.g. `field` for validation errors.' }),
    ),
  },
  { $id: 'Error', title: 'Error', description: 'The uniform error body of every non-2xx response.' },
);

export const IdParam = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });

/** The `deployId` path parameter: an id, or the deploy's slug (src/http/deploy-slugs.ts). */
export const DeployIdParam = () =>
  Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other.',
    examples: ['invoice'],
  });

export const ListQuery = Type.Object(
  {
    cursor: Type.Optional(
      Type.String({ minLength: 1, maxLength: 512, description: "Opaque cursor from the previous page's `nextCursor`." }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_PAGE_SIZE,
        default: DEFAULT_PAGE_SIZE,
        description: `Page size (1–${MAX_PAGE_SIZE}, default ${DEFAULT_PAGE_SIZE}).`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const NextCursor = Type.Optional(
  Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next page; absent or null on the last page.' }),
);

export const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$', description: 'Lowercase hex SHA-256 of the content.' });

export const EpochMs = Type.Integer({ description: 'Unix epoch milliseconds.' });
