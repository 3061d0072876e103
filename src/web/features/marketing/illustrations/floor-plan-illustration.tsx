import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { type Desk, type DeskStatus, DeskTile, Pointer, statusDot } from './svg-kit.tsx';

const columns = [30, 126, 222, 318];

const desks: readonly Desk[] = [
  { x: columns[0]!, y: 80, name: 'D01', status: 'available' },
  { x: columns[1]!, y: 80, name: 'D02', status: 'booked', lines: ['Priya Shah', 'Full day'] },
  { x: columns[2]!, y: 80, name: 'D03', status: 'partial', lines: ['Tom Reed', 'Morning'] },
  { x: columns[3]!, y: 80, name: 'D04', status: 'available' },
  { x: columns[0]!, y: 140, name: 'D05', status: 'blocked' },
  { x: columns[1]!, y: 140, name: 'D06', status: 'available' },
  { x: columns[2]!, y: 140, name: 'D07', status: 'partial', lines: ['Ana Morales', 'Afternoon'] },
  { x: columns[3]!, y: 140, name: 'D08', status: 'booked', lines: ['Jo · Morning', 'Li · Afternoon'] },
  { x: columns[0]!, y: 240, name: 'D09', status: 'available' },
  { x: columns[1]!, y: 240, name: 'D10', status: 'booked', lines: ['Sam Kim', 'Full day'] },
  { x: columns[2]!, y: 240, name: 'D11', status: 'available' },
  { x: columns[3]!, y: 240, name: 'D12', status: 'partial', lines: ['Lena Vogt', 'Morning'] },
  { x: columns[0]!, y: 300, name: 'D13', status: 'available' },
  { x: columns[1]!, y: 300, name: 'D14', status: 'available' },
  { x: columns[2]!, y: 300, name: 'D15', status: 'booked', lines: ['Omar Haddad', 'Full day'] },
  { x: columns[3]!, y: 300, name: 'D16', status: 'available' },
];

const legend: ReadonlyArray<{ status: DeskStatus; label: string; x: number }> = [
  { status: 'available', label: 'Available', x: 24 },
  { status: 'partial', label: 'Partially booked', x: 120 },
  { status: 'booked', label: 'Booked', x: 262 },
  { status: 'blocked', label: 'Permanent', x: 344 },
];

/** Feature 1: the floor plan with colour-coded desks, as a member sees it. */
export function FloorPlanIllustration({ className }: { className?: string }) {
  const gridId = useId();
  return (
    <svg
      viewBox="0 0 560 440"
      className={className}
      role="img"
      aria-label="A floor plan in Perch: desks shown green when available, orange when partly booked, red when booked, and one dark red desk blocked as a permanent booking."
    >
      <defs>
        <pattern id={gridId} width="16" height="16" patternUnits="userSpaceOnUse">
          <circle cx="1" cy="1" r="1" fill="#e2e8f0" />
        </pattern>
      </defs>
      <rect x="0.5" y="0.5" width="559" height="439" rx="16" fill="#ffffff" stroke="#e2e8f0" />
      <text x="24" y="33" fontSize="15" fontWeight="700" fill="#0f172a">
        Level 2
      </text>
      <text x="86" y="33" fontSize="12" fill="#64748b">
        · 16 desks · 8 free today
      </text>
      <g>
        <rect x="352" y="14" width="184" height="28" rx="8" fill="#ffffff" stroke="#cbd5e1" />
        <ChevronLeft x={358} y={20} size={16} color="#475569" />
        <text x="444" y="32" fontSize="12" fontWeight="600" textAnchor="middle" fill="#1e293b">
          Tue, 19 Aug 2025
        </text>
        <ChevronRight x={514} y={20} size={16} color="#475569" />
      </g>
      <line x1="0" y1="56" x2="560" y2="56" stroke="#e2e8f0" />

      <rect x="16" y="66" width="528" height="304" rx="10" fill="#f8fafc" stroke="#e2e8f0" />
      <rect x="16" y="66" width="528" height="304" rx="10" fill={`url(#${gridId})`} />
      <g>
        <rect x="422" y="78" width="110" height="118" rx="8" fill="#eef2ff" stroke="#c7d2fe" />
        <text x="477" y="132" fontSize="11" fontWeight="600" textAnchor="middle" fill="#3730a3">
          Meeting room
        </text>
        <text x="477" y="148" fontSize="10" textAnchor="middle" fill="#4338ca">
          8 seats
        </text>
        <rect x="422" y="208" width="110" height="150" rx="8" fill="#f1f5f9" stroke="#cbd5e1" />
        <text x="477" y="287" fontSize="11" fontWeight="600" textAnchor="middle" fill="#334155">
          Kitchen
        </text>
      </g>
      {desks.map((desk) => (
        <DeskTile key={desk.name} desk={desk} />
      ))}

      <g>
        <rect x="201" y="198" width="132" height="30" rx="8" fill="#0f172a" />
        <text x="267" y="217" fontSize="11.5" fontWeight="600" textAnchor="middle" fill="#ffffff">
          Click to book D11
        </text>
        <path d="M261 228 l6 6 l6 -6 Z" fill="#0f172a" />
        <Pointer x={282} y={262} />
      </g>

      {legend.map((item) => (
        <g key={item.status}>
          <rect x={item.x} y={394} width={14} height={14} rx={4} fill={statusDot[item.status]} />
          <text x={item.x + 20} y={405} fontSize={11.5} fill="#334155">
            {item.label}
          </text>
        </g>
      ))}
      <circle cx="470" cy="401" r="4" fill="#22c55e" />
      <text x="480" y="405" fontSize="11.5" fontWeight="600" fill="#166534">
        Live
      </text>
    </svg>
  );
}
