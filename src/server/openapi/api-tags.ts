/**
 * The reference's groups, in the order the page shows them. Every API route names exactly one of them in its
 * schema's `tags` (openapi.test.ts fails for a route that does not).
 */
export const apiTags = [
  {
    name: 'Accounts',
    description: 'Registration, sign-in and sign-out, passwords, passkeys and e-mail verification.',
  },
  {
    name: 'Single sign-on',
    description: 'An organization’s OpenID Connect provider, and signing in through it with a work e-mail.',
  },
  { name: 'Organizations', description: 'Creating organizations and reading the ones you belong to.' },
  {
    name: 'Sites',
    description: 'An organization’s offices, each with its own time zone, office hours and working days.',
  },
  { name: 'Team', description: 'The members of an organization and their roles.' },
  {
    name: 'Teams',
    description: 'Named groups of an organization’s members, with booking limits of their own.',
  },
  { name: 'Invitations', description: 'Inviting people by e-mail, and accepting an invitation.' },
  { name: 'Floors and desks', description: 'The floors of an organization and the desks on them.' },
  { name: 'Floor plans and uploads', description: 'Floor-plan images and the default zoom of the plan.' },
  { name: 'Bookings', description: 'Booking desks, availability, and cancelling.' },
  { name: 'Analytics', description: 'How an organization’s desks were used: per day, weekday, floor and desk.' },
  { name: 'Subscriptions', description: 'An organization’s plan, its seats, cancelling and reactivating.' },
  { name: 'Payments', description: 'Checkout with the payment provider, and its webhook.' },
  { name: 'Platform administration', description: 'For admins of the platform organization only.' },
  { name: 'Audit and data rights', description: 'Audit logs, and a user’s copy and deletion of their data.' },
  { name: 'Real-time', description: 'Live changes of an organization as Server-Sent Events.' },
  { name: 'Health', description: 'Whether the server is ready to answer.' },
  { name: 'API reference', description: 'This document and the page that shows it.' },
] as const;

export type ApiTag = (typeof apiTags)[number]['name'];
