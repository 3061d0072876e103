/**
 * Small SVG building blocks for the landing-page illustrations. The product has no
 * screenshots yet, so the pictures are drawn from the same vocabulary as the real
 * screens: desk tiles coloured by availability, badges, buttons and avatars.
 */

export type DeskStatus = 'available' | 'partial' | 'booked' | 'blocked';

const deskColours: Record<DeskStatus, { fill: string; stroke: string; title: string; text: string }> = {
  available: { fill: '#ecfdf5', stroke: '#22c55e', title: '#14532d', text: '#166534' },
  partial: { fill: '#fff7ed', stroke: '#f97316', title: '#7c2d12', text: '#9a3412' },
  booked: { fill: '#fef2f2', stroke: '#ef4444', title: '#7f1d1d', text: '#991b1b' },
  blocked: { fill: '#7f1d1d', stroke: '#450a0a', title: '#ffffff', text: '#fecaca' },
};

export const statusDot: Record<DeskStatus, string> = {
  available: '#22c55e',
  partial: '#f97316',
  booked: '#ef4444',
  blocked: '#7f1d1d',
};

export interface Desk {
  x: number;
  y: number;
  name: string;
  status: DeskStatus;
  lines?: readonly string[];
}

/** A desk as the floor plan draws it: name, then the booking text of spec section 2. */
export function DeskTile({ desk, width = 90, height = 56 }: { desk: Desk; width?: number; height?: number }) {
  const colours = deskColours[desk.status];
  const lines = desk.status === 'blocked' ? ['BLOCKED', 'permanent'] : (desk.lines ?? ['Available']);
  return (
    <g transform={`translate(${desk.x} ${desk.y})`}>
      <rect width={width} height={height} rx={8} fill={colours.fill} stroke={colours.stroke} strokeWidth={1.5} />
      <text x={9} y={18} fontSize={12} fontWeight={700} fill={colours.title}>
        {desk.name}
      </text>
      <circle cx={width - 12} cy={14} r={3.5} fill={desk.status === 'blocked' ? '#fecaca' : colours.stroke} />
      {lines.map((line, index) => (
        <text
          key={line}
          x={9}
          y={33 + index * 12}
          fontSize={9.5}
          fontWeight={desk.status === 'blocked' && index === 0 ? 700 : 500}
          fill={colours.text}
        >
          {line}
        </text>
      ))}
    </g>
  );
}

/** Roughly how wide a label is in Inter, for sizing pills around text. */
export function textWidth(label: string, fontSize: number): number {
  return label.length * fontSize * 0.58;
}

const badgeTones = {
  brand: { fill: '#e0e7ff', text: '#3730a3' },
  slate: { fill: '#f1f5f9', text: '#334155' },
  green: { fill: '#dcfce7', text: '#166534' },
} as const;

export function Badge({
  x,
  y,
  label,
  tone = 'slate',
  anchor = 'start',
}: {
  x: number;
  y: number;
  label: string;
  tone?: keyof typeof badgeTones;
  anchor?: 'start' | 'end';
}) {
  const width = textWidth(label, 10.5) + 16;
  const left = anchor === 'end' ? x - width : x;
  return (
    <g>
      <rect x={left} y={y} width={width} height={20} rx={10} fill={badgeTones[tone].fill} />
      <text
        x={left + width / 2}
        y={y + 14}
        fontSize={10.5}
        fontWeight={600}
        textAnchor="middle"
        fill={badgeTones[tone].text}
      >
        {label}
      </text>
    </g>
  );
}

export function Avatar({
  cx,
  cy,
  initials,
  colour,
  r = 14,
}: {
  cx: number;
  cy: number;
  initials: string;
  colour: string;
  r?: number;
}) {
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill={colour} stroke="#ffffff" strokeWidth={2} />
      <text x={cx} y={cy + r * 0.3} fontSize={r * 0.78} fontWeight={700} textAnchor="middle" fill="#ffffff">
        {initials}
      </text>
    </g>
  );
}

export function ButtonShape({
  x,
  y,
  width,
  label,
  primary = false,
  height = 32,
}: {
  x: number;
  y: number;
  width: number;
  label: string;
  primary?: boolean;
  height?: number;
}) {
  return (
    <g>
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={8}
        fill={primary ? '#4f46e5' : '#ffffff'}
        stroke={primary ? '#4f46e5' : '#cbd5e1'}
      />
      <text
        x={x + width / 2}
        y={y + height / 2 + 4.5}
        fontSize={12.5}
        fontWeight={600}
        textAnchor="middle"
        fill={primary ? '#ffffff' : '#1e293b'}
      >
        {label}
      </text>
    </g>
  );
}

/** A mouse pointer, drawn with its tip at (x, y). */
export function Pointer({ x, y }: { x: number; y: number }) {
  return (
    <path
      transform={`translate(${x} ${y})`}
      d="M0 0 L0 18 L4.5 13.5 L8 21 L11 19.6 L7.6 12.4 L13.5 12.4 Z"
      fill="#0f172a"
      stroke="#ffffff"
      strokeWidth={1.4}
      strokeLinejoin="round"
    />
  );
}
