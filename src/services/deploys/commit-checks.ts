// The rules a commit is judged by before anything is written: the commit rules of domain/deploys/commit-check.ts
// with the app's checks of `render.metadata` (supplied by the composition root: they need the renderer's
// PDF options), each refusal a 4xx naming its field.
import {
  checkCommit,
  type CommitPolicy,
  type CommitRefusal,
  type CommitRequest,
  type MetadataValidator,
} from '../../domain/deploys/commit-check.js';
import { AppError } from '../../errors/app-error.js';

/** A commit rule's refusal (domain/deploys/commit-check.ts) as the error the client gets. */
export const commitRefusal = (r: CommitRefusal) => new AppError(r.code, r.message, r.details);

/** A refused `render.metadata` with the field it is about (`render.metadata.pdf.append[0]`). */
export interface MetadataProblem {
  field: string;
  message: string;
}

/**
 * Checks `render.metadata` against the version's files (e.g. PDFs to append exist and are PDFs): `has`
 * says whether a normalised path is a file of the version, `read` gives its bytes. Runs after the commit
 * rules and the blob ownership check, before the render pack is written.
 */
export type MetadataFilesCheck = (
  accountId: string,
  metadata: Record<string, unknown>,
  has: (path: string) => boolean,
  read: (path: string) => Promise<Buffer>,
) => Promise<MetadataProblem | null>;

/** Checks `render.metadata` at commit: a message (field `render.metadata`), a problem naming its field, or null. */
export type MetadataCheck = (metadata: Record<string, unknown>) => string | MetadataProblem | null;

/** The checks of `render.metadata` the composition root supplies (they need the renderer's PDF options). */
export interface VersionMetadataChecks {
  validate: MetadataCheck;
  files: MetadataFilesCheck;
}

/** The commit's rules with the app's metadata check; a refusal names the metadata's own field when it gives one. */
export function checkedCommit(input: CommitRequest, limits: CommitPolicy, validate: MetadataCheck | undefined) {
  let metadataField: string | undefined;
  const validator: MetadataValidator | null = validate
    ? (metadata) => {
        const p = validate(metadata);
        if (p === null || typeof p === 'string') return p;
        metadataField = p.field;
        return p.message;
      }
    : null;
  const checked = checkCommit(input, limits, validator);
  if (!checked.ok) {
    if (metadataField !== undefined && checked.details?.field === 'render.metadata') checked.details = { field: metadataField };
    throw commitRefusal(checked);
  }
  return checked;
}
