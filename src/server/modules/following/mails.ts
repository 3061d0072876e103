import { dailyMailLine } from '#domain/week.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { renderMail } from '#server/mail/templates.ts';
import type { DailyMailReader } from './repo.ts';

/** "Tomorrow: Ana and Raj are in, 3rd floor", to someone who asked for it, with the way to the week and to stop. */
export function dailyMail(
  reader: DailyMailReader,
  when: string,
  people: readonly { name: string; floorName: string }[],
  publicUrl: string,
): MailMessage {
  const line = dailyMailLine(when, people);
  const dashboard = `${publicUrl}/`;
  return {
    to: reader.email,
    subject: line,
    links: [dashboard],
    ...renderMail({
      preview: line,
      heading: `${when} at ${reader.organizationName}`,
      paragraphs: [line, 'Who’s in has the whole week, and a desk near them is one tap away.'],
      action: { label: 'Plan the week', url: dashboard },
      footnote: 'Rather not get this mail? Turn off “Mail me who’s in tomorrow” in the account menu.',
    }),
  };
}
