import { type AuditEventView, deletedUserLabel } from './audit.ts';
import { describeTeamEvent } from './audit-description-teams.ts';
import { formatLongDate, isIsoDate } from './dates.ts';
import { formatDayRange } from './releases.ts';
import { describeWorkingDays } from './sites.ts';

// Details are whatever the server recorded for the action: read them defensively, never trust their shape.
const text = (details: Record<string, unknown>, key: string): string | undefined => {
  const value = details[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};
const numberOf = (details: Record<string, unknown>, key: string): number | undefined => {
  const value = details[key];
  return typeof value === 'number' ? value : undefined;
};
const objectOf = (details: Record<string, unknown>, key: string): Record<string, unknown> => {
  const value = details[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
};
const personOf = (value: Record<string, unknown>): string => text(value, 'name') ?? text(value, 'email') ?? 'someone';
const possessive = (name: string) => `${name}’s`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const dateOf = (value: string | undefined) => (value && isIsoDate(value) ? formatLongDate(value) : 'an unknown date');
const slotOf = (value: string | undefined) => (value ? value.replaceAll('-', ' ') : '');
const roleOf = (value: string | undefined) => (value === 'admin' ? 'an admin' : 'a member');

/** Who did it: the name while the account exists, else the recorded e-mail; the system has no account. */
export function actorName(event: Pick<AuditEventView, 'actor'>): string {
  if (!event.actor) return 'Perch';
  // The actor starts the sentence: a deleted account's pseudonym does too.
  if (event.actor.email === deletedUserLabel) return 'A deleted user';
  return event.actor.name ?? event.actor.email;
}

const stringsOf = (details: Record<string, unknown>, key: string): string[] => {
  const value = details[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
};
const onFloor = (details: Record<string, unknown>) => {
  const floor = text(details, 'floorName');
  return floor ? ` on ${floor}` : '';
};

/** One desk's property changes as the rest of a sentence: "renamed desk D01 to Window; set it out of service". */
function describeDeskChanges(changes: Record<string, unknown>, name: string): string {
  const renamed = objectOf(changes, 'name');
  const parts: string[] = [];
  if (text(renamed, 'from')) parts.push(`renamed desk ${text(renamed, 'from')} to ${name}`);
  const bookable = objectOf(changes, 'bookable');
  if (bookable.to === false) {
    const reason = text(bookable, 'reason');
    parts.push(`set ${parts.length ? 'it' : `desk ${name}`} out of service${reason ? ` (${reason})` : ''}`);
  } else if (bookable.to === true) {
    parts.push(`put ${parts.length ? 'it' : `desk ${name}`} back in service`);
  }
  if (changes.amenities !== undefined) {
    const tags = stringsOf(objectOf(changes, 'amenities'), 'to');
    const of = parts.length ? 'its' : `the`;
    parts.push(
      `set ${of} amenities${parts.length ? '' : ` of desk ${name}`} to ${tags.length ? tags.join(', ') : 'none'}`,
    );
  }
  if (changes.description !== undefined) {
    parts.push(`changed ${parts.length ? 'its' : `the`} description${parts.length ? '' : ` of desk ${name}`}`);
  }
  return parts.length > 0 ? parts.join('; ') : `changed desk ${name}`;
}

/** "moved desk D01", "rotated desk D01 to 90°", or both. */
function describeDeskMove(details: Record<string, unknown>): string {
  const from = objectOf(details, 'from');
  const to = objectOf(details, 'to');
  const name = `desk ${text(details, 'name') ?? ''}`;
  const isMoved = from.x !== to.x || from.y !== to.y;
  const rotation = typeof to.rotation === 'number' && from.rotation !== to.rotation ? `${to.rotation}°` : undefined;
  if (isMoved && rotation) return `moved ${name} and rotated it to ${rotation}`;
  if (rotation) return `rotated ${name} to ${rotation}`;
  return `moved ${name}`;
}

/** "3 desks (D01, D02, D03)": the names when the event kept all of them (a batch keeps at most 50). */
function pluralNamed(details: Record<string, unknown>, word: string): string {
  const names = stringsOf(details, 'names');
  const count = numberOf(details, 'count') ?? names.length;
  const listed = names.length > 0 && names.length === count ? ` (${names.join(', ')})` : '';
  return `${plural(count, word)}${listed}`;
}

const percentOf = (value: unknown) => (typeof value === 'number' ? `${Math.round(value * 100)}%` : 'another level');

function cancelledSuffix(count: number | undefined): string {
  if (!count) return '';
  return `; ${plural(count, 'booking')} ${count === 1 ? 'was' : 'were'} cancelled`;
}

const siteClockFields = [
  ['timeZone', 'time zone'],
  ['dayStart', 'day start'],
  ['midday', 'midday'],
  ['dayEnd', 'day end'],
] as const;

/** A site's recorded changes ({field: {from, to}}) as "renamed from Tokyo; time zone Asia/Tokyo → Asia/Seoul; …". */
function describeSiteChanges(changes: Record<string, unknown>): string {
  const parts: string[] = [];
  const renamed = objectOf(changes, 'name');
  if (text(renamed, 'from')) parts.push(`renamed from ${text(renamed, 'from')}`);
  if (changes.address !== undefined) parts.push('address changed');
  for (const [key, label] of siteClockFields) {
    const change = objectOf(changes, key);
    if (text(change, 'from') || text(change, 'to')) {
      parts.push(`${label} ${text(change, 'from') ?? '?'} → ${text(change, 'to') ?? '?'}`);
    }
  }
  const days = objectOf(changes, 'workingDays');
  if (Array.isArray(days.from) || Array.isArray(days.to)) {
    const describe = (value: unknown) =>
      describeWorkingDays(Array.isArray(value) ? value.filter((day) => typeof day === 'number') : []).replace(
        /^Every/,
        'every',
      );
    parts.push(`working days ${describe(days.from)} → ${describe(days.to)}`);
  }
  return parts.length > 0 ? `: ${parts.join('; ')}` : '';
}

/** "renamed from Windows; colour; desks 4 → 6; teams; weekdays" for neighbourhood.updated. */
function describeNeighbourhoodChanges(changes: Record<string, unknown>): string {
  const parts: string[] = [];
  const renamed = objectOf(changes, 'name');
  if (text(renamed, 'from')) parts.push(`renamed from ${text(renamed, 'from')}`);
  if (changes.colour !== undefined) parts.push('colour');
  for (const key of ['desks', 'teams'] as const) {
    const change = objectOf(changes, key);
    if (changes[key] !== undefined)
      parts.push(`${key} ${numberOf(change, 'from') ?? '?'} → ${numberOf(change, 'to') ?? '?'}`);
  }
  if (changes.weekdays !== undefined) parts.push('weekdays');
  return parts.length > 0 ? `: ${parts.join('; ')}` : '';
}

/** The event as one plain sentence, without its time ("Ana Lopez changed Sam Lee’s role to admin"). */
export function describeAuditEvent(event: Pick<AuditEventView, 'action' | 'actor' | 'details'>): string {
  const who = actorName(event);
  const details = event.details;
  const member = personOf(objectOf(details, 'member'));
  switch (event.action) {
    case 'member.role_changed':
      return `${who} changed ${possessive(member)} role to ${text(details, 'to') ?? 'another role'}`;
    case 'member.removed':
      return `${who} removed ${member} from the organization${cancelledSuffix(numberOf(details, 'cancelledBookings'))}`;
    case 'member.bookings_cancelled':
      return `${who} cancelled ${possessive(member)} upcoming bookings (${plural(numberOf(details, 'cancelledBookings') ?? 0, 'booking')})`;
    case 'member.account_deleted':
      return `${member} deleted their account and left the organization${cancelledSuffix(numberOf(details, 'cancelledBookings'))}`;
    case 'invitation.sent':
      return `${who} invited ${text(details, 'email') ?? 'someone'} as ${roleOf(text(details, 'role'))}`;
    case 'invitation.revoked':
      return `${who} revoked the invitation to ${text(details, 'email') ?? 'someone'}`;
    case 'invitation.resent':
      return `${who} sent the invitation to ${text(details, 'email') ?? 'someone'} again`;
    case 'desk.deleted': {
      const floor = text(details, 'floorName');
      return `${who} deleted desk ${text(details, 'name') ?? ''}${floor ? ` on ${floor}` : ''}`;
    }
    case 'desk.created':
      return `${who} created desk ${text(details, 'name') ?? ''}${onFloor(details)}`;
    case 'desk.moved':
      return `${who} ${describeDeskMove(details)}${onFloor(details)}`;
    case 'desks.moved':
      return `${who} moved ${pluralNamed(details, 'desk')}${onFloor(details)}`;
    case 'desks.deleted_all':
      return `${who} deleted all desks (${plural(numberOf(details, 'count') ?? 0, 'desk')})`;
    case 'desk.updated':
      return `${who} ${describeDeskChanges(objectOf(details, 'changes'), text(details, 'name') ?? '')}${onFloor(details)}`;
    case 'desks.updated': {
      const desks = Array.isArray(details.desks) ? details.desks : [];
      const count = numberOf(details, 'count') ?? desks.length;
      const changed = new Set(
        desks.flatMap((desk) => Object.keys(objectOf((desk ?? {}) as Record<string, unknown>, 'changes'))),
      );
      const what = [changed.has('amenities') && 'amenities', changed.has('bookable') && 'bookable']
        .filter(Boolean)
        .join(' and ');
      return `${who} changed the ${what || 'properties'} of ${plural(count, 'desk')}${onFloor(details)}`;
    }
    case 'desks.deleted':
      return `${who} deleted ${pluralNamed(details, 'desk')}${onFloor(details)}`;
    case 'floor.created':
      return `${who} added the floor ${text(details, 'name') ?? ''}`;
    case 'floor.zoom_changed':
      return `${who} set the default zoom of ${text(details, 'name') ?? 'a floor'} to ${percentOf(details.to)}`;
    case 'organization.zoom_changed':
      return `${who} set the organization’s default zoom to ${percentOf(details.to)}`;
    case 'floor.plan_uploaded':
      return `${who} uploaded a floor plan for ${text(details, 'name') ?? 'a floor'}`;
    case 'organization.plan_uploaded':
      return `${who} uploaded the organization’s floor plan`;
    case 'floor.renamed':
      return `${who} renamed the floor ${text(details, 'from') ?? ''} to ${text(details, 'to') ?? ''}`;
    case 'floor.deleted': {
      const desks = numberOf(details, 'desks') ?? 0;
      return `${who} deleted the floor ${text(details, 'name') ?? ''} with ${plural(desks, 'desk')}${cancelledSuffix(numberOf(details, 'cancelledBookings'))}`;
    }
    case 'floor.moved':
      return `${who} moved the floor ${text(details, 'name') ?? ''} from ${text(details, 'from') ?? 'another site'} to ${text(details, 'to') ?? 'another site'}`;
    case 'site.created':
      return `${who} added the site ${text(details, 'name') ?? ''}${text(details, 'timeZone') ? ` (${text(details, 'timeZone')})` : ''}`;
    case 'site.updated':
      return `${who} changed the site ${text(details, 'name') ?? ''}${describeSiteChanges(objectOf(details, 'changes'))}`;
    case 'site.deleted':
      return `${who} deleted the site ${text(details, 'name') ?? ''}`;
    case 'team.created':
    case 'team.updated':
    case 'team.deleted':
    case 'team.members_changed':
      return describeTeamEvent(event.action, who, details) ?? `${who}: ${event.action}`;
    case 'neighbourhood.created':
      return `${who} added the neighbourhood ${text(details, 'name') ?? ''}${text(details, 'floor') ? ` on ${text(details, 'floor')}` : ''} with ${plural(numberOf(details, 'desks') ?? 0, 'desk')}`;
    case 'neighbourhood.updated':
      return `${who} changed the neighbourhood ${text(details, 'name') ?? ''}${describeNeighbourhoodChanges(objectOf(details, 'changes'))}`;
    case 'neighbourhood.deleted':
      return `${who} deleted the neighbourhood ${text(details, 'name') ?? ''}`;
    case 'amenities.changed': {
      const added = stringsOf(details, 'added');
      const removed = stringsOf(details, 'removed');
      const parts = [
        added.length > 0 && `added ${added.join(', ')}`,
        removed.length > 0 && `removed ${removed.join(', ')}`,
      ].filter(Boolean);
      return `${who} changed the amenity list${parts.length > 0 ? `: ${parts.join('; ')}` : ''}`;
    }
    case 'booking.permanent_created': {
      const cancelled = Array.isArray(details.cancelledBookings) ? details.cancelledBookings.length : 0;
      const member =
        typeof details.member === 'object' && details.member ? ` for ${personOf(objectOf(details, 'member'))}` : '';
      return `${who} booked desk ${text(details, 'desk') ?? ''}${member} permanently from ${dateOf(text(details, 'bookingDate'))}${cancelledSuffix(cancelled)}`;
    }
    case 'booking.created_for_member': {
      const member = personOf(objectOf(details, 'member'));
      const slot = slotOf(text(details, 'timeSlot'));
      const when = details.isPermanent === true ? 'permanently from' : 'on';
      return `${who} booked desk ${text(details, 'desk') ?? ''} for ${member} ${when} ${dateOf(text(details, 'bookingDate'))}${slot ? ` (${slot})` : ''}`;
    }
    case 'booking.series_created_for_member': {
      const member = personOf(objectOf(details, 'member'));
      const slot = slotOf(text(details, 'timeSlot'));
      const count = typeof details.bookedCount === 'number' ? details.bookedCount : 0;
      return `${who} booked desk ${text(details, 'desk') ?? ''} for ${member} ${text(details, 'repeats')?.toLowerCase() ?? 'repeatedly'}${slot ? ` (${slot})` : ''}: ${count === 1 ? '1 date' : `${count} dates`}`;
    }
    case 'booking.series_cancelled_by_admin': {
      const owner = personOf(objectOf(details, 'owner'));
      const count = typeof details.cancelledBookings === 'number' ? details.cancelledBookings : 0;
      return `${who} cancelled ${possessive(owner)} repeating booking of desk ${text(details, 'desk') ?? ''} from ${dateOf(text(details, 'from'))}: ${count === 1 ? '1 date' : `${count} dates`}`;
    }
    case 'organization.privacy_changed':
      return details.hideNames === true
        ? `${who} hid who booked which desk from members`
        : `${who} showed members who booked which desk`;
    case 'organization.booking_rules_changed':
      return `${who} changed the booking rules`;
    case 'sso.connected':
      return `${who} connected single sign-on with ${text(details, 'issuer') ?? 'an identity provider'} for ${stringsOf(details, 'domains').join(', ') || 'no domain'}`;
    case 'sso.changed':
      return `${who} changed the single sign-on connection${details.clientSecretReplaced === true ? ' and replaced its client secret' : ''}`;
    case 'sso.removed':
      return `${who} removed single sign-on with ${text(details, 'issuer') ?? 'an identity provider'}`;
    case 'sso.required_changed':
      return details.required === true
        ? `${who} required single sign-on for members`
        : `${who} let members sign in with a password again`;
    case 'sso.domain_verified':
      return `${event.actor ? who : 'Perch'} verified ${text(details, 'domain') ?? 'a domain'} for single sign-on`;
    case 'sso.domain_unverified':
      return `${text(details, 'domain') ?? 'A domain'} is no longer verified: its DNS record was missing three days in a row`;
    case 'sso.account_linked': {
      const email = text(details, 'email') ?? 'an account';
      if (details.newAccount === true) return `${email} joined through single sign-on`;
      const by = text(details, 'linkedBy');
      return by === 'password' || by === 'passkey'
        ? `${email} linked their account to single sign-on with their ${by}`
        : `${email} was linked to single sign-on (a verified domain)`;
    }
    case 'sso.sign_in_refused':
      return `A single sign-on as ${text(details, 'email') ?? 'an existing account'} was refused: ${
        text(details, 'reason') === 'unverified-email'
          ? 'the provider had not verified the address'
          : 'its domain is not verified by this organization'
      }`;
    case 'booking.cancelled_by_admin': {
      const owner = personOf(objectOf(details, 'owner'));
      const slot = slotOf(text(details, 'timeSlot'));
      return `${who} cancelled ${possessive(owner)} booking of desk ${text(details, 'desk') ?? ''} on ${dateOf(text(details, 'bookingDate'))}${slot ? ` (${slot})` : ''}`;
    }
    case 'booking.checked_in_for_member': {
      const owner = personOf(objectOf(details, 'owner'));
      const slot = slotOf(text(details, 'timeSlot'));
      return `${who} checked ${owner} in at desk ${text(details, 'desk') ?? ''} on ${dateOf(text(details, 'bookingDate'))}${slot ? ` (${slot})` : ''}`;
    }
    case 'booking.days_released':
    case 'booking.release_taken_back': {
      const owner = personOf(objectOf(details, 'owner'));
      const start = text(details, 'startDate');
      const end = text(details, 'endDate');
      const days = start && end && isIsoDate(start) && isIsoDate(end) ? formatDayRange(start, end) : 'some days';
      return event.action === 'booking.days_released'
        ? `${who} released ${possessive(owner)} desk ${text(details, 'desk') ?? ''} for ${days}`
        : `${who} took back ${days} of ${possessive(owner)} desk ${text(details, 'desk') ?? ''}`;
    }
    case 'booking.released': {
      const owner = personOf(objectOf(details, 'owner'));
      const slot = slotOf(text(details, 'timeSlot'));
      return `${possessive(owner)} booking of desk ${text(details, 'desk') ?? ''} on ${dateOf(text(details, 'bookingDate'))}${slot ? ` (${slot})` : ''} was released: nobody checked in`;
    }
    case 'subscription.created':
      return `${who} started a subscription checkout`;
    case 'subscription.activated':
      return event.actor ? `${who} activated the subscription` : 'The subscription became active';
    case 'subscription.cancelled':
      return event.actor ? `${who} cancelled the subscription` : 'The subscription was cancelled';
    case 'subscription.reactivated':
      return `${who} reactivated the subscription`;
    case 'subscription.suspended':
      return 'The subscription was suspended by the payment provider';
    case 'subscription.expired':
      return 'The subscription expired';
    case 'subscription.trial_ended':
      return 'The free trial ended';
    case 'subscription.override_applied': {
      const plan = text(details, 'planName');
      const users = numberOf(details, 'maxUsers');
      return `${who} set the plan to ${plan ?? 'a custom plan'}${users ? ` for up to ${users} users` : ''}`;
    }
    case 'subscription.override_removed':
      return `${who} removed the plan override`;
    default:
      return `${who}: ${event.action}`;
  }
}
