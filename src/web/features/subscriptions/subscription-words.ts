import type { SubscriptionStatus } from '#domain/subscription.ts';

/** The status as a person reads it. */
export const statusWords: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trial: 'Free trial',
  cancel_at_period_end: 'Cancels at period end',
  cancelled: 'Cancelled',
  none: 'No subscription',
};

export const statusTones: Record<SubscriptionStatus, string> = {
  active: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  trial: 'bg-brand-100 text-brand-900 ring-brand-200',
  cancel_at_period_end: 'bg-amber-100 text-amber-900 ring-amber-200',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-200',
  none: 'bg-slate-100 text-slate-700 ring-slate-200',
};

// Made on first use: a formatter built at the top of the module would make the module impure, and then every
// page importing the subscriptions entry would carry it (see index.ts).
let dateFormat: Intl.DateTimeFormat | undefined;

/** 14 August 2025, or null when there is no date. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  dateFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  return dateFormat.format(date);
}

const dayMs = 24 * 60 * 60 * 1000;

/** Whole days left until `iso`, rounded up (0 once it has passed). */
export function daysUntil(iso: string | null | undefined, now: Date): number | null {
  if (!iso) return null;
  const until = new Date(iso).getTime();
  if (Number.isNaN(until)) return null;
  return Math.max(0, Math.ceil((until - now.getTime()) / dayMs));
}

export const daysLeftText = (days: number) => (days === 1 ? '1 day left' : `${days} days left`);

export const formatUsers = (count: number) => new Intl.NumberFormat('en-US').format(count);
