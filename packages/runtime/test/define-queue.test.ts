import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { type JobData, JobDataError, defineQueue, definedQueues, jobDateTime, jobUuid, parseJobData } from '@gw/runtime';

/**
 * A queue is defined with the zod schema of its job data; the type comes from
 * the schema, and `parseJobData` (the worker's check of every job it takes, and the enqueue
 * helpers' check of every job they add) returns the data or throws a JobDataError that names the
 * queue, the job and each issue, never the data's values.
 */
describe('defineQueue and parseJobData', () => {
  const things = defineQueue({
    name: 'test-things',
    jobName: 'thing',
    data: z.object({ thingId: jobUuid(), at: jobDateTime(), count: z.number().int().positive().optional() }),
  });
  const ID = '0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01';

  it('keeps the name, the job name and the schema; the data type is inferred from the schema', () => {
    expect(things.name).toBe('test-things');
    expect(things.jobName).toBe('thing');
    expect(things.data.safeParse({ thingId: ID, at: '2026-11-26T08:00:00.000Z' }).success).toBe(true);
    expect(Object.isFrozen(things)).toBe(true);
    expect(definedQueues()).toContain(things);
    const data: JobData<typeof things> = { thingId: ID, at: '2026-11-26T08:00:00.000Z', count: 3 };
    // @ts-expect-error thingId is a string
    const wrong: JobData<typeof things> = { thingId: 42, at: '' };
    expect([data, wrong]).toHaveLength(2);
  });

  it('a second definition of a name with another job name is refused; the same one is not', () => {
    expect(() => defineQueue({ name: 'test-things', jobName: 'other', data: z.object({}) })).toThrow(
      "queue test-things is defined twice (jobs 'thing' and 'other')",
    );
    expect(defineQueue({ name: 'test-things', jobName: 'thing', data: z.object({}) }).jobName).toBe('thing');
    expect(definedQueues().filter((q) => q.name === 'test-things')).toEqual([things]);
  });

  it('accepts valid data, any UUID PostgreSQL accepts, ISO times with Z or an offset; strips unknown keys', () => {
    expect(parseJobData(things, { thingId: ID, at: '2026-11-26T08:00:00.000Z' })).toEqual({ thingId: ID, at: '2026-11-26T08:00:00.000Z' });
    // Not RFC 9562 (version 0, variant 0), still a uuid to PostgreSQL: a row id written by hand.
    expect(parseJobData(things, { thingId: '00000000-0000-0000-0000-000000000001', at: '2026-11-26T09:00:00+01:00' }).thingId).toBe(
      '00000000-0000-0000-0000-000000000001',
    );
    // A key of a newer producer (rolling deploy) is dropped, not refused.
    expect(parseJobData(things, { thingId: ID, at: '2026-11-26T08:00:00Z', count: 2, addedLater: true })).toEqual({
      thingId: ID,
      at: '2026-11-26T08:00:00Z',
      count: 2,
    });
  });

  it('refuses malformed data with a JobDataError naming the queue, the job, each path and message, and no value', () => {
    const error = (data: unknown, jobId?: string): JobDataError => {
      try {
        parseJobData(things, data, jobId);
      } catch (err) {
        if (err instanceof JobDataError) return err;
        throw err;
      }
      throw new Error('expected a JobDataError');
    };
    const e = error({ thingId: 'sk_live_not-a-uuid', at: 'yesterday', count: 1.5 }, 'job-7');
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('JobDataError');
    expect({ queue: e.queue, jobId: e.jobId }).toEqual({ queue: 'test-things', jobId: 'job-7' });
    expect(e.issues).toEqual([
      { path: 'thingId', message: 'Invalid UUID' },
      { path: 'at', message: 'Invalid ISO datetime' },
      { path: 'count', message: 'Invalid input: expected int, received number' },
    ]);
    expect(e.message).toBe(
      'malformed job job-7 of queue test-things: thingId: Invalid UUID; at: Invalid ISO datetime; count: Invalid input: expected int, received number',
    );
    expect(e.message).not.toContain('sk_live');

    expect(error({ thingId: 42 }).message).toBe(
      'malformed job of queue test-things: thingId: Invalid input: expected string, received number; at: Invalid input: expected string, received undefined',
    );
    for (const data of [null, 'x', [], 7, undefined])
      expect(error(data, '1').issues).toEqual([{ path: 'data', message: expect.stringMatching(/^Invalid input: expected object/) }]);
  });

  it('nested paths are dotted', () => {
    const nested = defineQueue({
      name: 'test-nested',
      jobName: 'n',
      data: z.object({ items: z.array(z.object({ id: jobUuid() })) }),
    });
    expect(() => parseJobData(nested, { items: [{ id: ID }, { id: 'x' }] }, '9')).toThrow(
      'malformed job 9 of queue test-nested: items.1.id: Invalid UUID',
    );
  });
});
