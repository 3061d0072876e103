import type { LucideProps } from 'lucide-react';
import {
  CalendarCheck,
  CalendarDays,
  ChartColumn,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  ChevronsUpDown,
  CircleCheck,
  ClipboardList,
  CreditCard,
  Layers,
  LayoutGrid,
  LogOut,
  Plus,
  RefreshCw,
  Users,
} from 'lucide-react';
import { type ComponentType, useId } from 'react';
import { Avatar, type Desk, DeskTile } from './svg-kit.tsx';

const columns = [350, 474, 598, 722] as const;
const rows = [184, 252, 344, 412, 504, 572] as const;
type Cell = Pick<Desk, 'status' | 'lines'>;

// Row by row, the 24 desks of the floor; names are numbered in reading order.
const cells: readonly Cell[] = [
  { status: 'available' },
  { status: 'booked', lines: ['Priya Shah', 'Full day'] },
  { status: 'partial', lines: ['Tom Reed', 'Morning'] },
  { status: 'available' },
  { status: 'blocked' },
  { status: 'available' },
  { status: 'partial', lines: ['Ana Morales', 'Afternoon'] },
  { status: 'booked', lines: ['Jo Lane · Morning', 'Li Wei · Afternoon'] },
  { status: 'available' },
  { status: 'booked', lines: ['Sam Kim', 'Full day'] },
  { status: 'available' },
  { status: 'partial', lines: ['Lena Vogt', 'Morning'] },
  { status: 'available' },
  { status: 'available' },
  { status: 'booked', lines: ['Omar Haddad', 'Full day'] },
  { status: 'available' },
  { status: 'booked', lines: ['Maya Patel', 'Full day'] },
  { status: 'available' },
  { status: 'available' },
  { status: 'partial', lines: ['Jonas Berg', 'Afternoon'] },
  { status: 'available' },
  { status: 'blocked' },
  { status: 'booked', lines: ['Ravi Nair', 'Full day'] },
  { status: 'available' },
];

const desks: readonly Desk[] = cells.map((cell, index) => ({
  ...cell,
  x: columns[index % 4]!,
  y: rows[Math.floor(index / 4)]!,
  name: `D${String(index + 1).padStart(2, '0')}`,
}));

type Icon = ComponentType<LucideProps>;

const mainNav: ReadonlyArray<{ label: string; icon: Icon; active?: boolean }> = [
  { label: 'Floor Plan', icon: LayoutGrid, active: true },
  { label: 'My Bookings', icon: CalendarCheck },
  { label: 'Refresh Data', icon: RefreshCw },
];

const adminNav: ReadonlyArray<{ label: string; icon: Icon }> = [
  { label: 'Team Management', icon: Users },
  { label: 'Team Bookings', icon: ClipboardList },
  { label: 'Analytics', icon: ChartColumn },
  { label: 'Add Floor', icon: Plus },
  { label: 'Subscription', icon: CreditCard },
];

const statistics = [
  { label: 'Available', value: '12', colour: '#15803d', x: 34, y: 626 },
  { label: 'Partial', value: '4', colour: '#c2410c', x: 128, y: 626 },
  { label: 'Booked', value: '8', colour: '#b91c1c', x: 34, y: 676 },
  { label: 'Utilization', value: '42%', colour: '#4338ca', x: 128, y: 676 },
] as const;

function Sidebar() {
  return (
    <g>
      <rect x="0" y="40" width="240" height="680" fill="#ffffff" />
      <line x1="240" y1="40" x2="240" y2="720" stroke="#e2e8f0" />
      <g transform="translate(24 58) scale(0.875)">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <rect x="7" y="9" width="18" height="5" rx="1.5" fill="#fff" />
        <rect x="10" y="14" width="2.5" height="9" rx="1" fill="#fff" />
        <rect x="19.5" y="14" width="2.5" height="9" rx="1" fill="#c7d2fe" />
      </g>
      <text x="62" y="78" fontSize="17" fontWeight="700" fill="#0f172a">
        Perch
      </text>
      <rect x="20" y="104" width="200" height="38" rx="8" fill="#ffffff" stroke="#e2e8f0" />
      <text x="34" y="128" fontSize="13" fontWeight="600" fill="#0f172a">
        Acme Ltd
      </text>
      <ChevronsUpDown x={194} y={115} size={16} color="#64748b" />
      <rect x="20" y="150" width="200" height="38" rx="8" fill="#ffffff" stroke="#e2e8f0" />
      <Layers x={32} y={161} size={16} color="#4f46e5" />
      <text x="56" y="174" fontSize="13" fill="#0f172a">
        Level 2
      </text>
      <ChevronDown x={194} y={161} size={16} color="#64748b" />
      {mainNav.map((item, index) => {
        const y = 204 + index * 36;
        const NavIcon = item.icon;
        return (
          <g key={item.label}>
            {item.active && <rect x="20" y={y} width="200" height="32" rx="8" fill="#eef2ff" />}
            <NavIcon x={32} y={y + 8} size={16} color={item.active ? '#4338ca' : '#475569'} />
            <text
              x="58"
              y={y + 20.5}
              fontSize="13"
              fontWeight={item.active ? 600 : 500}
              fill={item.active ? '#3730a3' : '#334155'}
            >
              {item.label}
            </text>
          </g>
        );
      })}
      <text x="32" y="336" fontSize="10.5" fontWeight="700" letterSpacing="0.8" fill="#64748b">
        ADMIN
      </text>
      {adminNav.map((item, index) => {
        const y = 346 + index * 34;
        const NavIcon = item.icon;
        return (
          <g key={item.label}>
            <NavIcon x={32} y={y + 8} size={16} color="#475569" />
            <text x="58" y={y + 20.5} fontSize="13" fontWeight={500} fill="#334155">
              {item.label}
            </text>
          </g>
        );
      })}
      <text x="32" y="540" fontSize="13" fontWeight={500} fill="#334155">
        Edit Mode
      </text>
      <rect x="184" y="526" width="34" height="20" rx="10" fill="#cbd5e1" />
      <circle cx="194" cy="536" r="7.5" fill="#ffffff" />
      <rect x="20" y="574" width="200" height="130" rx="10" fill="#f8fafc" stroke="#e2e8f0" />
      <text x="34" y="598" fontSize="11.5" fontWeight="700" fill="#0f172a">
        Today's Statistics
      </text>
      {statistics.map((stat) => (
        <g key={stat.label}>
          <text x={stat.x} y={stat.y} fontSize="20" fontWeight="700" fill={stat.colour}>
            {stat.value}
          </text>
          <text x={stat.x} y={stat.y + 16} fontSize="11" fill="#475569">
            {stat.label}
          </text>
        </g>
      ))}
    </g>
  );
}

function TopBar() {
  return (
    <g>
      <rect x="240" y="40" width="960" height="62" fill="#ffffff" />
      <line x1="240" y1="102" x2="1200" y2="102" stroke="#e2e8f0" />
      <rect x="264" y="56" width="30" height="30" rx="8" fill="#ffffff" stroke="#cbd5e1" />
      <ChevronLeft x={271} y={63} size={16} color="#334155" />
      <rect x="300" y="56" width="200" height="30" rx="8" fill="#ffffff" stroke="#cbd5e1" />
      <CalendarDays x={312} y={63} size={16} color="#4f46e5" />
      <text x="336" y="75.5" fontSize="13" fontWeight="600" fill="#0f172a">
        Tue, 19 Aug 2025
      </text>
      <rect x="506" y="56" width="30" height="30" rx="8" fill="#ffffff" stroke="#cbd5e1" />
      <ChevronRight x={513} y={63} size={16} color="#334155" />
      <rect x="548" y="56" width="146" height="30" rx="8" fill="#ffffff" stroke="#cbd5e1" />
      <Users x={560} y={63} size={16} color="#334155" />
      <text x="584" y="75.5" fontSize="13" fontWeight="600" fill="#0f172a">
        Who's in today?
      </text>
      <rect x="708" y="60" width="70" height="22" rx="11" fill="#dcfce7" />
      <circle cx="722" cy="71" r="4" fill="#16a34a" />
      <text x="732" y="75" fontSize="11.5" fontWeight="600" fill="#166534">
        Live
      </text>
      <text x="1006" y="68" fontSize="12.5" fontWeight="600" textAnchor="end" fill="#0f172a">
        Maya
      </text>
      <text x="1006" y="84" fontSize="11" textAnchor="end" fill="#64748b">
        maya@acme.co
      </text>
      <Avatar cx={1032} cy={71} r={16} initials="MP" colour="#4f46e5" />
      <rect x="1064" y="56" width="112" height="30" rx="8" fill="#ffffff" stroke="#cbd5e1" />
      <LogOut x={1078} y={63} size={16} color="#334155" />
      <text x="1102" y="75.5" fontSize="13" fontWeight="600" fill="#0f172a">
        Sign Out
      </text>
    </g>
  );
}

function Canvas({ gridId }: { gridId: string }) {
  return (
    <g>
      <rect x="264" y="120" width="912" height="580" rx="12" fill="#f8fafc" stroke="#e2e8f0" />
      <rect x="264" y="120" width="912" height="580" rx="12" fill={`url(#${gridId})`} />
      <rect x="286" y="142" width="868" height="536" rx="6" fill="#ffffff" stroke="#94a3b8" strokeWidth="2" />
      <line x1="340" y1="142" x2="850" y2="142" stroke="#93c5fd" strokeWidth="4" />
      <rect x="904" y="142" width="250" height="176" fill="#eef2ff" stroke="#94a3b8" strokeWidth="1.5" />
      <text x="1029" y="226" fontSize="13" fontWeight="600" textAnchor="middle" fill="#3730a3">
        Boardroom
      </text>
      <text x="1029" y="244" fontSize="11" textAnchor="middle" fill="#4338ca">
        12 seats
      </text>
      {[904, 988, 1072].map((x) => (
        <g key={x}>
          <rect x={x} y="318" width="82" height="84" fill="#f8fafc" stroke="#94a3b8" strokeWidth="1.5" />
          <text x={x + 41} y="364" fontSize="11" textAnchor="middle" fill="#475569">
            Booth
          </text>
        </g>
      ))}
      <rect x="904" y="458" width="250" height="220" fill="#f1f5f9" stroke="#94a3b8" strokeWidth="1.5" />
      <text x="1029" y="520" fontSize="13" fontWeight="600" textAnchor="middle" fill="#334155">
        Kitchen &amp; lounge
      </text>
      {desks.map((desk) => (
        <DeskTile key={desk.name} desk={desk} width={118} height={62} />
      ))}
    </g>
  );
}

/** The hero picture: the signed-in dashboard with sidebar, date bar and a live floor plan. */
export function DashboardIllustration({ className }: { className?: string }) {
  const gridId = useId();
  const shadowId = useId();
  return (
    <svg
      viewBox="0 0 1200 720"
      className={className}
      role="img"
      aria-label="The Perch dashboard: a sidebar with floors, bookings and today's statistics, a date bar, and a floor plan whose desks are coloured by availability."
    >
      <defs>
        <pattern id={gridId} width="20" height="20" patternUnits="userSpaceOnUse">
          <circle cx="1" cy="1" r="1" fill="#e2e8f0" />
        </pattern>
        <filter id={shadowId} x="-20%" y="-40%" width="140%" height="180%">
          <feDropShadow dx="0" dy="8" stdDeviation="10" floodColor="#0f172a" floodOpacity="0.18" />
        </filter>
      </defs>
      <rect width="1200" height="720" fill="#ffffff" />
      <rect width="1200" height="40" fill="#f1f5f9" />
      <line x1="0" y1="40" x2="1200" y2="40" stroke="#e2e8f0" />
      <circle cx="22" cy="20" r="6" fill="#f87171" />
      <circle cx="42" cy="20" r="6" fill="#fbbf24" />
      <circle cx="62" cy="20" r="6" fill="#34d399" />
      <rect x="470" y="9" width="260" height="22" rx="11" fill="#ffffff" stroke="#e2e8f0" />
      <text x="600" y="24.5" fontSize="12" textAnchor="middle" fill="#475569">
        Perch · Acme Ltd
      </text>
      <Sidebar />
      <TopBar />
      <Canvas gridId={gridId} />
      <g filter={`url(#${shadowId})`}>
        <rect x="918" y="604" width="240" height="64" rx="12" fill="#ffffff" stroke="#e2e8f0" />
      </g>
      <CircleCheck x={934} y={624} size={22} color="#16a34a" />
      <text x="966" y="630" fontSize="13" fontWeight="700" fill="#0f172a">
        Desk booked
      </text>
      <text x="966" y="648" fontSize="11.5" fill="#475569">
        D17 · Full day · Tue 19 Aug
      </text>
    </svg>
  );
}
