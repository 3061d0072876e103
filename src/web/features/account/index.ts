// The account feature's public entry: other features, pages and the app import it from here only.
export { AccountMenu } from './account-menu.tsx';
export { CalendarFeedReplacementOffer } from './calendar-feed-replacement-offer.tsx';
export { useConfirmEmailChange } from './confirm-email-change.ts';
