// The legal feature's public entry: other features, pages and the app import it from here only.
export { legalEffectiveDate } from './legal-contacts.ts';
export { LegalLayout } from './legal-layout.tsx';
export { privacySections } from './privacy-content.tsx';
export { termsSections } from './terms-content.tsx';
