import { describe, expect, it } from 'vitest';
import { matchesPeopleSearch, peopleFinder, type SearchablePerson } from './people-search.ts';
import { foldForSearch } from './text.ts';

const person = (name: string, email: string): SearchablePerson => ({ name, email });

describe('foldForSearch', () => {
  it.each([
    ['José', 'jose'],
    ['Zoë', 'zoe'],
    ['Müller', 'muller'],
    ['ÅSA', 'asa'],
    ['François', 'francois'],
    ['Łukasz Wałęsa', 'lukasz walesa'],
    ['Søren Ødegård', 'soren odegard'],
    ['Đorđe', 'dorde'],
    ['Straße', 'strasse'],
    ['Ægir Cœur', 'aegir coeur'],
    ['İpek Işık', 'ipek isik'],
    ['plain@example.com', 'plain@example.com'],
  ])('folds %s to %s', (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });
});

describe('matchesPeopleSearch', () => {
  const jose = person('José Álvarez', 'jose.alvarez@example.com');
  const zoe = person('Zoë Park', 'zp@studio.example');
  const mueller = person('Jürgen Müller', 'jm@example.de');
  const lukasz = person('Łukasz Nowak', 'lnowak@example.pl');
  it.each([
    ['an accent-less fragment of a name', zoe, 'zoe', true],
    ['the accented name typed with its accents', jose, 'JOSÉ', true],
    ['an accent-less surname', mueller, 'muller', true],
    ['a letter that does not decompose typed plainly', lukasz, 'lukasz', true],
    ['the letter itself', lukasz, 'Łuk', true],
    ['a part of the e-mail', zoe, 'studio', true],
    ['several words in any order', jose, 'alvarez jose', true],
    ['a word of the name and one of the e-mail', zoe, 'park studio', true],
    ['one word that matches and one that does not', zoe, 'zoe smith', false],
    ['a name that is not there', mueller, 'jose', false],
    ['an empty query', jose, '', true],
    ['a blank query', jose, '   ', true],
  ])('%s: %s, %j → %s', (_case, who, query, expected) => {
    expect(matchesPeopleSearch(who, query)).toBe(expected);
  });
});

describe('peopleFinder', () => {
  const people = [
    person('Zoë Park', 'zoe@example.com'),
    person('Jose Ruiz', 'jr@example.com'),
    person('Ana', 'a@x.io'),
  ];
  const find = peopleFinder(people, (item) => item);

  it('keeps the list order and finds everyone for an empty query', () => {
    expect(find('')).toEqual(people);
  });

  it('narrows the list to those matching every word', () => {
    expect(find('example').map((item) => item.name)).toEqual(['Zoë Park', 'Jose Ruiz']);
    expect(find('RUIZ jose')).toEqual([people[1]]);
    expect(find('nobody')).toEqual([]);
  });
});
