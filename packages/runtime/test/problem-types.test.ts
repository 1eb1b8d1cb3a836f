import { describe, expect, it } from '@jest/globals';
import { AppError, type ProblemTypeInfo, composeProblemTypes, genericProblemTypes, problemsOf } from '@gw/runtime';

/** A module's table as a `problems.ts` writes it, with codes this test makes up. */
const thingsProblems = {
  'thing-busy': { status: 409, title: 'Thing busy', meaning: 'The thing is busy.', action: 'Retry later.' },
  'thing-gone': { status: 410, title: 'Thing gone', meaning: 'The thing was removed.', action: 'Create another.' },
} as const satisfies Record<string, ProblemTypeInfo>;
const thingsProblem = problemsOf(thingsProblems);

describe('problem types', () => {
  it('raises a generic problem type by its code alone, with its status and title', () => {
    const err = new AppError('not-found', 'no such payment', { id: 'x' });
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'not-found', status: 404, title: 'Not found', message: 'no such payment', extensions: { id: 'x' } });
  });

  it("raises a module's problem type through its raiser, with the table's status and title", () => {
    const err = thingsProblem('thing-busy', undefined, { thing: 't1' }, { retryAfterSeconds: 5 });
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'thing-busy', status: 409, title: 'Thing busy', message: 'Thing busy', extensions: { thing: 't1' } });
    expect(err.retryAfterSeconds).toBe(5);
    expect(thingsProblem.types).toBe(thingsProblems);
  });

  it('refuses a code that is neither generic nor given with its table entry', () => {
    expect(() => new AppError('thing-gone' as never)).toThrow(/not generic/);
  });

  it('composes the tables ordered by status and refuses a code defined twice', () => {
    const all = composeProblemTypes([genericProblemTypes, thingsProblems]);
    const statuses = Object.values(all).map((i) => i.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['not-found', 'thing-busy', 'thing-gone']));
    expect(() => composeProblemTypes([thingsProblems, { 'thing-busy': thingsProblems['thing-busy'] }])).toThrow(/defined twice/);
  });
});
