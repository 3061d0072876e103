// The realtime feature's public entry: other features, pages and the app import it from here only.
export { LiveIndicator } from './live-indicator.tsx';
export { type LiveStatus, useLiveUpdates } from './use-live-updates.ts';
