import { CalendarClock, Gauge, type LucideIcon, TrendingUp, Users, UserX } from 'lucide-react';
import type { Analytics } from '#domain/analytics.ts';
import { formatLeadDays, formatPeople, formatShare, hasReality } from '#domain/analytics-view.ts';
import { formatLongDate } from '#domain/dates.ts';

function SummaryCard({
  icon: Icon,
  label,
  value,
  hint,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  hint: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        {label}
      </dt>
      <dd className="mt-auto pt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums sm:text-3xl">
        {value}
      </dd>
      <dd className="text-xs text-slate-600">{hint}</dd>
    </div>
  );
}

/** The range in five figures: the headline a manager reads first. */
export function SummaryCards({ analytics }: { analytics: Analytics }) {
  const { summary } = analytics;
  const judged = summary.checkedIn + summary.noShows;
  const halfDays = `${summary.bookedSlots} half ${summary.bookedSlots === 1 ? 'day' : 'days'} booked`;
  return (
    <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]">
      <SummaryCard icon={Gauge} label="Average utilization" value={formatShare(summary.utilization)} hint={halfDays} />
      <SummaryCard
        icon={TrendingUp}
        label="Peak day"
        value={summary.peakDay ? formatShare(summary.peakDay.utilization) : '—'}
        hint={
          summary.peakDay
            ? formatLongDate(summary.peakDay.date)
            : analytics.days.some((day) => day.desks > 0)
              ? 'No bookings in this range'
              : 'No desks in this range'
        }
      />
      <SummaryCard
        icon={Users}
        label="People per day"
        value={formatPeople(summary.people)}
        hint={analytics.includeWeekends ? 'On an average day' : 'On an average working day'}
      />
      {hasReality(analytics) && (
        <SummaryCard
          icon={UserX}
          label="No-show rate"
          value={summary.noShowRate === null ? '—' : formatShare(summary.noShowRate)}
          hint={
            judged === 0
              ? 'No check-ins judged yet'
              : `${summary.noShows} of ${judged} ${judged === 1 ? 'booking' : 'bookings'} released`
          }
        />
      )}
      <SummaryCard
        icon={CalendarClock}
        label="Median days booked ahead"
        value={formatLeadDays(summary.medianLeadDays)}
        hint={summary.medianLeadDays === null ? 'No one-off bookings' : 'Notice for one-off bookings'}
      />
    </dl>
  );
}
