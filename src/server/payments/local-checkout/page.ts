import type { LocalSubscriptionRow } from './repo.ts';

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

// Styles in a <style> element: the policy allows inline style ('unsafe-inline' in style-src), never script.
const style = `
body{margin:0;background:#f1f5f9;font-family:Inter,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a}
main{max-width:440px;margin:64px auto;padding:0 16px}
.card{background:#fff;border-radius:12px;padding:32px;box-shadow:0 1px 3px rgba(15,23,42,.12)}
.brand{font-size:18px;font-weight:700;color:#4f46e5;margin:0 0 24px}
h1{font-size:22px;margin:0 0 8px}
p{line-height:1.6;margin:0 0 12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:24px 0}
dt{color:#64748b}dd{margin:0;font-weight:600}
.actions{display:flex;gap:12px;margin-top:24px}
button{font:inherit;font-weight:600;border-radius:8px;padding:10px 18px;cursor:pointer;border:1px solid #cbd5e1;background:#fff;color:#0f172a}
button.primary{background:#4f46e5;border-color:#4f46e5;color:#fff}
button:focus-visible,a:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
a{color:#4338ca;font-weight:600;text-decoration:none}a:hover{text-decoration:underline}
.note{font-size:13px;color:#64748b;margin-top:24px}
footer{font-size:12px;color:#94a3b8;text-align:center;margin-top:16px}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Perch</title>
<style>${style}</style>
</head>
<body>
<main>
<div class="card">
<p class="brand">Perch</p>
${body}
</div>
<footer>Perch · Smart hot desk booking</footer>
</main>
</body>
</html>
`;
}

/** The local checkout's approval page: plan, price, organization, and two plain form buttons (no script). */
export function renderCheckoutPage(row: LocalSubscriptionRow, actionBase: string): string {
  const { organizationName = '', planName = '', price = '', currency = 'USD' } = row.display;
  return layout(
    'Approve subscription',
    `<h1>Approve subscription</h1>
<p>Perch's local checkout stands in for PayPal on this server. No payment is taken.</p>
<dl>
<dt>Plan</dt><dd>${escapeHtml(planName)}</dd>
<dt>Price</dt><dd>$${escapeHtml(price)} ${escapeHtml(currency)} / month</dd>
<dt>Organization</dt><dd>${escapeHtml(organizationName)}</dd>
</dl>
<div class="actions">
<form method="post" action="${escapeHtml(`${actionBase}/approve`)}"><button class="primary" type="submit">Approve subscription</button></form>
<form method="post" action="${escapeHtml(`${actionBase}/cancel`)}"><button type="submit">Cancel</button></form>
</div>
<p class="note">To take real payments, configure PayPal (see docs/payments.md).</p>`,
  );
}

/** Signed out: the checkout belongs to someone, as a PayPal approval asks its buyer to sign in first. */
export function renderSignInPage(checkoutPath: string): string {
  return layout(
    'Sign in to approve',
    `<h1>Sign in to approve</h1>
<p>Sign in as the admin who started this checkout, then open this page again.</p>
<p><a href="/auth">Sign in</a> · <a href="${escapeHtml(checkoutPath)}">Open the checkout again</a></p>`,
  );
}

export function renderNotYoursPage(): string {
  return layout(
    'Not your checkout',
    `<h1>Not your checkout</h1>
<p>Only the admin who started this checkout can approve it. Start your own from the plans.</p>
<p><a href="/subscription">Back to the plans</a></p>`,
  );
}

export function renderMissingPage(): string {
  return layout(
    'Checkout not found',
    `<h1>Checkout not found</h1>
<p>This checkout does not exist or was already completed.</p>
<p><a href="/subscription">Back to the plans</a></p>`,
  );
}
