import { AppError } from './errors/app-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical UUID. Path ids that are not UUIDs cannot exist, so callers answer 404. */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * Answers 404 for an id that is not a canonical UUID, before any query (no row can have it). A
 * malformed id is reported as not found, with the same `detail` as an id that matches no row of
 * the caller's organization, so a caller cannot tell a malformed id from another organization's.
 * @param id an id from the request (path, query or body)
 * @param detail the problem's detail, the one the caller sends when no row matches (e.g. `'No such payment'`)
 * @throws AppError('not-found', detail) when `id` is not a UUID
 */
export function assertUuidOrNotFound(id: string, detail: string): void {
  if (!isUuid(id)) throw new AppError('not-found', detail);
}

/**
 * What `find` answers for `id`, asked only when `id` is a canonical UUID. A malformed id and an id
 * that matches nothing the caller may see (no row, or another organization's) get the same answer,
 * AppError('not-found', detail), as {@link assertUuidOrNotFound} does for the first.
 * @param id an id from the request (path, query or body)
 * @param detail the problem's detail of both answers (e.g. `'No such delivery'`)
 * @param find the call on the row (a read, or a change that answers the row), scoped to the caller's
 *   organization; null or undefined = no such row
 * @throws AppError('not-found', detail) when `id` is not a UUID or `find` finds nothing
 */
export async function findOrNotFound<T>(id: string, detail: string, find: (id: string) => PromiseLike<T | null | undefined>): Promise<T> {
  assertUuidOrNotFound(id, detail);
  const found = await find(id);
  if (found === null || found === undefined) throw new AppError('not-found', detail);
  return found;
}

/** Opaque pagination cursor: base64url of the last row's id. */
export const encodeCursor = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');

/** @returns the id inside a cursor, or undefined when the cursor is not one of ours. */
export function decodeCursor(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  return isUuid(id) ? id : undefined;
}
