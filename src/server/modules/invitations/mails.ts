import type { Role } from '#domain/organization.ts';
import { invitationLifetimeDays } from '#domain/team.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { quoteForMail, renderMail } from '#server/mail/templates.ts';

/** The most of a name an invitation mail shows: the rest of the mail is Perch's own fixed text. */
export const mailNameLength = 60;

/**
 * Fixed text around two names other people chose, each quoted and cut to mailNameLength (quoteForMail), so an
 * organization or a person cannot be named to read as Perch's own words: the subject carries only the organization's.
 */
export function invitationMail(
  to: string,
  details: { organizationName: string; inviterName: string; role: Role; url: string },
): MailMessage {
  const organization = quoteForMail(details.organizationName, mailNameLength);
  const inviter = quoteForMail(details.inviterName, mailNameLength);
  const roleText = details.role === 'admin' ? 'an admin' : 'a member';
  return {
    to,
    subject: `You're invited to join ${organization} on Perch`,
    links: [details.url],
    ...renderMail({
      preview: `An invitation to book desks with ${organization} on Perch.`,
      heading: `Join ${organization} on Perch`,
      paragraphs: [
        `${inviter} has invited you to join ${organization} on Perch as ${roleText}.`,
        'Perch shows your office floor plan and lets you book a desk for the day, the morning or the afternoon.',
      ],
      action: { label: 'Accept the invitation', url: details.url },
      footnote: `The link works once and expires in ${invitationLifetimeDays} days. If you were not expecting this invitation, you can ignore this mail.`,
    }),
  };
}
