import { describe, expect, it } from 'vitest';
import { quoteForMail, renderMail } from './templates.ts';

describe('quoteForMail', () => {
  it.each([
    ['a plain name', 'Acme Corp', 20, '"Acme Corp"'],
    ['a name of exactly the limit', 'x'.repeat(20), 20, `"${'x'.repeat(20)}"`],
    ['a name over the limit, cut with an ellipsis', 'x'.repeat(21), 20, `"${'x'.repeat(19)}…"`],
    ['surrounding and repeated spaces', '  Acme    Corp  ', 20, '"Acme Corp"'],
    ['line breaks, tabs and other control characters', 'Acme\r\nBcc: x\t\u0000Corp', 40, '"Acme Bcc: x Corp"'],
    ['Unicode line and paragraph separators', 'Acme\u2028Corp\u2029Ltd', 40, '"Acme Corp Ltd"'],
    ['direction overrides that would reorder the text', 'Acme \u202Egpj.exe\u202C', 40, '"Acme gpj.exe"'],
    ['invisible zero-width characters', 'Ac\u200Bme\uFEFF', 40, '"Acme"'],
    ['double quotes that would close the quotation early', 'Acme" is closing. "Pay', 40, `"Acme' is closing. 'Pay"`],
    ['curly double quotes', 'Acme “Best” Corp', 40, `"Acme 'Best' Corp"`],
    ['emoji, never cut in half', `${'x'.repeat(18)}😀😀😀`, 20, `"${'x'.repeat(18)}😀…"`],
    ['nothing left', ' \u0000 ', 20, '""'],
  ])('quotes %s', (_label, value, maxLength, quoted) => {
    expect(quoteForMail(value, maxLength)).toBe(quoted);
  });
});

describe('renderMail', () => {
  it('escapes HTML in every part it is given, in the HTML body', () => {
    const { html, text } = renderMail({
      preview: '<b>preview</b>',
      heading: 'Join "<script>"',
      paragraphs: ['a & b'],
      footnote: '<i>small</i>',
    });
    expect(html).not.toMatch(/<script>|<b>preview|<i>small/);
    expect(html).toContain('Join &quot;&lt;script&gt;&quot;');
    expect(html).toContain('a &amp; b');
    expect(text).toContain('Join "<script>"');
  });
});
