import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The dark modules of a QR code as one SVG path (drawn on the device: no network needed). */
export function qrPath(text: string): { size: number; d: string } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  let d = '';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!qr.isDark(y, x)) continue;
      // Runs of dark modules in a row as one rectangle: a shorter path.
      let w = 1;
      while (x + w < n && qr.isDark(y, x + w)) w++;
      d += `M${x} ${y}h${w}v1h-${w}z`;
      x += w - 1;
    }
  }
  return { size: n, d };
}

/** A QR code of `text`, black on white with its quiet zone whatever the theme, scaled to its box. */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, d } = useMemo(() => qrPath(text), [text]);
  const q = 4;
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      viewBox={`${-q} ${-q} ${size + 2 * q} ${size + 2 * q}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect x={-q} y={-q} width={size + 2 * q} height={size + 2 * q} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
