export interface MailContent {
  /** Shown by mail programs beside the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

// Zero-width characters, direction marks, overrides and isolates, and the byte-order mark: invisible, or able to
// show text in another order than it is written.
const invisibleCharacters = /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const breaksAndControls = /[\s\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;
const doubleQuotes = /["\u201C\u201D\u201E\u201F\u2033]/g;

/**
 * Text someone else chose (an organization's or a person's name), made fit for a mail: one line, nothing invisible,
 * at most `maxLength` characters (cut with an ellipsis), and inside double quotes it cannot close, so a reader can
 * tell where it starts and ends.
 */
export function quoteForMail(value: string, maxLength: number): string {
  const cleaned = value
    .replace(invisibleCharacters, '')
    .replace(breaksAndControls, ' ')
    .replace(doubleQuotes, "'")
    .trim();
  const characters = Array.from(cleaned);
  const fitted = characters.length > maxLength ? `${characters.slice(0, maxLength - 1).join('')}…` : cleaned;
  return `"${fitted}"`;
}

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Renders a mail's plain-text and HTML parts from one description, in Perch's look. */
export function renderMail(content: MailContent): { text: string; html: string } {
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    '-- ',
    'Perch · Smart hot desk booking',
  ].join('\n');

  const button = content.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(content.action.url)}" style="background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:13px;color:#64748b">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(content.action.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preview)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
<p style="font-size:18px;font-weight:700;color:#4f46e5;margin:0 0 24px">Perch</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((paragraph) => `<p style="font-size:15px;line-height:1.6;margin:0 0 12px">${escapeHtml(paragraph)}</p>`).join('\n')}
${button}
${content.footnote ? `<p style="font-size:13px;color:#64748b;margin-top:24px">${escapeHtml(content.footnote)}</p>` : ''}
</td></tr></table>
<p style="font-size:12px;color:#94a3b8;margin-top:16px">Perch · Smart hot desk booking</p>
</td></tr></table></body></html>`;
  return { text, html };
}
