/**
 * The keyset-pagination helper, its pure parts: the `findMany` arguments and
 * the raw-SQL pieces it builds are exactly the ones the repositories wrote by hand before (same
 * keys in the same order, same SQL text), and the page cut. The statements themselves are held by
 * the modules' integration tests (every list endpoint pages through real rows there).
 */
import { describe, expect, it } from '@jest/globals';
import { Prisma, cutKeysetPage, keysetArgs, keysetSql, keysetTake, type KeysetPage } from '../src/index.js';

const ID = '019a0000-0000-7000-8000-000000000001';
const AT = new Date('2025-01-02T03:04:05.000Z');

describe('keysetTake and cutKeysetPage: one row more than the page, cut off again', () => {
  it('fetches limit + 1 and refuses a limit that is not a positive integer', () => {
    expect(keysetTake(1)).toBe(2);
    expect(keysetTake(100)).toBe(101);
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => keysetTake(bad)).toThrow(RangeError);
  });

  it('keeps the first limit rows and says whether more follow', () => {
    expect(cutKeysetPage([1, 2, 3], 2)).toEqual({ rows: [1, 2], more: true });
    expect(cutKeysetPage([1, 2], 2)).toEqual({ rows: [1, 2], more: false });
    expect(cutKeysetPage([1], 2)).toEqual({ rows: [1], more: false });
    expect(cutKeysetPage([], 2)).toEqual({ rows: [], more: false });
  });
});

describe('keysetArgs by id', () => {
  it('first page: the filter as it is, newest first, limit + 1', () => {
    const args = keysetArgs({ organizationId: 'o', status: 'pending' }, { after: undefined, limit: 20 });
    expect(args).toEqual({ where: { organizationId: 'o', status: 'pending' }, orderBy: { id: 'desc' }, take: 21 });
    expect(keysetArgs({ active: true }, { after: null, limit: 5 }).where).toEqual({ active: true });
  });

  it('next page: ids below the previous page’s last id (above it oldest first), after the filter’s keys', () => {
    const desc = keysetArgs({ organizationId: 'o' }, { after: ID, limit: 20 });
    expect(desc).toEqual({ where: { organizationId: 'o', id: { lt: ID } }, orderBy: { id: 'desc' }, take: 21 });
    expect(Object.keys(desc.where)).toEqual(['organizationId', 'id']);
    const asc = keysetArgs({ organizationId: 'o' }, { after: ID, limit: 3 }, 'asc');
    expect(asc).toEqual({ where: { organizationId: 'o', id: { gt: ID } }, orderBy: { id: 'asc' }, take: 4 });
  });

  it('leaves the filter alone, and keeps an OR of the filter beside the id bound', () => {
    const filter = { OR: [{ hsCode: { startsWith: '8471' } }, { hsCode: { in: ['8471'] } }] };
    const args = keysetArgs(filter, { after: ID, limit: 2 });
    expect(args.where).toEqual({ OR: filter.OR, id: { lt: ID } });
    expect(filter).toEqual({ OR: [{ hsCode: { startsWith: '8471' } }, { hsCode: { in: ['8471'] } }] });
  });

  it('refuses a filter that already constrains the id (it would be overwritten)', () => {
    expect(() => keysetArgs({ id: { in: [ID] } }, { after: undefined, limit: 2 })).toThrow(/already has `id`/);
  });
});

describe('keysetArgs by a column, then id', () => {
  const row = { id: ID, recordedAt: AT, patient: '0xabc' };

  it('first page: the filter as it is, ordered by the column then id', () => {
    const first: KeysetPage<typeof row> = { after: null, limit: 10 };
    const args = keysetArgs({ patient: '0xabc' }, first, 'desc', 'recordedAt');
    expect(args).toEqual({ where: { patient: '0xabc' }, orderBy: [{ recordedAt: 'desc' }, { id: 'desc' }], take: 11 });
  });

  it('next page, newest first: an earlier time, or the same time and a lower id', () => {
    const args = keysetArgs({ patient: '0xabc' }, { after: row, limit: 10 }, 'desc', 'recordedAt');
    expect(args.where).toEqual({ patient: '0xabc', OR: [{ recordedAt: { lt: AT } }, { recordedAt: AT, id: { lt: ID } }] });
  });

  it('next page, oldest first: a later time, or the same time and a higher id', () => {
    const args = keysetArgs({ shipmentId: 's', organizationId: 'o' }, { after: row, limit: 10 }, 'asc', 'recordedAt');
    expect(args).toEqual({
      where: { shipmentId: 's', organizationId: 'o', OR: [{ recordedAt: { gt: AT } }, { recordedAt: AT, id: { gt: ID } }] },
      orderBy: [{ recordedAt: 'asc' }, { id: 'asc' }],
      take: 11,
    });
  });

  it('refuses a filter that already has an OR', () => {
    expect(() => keysetArgs({ OR: [] }, { after: row, limit: 2 }, 'asc', 'recordedAt')).toThrow(/already has `OR`/);
  });
});

describe('keysetSql', () => {
  it('first page: no condition, ORDER BY the column DESC with limit + 1 as a parameter', () => {
    const k = keysetSql('d.id', { after: undefined, limit: 20 });
    expect(k.where).toEqual([]);
    expect(k.orderLimit.text).toBe('ORDER BY d.id DESC LIMIT $1::int');
    expect(k.orderLimit.values).toEqual([21]);
  });

  it('next page: the id bound in the order of the list', () => {
    const desc = keysetSql('d.id', { after: ID, limit: 20 });
    expect(desc.where.map((w) => [w.text, w.values])).toEqual([['d.id < $1::uuid', [ID]]]);
    const asc = keysetSql('e.id', { after: ID, limit: 5 }, 'asc');
    expect(asc.where.map((w) => [w.text, w.values])).toEqual([['e.id > $1::uuid', [ID]]]);
    expect(asc.orderLimit.text).toBe('ORDER BY e.id ASC LIMIT $1::int');
    expect(asc.orderLimit.values).toEqual([6]);
  });

  it('splices into a statement after the filter, parameters numbered in order', () => {
    const k = keysetSql('e.id', { after: ID, limit: 2 }, 'desc');
    const sql = Prisma.sql`SELECT id FROM events e WHERE ${Prisma.join([Prisma.sql`e.organization_id = ${'o'}::uuid`, ...k.where], ' AND ')} ${k.orderLimit}`;
    expect(sql.text).toBe(
      'SELECT id FROM events e WHERE e.organization_id = $1::uuid AND e.id < $2::uuid ORDER BY e.id DESC LIMIT $3::int',
    );
    expect(sql.values).toEqual(['o', ID, 3]);
  });

  it('takes only a plain column name as text', () => {
    for (const bad of ['id; DROP TABLE x', 'D.ID', 'a.b.c', '', 'id DESC']) {
      expect(() => keysetSql(bad, { after: undefined, limit: 1 })).toThrow(/not a column name/);
    }
  });
});
