/**
 * The permission scopes a credential can carry, by name: a route's `scope`, a principal's
 * `scopes`. Empty here: the `auth` module of `@gw/core` declares them (`auth/scopes.ts`) and adds
 * them by declaration merging, so that {@link Scope} names them wherever it is compiled.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ApiScopes {}

/** A permission scope (`wallet:read`, …): a key of {@link ApiScopes}. */
export type Scope = keyof ApiScopes & string;
