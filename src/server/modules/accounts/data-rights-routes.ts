import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountSchema } from '../../../domain/data-rights.ts';
import { roles } from '../../../domain/organization.ts';
import type { AppContext } from '../../context.ts';
import { endSession, requireUser } from '../../plugins/session.ts';
import * as dataRights from './data-rights-service.ts';

const timestamp = z.string();
const organizationName = z.string().nullable();

export const userDataExportResponse = z.object({
  exportedAt: timestamp,
  account: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    emailVerifiedAt: timestamp.nullable(),
    createdAt: timestamp,
  }),
  memberships: z.array(
    z.object({
      organization: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
      role: z.enum(roles),
      joinedAt: timestamp,
    }),
  ),
  bookings: z.array(
    z.object({
      organization: z.string(),
      desk: z.string(),
      floor: z.string(),
      bookingDate: z.string(),
      timeSlot: z.string(),
      status: z.string(),
      isPermanent: z.boolean(),
      notes: z.string().nullable(),
      createdAt: timestamp,
      cancelledAt: timestamp.nullable(),
    }),
  ),
  invitationsSent: z.array(
    z.object({
      organization: z.string(),
      email: z.string(),
      role: z.enum(roles),
      createdAt: timestamp,
      sentAt: timestamp,
      expiresAt: timestamp,
      acceptedAt: timestamp.nullable(),
      revokedAt: timestamp.nullable(),
    }),
  ),
  sessions: z.array(z.object({ createdAt: timestamp, lastSeenAt: timestamp, expiresAt: timestamp })),
  administratorActions: z.array(z.object({ organization: organizationName, action: z.string(), createdAt: timestamp })),
});

export const deleteAccountResponse = z.object({
  message: z.string(),
  cancelledBookings: z.number().int(),
  deletedOrganizations: z.array(z.string()),
});

/** The privacy policy's promises: a copy of one's data, and deleting one's account. */
export function dataRightsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      requireUser(request);
    });

    app.get(
      '/api/user/export',
      {
        schema: {
          tags: ['Audit and data rights'],
          summary: 'Download a copy of everything Perch holds about the signed-in user, as a JSON file.',
          response: { 200: userDataExportResponse },
        },
      },
      async (request, reply) => {
        const data = await dataRights.exportUserData(context, requireUser(request).id);
        const day = data.exportedAt.slice(0, 10);
        reply
          .header('content-disposition', `attachment; filename="perch-data-${day}.json"`)
          .header('cache-control', 'no-store');
        return data;
      },
    );

    app.delete(
      '/api/user',
      {
        schema: {
          tags: ['Audit and data rights'],
          summary: 'Delete the signed-in account, after confirming its password.',
          description:
            'Cancels the user’s bookings and deletes organizations of which it is the only member. 403 for a wrong password; 409 when the user is the last admin of an organization that has other members, or the only member of one that is still billed.',
          body: deleteAccountSchema,
          response: { 200: deleteAccountResponse },
        },
      },
      async (request, reply) => {
        const result = await dataRights.deleteAccount(context, requireUser(request), request.body.password);
        await endSession(context, request, reply);
        return result;
      },
    );
  };
}
