// The billing feature's public entry: other features, pages and the app import it from here only.
// How a subscription is shown: its status, the billing-off notices and (loaded lazily by the dashboard, by module
// path, in its own chunk) the subscription management dialog. The operations behind them are in subscriptions.
export { BillingOffCard, BillingOffSentence } from './billing-off.tsx';
export { StatusBadge } from './status-badge.tsx';
