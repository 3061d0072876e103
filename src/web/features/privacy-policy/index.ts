// The privacy policy feature's public entry: other features, pages and the app import it from here only.
export { privacySections } from './privacy-content.tsx';
