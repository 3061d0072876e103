// The legal feature's public entry: other features, pages and the app import it from here only.
// The legal pages' layout and who runs Perch; each page's text is its own feature (privacy-policy,
// terms-and-conditions), so that neither page downloads the other's.
export { company, legalEffectiveDate } from './legal-contacts.ts';
export { LegalLayout, type LegalSection } from './legal-layout.tsx';
