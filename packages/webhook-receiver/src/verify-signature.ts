import { createHmac, timingSafeEqual } from 'node:crypto';

/** Prefix of the `X-Service-Signature` header value: `sha256=<64 lowercase hex chars>`. */
export const SIGNATURE_PREFIX = 'sha256=';

/** Length in hex characters of an HMAC-SHA256 digest (32 bytes). */
const DIGEST_HEX_LENGTH = 64;

const LOWERCASE_HEX = /^[0-9a-f]+$/;

/**
 * Normalises the secret argument to a non-empty list of non-empty strings.
 * @throws {TypeError} when no secret is given or one of them is empty — an empty key would
 *   make every signature forgeable, and an unset environment variable is the usual cause.
 */
export function toSecretList(secret: string | readonly string[]): readonly string[] {
  const list = typeof secret === 'string' ? [secret] : secret;
  if (!Array.isArray(list) || list.length === 0) {
    throw new TypeError('webhook-receiver: at least one webhook secret is required');
  }
  for (const s of list) {
    if (typeof s !== 'string' || s.length === 0) {
      throw new TypeError('webhook-receiver: webhook secrets must be non-empty strings');
    }
  }
  return list;
}

/**
 * The exact bytes of a body: a string is UTF-8 encoded; a Buffer is used as is; any other
 * `Uint8Array` or an `ArrayBuffer` is viewed without copying.
 * @throws {TypeError} on anything else (e.g. an already-parsed JSON object).
 */
export function toBytes(rawBody: string | Uint8Array | ArrayBuffer): Buffer {
  if (typeof rawBody === 'string') return Buffer.from(rawBody, 'utf8');
  if (Buffer.isBuffer(rawBody)) return rawBody;
  if (rawBody instanceof Uint8Array) return Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  if (rawBody instanceof ArrayBuffer) return Buffer.from(rawBody);
  throw new TypeError('webhook-receiver: the raw body must be a string, Buffer, Uint8Array or ArrayBuffer (not parsed JSON)');
}

function hmac(secret: string, body: Buffer): Buffer {
  // The whole secret string (including the `whsec_` prefix) is the key, as UTF-8 bytes —
  // exactly what the signer does with createHmac('sha256', secret).
  return createHmac('sha256', secret).update(body).digest();
}

/**
 * Computes the `X-Service-Signature` header value for a body, the way the service signs
 * deliveries. Intended for tests and tooling (e.g. replaying a captured delivery locally).
 *
 * @param secret  The webhook signing secret exactly as returned at registration
 *   (`whsec_...`); the whole string is the HMAC key, UTF-8 encoded.
 * @param rawBody The exact body bytes (Buffer, Uint8Array or ArrayBuffer). A string is UTF-8 encoded.
 * @returns `sha256=` followed by the 64-character lowercase hex HMAC-SHA256 digest.
 * @throws {TypeError} if `secret` is empty, or `rawBody` is not a string or bytes.
 */
export function sign(secret: string, rawBody: string | Uint8Array | ArrayBuffer): string {
  const [key] = toSecretList(secret);
  return SIGNATURE_PREFIX + hmac(key as string, toBytes(rawBody)).toString('hex');
}

/**
 * Verifies an `X-Service-Signature` header against the raw request body.
 *
 * Compute this over the body bytes exactly as received, before any JSON parsing or
 * re-serialisation. The comparison is constant-time (`crypto.timingSafeEqual`) on the
 * 32-byte digests, and every given secret is checked (no early exit), so timing does not
 * reveal which secret matched.
 *
 * @param secret  One secret, or several during a rotation window (e.g. `[newSecret, oldSecret]`);
 *   a signature made with any of them is accepted. Each is the full `whsec_...` string,
 *   used as the UTF-8 HMAC key.
 * @param rawBody The exact body bytes as received (Buffer, Uint8Array or ArrayBuffer). A string
 *   is UTF-8 encoded — pass the bytes whenever you have them, since decoding and re-encoding can alter bytes.
 * @param header  The `X-Service-Signature` header value (`sha256=<64 lowercase hex>`).
 * @returns `true` only if the header is well formed and matches one of the secrets;
 *   `false` when the header is missing/empty, lacks the exact `sha256=` prefix, contains
 *   anything other than lowercase hex, has the wrong length, or does not match.
 *   Malformed input never throws.
 * @throws {TypeError} only on programmer error: no secret, an empty secret string, or a
 *   `rawBody` that is not a string or bytes.
 */
export function verifySignature(
  secret: string | readonly string[],
  rawBody: string | Uint8Array | ArrayBuffer,
  header: string | null | undefined,
): boolean {
  const secrets = toSecretList(secret);
  const body = toBytes(rawBody);
  if (typeof header !== 'string' || !header.startsWith(SIGNATURE_PREFIX)) return false;
  const hex = header.slice(SIGNATURE_PREFIX.length);
  // Length is not secret (always 64), so checking it up front leaks nothing.
  if (hex.length !== DIGEST_HEX_LENGTH || !LOWERCASE_HEX.test(hex)) return false;
  const received = Buffer.from(hex, 'hex');
  if (received.length !== DIGEST_HEX_LENGTH / 2) return false;

  let matched = false;
  for (const key of secrets) {
    const expected = hmac(key, body);
    // Both are 32 bytes here; the length guard keeps timingSafeEqual from throwing.
    if (expected.length === received.length && timingSafeEqual(expected, received)) {
      matched = true;
    }
  }
  return matched;
}
