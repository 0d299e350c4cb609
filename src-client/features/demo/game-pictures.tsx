/**
 * The home page's pictures of the two games, drawn as SVG: a few hundred bytes each, sharp on any
 * screen, and loaded after the page's first paint (home.tsx loads this file lazily).
 */

const INK = '#1c3d5a';
const BEER = '#e8a317';
const FOAM = '#fff8e1';
const ORDER = '#c0392b';

/** A building of the supply chain: a box with a roof, its label under it. */
function Stage({ x, label, factory }: { x: number; label: string; factory?: boolean }) {
  return (
    <g transform={`translate(${x} 60)`}>
      {factory ? (
        <>
          <rect x="8" y="-22" width="10" height="30" fill={INK} />
          <path
            d="M0 8 L0 60 L80 60 L80 8 L60 24 L60 8 L40 24 L40 8 L20 24 L20 8 Z"
            fill="#dbe7f3"
            stroke={INK}
            strokeWidth="3"
          />
        </>
      ) : (
        <>
          <path
            d="M-4 24 L40 0 L84 24 Z"
            fill="#dbe7f3"
            stroke={INK}
            strokeWidth="3"
            strokeLinejoin="round"
          />
          <rect x="4" y="24" width="72" height="36" fill="#f5f9fc" stroke={INK} strokeWidth="3" />
        </>
      )}
      <rect x="30" y="38" width="20" height="22" fill={INK} opacity="0.85" />
      <text x="40" y="84" textAnchor="middle" fontSize="13" fontWeight="600" fill={INK}>
        {label}
      </text>
    </g>
  );
}

/** A crate of beer on its way downstream. */
function Crate({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width="18" height="14" rx="2" fill={BEER} stroke={INK} strokeWidth="1.5" />
      <rect x="2" y="-3" width="14" height="4" rx="2" fill={FOAM} stroke={INK} strokeWidth="1" />
    </g>
  );
}

/**
 * The beer game: factory, distributor, wholesaler and retailer in a row, beer going right to the
 * consumers and orders (red, dashed) going back left; the orders' swing grows upstream.
 */
export function BeerChainPicture({
  label,
  names,
}: {
  label: string;
  names: [string, string, string, string];
}) {
  const xs = [20, 160, 300, 440];
  return (
    <svg viewBox="0 0 640 200" role="img" aria-label={label} width="100%" style={{ display: 'block' }}>
      <rect width="640" height="200" rx="16" fill="#eef4fa" />
      {xs.map((x, i) => (
        <Stage key={x} x={x} label={names[i]!} factory={i === 0} />
      ))}
      {/* Consumers at the end of the chain. */}
      <g transform="translate(585 92)" fill={INK}>
        <circle cx="0" cy="0" r="9" />
        <path d="M-14 32 Q0 8 14 32 Z" />
        <circle cx="26" cy="6" r="7" opacity="0.7" />
        <path d="M15 34 Q26 16 37 34 Z" opacity="0.7" />
      </g>
      {/* Beer downstream. */}
      {[108, 248, 388, 528].map((x) => (
        <g key={x}>
          <line
            x1={x - 6}
            y1="112"
            x2={x + 40}
            y2="112"
            stroke={INK}
            strokeWidth="2"
            markerEnd="url(#beer-arrow)"
          />
          <Crate x={x + 4} y={94} />
        </g>
      ))}
      {/* Orders upstream: their swing grows towards the factory (the bullwhip). */}
      {[
        [528, 4],
        [388, 8],
        [248, 13],
        [108, 19],
      ].map(([x, amp]) => (
        <path
          key={x}
          d={`M${x! + 44} 40 q8 ${-amp!} 14 0 t14 0 t14 0`}
          transform={`translate(${-14} 0)`}
          fill="none"
          stroke={ORDER}
          strokeWidth="2.5"
          strokeDasharray="5 3"
        />
      ))}
      <defs>
        <marker
          id="beer-arrow"
          viewBox="0 0 10 10"
          refX="8"
          refY="5"
          markerWidth="6"
          markerHeight="6"
          orient="auto"
        >
          <path d="M0 0 L10 5 L0 10 Z" fill={INK} />
        </marker>
      </defs>
    </svg>
  );
}

/** A workstation: a table, a machine and its operator. */
function Station({ x, colour }: { x: number; colour: string }) {
  return (
    <g transform={`translate(${x} 56)`}>
      <rect x="0" y="30" width="86" height="50" rx="6" fill="#f5f9fc" stroke={INK} strokeWidth="3" />
      <rect x="14" y="8" width="36" height="30" rx="4" fill={colour} stroke={INK} strokeWidth="2.5" />
      <circle cx="32" cy="23" r="7" fill="#fff" stroke={INK} strokeWidth="2" />
      <circle cx="66" cy="14" r="8" fill={INK} />
      <path d="M56 38 Q66 20 76 38 Z" fill={INK} />
    </g>
  );
}

/** Parts waiting between stations (work in progress). */
function Parts({ x, count }: { x: number; count: number }) {
  return (
    <g>
      {Array.from({ length: count }, (_, i) => i).map((i) => (
        <rect
          key={`part-${x}-${i}`}
          x={x + (i % 2) * 12}
          y={122 - Math.floor(i / 2) * 12}
          width="10"
          height="10"
          rx="2"
          fill="#7fb3d5"
          stroke={INK}
          strokeWidth="1.5"
        />
      ))}
    </g>
  );
}

/**
 * The lean game: raw parts come in on the left, pass three workstations on a conveyor with queues
 * of work in progress between them, and finished products leave on the right.
 */
export function LeanFactoryPicture({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 640 200" role="img" aria-label={label} width="100%" style={{ display: 'block' }}>
      <rect width="640" height="200" rx="16" fill="#f1f7ee" />
      {/* The conveyor. */}
      <rect x="20" y="136" width="600" height="14" rx="7" fill="#cfd8dc" stroke={INK} strokeWidth="2" />
      {Array.from({ length: 25 }, (_, i) => 32 + i * 24).map((cx) => (
        <circle key={cx} cx={cx} cy="143" r="3" fill={INK} />
      ))}
      <Parts x={30} count={6} />
      <Station x={80} colour="#f5b041" />
      <Parts x={184} count={4} />
      <Station x={220} colour="#58d68d" />
      <Parts x={324} count={3} />
      <Station x={360} colour="#5dade2" />
      {/* Finished products in their box. */}
      <g transform="translate(480 88)">
        <path d="M0 20 L40 0 L80 20 L40 40 Z" fill="#d5f5e3" stroke={INK} strokeWidth="2.5" />
        <path d="M0 20 L0 52 L40 72 L40 40 Z" fill="#abebc6" stroke={INK} strokeWidth="2.5" />
        <path d="M80 20 L80 52 L40 72 L40 40 Z" fill="#82e0aa" stroke={INK} strokeWidth="2.5" />
        <path d="M26 34 l8 8 l16 -16" fill="none" stroke={INK} strokeWidth="3" strokeLinecap="round" />
      </g>
      <path
        d="M588 60 l20 0 M598 50 l10 10 l-10 10"
        fill="none"
        stroke={INK}
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
