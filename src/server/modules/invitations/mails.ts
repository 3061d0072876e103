import type { Role } from '../../../domain/organization.ts';
import { invitationLifetimeDays } from '../../../domain/team.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { renderMail } from '../../mail/templates.ts';

export function invitationMail(
  to: string,
  details: { organizationName: string; inviterName: string; role: Role; url: string },
): MailMessage {
  const roleText = details.role === 'admin' ? 'an admin' : 'a member';
  return {
    to,
    subject: `You're invited to join ${details.organizationName} on Perch`,
    links: [details.url],
    ...renderMail({
      preview: `${details.inviterName} invited you to book desks with ${details.organizationName}.`,
      heading: `Join ${details.organizationName} on Perch`,
      paragraphs: [
        `${details.inviterName} has invited you to join ${details.organizationName} on Perch as ${roleText}.`,
        'Perch shows your office floor plan and lets you book a desk for the day, the morning or the afternoon.',
      ],
      action: { label: 'Accept the invitation', url: details.url },
      footnote: `The link works once and expires in ${invitationLifetimeDays} days. If you were not expecting this invitation, you can ignore this mail.`,
    }),
  };
}
