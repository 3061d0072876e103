// The password reset feature's public entry: other features, pages and the app import it from here only.
// The /reset-password page's operations: checking the link's token and setting the new password. Asking for the
// link is the sign-in page's Forgot password dialog, in auth, so that this page does not download a dialog.
export { useResetTokenCheck } from './check-reset-token.ts';
export { useResetPassword } from './reset-password.ts';
