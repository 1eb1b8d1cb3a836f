import { SPENDING_SCOPES, approvalAmount, clientDisplayName, type ApprovalAction } from '@gw/core/connectors';
import { escapeHtml as e } from '../http/problem-pages.js';

/**
 * The wallet holder's pages of the AI connectors: the consent page and the approval
 * page (behind the holder's sign-in), plain HTML with one same-origin script (the API's Content-Security-Policy allows no inline
 * script). The script talks to the holder's wallet through EIP-1193 (`window.ethereum`):
 * `eth_requestAccounts`, then `personal_sign` of the EIP-4361 message the server built for the
 * choices on the page.
 */

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
h1{font-size:1.4rem}fieldset{border:1px solid #d0d7de;border-radius:6px;margin:1rem 0}label{display:block;margin:.3rem 0}
input[type=text]{width:100%;font:inherit;padding:.3rem}textarea{width:100%;font:inherit}small{color:#57606a}
button{font:inherit;padding:.5rem 1rem;margin-right:.5rem;border-radius:6px;border:1px solid #1f883d}
#allow,#approve,#sign-in{background:#1f883d;color:#fff}dt{font-weight:600}dd{margin:0 0 .4rem}#status{min-height:1.5rem;color:#cf222e}code{background:#f6f8fa;padding:0 .2rem}`;

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(title)}</title><style>${STYLE}</style></head>
<body>${body}<script src="/oauth/assets/holder.js"></script></body></html>`;

/** A page that only says something (an expired or refused authorization). */
export const messagePage = (title: string, text: string): string => layout(title, `<h1>${e(title)}</h1><p>${e(text)}</p>`);

const SCOPE_TEXT: Record<string, string> = {
  'wallet:read': 'See the wallet’s balances',
  'wallet:write': 'Transfer tokens from the wallet',
  'staking:read': 'See staking positions',
  'staking:write': 'Stake from the wallet’s custodial balance',
  'farming:read': 'See farming pools',
  'governance:read': 'See proposals and votes',
  'governance:write': 'Vote with a signature you give it',
  'treasury:read': 'See the treasury',
  'payments:read': 'See payments',
  'payments:write': 'Create and confirm payments from the wallet',
  'billing:read': 'See the AI-credit balance',
  'billing:write': 'Spend AI credits',
  'logistics:read': 'Read logistics data',
  'energy:read': 'Read energy data',
};

const capNote = (cap: string | null) => (cap === null ? '' : ` <small>(at most ${e(cap)})</small>`);
const capText = (cap: string | null) => (cap === null ? 'no maximum' : `at most ${e(cap)} base units`);

/** What the consent page shows. */
export interface ConsentPageView {
  /** The client's own `client_name` (RFC 7591: free text, not verified), or null. */
  clientName: string | null;
  clientId: string;
  /** The client id's host when the client id is a URL (a Client ID Metadata Document), else null. */
  clientIdHost: string | null;
  redirectHost: string;
  organizationName: string;
  /** Scopes asked and within the organization's ceiling (ticked). */
  asked: string[];
  /** Every connector scope asked (those not in `asked` are listed as not allowed). */
  askedAll: string[];
  /** The ceiling's limits, base units; null = no cap. */
  caps: { maxPerTransaction: string | null; maxPerDay: string | null; maxTotal: string | null };
}

/**
 * Who asks, as the consent and approval pages show it: the client's name marked as its own,
 * unverified claim (anyone may register "Claude"), then what identifies it: the client id's host
 * (a URL client id) or the client id.
 */
function clientBlock(v: { clientName: string | null; clientId: string; clientIdHost: string | null }): string {
  const id = v.clientIdHost
    ? `client id host <strong id="client-id-host">${e(v.clientIdHost)}</strong> (<code>${e(v.clientId)}</code>)`
    : `client id <code>${e(v.clientId)}</code>`;
  return `<strong id="client-name">${e(clientDisplayName(v))}</strong> <small class="unverified">(the name the application gave itself: unverified)</small>, ${id}`;
}

/** The consent page of interaction `uid`. */
export function consentPage(v: ConsentPageView & { uid: string }): string {
  const refused = v.askedAll.filter((s) => !v.asked.includes(s));
  const scopes = v.asked
    .map(
      (s) => `<label><input type="checkbox" name="scope" value="${e(s)}" checked> <code>${e(s)}</code> ${e(SCOPE_TEXT[s] ?? '')}</label>`,
    )
    .join('\n');
  // A limit the ceiling caps starts at the cap; one it does not cap starts empty (never 0, which
  // would make a grant that can spend nothing).
  const limit = (id: string, cap: string | null) =>
    `<input type="text" id="${id}" value="${e(cap ?? '')}" placeholder="base units, above 0 to allow spending" inputmode="numeric">`;
  return layout(
    `Authorize ${clientDisplayName(v)}`,
    `<main id="consent" data-kind="consent" data-base="/oauth/interaction/${e(v.uid)}" data-spending="${e(SPENDING_SCOPES.join(' '))}">
<h1>Authorize ${e(clientDisplayName(v))}</h1>
<p>${clientBlock(v)}, returning to <strong id="redirect-host">${e(v.redirectHost)}</strong>,
wants to act for your wallet at <strong id="organization-name">${e(v.organizationName)}</strong>.
Where it returns is what tells you who receives this authorization.</p>
<fieldset><legend>What it may do (untick to refuse)</legend>
${scopes || '<p>Nothing this organization allows was asked.</p>'}
${refused.length ? `<p><small>Asked but not allowed by ${e(v.organizationName)}: ${refused.map((s) => `<code>${e(s)}</code>`).join(' ')}</small></p>` : ''}
</fieldset>
<fieldset id="ceiling"><legend>What ${e(v.organizationName)} lets you grant</legend>
<dl><dt>Per transaction</dt><dd>${capText(v.caps.maxPerTransaction)}</dd>
<dt>Per day (UTC)</dt><dd>${capText(v.caps.maxPerDay)}</dd>
<dt>In total</dt><dd>${capText(v.caps.maxTotal)}</dd>
<dt>Recipients</dt><dd>any (you may name yours below)</dd></dl>
</fieldset>
<fieldset><legend>Spending limits, in base units of the native token</legend>
<label>Per transaction${capNote(v.caps.maxPerTransaction)} ${limit('perTransaction', v.caps.maxPerTransaction)}</label>
<label>Per day (UTC)${capNote(v.caps.maxPerDay)} ${limit('perDay', v.caps.maxPerDay)}</label>
<label>In total${capNote(v.caps.maxTotal)} ${limit('total', v.caps.maxTotal)}</label>
<label>Ask me to approve payments above <small>(empty: never)</small> <input type="text" id="approvalThreshold" value=""></label>
<label>Transfers only to these addresses <small>(one per line; empty: any)</small><textarea id="recipients" rows="3"></textarea></label>
</fieldset>
<p>You will sign a Sign-In with Ethereum message that states these choices.</p>
<button id="allow" type="button">Sign in with Ethereum and allow</button><button id="deny" type="button">Deny</button>
<p id="status" role="status"></p></main>`,
  );
}

/** What the approval page shows, once its holder signed in. */
export interface ApprovalPageView {
  id: string;
  /** What the call does: tool, amount, recipient, payee or beneficiary, chain. */
  action: ApprovalAction;
  status: string;
  wallet: string;
  clientName: string | null;
  clientId: string;
  clientIdHost: string | null;
  organizationName: string;
  expiresAt: string;
}

const ROLE_TEXT: Record<ApprovalAction['role'], string> = { recipient: 'Recipient', payee: 'Payee', beneficiary: 'Beneficiary' };

/**
 * The approval page before its holder signs in: a sign-in prompt and nothing of the request (no
 * wallet, organization, client, tool or amount): anyone holding the link sees only this.
 */
export function approvalSignInPage(id: string): string {
  return layout(
    'Sign in to see a request',
    `<main id="approval-sign-in" data-kind="approval-sign-in" data-base="/oauth/approvals/${e(id)}">
<h1>A request waits for your decision</h1>
<p>Sign in with Ethereum with the wallet it was made for to see it and decide.</p>
<button id="sign-in" type="button">Sign in with Ethereum</button>
<p id="status" role="status"></p></main>`,
  );
}

/** The approval page of a call above the holder's threshold, for its signed-in holder. */
export function approvalPage(v: ApprovalPageView): string {
  const pending = v.status === 'pending';
  const a = v.action;
  return layout(
    `Approve ${a.tool}`,
    `<main id="approval" data-kind="approval" data-base="/oauth/approvals/${e(v.id)}">
<h1>${e(clientDisplayName(v))} asks for your approval: <code>${e(a.tool)}</code> of <span id="amount">${e(a.amountInTokens)} ${e(a.token)}</span></h1>
<dl>
<dt>${ROLE_TEXT[a.role]}</dt><dd id="counterparty"><code>${e(a.counterparty)}</code></dd>
<dt>Amount</dt><dd id="amount-detail">${e(approvalAmount(a))}</dd>
<dt>Chain</dt><dd id="chain">chain ${a.chainId}</dd>
${a.detail ? `<dt>Call</dt><dd><code>${e(a.tool)}</code>, ${e(a.detail)}</dd>` : `<dt>Call</dt><dd><code>${e(a.tool)}</code></dd>`}
<dt>From wallet</dt><dd><code id="wallet">${e(v.wallet)}</code> at <strong>${e(v.organizationName)}</strong></dd>
<dt>Requested by</dt><dd>${clientBlock(v)}</dd>
</dl>
<p>${pending ? `Waiting until ${e(v.expiresAt)}. Your wallet will show the same in the message you sign.` : `This approval is <strong id="approval-status">${e(v.status)}</strong>.`}</p>
${pending ? '<button id="approve" type="button">Sign and approve</button><button id="reject" type="button">Reject</button>' : ''}
<p id="status" role="status"></p></main>`,
  );
}

/**
 * The pages' script, served as `/oauth/assets/holder.js`. It reads the page's choices, asks the
 * server for the message to sign, has the wallet sign it, and posts the signature.
 */
export const HOLDER_SCRIPT = `(() => {
  const main = document.querySelector('main[data-kind]');
  if (!main) return;
  const base = main.dataset.base;
  const status = document.getElementById('status');
  const say = (t) => { status.textContent = t; };
  const post = async (path, body) => {
    const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });
    const out = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(out.detail || out.title || ('HTTP ' + r.status));
    return out;
  };
  const account = async () => {
    if (!window.ethereum) throw new Error('No Ethereum wallet in this browser');
    const [address] = await window.ethereum.request({ method: 'eth_requestAccounts' });
    return address;
  };
  const sign = async (address, message) => {
    const hex = '0x' + Array.from(new TextEncoder().encode(message), (b) => b.toString(16).padStart(2, '0')).join('');
    return window.ethereum.request({ method: 'personal_sign', params: [hex, address] });
  };
  const field = (id) => document.getElementById(id).value.trim();
  const run = (button, fn) => button && button.addEventListener('click', async () => {
    document.querySelectorAll('button').forEach((b) => (b.disabled = true));
    try { await fn(); } catch (err) { say(err.message || String(err)); document.querySelectorAll('button').forEach((b) => (b.disabled = false)); }
  });
  if (main.dataset.kind === 'consent') {
    const spending = (main.dataset.spending || '').split(' ');
    const limits = [['perTransaction', 'Per transaction'], ['perDay', 'Per day'], ['total', 'In total']];
    const choices = (address) => ({
      address,
      scopes: Array.from(document.querySelectorAll('input[name=scope]:checked'), (i) => i.value),
      perTransaction: field('perTransaction') || '0',
      perDay: field('perDay') || '0',
      total: field('total') || '0',
      approvalThreshold: field('approvalThreshold') || null,
      recipients: field('recipients') ? field('recipients').split(/\\s+/).filter(Boolean) : null,
    });
    run(document.getElementById('allow'), async () => {
      const kept = Array.from(document.querySelectorAll('input[name=scope]:checked'), (i) => i.value).filter((s) => spending.includes(s));
      const zero = limits.find(([id]) => !/^[1-9][0-9]*$/.test(field(id)));
      if (kept.length && zero) throw new Error(zero[1] + ' must be above 0 base units: with ' + kept.join(', ') + ' a limit of 0 lets it spend nothing');
      const address = await account();
      const choice = choices(address);
      const { message } = await post('/message', choice);
      say('Sign the message in your wallet');
      const signature = await sign(address, message);
      const { redirectTo } = await post('/confirm', { ...choice, message, signature });
      say('Authorized: returning to the application');
      location.href = redirectTo;
    });
    run(document.getElementById('deny'), async () => {
      const { redirectTo } = await post('/deny', {});
      location.href = redirectTo;
    });
  } else if (main.dataset.kind === 'approval-sign-in') {
    run(document.getElementById('sign-in'), async () => {
      const address = await account();
      const { message } = await post('/sign-in/message', { address });
      say('Sign the message in your wallet');
      const signature = await sign(address, message);
      await post('/sign-in', { message, signature });
      location.reload();
    });
  } else {
    const decide = (decision) => async () => {
      const address = await account();
      const { message } = await post('/message', { address, decision });
      const signature = await sign(address, message);
      const out = await post('/decide', { decision, message, signature });
      say('This approval is ' + out.status);
      document.querySelectorAll('button').forEach((b) => b.remove());
      main.dataset.status = out.status;
    };
    run(document.getElementById('approve'), decide('approve'));
    run(document.getElementById('reject'), decide('reject'));
  }
})();
`;
