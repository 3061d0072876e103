import type { MailMessage } from '#server/mail/mailer.ts';
import { renderMail } from '#server/mail/templates.ts';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export function trialEndingMail(
  to: string,
  details: { organizationName: string; endsAt: Date; url: string },
): MailMessage {
  const when = dateFormat.format(details.endsAt);
  return {
    to,
    subject: `Your Perch trial for ${details.organizationName} ends in 3 days`,
    links: [details.url],
    ...renderMail({
      preview: `The free trial of ${details.organizationName} ends on ${when}.`,
      heading: 'Your trial ends in 3 days',
      paragraphs: [
        `The free trial of ${details.organizationName} on Perch ends on ${when}.`,
        'Choose a plan before then to keep editing floor plans and inviting your team. Bookings and desks stay as they are.',
      ],
      action: { label: 'Choose a plan', url: details.url },
    }),
  };
}

export function trialEndedMail(to: string, details: { organizationName: string; url: string }): MailMessage {
  return {
    to,
    subject: `Your Perch trial for ${details.organizationName} has ended`,
    links: [details.url],
    ...renderMail({
      preview: `The free trial of ${details.organizationName} has ended.`,
      heading: 'Your trial has ended',
      paragraphs: [
        `The free trial of ${details.organizationName} on Perch has ended.`,
        'Your team can still see the floor plan and book desks. Subscribe to edit floor plans and invite users again.',
      ],
      action: { label: 'Choose a plan', url: details.url },
    }),
  };
}
