/**
 * The page half of keyset pagination: cursors, the cut, the
 * 400 of a cursor that is not one of the list's. Clients hold cursors between calls, so the
 * encoding is pinned here: base64url of the last row's id.
 */
import { describe, expect, it } from '@jest/globals';
import { AppError, cursorId, cursorRow, encodeCursor, fetchPage, toPage } from '@gw/runtime';

const ID1 = '019a0000-0000-7000-8000-000000000001';
const ID2 = '019a0000-0000-7000-8000-000000000002';
const ID3 = '019a0000-0000-7000-8000-000000000003';

/** The 400 every list answers for a cursor that is not one of its own. */
const notACursor = expect.objectContaining({
  code: 'validation-error',
  message: 'cursor is not valid',
  extensions: { errors: [{ path: 'cursor', message: 'not a cursor of this list' }] },
});

describe('toPage', () => {
  it('cuts the extra row and names the page’s last row in the cursor (base64url of its id)', () => {
    const page = toPage([{ id: ID3 }, { id: ID2 }, { id: ID1 }], 2, (r) => r.id);
    expect(page).toEqual({ data: [ID3, ID2], nextCursor: Buffer.from(ID2, 'utf8').toString('base64url') });
    expect(page.nextCursor).toBe(encodeCursor(ID2));
  });

  it('has no cursor on the last page', () => {
    expect(toPage([{ id: ID3 }, { id: ID2 }], 2, (r) => r.id)).toEqual({ data: [ID3, ID2], nextCursor: null });
    expect(toPage([], 2, (r: { id: string }) => r.id)).toEqual({ data: [], nextCursor: null });
  });
});

describe('cursorId', () => {
  it('decodes a cursor of ours, and gives undefined without one', () => {
    expect(cursorId(encodeCursor(ID1))).toBe(ID1);
    expect(cursorId(undefined)).toBeUndefined();
    expect(cursorId('')).toBeUndefined();
  });

  it('answers 400 validation-error for anything else', () => {
    expect(() => cursorId('xyz')).toThrow(AppError);
    let thrown: unknown;
    try {
      cursorId(Buffer.from('not-a-uuid').toString('base64url'));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toEqual(notACursor);
  });
});

describe('cursorRow', () => {
  it('reads nothing on the first page', async () => {
    const find = async (): Promise<{ id: string } | null> => {
      throw new Error('not called');
    };
    await expect(cursorRow(undefined, find)).resolves.toBeNull();
  });

  it('answers the row the cursor names, or the same 400 as a malformed cursor when the list has no such row', async () => {
    await expect(cursorRow(ID1, async (id) => ({ id, recordedAt: new Date(0) }))).resolves.toEqual({ id: ID1, recordedAt: new Date(0) });
    await expect(cursorRow(ID1, async () => null)).rejects.toThrow(AppError);
    await expect(cursorRow(ID1, async () => null)).rejects.toEqual(notACursor);
  });
});

describe('fetchPage', () => {
  it('hands the repository the decoded cursor and the limit, and cuts what it read with the same limit', async () => {
    const asked: unknown[] = [];
    const page = await fetchPage(
      { limit: 2, cursor: encodeCursor(ID3) },
      async (p) => {
        asked.push(p);
        return [{ id: ID2 }, { id: ID1 }, { id: '019a0000-0000-7000-8000-000000000000' }];
      },
      (r) => r.id,
    );
    expect(asked).toEqual([{ after: ID3, limit: 2 }]);
    expect(page).toEqual({ data: [ID2, ID1], nextCursor: encodeCursor(ID1) });
  });

  it('first page without a cursor; a bad cursor is the 400 before anything is read', async () => {
    const asked: unknown[] = [];
    const fetch = async (p: unknown) => {
      asked.push(p);
      return [] as { id: string }[];
    };
    await expect(fetchPage({ limit: 20 }, fetch, (r) => r.id)).resolves.toEqual({ data: [], nextCursor: null });
    expect(asked).toEqual([{ after: undefined, limit: 20 }]);
    await expect(fetchPage({ limit: 20, cursor: 'xyz' }, fetch, (r) => r.id)).rejects.toEqual(notACursor);
    expect(asked).toHaveLength(1);
  });
});
