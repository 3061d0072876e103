import { Layers, Plus } from 'lucide-react';
import { Avatar, Badge, ButtonShape } from './svg-kit.tsx';

const floors = [
  { name: 'Ground floor', desks: '12 desks' },
  { name: 'Level 1', desks: '24 desks' },
  { name: 'Level 2', desks: '16 desks', selected: true },
  { name: 'Level 3', desks: '20 desks' },
] as const;

const members = [
  { name: 'Maya Patel', email: 'maya@acme.co', initials: 'MP', colour: '#4f46e5', role: 'Admin' },
  { name: 'Tom Reed', email: 'tom@acme.co', initials: 'TR', colour: '#0d9488', role: 'Member' },
  { name: 'Priya Shah', email: 'priya@acme.co', initials: 'PS', colour: '#c2410c', role: 'Member' },
  { name: 'Jonas Berg', email: 'jonas@acme.co', initials: 'JB', colour: '#7c3aed', role: 'Admin' },
  { name: 'Ana Morales', email: 'ana@acme.co', initials: 'AM', colour: '#be185d', role: 'Member' },
] as const;

/** Feature 3: floors on the left, the team with role badges on the right. */
export function TeamIllustration({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 560 440"
      className={className}
      role="img"
      aria-label="Team management in Perch: a list of floors from Ground floor to Level 3, and a member list with Admin and Member role badges and an invite form."
    >
      <rect x="0.5" y="0.5" width="559" height="439" rx="16" fill="#f8fafc" stroke="#e2e8f0" />

      <rect x="16" y="16" width="168" height="408" rx="12" fill="#ffffff" stroke="#e2e8f0" />
      <Layers x={30} y={32} size={16} color="#4f46e5" />
      <text x="54" y="45" fontSize="13" fontWeight="700" fill="#0f172a">
        Floors
      </text>
      {floors.map((floor, index) => {
        const y = 64 + index * 52;
        const isSelected = 'selected' in floor;
        return (
          <g key={floor.name}>
            <rect
              x={26}
              y={y}
              width={148}
              height={44}
              rx={8}
              fill={isSelected ? '#eef2ff' : '#ffffff'}
              stroke={isSelected ? '#a5b4fc' : '#e2e8f0'}
            />
            <text x={38} y={y + 19} fontSize="12.5" fontWeight="600" fill={isSelected ? '#3730a3' : '#0f172a'}>
              {floor.name}
            </text>
            <text x={38} y={y + 34} fontSize="10.5" fill="#64748b">
              {floor.desks}
            </text>
          </g>
        );
      })}
      <rect x="26" y="276" width="148" height="36" rx="8" fill="#ffffff" stroke="#a5b4fc" strokeDasharray="4 3" />
      <Plus x={60} y={286} size={16} color="#4338ca" />
      <text x="82" y="298" fontSize="12" fontWeight="600" fill="#4338ca">
        Add Floor
      </text>
      <text x="30" y="346" fontSize="10.5" fontWeight="700" fill="#64748b" letterSpacing="0.6">
        WHO'S IN TODAY
      </text>
      {members.map((member, index) => (
        <Avatar
          key={member.initials}
          cx={44 + index * 22}
          cy={374}
          r={14}
          initials={member.initials}
          colour={member.colour}
        />
      ))}
      <text x="30" y="410" fontSize="11" fill="#475569">
        5 of 8 people in the office
      </text>

      <rect x="196" y="16" width="348" height="408" rx="12" fill="#ffffff" stroke="#e2e8f0" />
      <text x="214" y="45" fontSize="15" fontWeight="700" fill="#0f172a">
        Team Management
      </text>
      <text x="214" y="63" fontSize="11" fill="#64748b">
        8 of 50 seats used · Tier 1
      </text>
      <rect x="214" y="78" width="158" height="32" rx="8" fill="#ffffff" stroke="#cbd5e1" />
      <text x="226" y="98" fontSize="11.5" fill="#64748b">
        colleague@acme.co
      </text>
      <rect x="378" y="78" width="82" height="32" rx="8" fill="#ffffff" stroke="#cbd5e1" />
      <text x="390" y="98" fontSize="11.5" fill="#0f172a">
        Member
      </text>
      <path d="M446 92 l4 4 l4 -4" fill="none" stroke="#64748b" strokeWidth="1.5" />
      <ButtonShape x={466} y={78} width={62} label="Invite" primary />
      {members.map((member, index) => {
        const y = 124 + index * 58;
        return (
          <g key={member.email}>
            {index > 0 && <line x1={214} y1={y} x2={528} y2={y} stroke="#f1f5f9" />}
            <Avatar cx={234} cy={y + 29} r={16} initials={member.initials} colour={member.colour} />
            <text x={260} y={y + 26} fontSize="12.5" fontWeight="600" fill="#0f172a">
              {member.name}
            </text>
            <text x={260} y={y + 42} fontSize="11" fill="#64748b">
              {member.email}
            </text>
            <Badge
              x={528}
              y={y + 19}
              label={member.role}
              tone={member.role === 'Admin' ? 'brand' : 'slate'}
              anchor="end"
            />
          </g>
        );
      })}
    </svg>
  );
}
