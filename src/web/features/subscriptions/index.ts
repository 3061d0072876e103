// The subscriptions feature's public entry: other features, pages and the app import it from here only.
// Operations and words only, no components, so that any page may import it without downloading the billing views.

export { useCancelSubscription } from './cancel-subscription.ts';
export { CheckoutError, goToCheckout, useCheckout } from './create-subscription.ts';
export { usePaymentSetup } from './get-payment-setup.ts';
export { type SubscriptionDetails, useSubscription } from './get-subscription.ts';
export { approveLink } from './provider-links.ts';
export { type ReactivateInput, useReactivateSubscription } from './reactivate-subscription.ts';
export { refreshSubscriptionCaches } from './refresh-subscription.ts';
export {
  daysLeftText,
  daysUntil,
  formatDate,
  formatUsers,
  statusTones,
  statusWords,
} from './subscription-words.ts';
