import { company, type LegalSection } from '../legal/index.ts';

const rights = [
  ['Access', 'ask for a copy of the personal data we hold about you.'],
  ['Rectification', 'have inaccurate or incomplete data corrected.'],
  ['Erasure', 'ask us to delete your data where there is no reason to keep it.'],
  ['Restriction', 'ask us to limit how we use your data while a concern is looked into.'],
  ['Portability', 'receive your data in a machine-readable format, or have it sent to another provider.'],
  ['Objection', 'object to processing based on our legitimate interests.'],
] as const;

/** The thirteen sections of the Privacy Policy (spec section 2, "Legal pages"). */
export const privacySections: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <>
        <p>
          Perch is a hot-desk booking service run by <strong>{company.name}</strong>, {company.registration}. We are the
          controller of the account and billing data described here.
        </p>
        <p>
          When an organization uses Perch for its own staff, that organization decides how its floor plans and bookings
          are used and is the controller of that data; we process it on its behalf.
        </p>
      </>
    ),
  },
  {
    id: 'information',
    title: 'Information we collect',
    content: (
      <ul>
        <li>
          <strong>Account data:</strong> your name, e-mail address and a securely hashed password, the organizations you
          belong to and your role in each.
        </li>
        <li>
          <strong>Booking data:</strong> the desks you book, the dates and time slots, any notes you add, and permanent
          desk assignments.
        </li>
        <li>
          <strong>Floor plans:</strong> the images admins upload, and the floors and desks placed on them.
        </li>
        <li>
          <strong>Payment data:</strong> payments are handled by PayPal. We receive the subscription identifier, plan,
          status and billing dates. <strong>Perch never sees or stores your card numbers.</strong>
        </li>
        <li>
          <strong>Technical data:</strong> server logs with IP address, browser type and the time of each request.
        </li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'How we use your information',
    content: (
      <>
        <p>We use your information to:</p>
        <ul>
          <li>provide Perch, show availability and record bookings (to perform our contract with you);</li>
          <li>send service e-mails such as invitations and password resets (to perform our contract);</li>
          <li>take payments and keep accounting records (contract and legal obligation);</li>
          <li>keep the service secure and fix problems (our legitimate interests).</li>
        </ul>
        <p>We do not sell your data, and we do not use it for advertising.</p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    content: (
      <p>
        Perch uses <strong>one session cookie</strong>, which keeps you signed in. It is strictly necessary for the
        service to work, so it does not need your consent. We do not use analytics, advertising or third-party tracking
        cookies.
      </p>
    ),
  },
  {
    id: 'processors',
    title: 'Who we share it with',
    content: (
      <>
        <p>
          We share data only with processors that help us run Perch, under contracts that require them to protect it and
          use it only on our instructions:
        </p>
        <ul>
          <li>PayPal, for subscription payments;</li>
          <li>our hosting and file storage providers, for running the service and keeping floor plans;</li>
          <li>our e-mail delivery provider, for service e-mails.</li>
        </ul>
        <p>We may also disclose data where the law requires it.</p>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    content: (
      <p>
        We store data in the United Kingdom and the European Economic Area where we can. If a processor handles data
        elsewhere, we rely on UK adequacy regulations or on the International Data Transfer Agreement or Standard
        Contractual Clauses, so your data keeps the same level of protection.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <ul>
        <li>
          Account and booking data: while your organization's subscription is active, then deleted within 90 days.
        </li>
        <li>Billing records: six years, as UK tax law requires.</li>
        <li>Server logs: 30 days.</li>
        <li>
          Audit log: if you delete your account, the entries recording what you did as an admin, or what admins did
          about you, stay in your organizations' audit logs, with your name and e-mail address replaced by a
          pseudonymous reference ("a deleted user").
        </li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    content: (
      <p>
        All traffic is encrypted with HTTPS. Passwords are stored only as strong one-way hashes. Each organization's
        data is kept separate from every other's, and only the staff who need it to run the service can reach it. No
        system is perfectly secure; if a breach affects your data we will tell you and the regulator as the law
        requires.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    content: (
      <>
        <p>Under the UK GDPR you have the right to:</p>
        <ul>
          {rights.map(([right, meaning]) => (
            <li key={right}>
              <strong>{right}:</strong> {meaning}
            </li>
          ))}
          <li>
            <strong>Complaint:</strong> complain to the Information Commissioner's Office (ICO), the UK data protection
            regulator, at ico.org.uk. We would appreciate the chance to help first.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'requests',
    title: 'Making a request',
    content: (
      <p>
        To use any of these rights, e-mail <a href={`mailto:${company.privacyEmail}`}>{company.privacyEmail}</a>. We may
        ask you to confirm your identity. We answer <strong>within one month</strong>; for complex requests we may take{' '}
        <strong>up to two months</strong> and will tell you within the first month if we need longer. If your data
        belongs to an organization's workspace, we may pass your request to its admins.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        Perch is for people aged <strong>18 or older</strong>. We do not knowingly collect data from anyone younger; if
        we learn that we have, we delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        We may update this policy. We will show the new effective date at the top of this page and tell you by e-mail or
        in the app before any significant change takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        Questions about this policy or your data? Write to {company.name} at{' '}
        <a href={`mailto:${company.privacyEmail}`}>{company.privacyEmail}</a>.
      </p>
    ),
  },
];
