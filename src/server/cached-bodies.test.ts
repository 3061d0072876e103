import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bookingListSchema, sharedBookingListSchema } from '#domain/bookings-responses.ts';
import { deskListSchema } from '#domain/floor-plan.ts';
import { addDesks, addFloor, addMember, book, organizationForTests } from '#test-support/bookings.ts';
import { startTestAppForFile } from '#test-support/harness.ts';

// The hot reads send JSON made once and kept by the instance (a CachedJsonBody, with its compressed forms), or
// serialised with plain JSON.stringify: their route's response schema documents them but never encodes them. These
// tests hold what they send to that schema from src/domain, the first time and from the cache, as the bytes arrive
// with and without compression, so a view that grows, loses or renames a field cannot drift from the contract.

const testApp = startTestAppForFile();
const organization = organizationForTests(testApp, { deskCount: 8 });
let memberCookie: string;

/** The schema with every object strict: a field the contract does not name fails, like a missing one. */
function strictly(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return z.strictObject(Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, strictly(field)])));
  }
  if (schema instanceof z.ZodArray) return z.array(strictly(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return strictly(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return strictly(schema.unwrap() as z.ZodType).optional();
  return schema;
}

const encodings = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof encodings)[number];

/** A member's GET as the browser makes it, the body decompressed as the browser would. */
async function readAs(url: string, encoding: Encoding): Promise<unknown> {
  const response = await testApp.app.inject({ url, headers: { cookie: memberCookie, 'accept-encoding': encoding } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
  const bytes =
    encoding === 'br'
      ? brotliDecompressSync(response.rawPayload)
      : encoding === 'gzip'
        ? gunzipSync(response.rawPayload)
        : response.rawPayload;
  return JSON.parse(bytes.toString('utf8'));
}

/** The first read of `url` (a cache miss) and the second (kept by the instance), each parsed strictly. */
async function readTwiceAgainst<T>(schema: z.ZodType<T>, url: string, encoding: Encoding) {
  const first = await readAs(url, encoding);
  const cached = await readAs(url, encoding);
  const contract = strictly(schema);
  expect(contract.safeParse(first).error?.issues ?? []).toEqual([]);
  expect(contract.safeParse(cached).error?.issues ?? []).toEqual([]);
  expect(cached).toEqual(first);
  return schema.parse(first);
}

beforeAll(async () => {
  const member = await addMember(testApp, organization.id);
  memberCookie = [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  // A booker with no name on file: the views' nullable fields go out as null.
  const nameless = await addMember(testApp, organization.id);
  await testApp.database.sql.query('UPDATE users SET first_name = NULL, last_name = NULL WHERE id = $1', [
    nameless.user.id,
  ]);
  // Every kind of booking on each encoding's day: full day with notes, both halves, and a permanent one.
  for (const [index, encoding] of encodings.entries()) {
    const date = organization.day(7 + index);
    const bookings = [
      book(organization.admin.client, organization, { bookingDate: date, notes: `Quiet please (${encoding})` }),
      book(member.client, organization, { deskId: organization.desks[1], bookingDate: date, timeSlot: 'morning' }),
      book(nameless.client, organization, { deskId: organization.desks[1], bookingDate: date, timeSlot: 'afternoon' }),
      book(organization.admin.client, organization, {
        deskId: organization.desks[2 + index],
        bookingDate: date,
        isPermanent: true,
      }),
    ];
    for (const made of await Promise.all(bookings)) expect(made.status, made.text).toBe(201);
  }
});

describe('the day read of bookings, sent from the instance cache', () => {
  it.each(encodings)('is exactly bookingListSchema on its first and cached reads (%s)', async (encoding) => {
    const date = organization.day(7 + encodings.indexOf(encoding));
    const url = `/api/organizations/${organization.id}/bookings?startDate=${date}&endDate=${date}`;
    const bookings = await readTwiceAgainst(bookingListSchema, url, encoding);
    expect(bookings.length).toBeGreaterThanOrEqual(4);
    expect(bookings.some((booking) => booking.isPermanent)).toBe(true);
    expect(bookings.some((booking) => booking.user.firstName === null)).toBe(true);
    expect(bookings.some((booking) => booking.notes !== null)).toBe(true);
  });

  it.each(encodings)(
    'is exactly sharedBookingListSchema with names hidden, first and cached (%s)',
    async (encoding) => {
      const settings = `/api/organizations/${organization.id}`;
      expect((await organization.admin.client.request('PUT', settings, { hideNames: true })).status).toBe(200);
      try {
        const date = organization.day(7 + encodings.indexOf(encoding));
        const url = `/api/organizations/${organization.id}/bookings?startDate=${date}&endDate=${date}`;
        const bookings = await readTwiceAgainst(sharedBookingListSchema, url, encoding);
        // The member's own morning keeps its name; everyone else's has none.
        expect(bookings.filter((booking) => booking.user !== null)).toHaveLength(1);
        expect(bookings.some((booking) => booking.userId === null && booking.notes === null)).toBe(true);
      } finally {
        await organization.admin.client.request('PUT', settings, { hideNames: false });
      }
    },
  );
});

describe('the desk list of a floor, sent from the instance cache', () => {
  it.each(encodings)('is exactly deskListSchema on its first and cached reads (%s)', async (encoding) => {
    // A floor of its own, so that the first read is the one that fills the cache.
    const floorId = await addFloor(testApp, organization.id, `Floor ${encoding}`);
    await addDesks(testApp, organization.id, floorId, 20);
    const described = await organization.admin.client.post(`/api/organizations/${organization.id}/desks`, {
      name: 'Window',
      description: 'By the window',
      positionX: 10.5,
      positionY: '20',
      floorId,
    });
    expect(described.status, described.text).toBe(201);
    const desks = await readTwiceAgainst(deskListSchema, `/api/floors/${floorId}/desks`, encoding);
    expect(desks).toHaveLength(21);
    expect(desks.some((desk) => desk.description === null)).toBe(true);
    expect(desks.find((desk) => desk.name === 'Window')).toMatchObject({ description: 'By the window' });
  });
});

describe("the organization's desk list, serialised without its schema", () => {
  it.each(encodings)('is exactly deskListSchema (%s)', async (encoding) => {
    const desks = await readTwiceAgainst(deskListSchema, `/api/organizations/${organization.id}/desks`, encoding);
    expect(desks.length).toBeGreaterThanOrEqual(8);
  });
});
