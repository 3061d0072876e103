/** Who runs Perch, as the legal pages and the footer name it. */
export const company = {
  name: 'Perch Workspace Ltd',
  registration: 'a company registered in England and Wales under company number 15824736',
  legalEmail: 'legal@perch.example',
  privacyEmail: 'privacy@perch.example',
  supportEmail: 'support@perch.example',
} as const;

export const legalEffectiveDate = '15 August 2025';
