import { Link } from 'wouter';
import { company, type LegalSection } from '../legal/index.ts';

/** The fourteen sections of the Terms and Conditions (spec section 2, "Legal pages"). */
export const termsSections: readonly LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    content: (
      <>
        <p>
          Perch is a hot-desk booking service for offices and hybrid workspaces. It lets organizations upload floor
          plans, place desks on them and let their members book desks by date and time slot. Perch is provided by{' '}
          <strong>{company.name}</strong>, {company.registration} (“we”, “us”).
        </p>
        <p>
          These terms form a contract between us and you. By creating an account or using Perch you accept them. If you
          use Perch on behalf of an organization, you confirm that you are authorised to accept these terms for it, and
          “you” includes that organization.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    content: (
      <p>
        You must be <strong>18 or older</strong> and able to enter into a binding contract to use Perch. By creating an
        account you confirm that you meet these requirements. We may close accounts that do not.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts and organizations',
    content: (
      <>
        <p>
          You must give accurate information when you sign up and keep it up to date. Keep your password confidential;
          you are responsible for everything done with your account. Tell us straight away at{' '}
          <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a> if you think someone else has used it.
        </p>
        <p>
          Each organization has one or more admins. Admins invite members, change roles, remove members, manage floors
          and desks, and manage the subscription. Removing a member also removes that member's bookings.
        </p>
      </>
    ),
  },
  {
    id: 'fees',
    title: 'Subscriptions and payment',
    content: (
      <>
        <p>
          Perch is sold by subscription. Each plan is a flat monthly fee in US dollars and allows up to a set number of
          users. Payments are taken by our payment provider, PayPal, at the start of each billing period.
        </p>
        <ul>
          <li>
            Subscription fees are <strong>payable in advance</strong> and renew automatically each month until you
            cancel.
          </li>
          <li>
            Fees are <strong>non-refundable</strong>, including for partly used periods, unless a refund is required by
            law.
          </li>
          <li>If a payment fails we may suspend paid features until it succeeds.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'price-changes',
    title: 'Price changes',
    content: (
      <p>
        We may change our prices. We will give you at least <strong>30 days' notice</strong> by e-mail before a new
        price applies to your subscription. The new price takes effect from your first billing date after the notice
        period. If you do not agree, you can cancel before then and will not be charged the new price.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>break the law, or upload content that is unlawful, offensive or infringes anyone's rights;</li>
          <li>try to reach data or accounts that are not yours, or probe, scan or test our security;</li>
          <li>interfere with the service, overload it, or send automated requests beyond normal use;</li>
          <li>copy, resell or reverse engineer the service, except where the law allows it;</li>
          <li>share one account between several people to stay under a plan's user limit.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'customer-data',
    title: 'Your data',
    content: (
      <>
        <p>
          You keep all rights in the floor plans, desk layouts, bookings and other information you put into Perch
          (“customer data”). You allow us to host, copy and process customer data only as needed to provide and support
          the service.
        </p>
        <p>
          You are responsible for having the right to upload customer data and a lawful basis for the personal data it
          contains. We handle personal data as described in our <Link href="/privacy-policy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and support',
    content: (
      <p>
        We work to keep Perch available around the clock, but we do not promise that it will be uninterrupted or free of
        errors. We may pause the service for maintenance, and will try to give notice of planned work. We may change or
        improve features, as long as we do not materially reduce what your current plan offers during a paid period.
        Support is available by e-mail at <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    content: (
      <p>
        Perch, its software, design and brand belong to {company.name} or its licensors. While your subscription is
        active we give you a limited, non-exclusive, non-transferable right to use Perch for your organization's
        internal purposes. If you send us feedback, we may use it without any obligation to you.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Cancellation and termination',
    content: (
      <>
        <p>
          Admins can cancel a subscription at any time from the Subscription screen. It stays active until the end of
          the period already paid for and then ends; no further payments are taken.
        </p>
        <p>
          We may suspend or end your access if you seriously or repeatedly break these terms or do not pay. When a
          subscription ends, we delete customer data within 90 days, except where the law requires us to keep it.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    content: (
      <>
        <p>
          Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for
          anything else that cannot be limited by law.
        </p>
        <p>
          Otherwise, we are not liable for loss of profit, revenue, business or goodwill, or for any indirect or
          consequential loss. Our total liability arising from or in connection with these terms is{' '}
          <strong>limited to the fees you paid us in the 12 months</strong> before the event that gave rise to the
          claim.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms from time to time. We will tell admins by e-mail or in the app before a material
        change takes effect, and show the new effective date at the top of this page. If you keep using Perch after a
        change takes effect, the updated terms apply.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    content: (
      <p>
        These terms and any dispute arising from them are governed by the <strong>laws of England and Wales</strong>.
        The courts of England and Wales have exclusive jurisdiction, although if you are a consumer you may also have
        the right to bring proceedings where you live.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        Questions about these terms? Write to {company.name} at{' '}
        <a href={`mailto:${company.legalEmail}`}>{company.legalEmail}</a>. For help with your account, write to{' '}
        <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>.
      </p>
    ),
  },
];
