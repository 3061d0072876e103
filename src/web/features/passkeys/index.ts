// The passkeys feature's public entry: the sign-in page's button. The account menu loads the Passkeys dialog
// (passkeys-dialog.tsx) lazily, in a chunk of its own, as it does the calendar dialog.
export { PasskeySignIn } from './passkey-sign-in.tsx';
