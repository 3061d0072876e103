import { LegalLayout, legalEffectiveDate } from '../features/legal/index.ts';
import { privacySections } from '../features/privacy-policy/index.ts';

export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      effectiveDate={legalEffectiveDate}
      sections={privacySections}
      intro={
        <p>
          This policy explains what personal data Perch collects, why, how long we keep it, and the rights you have over
          it. We keep it short and collect only what the service needs.
        </p>
      }
    />
  );
}

export default PrivacyPage;
