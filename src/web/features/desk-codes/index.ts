// The desk codes feature's public entry. It holds only the way in: the sheet itself (and the QR library) is loaded
// by the router on demand, from desk-codes-page.tsx.
export { deskCodesPath, PrintDeskCodesLink } from './print-desk-codes-link.tsx';
