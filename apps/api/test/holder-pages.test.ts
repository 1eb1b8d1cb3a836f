/**
 * What the wallet holder reads before signing, without a stack: a client's free-text
 * name is marked unverified on the consent page and in the consent's statement, beside what
 * identifies the client (a URL client id's host, a Client ID Metadata Document's, or the opaque
 * id), and a name cannot smuggle quotes or a line break into the statement.
 */
import { describe, expect, it } from '@jest/globals';
import { approvalStatement, clientIdHost, consentStatement, type GrantLimits } from '@gw/core/connectors';
import { approvalPage, consentPage } from '../src/oauth/pages.js';

const limits: GrantLimits = { perTransaction: 10n, perDay: 20n, total: 30n, recipients: null, approvalThreshold: null };
const caps = { maxPerTransaction: null, maxPerDay: null, maxTotal: null };

describe('the client as the holder sees it', () => {
  it('a URL client id (CIMD) is shown by its host on the page and in the statement, the name marked unverified', () => {
    const clientId = 'https://agent.example.net/oauth/client.json';
    expect(clientIdHost(clientId)).toBe('agent.example.net');
    const statement = consentStatement({
      clientName: 'Claude',
      clientId,
      redirectHost: 'agent.example.net',
      organizationName: 'Shop',
      scopes: ['payments:read'],
      limits,
    });
    expect(statement).toMatch(
      /^Authorize “Claude” \(name unverified; client id host agent\.example\.net; returning to agent\.example\.net\) to act/,
    );
    const page = consentPage({
      uid: 'u1',
      clientName: 'Claude',
      clientId,
      clientIdHost: clientIdHost(clientId),
      redirectHost: 'agent.example.net',
      organizationName: 'Shop',
      asked: ['payments:read'],
      askedAll: ['payments:read'],
      caps,
    });
    expect(page).toMatch(/“Claude”<\/strong> <small class="unverified">\(the name the application gave itself: unverified\)<\/small>/);
    expect(page).toContain('client id host <strong id="client-id-host">agent.example.net</strong>');
  });

  it('a registered client is shown by its client id; quotes and line breaks in its name are taken out', () => {
    expect(clientIdHost('b1c2d3')).toBeNull();
    const statement = consentStatement({
      clientName: 'Claude” (verified)\nURI: https://evil.example',
      clientId: 'b1c2d3',
      redirectHost: 'evil.example',
      organizationName: 'Shop',
      scopes: [],
      limits,
    });
    expect(statement).not.toMatch(/[\r\n]/);
    expect(statement).toMatch(/^Authorize “Claude \(verified\) URI: https:\/\/evil\.example” \(name unverified; client id b1c2d3;/);
  });

  it('an approval names its payee, amount and chain in the page and in the statement', () => {
    const action = {
      tool: 'confirm_payment',
      role: 'payee' as const,
      counterparty: 'Shop (organization 0190a0b0-0000-7000-8000-000000000001)',
      amount: 2_500_000_000_000_000_000n,
      amountInTokens: '2.5',
      token: 'GTK',
      chainId: 31337,
      detail: 'payment 0190a0b0-0000-7000-8000-0000000000aa',
    };
    const statement = approvalStatement({ decision: 'approve', action, clientName: null, clientId: 'b1c2d3', approvalId: 'a1' });
    expect(statement).toBe(
      'Approve confirm_payment of 2.5 GTK (2500000000000000000 base units) to payee Shop (organization 0190a0b0-0000-7000-8000-000000000001) ' +
        '(payment 0190a0b0-0000-7000-8000-0000000000aa) on chain 31337, requested by “b1c2d3” (name unverified; client id b1c2d3) (approval a1).',
    );
    const page = approvalPage({
      id: 'a1',
      action,
      status: 'pending',
      wallet: '0x0000000000000000000000000000000000000001',
      clientName: null,
      clientId: 'b1c2d3',
      clientIdHost: null,
      organizationName: 'Shop',
      expiresAt: '2026-12-01T00:00:00.000Z',
    });
    for (const shown of ['Payee', action.counterparty, '2.5 GTK (2500000000000000000 base units)', 'chain 31337', 'payment 0190a0b0']) {
      expect(page).toContain(shown);
    }
  });
});
