import { z } from 'zod';
import { EX, address, dateTime } from '@gw/runtime';

/**
 * The session contract: the login nonce, Sign-In with Ethereum, and
 * the JWKS that lets other native applications verify the session JWTs.
 */

export const loginBody = z.strictObject({
  message: z.string().min(1).max(4096).meta({ description: 'The EIP-4361 (Sign-In with Ethereum) message, as signed' }),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/, 'must be 0x-prefixed hex')
    .max(2048)
    .meta({ description: "The wallet's personal_sign signature of `message`, 0x-prefixed hex" }),
});

/** Request headers of the login besides its body (documentation only). */
export const loginHeaders = z.object({
  'X-API-Key': z
    .string()
    .optional()
    .meta({ description: "Optional: the organization's API key (or connector token) to bind the session to" }),
});

/** The login answer (component `Session`; the session itself, as a verified JWT stands for it, is the runtime's `Session`). */
export const LoginSession = z
  .object({
    token: z.string().meta({ description: 'ES256 JWT for `Authorization: Bearer`' }),
    expiresAt: dateTime(),
    address: address(),
    organizationId: z
      .string()
      .uuid()
      .nullable()
      .meta({ description: 'Organization the session is bound to (login with its X-API-Key); null for a native session' }),
  })
  .meta({
    id: 'Session',
    example: {
      token: 'eyJhbGciOiJFUzI1NiIsImtpZCI6Ii4uLiJ9.eyJzdWIiOiIweDVhQS4uLiJ9.c2ln',
      expiresAt: '2026-11-21T18:00:00.000Z',
      address: EX.wallet,
      organizationId: '0193a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b',
    },
  });

export const LoginNonce = z
  .object({
    nonce: z
      .string()
      .regex(/^[A-Za-z0-9]{8,}$/)
      .meta({ description: 'Value for the `Nonce:` field of the login message' }),
    expiresAt: dateTime(),
  })
  .meta({ id: 'LoginNonce', description: 'A login nonce: single use, valid for 10 minutes' });

export const Jwk = z
  .object({
    kty: z.literal('EC'),
    crv: z.literal('P-256'),
    x: z.string(),
    y: z.string(),
    kid: z.string(),
    alg: z.literal('ES256'),
    use: z.literal('sig'),
  })
  .meta({ id: 'Jwk', description: 'Public P-256 key (RFC 7517) that verifies the session JWTs' });

export const Jwks = z.object({ keys: z.array(Jwk) }).meta({ id: 'Jwks' });

/** Example requests and answers of the API reference (validated against the schemas by the contract tests). */
export const sessionExamples = {
  loginBody: {
    message:
      'localhost wants you to sign in with your Ethereum account:\n0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n\nSign in to the gateway\n\nURI: https://localhost/login\nVersion: 1\nChain ID: 1\nNonce: n4X8qL2vR7tY1mK9pW3sZ6cB0dF5gH8jA2eU4iO7\nIssued At: 2026-11-21T17:00:00Z',
    signature:
      '0x3c1e5d0b7f4a2e9c8d6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1b',
  },
  loginNonce: { nonce: 'n4X8qL2vR7tY1mK9pW3sZ6cB0dF5gH8jA2eU4iO7', expiresAt: '2026-11-21T17:10:00.000Z' },
  session: {
    organizationId: '0193a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b',
    token: 'eyJhbGciOiJFUzI1NiIsImtpZCI6IjNzUWguLi4ifQ.eyJzdWIiOiIweDVhQWViNjA1M0YzRTk0QzliOUEwOWYzMzY2OTQzNUU3RWYxQmVBZWQifQ.sig',
    expiresAt: '2026-11-21T18:00:00.000Z',
    address: EX.wallet,
  },
  jwks: {
    keys: [
      {
        kty: 'EC',
        crv: 'P-256',
        x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
        y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
        kid: '3sQhBg4b0b1eJcE3wWQ2b7tR5fX0yZ8aN6mL1kP9dVs',
        alg: 'ES256',
        use: 'sig',
      },
    ],
  },
};
