/**
 * The repositories' rows hold integer columns as bigints; raw statements select them as text. One
 * mapper reads them: the listed columns only, null kept, the other columns and their order untouched.
 */
import { describe, expect, it } from '@jest/globals';
import { type BigintColumnsAsText, parseBigintColumns } from '@gw/db';

interface Row {
  id: string;
  amount: bigint;
  weight: bigint | null;
  block: bigint | null;
  chainId: number;
  note: string | null;
}
type Raw = BigintColumnsAsText<Row, 'amount' | 'weight' | 'block'>;
const toRow = (r: Raw): Row => parseBigintColumns(r, ['amount', 'weight', 'block']);

describe('parseBigintColumns', () => {
  it('reads the listed columns with BigInt, beyond 2^53, and keeps the others and their order', () => {
    const raw: Raw = { id: 'a', amount: '123456789012345678901234567890', weight: '0', block: null, chainId: 31337, note: '7' };
    const row = toRow(raw);
    expect(row).toEqual({ id: 'a', amount: 123456789012345678901234567890n, weight: 0n, block: null, chainId: 31337, note: '7' });
    expect(Object.keys(row)).toEqual(Object.keys(raw));
    expect(raw.amount).toBe('123456789012345678901234567890');
  });

  it('keeps a column that is a bigint already (an int8 read by Prisma)', () => {
    const raw = { id: 'a', amount: '1', weight: null, block: 42n, chainId: 1, note: null } as unknown as Raw;
    expect(toRow(raw).block).toBe(42n);
  });

  it('throws on a text that is not an integer', () => {
    expect(() => toRow({ id: 'a', amount: '1.5', weight: null, block: null, chainId: 1, note: null })).toThrow(SyntaxError);
  });

  it('types the raw row from the row and refuses a column that is not an integer (checked by typecheck)', () => {
    const typeChecks = (r: Raw) => {
      // @ts-expect-error `chainId` is a number, not a bigint column
      parseBigintColumns<Row, 'chainId'>({} as never, ['chainId']);
      // @ts-expect-error `weight` and `block` are still text in a raw row that lists only `amount`
      const partial: Row = parseBigintColumns(r, ['amount']);
      return partial;
    };
    expect(typeof typeChecks).toBe('function');
  });
});
