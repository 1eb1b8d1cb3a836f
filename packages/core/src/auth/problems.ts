import { problemsOf } from '@gw/runtime';

/**
 * The problem types `auth` answers with (status, title, and what the page at `/problems/<code>`
 * says they mean and what to do), and their raiser: `throw authProblem(code, detail, extensions)`.
 * `packages/core/src/problems.ts` composes the full catalogue from `authProblem.types`.
 */
export const authProblem = problemsOf({
  'invalid-signature': {
    status: 401,
    title: 'Invalid login signature',
    meaning:
      'The Sign-In with Ethereum (EIP-4361) message or its signature was refused; `detail` says which check failed and what the service expects, and the members `field` (`message`, `domain`, `uri`, `chainId`, `issuedAt`, `notBefore`, `expirationTime`, `signature`, `nonce`) and `expected` say it for programs.',
    action:
      'Fix the field named in `field` (a `domain` other than `SIWE_DOMAIN`, a clock off by minutes, a nonce used twice are the usual causes), fetch a new nonce, sign a fresh message with the wallet and log in again.',
  },
  'holder-authorization-required': {
    status: 403,
    title: "Needs the wallet holder's signed allowance",
    meaning:
      "The session asked to move value to someone other than its organization or the wallet holder's own address (a transfer to another wallet, a bridge to another address), and the holder signed no allowance for it at login. A session JWT alone never lets a backend send a wallet's value to third parties. Nothing was moved.",
    action:
      "Log the holder in again with an allowance in the EIP-4361 message's Resources (`urn:gw:allowance?per_transaction=…&per_day=…&total=…&recipients=…`, docs/integrating.md), so that they see and sign the limits.",
  },
  'role-required': {
    status: 403,
    title: 'Role required',
    meaning: "The JWT's wallet does not hold the role the operation needs (`requiredRole`).",
    action: 'Have the operator grant the role, then log in again so that the new JWT carries it.',
  },
  'session-organization-mismatch': {
    status: 403,
    title: 'The session belongs to another organization',
    meaning: "The JWT was issued through another organization's login and is accepted only with that organization's credentials.",
    action: 'Log the user in with your own API key (`X-API-Key` on `POST /api/gateway/v1/sso/login`).',
  },
  'native-session-not-allowed': {
    status: 403,
    title: 'Native sessions need the credentials of a native organization',
    meaning: 'The JWT is a native session (a login without an API key), accepted only with the credentials of a native application.',
    action: 'Log the user in with your API key in `X-API-Key` to get a session bound to your organization.',
  },
});

type AuthProblems = typeof authProblem.types;

declare module '@gw/runtime' {
  interface ProblemTypes extends AuthProblems {}
}
