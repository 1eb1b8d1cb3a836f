/**
 * A path id that is not a UUID is answered exactly as an id of another organization: `not-found`
 * with the caller's detail, so a caller learns nothing from the id's form.
 */
import { describe, expect, it } from '@jest/globals';
import { AppError, assertUuidOrNotFound, findOrNotFound } from '@gw/runtime';

describe('assertUuidOrNotFound', () => {
  it('accepts a canonical UUID, in either case', () => {
    expect(() => assertUuidOrNotFound('019a0000-0000-7000-8000-00000000000a', 'No such payment')).not.toThrow();
    expect(() => assertUuidOrNotFound('019A0000-0000-7000-8000-00000000000A', 'No such payment')).not.toThrow();
  });

  it.each([
    '',
    'not-a-uuid',
    '019a0000-0000-7000-8000-00000000000',
    '019a0000000070008000000000000001',
    ' 019a0000-0000-7000-8000-000000000001',
  ])('answers 404 with the caller’s detail for %j', (id) => {
    let thrown: unknown;
    try {
      assertUuidOrNotFound(id, 'No such payment');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: 'not-found', status: 404, message: 'No such payment' });
  });
});

describe('findOrNotFound', () => {
  const ID = '019a0000-0000-7000-8000-00000000000a';
  const notFound = expect.objectContaining({ code: 'not-found', status: 404, message: 'No such delivery' });

  it('answers what `find` finds for a UUID, asking it with that id', async () => {
    const asked: string[] = [];
    await expect(findOrNotFound(ID, 'No such delivery', async (id) => (asked.push(id), { id }))).resolves.toEqual({ id: ID });
    expect(asked).toEqual([ID]);
  });

  it('answers 404 with the same detail for a malformed id, without asking `find`', async () => {
    let asked = false;
    const find = async () => ((asked = true), { id: ID });
    await expect(findOrNotFound('nope', 'No such delivery', find)).rejects.toEqual(notFound);
    await expect(findOrNotFound('nope', 'No such delivery', find)).rejects.toBeInstanceOf(AppError);
    expect(asked).toBe(false);
  });

  it.each([null, undefined])('answers the same 404 when `find` answers %p', async (none) => {
    await expect(findOrNotFound(ID, 'No such delivery', async () => none)).rejects.toEqual(notFound);
  });
});
