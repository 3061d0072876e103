import { CalendarDays, Check, TriangleAlert, X } from 'lucide-react';
import { useId } from 'react';
import { ButtonShape } from './svg-kit.tsx';

const backdropDesks = [40, 140, 240, 340, 440].flatMap((x) => [40, 110, 250, 320].map((y) => ({ x, y })));

const slots = [
  { label: 'Full day', hours: '9 AM – 6 PM', x: 112, selected: true },
  { label: 'Morning', hours: '9 AM – 1 PM', x: 225, selected: false },
  { label: 'Afternoon', hours: '1 PM – 6 PM', x: 338, selected: false },
] as const;

/** Feature 2: the Book Desk dialog with date, time slot and the weekly option. */
export function BookingDialogIllustration({ className }: { className?: string }) {
  const shadowId = useId();
  return (
    <svg
      viewBox="0 0 560 440"
      className={className}
      role="img"
      aria-label="The Book Desk dialog: pick a date, choose full day, morning or afternoon, and book the desk for the rest of the week; Perch points out a clash and suggests another desk."
    >
      <defs>
        <filter id={shadowId} x="-20%" y="-20%" width="140%" height="140%">
          <feDropShadow dx="0" dy="12" stdDeviation="14" floodColor="#0f172a" floodOpacity="0.25" />
        </filter>
      </defs>
      <rect x="0.5" y="0.5" width="559" height="439" rx="16" fill="#f8fafc" stroke="#e2e8f0" />
      {backdropDesks.map((desk) => (
        <rect key={`${desk.x}-${desk.y}`} x={desk.x} y={desk.y} width={84} height={56} rx={8} fill="#e2e8f0" />
      ))}
      <rect x="0.5" y="0.5" width="559" height="439" rx="16" fill="#0f172a" opacity="0.45" />

      <g filter={`url(#${shadowId})`}>
        <rect x="88" y="24" width="384" height="392" rx="14" fill="#ffffff" />
      </g>
      <text x="112" y="60" fontSize="17" fontWeight="700" fill="#0f172a">
        Book Desk D04
      </text>
      <text x="112" y="79" fontSize="12" fill="#64748b">
        Level 2 · Window row
      </text>
      <X x={440} y={44} size={16} color="#64748b" />

      <text x="112" y="110" fontSize="12" fontWeight="600" fill="#334155">
        Date
      </text>
      <rect x="112" y="118" width="336" height="36" rx="8" fill="#ffffff" stroke="#cbd5e1" />
      <CalendarDays x={124} y={128} size={16} color="#4f46e5" />
      <text x="148" y="141" fontSize="13" fill="#0f172a">
        Tuesday, 19 August 2025
      </text>

      <text x="112" y="180" fontSize="12" fontWeight="600" fill="#334155">
        Time slot
      </text>
      {slots.map((slot) => (
        <g key={slot.label}>
          <rect
            x={slot.x}
            y={188}
            width={110}
            height={62}
            rx={9}
            fill={slot.selected ? '#eef2ff' : '#ffffff'}
            stroke={slot.selected ? '#4f46e5' : '#cbd5e1'}
            strokeWidth={slot.selected ? 2 : 1}
          />
          <text x={slot.x + 12} y={208} fontSize="12.5" fontWeight="700" fill={slot.selected ? '#3730a3' : '#0f172a'}>
            {slot.label}
          </text>
          <text x={slot.x + 12} y={224} fontSize="11" fill="#475569">
            {slot.hours}
          </text>
          <circle cx={slot.x + 15} cy={238} r={3.5} fill="#22c55e" />
          <text x={slot.x + 23} y={241.5} fontSize="10.5" fontWeight="600" fill="#166534">
            Available
          </text>
        </g>
      ))}

      <rect x="112" y="266" width="18" height="18" rx="5" fill="#4f46e5" />
      <Check x={114} y={268} size={14} color="#ffffff" strokeWidth={3} />
      <text x="140" y="280" fontSize="12.5" fontWeight="600" fill="#0f172a">
        Book weekly
      </text>
      <text x="230" y="280" fontSize="12" fill="#64748b">
        Wed – Fri this week
      </text>

      <rect x="112" y="296" width="336" height="50" rx="9" fill="#fff7ed" stroke="#fed7aa" />
      <TriangleAlert x={124} y={306} size={15} color="#c2410c" />
      <text x="147" y="317" fontSize="11.5" fontWeight="600" fill="#7c2d12">
        D04 is taken on Thursday
      </text>
      <text x="147" y="334" fontSize="11" fill="#9a3412">
        We picked D06 in the same row instead.
      </text>

      <ButtonShape x={258} y={364} width={84} label="Cancel" />
      <ButtonShape x={350} y={364} width={98} label="Book Desk" primary />
    </svg>
  );
}
