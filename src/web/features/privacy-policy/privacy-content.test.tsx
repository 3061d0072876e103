import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { privacySections } from './privacy-content.tsx';

const textOf = (id: string) => {
  const section = privacySections.find((candidate) => candidate.id === id);
  return renderToStaticMarkup(section?.content)
    .replace(/<[^>]+>/g, '')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'");
};

describe('the privacy policy', () => {
  it('says what the audit log keeps of a deleted account: a pseudonymous reference, no name or e-mail', () => {
    expect(textOf('retention')).toContain(
      'Audit log: if you delete your account, the entries recording what you did as an admin, or what admins did about you, stay in your organizations\' audit logs, with your name and e-mail address replaced by a pseudonymous reference ("a deleted user").',
    );
  });

  it('keeps its thirteen sections', () => {
    expect(privacySections).toHaveLength(13);
  });
});
