import type { ReactNode } from 'react';
import type { Analytics } from '#domain/analytics.ts';
import { formatPeople, formatShare, formatShortDate } from '#domain/analytics-view.ts';
import { formatLongDate } from '#domain/dates.ts';
import {
  AverageKey,
  ChartFrame,
  chartColours,
  DayChart,
  LeadTimeChart,
  RealityChart,
  WeekdayChart,
} from './charts.tsx';
import { type Column, DataTable } from './data-table.tsx';
import { Figure, Section, TableDisclosure } from './section.tsx';

type Day = Analytics['days'][number];

const dateColumn: Column<Day> = { header: 'Date', cell: (day) => formatLongDate(day.date), isRowHeader: true };
const dayKey = (day: Day) => day.date;
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** A chart over the range's days and, behind a disclosure, its figures as a table with a row per date. */
function DayFigures({
  days,
  label,
  className,
  chart,
  table,
  caption,
  columns,
}: {
  days: readonly Day[];
  /** What the chart shows, in words: its accessible name. */
  label: string;
  className: string;
  chart: ReactNode;
  /** The disclosure's name: "Show <table>". */
  table: string;
  caption: string;
  /** The columns after the date. */
  columns: Column<Day>[];
}) {
  return (
    <>
      <ChartFrame label={label} className={className}>
        {chart}
      </ChartFrame>
      <TableDisclosure label={table}>
        <DataTable caption={caption} rows={days} rowKey={dayKey} columns={[dateColumn, ...columns]} />
      </TableDisclosure>
    </>
  );
}

export function UtilizationSection({ analytics, description }: { analytics: Analytics; description: string }) {
  const { days, summary } = analytics;
  return (
    <Section
      title="Utilization per day"
      description="Half days booked out of twice the desks that could be used: a full day counts twice."
      aside={<AverageKey>Average {formatShare(summary.utilization)}</AverageKey>}
    >
      <DayFigures
        days={days}
        label={description}
        className="h-72"
        chart={
          <DayChart
            days={days}
            value={(day) => day.utilization * 100}
            name="Utilization"
            isPercent
            format={(value) => `${Math.round(value)}%`}
            average={summary.utilization * 100}
          />
        }
        table="utilization per day"
        caption="Utilization per day"
        columns={[
          { header: 'Desks', cell: (day) => day.desks, isNumeric: true },
          { header: 'Booked half days', cell: (day) => day.bookedSlots, isNumeric: true },
          { header: 'Utilization', cell: (day) => formatShare(day.utilization), isNumeric: true },
          { header: 'People', cell: (day) => day.people, isNumeric: true },
        ]}
      />
    </Section>
  );
}

export function WeekdaySection({ analytics }: { analytics: Analytics }) {
  const { weekdays } = analytics;
  const busiest = weekdays.reduce<(typeof weekdays)[number] | null>(
    (best, weekday) => (best === null || weekday.utilization > best.utilization ? weekday : best),
    null,
  );
  const label =
    weekdays.length === 0
      ? 'Utilization by weekday: no days in this range.'
      : `Average utilization by weekday: ${weekdays.map((weekday) => `${weekday.name} ${formatShare(weekday.utilization)}`).join(', ')}.`;
  return (
    <Section
      title="By weekday"
      description={
        busiest && busiest.utilization > 0
          ? `${busiest.name} is the busiest day on average.`
          : 'The average day of each weekday.'
      }
    >
      <ChartFrame label={label} className="h-56">
        <WeekdayChart weekdays={weekdays} />
      </ChartFrame>
      <DataTable
        caption="Average utilization by weekday"
        rows={weekdays}
        rowKey={(weekday) => String(weekday.weekday)}
        columns={[
          { header: 'Weekday', cell: (weekday) => weekday.name, isRowHeader: true },
          { header: 'Days', cell: (weekday) => weekday.days, isNumeric: true },
          { header: 'Utilization', cell: (weekday) => formatShare(weekday.utilization), isNumeric: true },
          { header: 'People', cell: (weekday) => formatPeople(weekday.people), isNumeric: true },
        ]}
      />
    </Section>
  );
}

export function PeopleSection({ analytics }: { analytics: Analytics }) {
  const { days, summary } = analytics;
  const most = days.reduce<Day | null>((best, day) => (best === null || day.people > best.people ? day : best), null);
  const label =
    most === null
      ? 'People in the office: no days in this range.'
      : `People in the office per day: ${formatPeople(summary.people)} on average, most ${plural(most.people, 'person', 'people')} on ${formatShortDate(most.date)}.`;
  return (
    <Section
      title="People in the office"
      description="Different people holding a booking each day."
      aside={<AverageKey>Average {formatPeople(summary.people)}</AverageKey>}
    >
      <DayFigures
        days={days}
        label={label}
        className="h-56"
        chart={
          <DayChart
            days={days}
            value={(day) => day.people}
            name="People"
            colour={chartColours.emerald}
            format={(value) => String(value)}
            average={summary.people}
          />
        }
        table="people per day"
        caption="People in the office per day"
        columns={[{ header: 'People', cell: (day) => day.people, isNumeric: true }]}
      />
    </Section>
  );
}

export function RealitySection({ analytics }: { analytics: Analytics }) {
  const { days, summary } = analytics;
  const judged = summary.checkedIn + summary.noShows;
  const label = `Check-ins per day: ${plural(summary.checkedIn, 'booking')} checked in, of them ${plural(summary.walkIns, 'walk-in')}, and ${plural(summary.noShows, 'no-show')} over the range.`;
  return (
    <Section
      title="Reality"
      description="Who came: bookings checked in (walk-ins included) and bookings released because nobody checked in."
    >
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure
          label="No-show rate"
          value={summary.noShowRate === null ? '—' : formatShare(summary.noShowRate)}
          hint={judged === 0 ? 'Nothing judged yet' : `of ${plural(judged, 'booking')}`}
        />
        <Figure label="Checked in" value={summary.checkedIn} />
        <Figure label="Walk-ins" value={summary.walkIns} />
        <Figure label="No-shows" value={summary.noShows} />
      </dl>
      {!analytics.checkInRequired && (
        <p className="text-sm text-slate-600">
          Check-in is not required at the moment: these figures are from earlier.
        </p>
      )}
      <DayFigures
        days={days}
        label={label}
        className="h-72"
        chart={<RealityChart days={days} />}
        table="check-ins per day"
        caption="Check-ins per day"
        columns={[
          { header: 'People booked', cell: (day) => day.people, isNumeric: true },
          { header: 'Checked in', cell: (day) => day.checkedIn, isNumeric: true },
          { header: 'Walk-ins', cell: (day) => day.walkIns, isNumeric: true },
          { header: 'No-shows', cell: (day) => day.noShows, isNumeric: true },
        ]}
      />
    </Section>
  );
}

export function CancellationsSection({ analytics }: { analytics: Analytics }) {
  const { days, summary, leadTimes } = analytics;
  const bookings = leadTimes.reduce((sum, bucket) => sum + bucket.bookings, 0);
  const perDay = days.length === 0 ? 0 : summary.cancellations / days.length;
  const leadLabel =
    bookings === 0
      ? 'How far ahead people book: no one-off bookings in this range.'
      : `How far ahead one-off bookings were made: ${leadTimes.map((bucket) => `${bucket.label.toLowerCase()} ${bucket.bookings}`).join(', ')}.`;
  return (
    <Section title="Cancellations and notice" description="Bookings cancelled, and how far ahead people book.">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Figure label="Cancellations" value={summary.cancellations} hint={`${formatPeople(perDay)} per day`} />
        <Figure label="One-off bookings" value={bookings} />
        {summary.releasedDays > 0 && (
          // Assigned desks whose owners were out (issue 29): how many of those days a colleague used.
          <Figure
            label="Released days taken"
            value={`${summary.releasedTaken} of ${summary.releasedDays}`}
            hint="Days assigned desks were freed for others"
          />
        )}
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Cancellations per day</h3>
          <DayFigures
            days={days}
            label={`Cancellations per day: ${plural(summary.cancellations, 'cancellation')} over ${plural(days.length, 'day')}.`}
            className="h-48"
            chart={
              <DayChart
                days={days}
                value={(day) => day.cancellations}
                name="Cancellations"
                colour={chartColours.slate}
                format={(value) => String(value)}
              />
            }
            table="cancellations per day"
            caption="Cancellations per day"
            columns={[{ header: 'Cancellations', cell: (day) => day.cancellations, isNumeric: true }]}
          />
        </div>
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-semibold text-slate-900">How far ahead people book</h3>
          <ChartFrame label={leadLabel} className="h-48">
            <LeadTimeChart leadTimes={leadTimes} />
          </ChartFrame>
          <DataTable
            caption="One-off bookings by notice"
            rows={leadTimes}
            rowKey={(bucket) => bucket.bucket}
            columns={[
              { header: 'Booked', cell: (bucket) => bucket.label, isRowHeader: true },
              { header: 'Bookings', cell: (bucket) => bucket.bookings, isNumeric: true },
              {
                header: 'Share',
                cell: (bucket) => (bookings === 0 ? '—' : formatShare(bucket.bookings / bookings)),
                isNumeric: true,
              },
            ]}
          />
        </div>
      </div>
    </Section>
  );
}
