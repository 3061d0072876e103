import type { AuditEventView } from '#domain/audit.ts';
import { formatUsers } from '../subscriptions/index.ts';

/** One row of the override history: what the platform admin set or took away, read defensively from details. */
export interface OverrideChange {
  kind: 'applied' | 'removed';
  /** The plan in force after the change, when it is known. */
  plan: string | null;
  maxUsers: number | null;
  reason: string | null;
  /** The plan before the change, when it was recorded. */
  previous: { plan: string | null; maxUsers: number | null } | null;
}

const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const countOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const recordOf = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The override events of the platform's audit log; anything else answers null. */
export function readOverrideChange(event: Pick<AuditEventView, 'action' | 'details'>): OverrideChange | null {
  const kind =
    event.action === 'subscription.override_applied'
      ? 'applied'
      : event.action === 'subscription.override_removed'
        ? 'removed'
        : null;
  if (!kind) return null;
  const previous = recordOf(event.details.previous);
  return {
    kind,
    plan: kind === 'applied' ? textOf(event.details.planName) : null,
    maxUsers: kind === 'applied' ? countOf(event.details.maxUsers) : null,
    reason: kind === 'applied' ? textOf(event.details.reason) : null,
    previous: previous ? { plan: textOf(previous.planName), maxUsers: countOf(previous.maxUsers) } : null,
  };
}

/** "Tier 3 · up to 1,000 users", or what is known of it. */
export function describePlan(plan: string | null, maxUsers: number | null): string {
  const users = maxUsers === null ? null : `up to ${formatUsers(maxUsers)} users`;
  return [plan ?? 'Unnamed plan', users].filter(Boolean).join(' · ');
}
