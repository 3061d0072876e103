/**
 * Finding a person by what one types (issue 27): "Book for" and Who's in today. Case and accents aside ("jose" finds
 * José, "muller" finds Müller), on the display name and the e-mail together, every word somewhere in any order
 * ("park zoe" finds Zoë Park).
 */

import { foldForSearch, searchWordsOf } from './text.ts';

export interface SearchablePerson {
  name: string;
  email: string;
}

/** The folded text a person is found by: display name and e-mail. */
export function searchTextOf(person: SearchablePerson): string {
  return foldForSearch(`${person.name} ${person.email}`);
}

/** Whether every word of the query is in the person's name or e-mail; an empty query matches everyone. */
export function matchesPeopleSearch(person: SearchablePerson, query: string): boolean {
  const text = searchTextOf(person);
  return searchWordsOf(query).every((word) => text.includes(word));
}

/**
 * A finder over a fixed list, for a field searched at each key press: each item's text is folded once, so a query
 * over 2,000 people costs 2,000 substring checks. Keeps the list's order.
 */
export function peopleFinder<T>(items: readonly T[], personOf: (item: T) => SearchablePerson): (query: string) => T[] {
  const indexed = items.map((item) => ({ item, text: searchTextOf(personOf(item)) }));
  return (query) => {
    const words = searchWordsOf(query);
    if (words.length === 0) return [...items];
    return indexed.filter(({ text }) => words.every((word) => text.includes(word))).map(({ item }) => item);
  };
}
