import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Analytics } from '#domain/analytics.ts';
import { formatShortDate } from '#domain/analytics-view.ts';

// The screen's charts, on recharts (this file is what brings it into the analytics chunk). Each is drawn inside a
// role="img" frame named by a sentence that sums it up; its figures are in the table beside it, for screen readers
// and keyboards, so the chart itself stays out of the tab order (accessibilityLayer off).

export const chartColours = {
  brand: '#4f46e5',
  brandLight: '#a5b4fc',
  emerald: '#059669',
  amber: '#d97706',
  red: '#dc2626',
  slate: '#64748b',
} as const;

const tick = { fill: '#475569', fontSize: 12 };
const tooltipStyle = {
  contentStyle: {
    borderRadius: 8,
    border: '1px solid #e2e8f0',
    boxShadow: '0 4px 12px rgb(15 23 42 / 0.08)',
    fontSize: 13,
    padding: '6px 10px',
  },
  labelStyle: { color: '#0f172a', fontWeight: 600, marginBottom: 2 },
} as const;
const chartProps = {
  responsive: true,
  accessibilityLayer: false,
  style: { width: '100%', height: '100%' },
  margin: { top: 8, right: 8, bottom: 0, left: 0 },
} as const;

/** The key of a chart's dashed average line, beside the section's heading. */
export function AverageKey({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700">
      <svg width="20" height="2" aria-hidden="true" className="shrink-0">
        <line x1="0" y1="1" x2="20" y2="1" stroke={chartColours.slate} strokeWidth="2" strokeDasharray="4 3" />
      </svg>
      {children}
    </p>
  );
}

/** The chart's box: a fixed height, the full width, one accessible name. */
export function ChartFrame({
  label,
  className = 'h-64',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="img" aria-label={label} className={`w-full min-w-0 ${className}`}>
      {children}
    </div>
  );
}

const percentAxis = (
  <YAxis
    width={44}
    domain={[0, 100]}
    ticks={[0, 25, 50, 75, 100]}
    tickFormatter={(value: number) => `${value}%`}
    tick={tick}
    axisLine={false}
    tickLine={false}
  />
);

const countAxis = <YAxis width={36} allowDecimals={false} tick={tick} axisLine={false} tickLine={false} />;

/** Bars for a day each, or an area once there are too many days for bars to read. */
export function DayChart({
  days,
  value,
  name,
  colour = chartColours.brand,
  isPercent = false,
  average,
  format,
}: {
  days: Analytics['days'];
  value: (day: Analytics['days'][number]) => number;
  name: string;
  colour?: string;
  isPercent?: boolean;
  /** A dashed line across at the average (its key is the section's AverageKey). */
  average?: number;
  format: (value: number) => string;
}) {
  const data = days.map((day) => ({ label: formatShortDate(day.date), value: value(day) }));
  const axes = (
    <>
      <CartesianGrid vertical={false} stroke="#e2e8f0" />
      <XAxis dataKey="label" tick={tick} tickLine={false} axisLine={{ stroke: '#cbd5e1' }} minTickGap={16} />
      {isPercent ? percentAxis : countAxis}
      <Tooltip {...tooltipStyle} formatter={(shown) => [format(Number(shown)), name]} cursor={{ fill: '#eef2ff' }} />
      {average !== undefined && <ReferenceLine y={average} stroke={chartColours.slate} strokeDasharray="4 4" />}
    </>
  );
  if (data.length > 45) {
    return (
      <AreaChart data={data} {...chartProps}>
        {axes}
        <Area type="monotone" dataKey="value" name={name} stroke={colour} fill={colour} fillOpacity={0.15} />
      </AreaChart>
    );
  }
  return (
    <BarChart data={data} {...chartProps}>
      {axes}
      <Bar dataKey="value" name={name} fill={colour} radius={[3, 3, 0, 0]} maxBarSize={36} />
    </BarChart>
  );
}

/** Average utilization per weekday, Monday first. */
export function WeekdayChart({ weekdays }: { weekdays: Analytics['weekdays'] }) {
  const data = weekdays.map((weekday) => ({ label: weekday.name.slice(0, 3), value: weekday.utilization * 100 }));
  return (
    <BarChart data={data} {...chartProps}>
      <CartesianGrid vertical={false} stroke="#e2e8f0" />
      <XAxis dataKey="label" tick={tick} tickLine={false} axisLine={{ stroke: '#cbd5e1' }} />
      {percentAxis}
      <Tooltip
        {...tooltipStyle}
        formatter={(shown) => [`${Math.round(Number(shown))}%`, 'Utilization']}
        cursor={{ fill: '#eef2ff' }}
      />
      <Bar dataKey="value" name="Utilization" fill={chartColours.brand} radius={[3, 3, 0, 0]} maxBarSize={48} />
    </BarChart>
  );
}

/** Per day: those who came after booking, walked in, or did not come (stacked), against the people booked. */
export function RealityChart({ days }: { days: Analytics['days'] }) {
  const data = days.map((day) => ({
    label: formatShortDate(day.date),
    people: day.people,
    checkedIn: Math.max(0, day.checkedIn - day.walkIns),
    walkIns: day.walkIns,
    noShows: day.noShows,
  }));
  return (
    <ComposedChart data={data} {...chartProps}>
      <CartesianGrid vertical={false} stroke="#e2e8f0" />
      <XAxis dataKey="label" tick={tick} tickLine={false} axisLine={{ stroke: '#cbd5e1' }} minTickGap={16} />
      {countAxis}
      <Tooltip {...tooltipStyle} cursor={{ fill: '#eef2ff' }} />
      <Legend
        iconType="circle"
        iconSize={9}
        itemSorter={null}
        wrapperStyle={{ fontSize: 12 }}
        formatter={(value) => <span style={{ color: '#334155' }}>{value}</span>}
      />
      <Bar dataKey="checkedIn" name="Checked in" stackId="reality" fill={chartColours.emerald} maxBarSize={36} />
      <Bar dataKey="walkIns" name="Walk-ins" stackId="reality" fill={chartColours.amber} maxBarSize={36} />
      <Bar
        dataKey="noShows"
        name="No-shows"
        stackId="reality"
        fill={chartColours.red}
        radius={[3, 3, 0, 0]}
        maxBarSize={36}
      />
      <Line
        dataKey="people"
        name="People booked"
        type="monotone"
        stroke={chartColours.brand}
        strokeWidth={2}
        dot={data.length <= 31}
      />
    </ComposedChart>
  );
}

/** How far ahead the range's one-off bookings were made: a bar per notice, across. */
export function LeadTimeChart({ leadTimes }: { leadTimes: Analytics['leadTimes'] }) {
  return (
    <BarChart data={leadTimes} layout="vertical" {...chartProps} margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
      <CartesianGrid horizontal={false} stroke="#e2e8f0" />
      <XAxis type="number" allowDecimals={false} tick={tick} tickLine={false} axisLine={{ stroke: '#cbd5e1' }} />
      <YAxis type="category" dataKey="label" width={136} tick={tick} tickLine={false} axisLine={false} />
      <Tooltip {...tooltipStyle} formatter={(shown) => [String(shown), 'Bookings']} cursor={{ fill: '#eef2ff' }} />
      <Bar dataKey="bookings" name="Bookings" fill={chartColours.brand} radius={[0, 3, 3, 0]} maxBarSize={28} />
    </BarChart>
  );
}
