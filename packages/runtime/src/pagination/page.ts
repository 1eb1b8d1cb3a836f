import { AppError } from '../errors/app-error.js';
import { decodeCursor, encodeCursor } from '../ids.js';

/** `limit` (1..100, validated by the caller) and the opaque cursor of the previous page. */
export interface PageQuery {
  limit: number;
  cursor?: string | undefined;
}

/** One page of a list (issue #3, Lists): `nextCursor` is null on the last page. */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/**
 * The row id inside a cursor, or undefined without one.
 * @throws AppError('validation-error') for a cursor that is not one of ours
 */
export function cursorId(cursor: string | undefined): string | undefined {
  const id = decodeCursor(cursor);
  if (cursor && !id)
    throw new AppError('validation-error', 'cursor is not valid', { errors: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  return id;
}

/** Cuts `rows` (fetched with `take: limit + 1`) into a page; the cursor names the page's last row. */
export function toPage<R extends { id: string }, T>(rows: R[], limit: number, map: (row: R) => T): Page<T> {
  const page = rows.slice(0, limit);
  return { data: page.map(map), nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.id) : null };
}
