export { SsoLinkPrompt } from './sso-link-prompt.tsx';
export { SsoSettingsDialog } from './sso-settings-dialog.tsx';
export { SsoSignIn } from './sso-sign-in.tsx';
