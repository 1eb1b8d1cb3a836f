/**
 * Keyset pagination, one helper for every list: the statement half of
 * a page. A page continues past the last row of the previous one by comparing the sort key with
 * it (`id < $after` newest first), never by an offset, so a page costs the same however deep it
 * is, and rows written meanwhile neither shift nor repeat the rows already listed.
 *
 * The sort key is unique, so the order is total: `id` alone, or a time column then `id` (a list in
 * the order things happened, when that time is not the row's creation). Every id is a UUIDv7
 * (`@default(uuid(7))` or `uuidv7()`): its first 48 bits are the Unix time in ms, and PostgreSQL
 * compares `uuid` bytewise, so id order is creation order to the millisecond (rows of one
 * millisecond in a fixed, arbitrary order).
 *
 * A page of `limit` rows fetches `limit + 1` ({@link keysetTake}): the extra row says that another
 * page follows, and {@link cutKeysetPage} drops it. The builders here make the Prisma `findMany`
 * arguments ({@link keysetArgs}) and the raw-SQL pieces ({@link keysetSql}); the statement itself
 * stays in the repository of the table, which takes a {@link KeysetPage}. The service side is in
 * `@gw/runtime` (`fetchPage`, or `cursorId`/`cursorRow` and `toPage`): it decodes the opaque
 * cursor into {@link KeysetPage.after}, cuts the rows with {@link cutKeysetPage} and names the
 * page's last row in the next cursor (base64url of its id).
 *
 * @module
 */
import { Prisma } from './generated/prisma/client.js';

/** The direction of a list: `desc` newest first (the default of every list), `asc` oldest first. */
export type KeysetOrder = 'asc' | 'desc';

/**
 * A page as a repository takes it: where the previous page ended, and how many rows to answer.
 * @typeParam After the previous page's last row as the sort key needs it: its id (a UUID) for a
 *   list by id, or a row with `id` and the time column for a list by (time, id)
 */
export interface KeysetPage<After = string> {
  /**
   * The previous page's last row; the page continues past it in the list's order (ids below it
   * newest first, above it oldest first). `null` or undefined: the first page.
   */
  after: After | null | undefined;
  /** Rows in the page, a positive integer (1..100 in every list's contract); one more is fetched. */
  limit: number;
}

/** A comparison with the previous page's last row: past it in the list's order. */
export type KeysetBound<V> = { lt: V } | { gt: V };

/** `findMany` arguments of a list by id ({@link keysetArgs} without `by`). */
export interface KeysetArgsById<W> {
  where: W & { id?: KeysetBound<string> };
  orderBy: { id: KeysetOrder };
  take: number;
}

/** `findMany` arguments of a list by the column `K`, then id ({@link keysetArgs} with `by`). */
export interface KeysetArgsBy<W, K extends string, V> {
  where: W & { OR?: [Record<K, KeysetBound<V>>, Record<K, V> & { id: KeysetBound<string> }] };
  orderBy: [Record<K, KeysetOrder>, { id: KeysetOrder }];
  take: number;
}

/**
 * How many rows a page of `limit` fetches: `limit + 1`, the one more saying that another page follows.
 * @throws RangeError when `limit` is not a positive integer (a caller's bug: the contracts allow 1..100)
 */
export function keysetTake(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`keyset page limit must be a positive integer, not ${limit}`);
  return limit + 1;
}

/**
 * Cuts the rows a page fetched (at most `limit + 1`, in list order) to the page.
 * @returns the first `limit` rows, and whether more follow (then the last of them is where the
 *   next page starts)
 */
export function cutKeysetPage<R>(rows: readonly R[], limit: number): { rows: R[]; more: boolean } {
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

const past = <V>(order: KeysetOrder, value: V): KeysetBound<V> => (order === 'desc' ? { lt: value } : { gt: value });

function assertFree(where: object, key: string): void {
  if ((where as Record<string, unknown>)[key] !== undefined)
    throw new Error(`keyset: the filter already has \`${key}\`, which the keyset condition sets`);
}

/**
 * The arguments of a Prisma `findMany` for one page: `where` (the list's filter and the keyset
 * condition), `orderBy` and `take` (`limit + 1`). Spread them into the call, adding `select` or
 * `include` when needed: `db.payment.findMany(keysetArgs({ organizationId }, page))`.
 *
 * By id (no `by`): `id < after` newest first (`id > after` with `asc`), ordered by `id`.
 * By a column then id (`by`, e.g. `'recordedAt'`): rows whose `by` is past the previous page's
 * last row's, or equal to it with the id past its id; ordered by `by` then `id`, both in `order`.
 * The page.after row must then carry `id` and `by` (the service reads it by the cursor's id).
 *
 * @param where the list's filter; it may not use the key the keyset condition sets (`id`, or `OR`
 *   with `by`): the condition is added beside the filter's keys, never merged into one of them
 * @param order default `desc` (newest first)
 * @throws Error when `where` already has that key (a caller's bug)
 * @throws RangeError see {@link keysetTake}
 */
export function keysetArgs<W extends object>(where: W, page: KeysetPage, order?: KeysetOrder): KeysetArgsById<W>;
export function keysetArgs<W extends object, R extends { id: string }, K extends keyof R & string>(
  where: W,
  page: KeysetPage<R>,
  order: KeysetOrder,
  by: K,
): KeysetArgsBy<W, K, R[K]>;
export function keysetArgs(
  where: object,
  page: KeysetPage<string | ({ id: string } & Record<string, unknown>)>,
  order: KeysetOrder = 'desc',
  by?: string,
): KeysetArgsById<object> | KeysetArgsBy<object, string, unknown> {
  const take = keysetTake(page.limit);
  if (by === undefined) {
    assertFree(where, 'id');
    const after = page.after as string | null | undefined;
    return { where: { ...where, ...(after ? { id: past(order, after) } : {}) }, orderBy: { id: order }, take };
  }
  assertFree(where, 'OR');
  const after = page.after as ({ id: string } & Record<string, unknown>) | null | undefined;
  return {
    where: { ...where, ...(after ? { OR: [{ [by]: past(order, after[by]) }, { [by]: after[by], id: past(order, after.id) }] } : {}) },
    orderBy: [{ [by]: order }, { id: order }],
    take,
  };
}

/** The raw-SQL pieces of one page ({@link keysetSql}). */
export interface KeysetSql {
  /** The keyset condition (`d.id < $1::uuid`): none on the first page, else one to AND with the filter. */
  where: Prisma.Sql[];
  /** `ORDER BY <column> DESC LIMIT $1::int` (ASC with `asc`; the limit is `limit + 1`), to end the statement. */
  orderLimit: Prisma.Sql;
}

/** A column as the SQL text names it, optionally with its table alias: `id`, `d.id`. */
const COLUMN = /^(?:[a-z_][a-z0-9_]*\.)?[a-z_][a-z0-9_]*$/;

/**
 * The pieces of a raw-SQL statement for one page of a list by a `uuid` id column: the keyset
 * condition and the `ORDER BY … LIMIT …` tail, e.g.
 * `` sql`SELECT … WHERE ${Prisma.join([...filter, ...k.where], ' AND ')} ${k.orderLimit}` ``.
 * The id and the limit are bound parameters; the column is spliced as text.
 * @param column a constant (never input): the id column, with its table alias when the statement has one (`d.id`)
 * @param order default `desc` (newest first)
 * @throws Error when `column` is not a plain (optionally qualified) lower-case column name
 * @throws RangeError see {@link keysetTake}
 */
export function keysetSql(column: string, page: KeysetPage, order: KeysetOrder = 'desc'): KeysetSql {
  if (!COLUMN.test(column)) throw new Error(`keyset: ${JSON.stringify(column)} is not a column name`);
  const take = keysetTake(page.limit);
  const col = Prisma.raw(column);
  const where = page.after ? [order === 'desc' ? Prisma.sql`${col} < ${page.after}::uuid` : Prisma.sql`${col} > ${page.after}::uuid`] : [];
  return { where, orderLimit: Prisma.sql`ORDER BY ${col} ${Prisma.raw(order === 'desc' ? 'DESC' : 'ASC')} LIMIT ${take}::int` };
}
