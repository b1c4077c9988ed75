// The lifecycle of a file Folio stores for an account: a job's output, a managed PDF, a page image or
// thumbnail. One vocabulary for all of them:
//
//   available ──deleted or expired──▶ deleting ──purged (its bytes removed)──▶ deleted
//
// `available` is served; `deleting` is no longer served, but its bytes may still be in the store (the
// purge removes them: at once after a delete request, else the janitor's next run); `deleted` keeps the
// row without bytes. A row that owns no bytes of its own (a managed job's output: the bytes are the managed
// PDF's) goes from `available` straight to `deleted`. What the API shows of it is each view's own choice
// (a managed PDF is `available` or `deleting`, and not found once `deleted`).

export const STORED_FILE_STATES = ['available', 'deleting', 'deleted'] as const;
export type StoredFileState = (typeof STORED_FILE_STATES)[number];
