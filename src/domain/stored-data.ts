// What Folio stored earlier and now reads back, found not to hold what its reader expects: a job's document
// column of a damaged or foreign row, or a snapshot folder whose files do not fit together (recorded again
// with `folio test --update`). One error for both, told apart by its kind.

export type StoredDataKind =
  /** A job's stored document column; `column` names it. */
  | 'job_document'
  /** A snapshot folder of a version's fixture. */
  | 'snapshot';

export class StoredDataError extends Error {
  /** Kind `job_document`: the column. */
  readonly column: string | undefined;
  constructor(
    readonly kind: StoredDataKind,
    message: string,
    details: { column?: string } = {},
  ) {
    super(message);
    this.name = 'StoredDataError';
    this.column = details.column;
  }
}

/** Whether `err` is a StoredDataError; with a kind, of that kind. */
export const isStoredDataError = (err: unknown, kind?: StoredDataKind): err is StoredDataError =>
  err instanceof StoredDataError && (kind === undefined || err.kind === kind);
