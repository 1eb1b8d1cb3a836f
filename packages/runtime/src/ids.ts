const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical UUID. Path ids that are not UUIDs cannot exist, so callers answer 404. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** Opaque pagination cursor: base64url of the last row's id. */
export const encodeCursor = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');

/** @returns the id inside a cursor, or undefined when the cursor is not one of ours. */
export function decodeCursor(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  return isUuid(id) ? id : undefined;
}
