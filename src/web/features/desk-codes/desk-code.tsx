import { create } from 'qrcode';
import { useMemo } from 'react';
import { qrModulesPath } from './sheet.ts';

/** Two modules of white round the symbol; the card's white padding adds to it when printed. */
const quietZone = 2;

/**
 * A desk's QR code as inline SVG, drawn from the `qrcode` library's symbol (error correction M: a code still
 * reads with a scuff or a fingerprint on the printed card). This file is only imported by the sheet's page, which
 * the router loads on demand, so the library stays out of the dashboard's and the landing page's code.
 */
export function DeskCode({ address, label }: { address: string; label: string }) {
  const symbol = useMemo(() => {
    const { modules } = create(address, { errorCorrectionLevel: 'M' });
    const size = modules.size;
    return {
      extent: size + 2 * quietZone,
      path: qrModulesPath(size, (row, column) => modules.get(row, column) === 1, quietZone),
    };
  }, [address]);
  return (
    <svg
      className="desk-code-symbol"
      viewBox={`0 0 ${symbol.extent} ${symbol.extent}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
    >
      <rect width={symbol.extent} height={symbol.extent} fill="#fff" />
      <path d={symbol.path} fill="#000" />
    </svg>
  );
}
