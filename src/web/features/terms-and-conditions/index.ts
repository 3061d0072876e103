// The terms and conditions feature's public entry: other features, pages and the app import it from here only.
export { termsSections } from './terms-content.tsx';
