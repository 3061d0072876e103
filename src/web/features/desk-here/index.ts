// The desk page feature's public entry (issue 16): the page a desk's QR code opens, /desk/{deskId}.
export { DeskHere } from './desk-here.tsx';
export { DeskNotFound } from './desk-not-found.tsx';
export { deskHereKey, useDeskHere } from './get-desk-here.ts';
