import { code128Widths, QUIET_ZONE_MODULES } from './code128';

/**
 * A Code 128 barcode drawn as SVG, sized in millimetres for paper: each module `moduleMm` wide
 * (0.33 mm at least, which office laser and thermal label printers hold and handheld scanners read
 * from a hand's length), ten modules of quiet zone each side, the text printed under it.
 */
export function Barcode({
  value,
  moduleMm = 0.33,
  heightMm = 12,
  showText = true,
  className,
}: {
  value: string;
  moduleMm?: number;
  heightMm?: number;
  showText?: boolean;
  className?: string;
}) {
  let widths: number[];
  try {
    widths = code128Widths(value);
  } catch {
    // Not encodable (a tracking code with letters outside ASCII): the text alone.
    return <span className={className}>{value}</span>;
  }
  const modules = widths.reduce((sum, width) => sum + width, 0) + 2 * QUIET_ZONE_MODULES;
  const bars: { x: number; width: number }[] = [];
  let x = QUIET_ZONE_MODULES;
  widths.forEach((width, index) => {
    if (index % 2 === 0) bars.push({ x, width });
    x += width;
  });
  const module = Math.max(0.33, moduleMm);
  return (
    <span className={className} style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center' }}>
      <svg
        role="img"
        aria-label={value}
        width={`${(modules * module).toFixed(2)}mm`}
        height={`${heightMm}mm`}
        viewBox={`0 0 ${modules} 100`}
        preserveAspectRatio="none"
        shapeRendering="crispEdges"
        style={{ background: '#fff' }}
      >
        {bars.map((bar) => (
          <rect key={bar.x} x={bar.x} y={0} width={bar.width} height={100} fill="#000" />
        ))}
      </svg>
      {showText && <span style={{ fontFamily: 'monospace', fontSize: '10pt', letterSpacing: '0.05em' }}>{value}</span>}
    </span>
  );
}
