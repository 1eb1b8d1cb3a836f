/**
 * Integer columns read by raw SQL. A NUMERIC or BIGINT column is selected as text (`amount::text`),
 * which neither pg nor Prisma rounds; the repository's row type holds it as a bigint. pg also gives
 * an int8 column selected as it is as text, Prisma gives it as a bigint: both are read the same.
 */

/** The keys of `Row` whose values are bigints (or null): the integer columns. */
export type BigintColumn<Row> = { [P in keyof Row]-?: Row[P] extends bigint | null ? P : never }[keyof Row];

/**
 * `Row` as a raw statement returns it when its integer columns `K` are selected as text: each a
 * string, or null where `Row` allows null; every other column as in `Row`.
 */
export type BigintColumnsAsText<Row, K extends BigintColumn<Row>> = Omit<Row, K> & {
  [P in K]: null extends Row[P] ? string | null : string;
};

/**
 * The row type of a raw row: a copy of `raw` (same keys, same order) whose `columns` are read with
 * `BigInt` (a null stays null; a column that is a bigint already is kept). `Row` is inferred from
 * the type the caller expects, e.g. `const toRow = (r: Raw): StakingOperationRow => parseBigintColumns(r, ['amount'])`.
 * @param raw a row as the statement returned it ({@link BigintColumnsAsText})
 * @param columns the integer columns of `Row` that `raw` holds as text
 * @throws SyntaxError (from BigInt) when a column's text is not an integer
 */
export function parseBigintColumns<Row, K extends BigintColumn<Row>>(raw: BigintColumnsAsText<Row, K>, columns: readonly K[]): Row {
  const row: Record<PropertyKey, unknown> = { ...raw };
  for (const column of columns) {
    const value = row[column] as string | bigint | null;
    row[column] = value === null ? null : BigInt(value);
  }
  return row as Row;
}
