import { AppError } from '../errors/app-error.js';
import { decodeCursor, encodeCursor } from '../ids.js';

/** Query of every list: `limit` 1..100, opaque `cursor` (the previous page's `nextCursor`). */
export interface PageQuery {
  limit: number;
  cursor?: string | undefined;
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/**
 * The id after which the page starts (rows are ordered by id, newest first), or undefined for
 * the first page.
 * @throws AppError('validation-error') for a cursor that is not one of ours
 */
export function cursorId(q: PageQuery): string | undefined {
  const after = decodeCursor(q.cursor);
  if (q.cursor && !after)
    throw new AppError('validation-error', 'cursor is not valid', { errors: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  return after;
}

/** Cuts `limit + 1` fetched rows into a page and its `nextCursor`. */
export function toPage<R extends { id: string }, T>(rows: R[], limit: number, map: (row: R) => T): Page<T> {
  const page = rows.slice(0, limit);
  return { data: page.map(map), nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.id) : null };
}
