// The auth feature's public entry: other features, pages and the app import it from here only.
// The sign-in page's operations and its Forgot password dialog; only that page imports it, so the dialog is
// downloaded with it alone. Who is signed in, and signing out, are the session feature's.
export { cacheSignedInUser } from './cache-signed-in-user.ts';
export { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
export { useLogin } from './log-in.ts';
export { useRegister } from './register.ts';
export { signUpFieldProblem } from './sign-up-field-problem.ts';
