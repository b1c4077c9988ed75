// Pagination of the list operations: `paginate()` walks every page of one (following nextCursor) and
// yields its items one by one.
import type { Operations, OperationId } from './api-types.js';
import type { HttpCore, RequestParams } from './http.js';

/** The operations that answer one page of a list: `{items, nextCursor}`. */
export type ListOps = {
  [K in OperationId]: Operations[K]['response'] extends { items: unknown[]; nextCursor?: unknown } ? K : never;
}[OperationId];
export type ItemOf<K extends ListOps> = Operations[K]['response'] extends { items: Array<infer I> } ? I : never;
export type QueryOf<K extends OperationId> = [Operations[K]['query']] extends [never]
  ? Record<string, never>
  : Omit<NonNullable<Operations[K]['query']>, 'cursor'>;

/** `paginate()` over the client's HTTP core. */
export function paginator(http: HttpCore) {
  /** Every item of a list operation, page after page (follows nextCursor). */
  async function* paginate<K extends ListOps>(
    op: K,
    params: Omit<RequestParams<K>, 'query'> & { query?: QueryOf<K> } = {} as never,
  ): AsyncGenerator<ItemOf<K>> {
    let cursor: string | undefined;
    do {
      const page = (await http.call(op, { ...params, query: { ...(params.query ?? {}), ...(cursor ? { cursor } : {}) } } as never)) as {
        items: ItemOf<K>[];
        nextCursor?: string | null;
      };
      for (const item of page.items) yield item;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return paginate;
}

export type Paginate = ReturnType<typeof paginator>;
