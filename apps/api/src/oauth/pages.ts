import { escapeHtml as e } from '../http/problem-pages.js';

/**
 * The wallet holder's pages of the AI connectors (issue #29): the consent page and the approval
 * page, plain HTML with one same-origin script (the API's Content-Security-Policy allows no inline
 * script). The script talks to the holder's wallet through EIP-1193 (`window.ethereum`):
 * `eth_requestAccounts`, then `personal_sign` of the EIP-4361 message the server built for the
 * choices on the page.
 */

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
h1{font-size:1.4rem}fieldset{border:1px solid #d0d7de;border-radius:6px;margin:1rem 0}label{display:block;margin:.3rem 0}
input[type=text]{width:100%;font:inherit;padding:.3rem}textarea{width:100%;font:inherit}small{color:#57606a}
button{font:inherit;padding:.5rem 1rem;margin-right:.5rem;border-radius:6px;border:1px solid #1f883d}
#allow,#approve{background:#1f883d;color:#fff}#status{min-height:1.5rem;color:#cf222e}code{background:#f6f8fa;padding:0 .2rem}`;

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

/** What the consent page shows. */
export interface ConsentPageView {
  clientName: string;
  clientId: string;
  redirectHost: string;
  organizationName: string;
  /** Scopes asked and within the organization's ceiling (ticked). */
  asked: string[];
  /** Every connector scope asked (those not in `asked` are listed as not allowed). */
  askedAll: string[];
  /** The ceiling's limits, base units; null = no cap. */
  caps: { maxPerTransaction: string | null; maxPerDay: string | null; maxTotal: string | null };
}

/** The consent page of interaction `uid`. */
export function consentPage(v: ConsentPageView & { uid: string }): string {
  const refused = v.askedAll.filter((s) => !v.asked.includes(s));
  const scopes = v.asked
    .map(
      (s) => `<label><input type="checkbox" name="scope" value="${e(s)}" checked> <code>${e(s)}</code> ${e(SCOPE_TEXT[s] ?? '')}</label>`,
    )
    .join('\n');
  const defaultCap = (cap: string | null) => e(cap ?? '0');
  return layout(
    `Authorize ${v.clientName}`,
    `<main id="consent" data-kind="consent" data-base="/oauth/interaction/${e(v.uid)}">
<h1>Authorize <span id="client-name">${e(v.clientName)}</span></h1>
<p><strong>${e(v.clientName)}</strong> (client <code>${e(v.clientId)}</code>, returning to <strong id="redirect-host">${e(v.redirectHost)}</strong>)
wants to act for your wallet at <strong id="organization-name">${e(v.organizationName)}</strong>.</p>
<fieldset><legend>What it may do (untick to refuse)</legend>
${scopes || '<p>Nothing this organization allows was asked.</p>'}
${refused.length ? `<p><small>Asked but not allowed by ${e(v.organizationName)}: ${refused.map((s) => `<code>${e(s)}</code>`).join(' ')}</small></p>` : ''}
</fieldset>
<fieldset><legend>Spending limits, in base units of the native token</legend>
<label>Per transaction${capNote(v.caps.maxPerTransaction)} <input type="text" id="perTransaction" value="${defaultCap(v.caps.maxPerTransaction)}"></label>
<label>Per day (UTC)${capNote(v.caps.maxPerDay)} <input type="text" id="perDay" value="${defaultCap(v.caps.maxPerDay)}"></label>
<label>In total${capNote(v.caps.maxTotal)} <input type="text" id="total" value="${defaultCap(v.caps.maxTotal)}"></label>
<label>Ask me to approve payments above <small>(empty: never)</small> <input type="text" id="approvalThreshold" value=""></label>
<label>Transfers only to these addresses <small>(one per line; empty: any)</small><textarea id="recipients" rows="3"></textarea></label>
</fieldset>
<p>You will sign a Sign-In with Ethereum message that states these choices.</p>
<button id="allow" type="button">Sign in with Ethereum and allow</button><button id="deny" type="button">Deny</button>
<p id="status" role="status"></p></main>`,
  );
}

/** What the approval page shows. `amount` in base units. */
export interface ApprovalPageView {
  id: string;
  tool: string;
  amount: string;
  status: string;
  wallet: string;
  clientName: string;
  organizationName: string;
  expiresAt: string;
}

/** The approval page of a payment above the holder's threshold. */
export function approvalPage(v: ApprovalPageView): string {
  const pending = v.status === 'pending';
  return layout(
    'Approve a payment',
    `<main id="approval" data-kind="approval" data-base="/oauth/approvals/${e(v.id)}">
<h1>${e(v.clientName)} asks to spend <span id="amount">${e(v.amount)}</span> base units</h1>
<p>Tool <code>${e(v.tool)}</code> at <strong>${e(v.organizationName)}</strong>, for wallet <code>${e(v.wallet)}</code>.
${pending ? `Waiting until ${e(v.expiresAt)}.` : `This approval is <strong id="approval-status">${e(v.status)}</strong>.`}</p>
${pending ? '<button id="approve" type="button">Sign in with Ethereum and approve</button><button id="reject" type="button">Reject</button>' : ''}
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
