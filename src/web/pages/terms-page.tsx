import { LegalLayout, legalEffectiveDate } from '../features/legal/index.ts';
import { termsSections } from '../features/terms-and-conditions/index.ts';

export function TermsPage() {
  return (
    <LegalLayout
      title="Terms and Conditions"
      effectiveDate={legalEffectiveDate}
      sections={termsSections}
      intro={
        <p>
          These terms explain the rules for using Perch, what you pay and what we promise in return. Please read them
          before you create an account or subscribe.
        </p>
      }
    />
  );
}

export default TermsPage;
