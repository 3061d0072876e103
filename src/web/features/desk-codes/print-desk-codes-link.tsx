import { QrCode } from 'lucide-react';

/** The sheet of a floor's desk QR codes. */
export const deskCodesPath = (floorId: string) => `/floors/${encodeURIComponent(floorId)}/desk-codes`;

/** Opens the floor's QR codes sheet in a new tab, so the map stays where the admin left it. */
export function PrintDeskCodesLink({
  floorId,
  floorName,
  className,
}: {
  floorId: string;
  floorName: string;
  className?: string;
}) {
  return (
    <a
      href={deskCodesPath(floorId)}
      target="_blank"
      rel="noopener"
      className={className}
      aria-label={`Print desk QR codes of ${floorName} (opens in a new tab)`}
    >
      <QrCode className="size-3.5" aria-hidden="true" />
      Print desk QR codes
    </a>
  );
}
