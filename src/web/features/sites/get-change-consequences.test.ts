import { describe, expect, it } from 'vitest';
import { describeChangeConsequences } from './get-change-consequences.ts';

describe('describeChangeConsequences', () => {
  it.each([
    [12, 5, '12 upcoming bookings of 5 people will show the new times. Their owners get one e-mail.'],
    [3, 1, '3 upcoming bookings of 1 person will show the new times. Their owner gets one e-mail.'],
    [1, 1, '1 upcoming booking of 1 person will show the new times. Its owner gets an e-mail.'],
  ])('says %i bookings of %i people as a sentence', (upcomingBookings, people, sentence) => {
    expect(describeChangeConsequences({ upcomingBookings, people })).toBe(sentence);
  });
});
