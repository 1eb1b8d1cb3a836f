import { cutKeysetPage, type KeysetPage } from '@gw/db';
import { AppError } from '../errors/app-error.js';
import { decodeCursor, encodeCursor } from '../ids.js';

/** `limit` (1..100, validated by the caller) and the opaque cursor of the previous page. */
export interface PageQuery {
  limit: number;
  cursor?: string | undefined;
}

/** One page of a list: `nextCursor` is null on the last page. */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/** The 400 of a cursor that is not one of this list's. */
const invalidCursor = (): AppError =>
  new AppError('validation-error', 'cursor is not valid', { errors: [{ path: 'cursor', message: 'not a cursor of this list' }] });

/**
 * The row id inside a cursor, or undefined without one.
 * @throws AppError('validation-error') for a cursor that is not one of ours
 */
export function cursorId(cursor: string | undefined): string | undefined {
  const id = decodeCursor(cursor);
  if (cursor && !id) throw invalidCursor();
  return id;
}

/**
 * The row a cursor names, for a list ordered by a column other than the id (`@gw/db`
 * `keysetArgs` with `by`, which needs that column of the previous page's last row).
 * @param id the cursor's id ({@link cursorId}), undefined on the first page
 * @param find reads the row `id` among the rows of this list (the caller's scope), or null
 * @returns null on the first page
 * @throws AppError('validation-error') when `find` answers null: not a cursor of this list
 */
export async function cursorRow<R>(id: string | undefined, find: (id: string) => Promise<R | null>): Promise<R | null> {
  if (!id) return null;
  const row = await find(id);
  if (!row) throw invalidCursor();
  return row;
}

/**
 * Cuts `rows` (fetched with `limit + 1`: `@gw/db` `keysetArgs`/`keysetSql`) into a page; the
 * cursor names the page's last row when another page follows.
 */
export function toPage<R extends { id: string }, T>(rows: R[], limit: number, map: (row: R) => T): Page<T> {
  const page = cutKeysetPage(rows, limit);
  return { data: page.rows.map(map), nextCursor: page.more ? encodeCursor(page.rows[page.rows.length - 1]!.id) : null };
}

/**
 * One page of a list by id, the whole round: decodes the cursor, has `fetch` read the rows past
 * it (`limit + 1` of them: a repository function built on `@gw/db` `keysetArgs`/`keysetSql`) and
 * cuts them into the page ({@link toPage}), with one `limit` for both.
 * @throws AppError('validation-error') for a cursor that is not one of ours, before `fetch` runs
 */
export async function fetchPage<R extends { id: string }, T>(
  q: PageQuery,
  fetch: (page: KeysetPage) => PromiseLike<R[]>,
  map: (row: R) => T,
): Promise<Page<T>> {
  const page = { after: cursorId(q.cursor), limit: q.limit };
  return toPage(await fetch(page), q.limit, map);
}
