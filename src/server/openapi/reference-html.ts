/**
 * HTML built as values: text is escaped where it becomes markup, so a description or an example from the
 * document can never add an element or an attribute to the page.
 */

/** Markup that is safe to send as it is: made only by `element` and `prose`. */
export interface Html {
  readonly markup: string;
}

export type Child = Html | string | null | undefined | readonly Child[];

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replaceAll('"', '&quot;');

/** Children as markup, strings escaped, null and undefined left out, arrays flattened. */
export function renderChildren(children: readonly Child[]): string {
  let markup = '';
  for (const child of children) {
    if (child === null || child === undefined) continue;
    if (typeof child === 'string') markup += escapeText(child);
    else if (Array.isArray(child)) markup += renderChildren(child);
    else markup += (child as Html).markup;
  }
  return markup;
}

/** `<tag attributes>children</tag>`; tag and attribute names come from this code, never from the document. */
export function element(tag: string, attributes: Record<string, string> = {}, ...children: Child[]): Html {
  const attributeText = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return { markup: `<${tag}${attributeText}>${renderChildren(children)}</${tag}>` };
}

/** Text with `backticks` shown as code. */
export function prose(tag: string, text: string): Html {
  const parts = text
    .split(/(`[^`]+`)/)
    .map((part, index) => (index % 2 === 1 ? element('code', {}, part.slice(1, -1)) : part));
  return element(tag, {}, parts);
}
