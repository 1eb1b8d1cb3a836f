import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { sign, verifySignature } from '../src/verify-signature.js';

const SECRET = 'whsec_dGVzdC1zZWNyZXQtb25lLWZvci1zaWduaW5nLWRlbGl2ZXJpZXM=';
const OTHER = 'whsec_c2Vjb25kLXNlY3JldC11c2VkLWR1cmluZy1yb3RhdGlvbg==';

// Raw body as the sender would put on the wire, with formatting a JSON round-trip would change.
const BODY = Buffer.from(
  '{"id":"evt_1","type":"payment.settled","createdAt":"2025-01-01T00:00:00.000Z",\n "data":{"payment":{"id":"pay_1","amount":"10.50","memo":"caf\u00e9 \u2603"}}}',
  'utf8',
);

describe('sign', () => {
  it('matches an RFC 4231 HMAC-SHA256 test vector (case 2)', () => {
    expect(sign('Jefe', 'what do ya want for nothing?')).toBe('sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('keys the HMAC with the whole whsec_ string as UTF-8 (like the sender)', () => {
    const expected = createHmac('sha256', Buffer.from(SECRET, 'utf8')).update(BODY).digest('hex');
    expect(sign(SECRET, BODY)).toBe(`sha256=${expected}`);
    // NOT the base64-decoded part.
    const decodedKey = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
    expect(sign(SECRET, BODY)).not.toBe(`sha256=${createHmac('sha256', decodedKey).update(BODY).digest('hex')}`);
  });

  it('treats a string body as its UTF-8 bytes', () => {
    expect(sign(SECRET, BODY.toString('utf8'))).toBe(sign(SECRET, BODY));
  });

  it('throws on an empty secret', () => {
    expect(() => sign('', BODY)).toThrow(TypeError);
  });
});

describe('verifySignature', () => {
  const header = sign(SECRET, BODY);

  it('accepts a genuine signature over the raw bytes (Buffer and string)', () => {
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature(SECRET, BODY, header)).toBe(true);
    expect(verifySignature(SECRET, BODY.toString('utf8'), header)).toBe(true);
  });

  it('rejects a tampered body (one byte flipped)', () => {
    const tampered = Buffer.from(BODY);
    tampered[10] = (tampered[10] ?? 0) ^ 0x01;
    expect(verifySignature(SECRET, tampered, header)).toBe(false);
  });

  it('rejects the same JSON re-serialised (must verify the raw body, not parsed JSON)', () => {
    const reserialised = JSON.stringify(JSON.parse(BODY.toString('utf8')));
    expect(reserialised).not.toBe(BODY.toString('utf8'));
    expect(verifySignature(SECRET, reserialised, header)).toBe(false);
  });

  it('rejects an amount change in the body', () => {
    const forged = BODY.toString('utf8').replace('"10.50"', '"99.50"');
    expect(verifySignature(SECRET, forged, header)).toBe(false);
  });

  it('rejects a signature made with another secret', () => {
    expect(verifySignature(OTHER, BODY, header)).toBe(false);
    expect(verifySignature(SECRET, BODY, sign(OTHER, BODY))).toBe(false);
  });

  it('rejects a missing or empty header', () => {
    expect(verifySignature(SECRET, BODY, undefined)).toBe(false);
    expect(verifySignature(SECRET, BODY, '')).toBe(false);
    expect(verifySignature(SECRET, BODY, 'sha256=')).toBe(false);
  });

  it('rejects a wrong or missing prefix', () => {
    const hex = header.slice('sha256='.length);
    expect(verifySignature(SECRET, BODY, hex)).toBe(false);
    expect(verifySignature(SECRET, BODY, `sha1=${hex}`)).toBe(false);
    expect(verifySignature(SECRET, BODY, `SHA256=${hex}`)).toBe(false);
    expect(verifySignature(SECRET, BODY, `sha256:${hex}`)).toBe(false);
    expect(verifySignature(SECRET, BODY, ` ${header}`)).toBe(false);
  });

  it('rejects length mismatches (truncated, extended, doubled)', () => {
    expect(verifySignature(SECRET, BODY, header.slice(0, -2))).toBe(false);
    expect(verifySignature(SECRET, BODY, header.slice(0, -1))).toBe(false);
    expect(verifySignature(SECRET, BODY, `${header}00`)).toBe(false);
    expect(verifySignature(SECRET, BODY, `${header}0`)).toBe(false);
    expect(verifySignature(SECRET, BODY, header + header.slice(7))).toBe(false);
  });

  it('rejects non-hex and non-lowercase hex', () => {
    const hex = header.slice('sha256='.length);
    expect(verifySignature(SECRET, BODY, `sha256=${'z'.repeat(64)}`)).toBe(false);
    expect(verifySignature(SECRET, BODY, `sha256=${hex.slice(0, 63)}g`)).toBe(false);
    // Buffer.from(hex, 'hex') would silently stop at the first bad char; make sure we do not.
    expect(verifySignature(SECRET, BODY, `sha256=${hex.slice(0, 62)}zz`)).toBe(false);
    if (/[a-f]/.test(hex)) expect(verifySignature(SECRET, BODY, `sha256=${hex.toUpperCase()}`)).toBe(false);
    expect(verifySignature(SECRET, BODY, `sha256=${Buffer.from(hex, 'hex').toString('base64')}`)).toBe(false);
  });

  it('accepts either secret during a rotation window, and only those', () => {
    const oldSig = sign(OTHER, BODY);
    const newSig = sign(SECRET, BODY);
    expect(verifySignature([SECRET, OTHER], BODY, oldSig)).toBe(true);
    expect(verifySignature([SECRET, OTHER], BODY, newSig)).toBe(true);
    expect(verifySignature([OTHER, SECRET], BODY, newSig)).toBe(true);
    expect(verifySignature([SECRET, OTHER], BODY, sign('whsec_third', BODY))).toBe(false);
    expect(verifySignature([SECRET, OTHER], Buffer.concat([BODY, Buffer.from(' ')]), newSig)).toBe(false);
  });

  it('verifies an empty body signature correctly', () => {
    expect(verifySignature(SECRET, Buffer.alloc(0), sign(SECRET, ''))).toBe(true);
    expect(verifySignature(SECRET, Buffer.alloc(0), header)).toBe(false);
  });

  it('throws on programmer error: no secret or an empty secret', () => {
    expect(() => verifySignature([], BODY, header)).toThrow(TypeError);
    expect(() => verifySignature('', BODY, header)).toThrow(TypeError);
    expect(() => verifySignature([SECRET, ''], BODY, header)).toThrow(TypeError);
  });
});
