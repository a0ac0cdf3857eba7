/* eslint-disable i18next/no-literal-string -- partner logos: their brand names are drawn as SVG artwork, not interface text */
/** The project's wordmark: the Loci pin and name. */
export function LociWordmark({ height = 40 }: { height?: number }) {
  return (
    <svg role="img" aria-label="Loci" height={height} viewBox="0 0 150 48" xmlns="http://www.w3.org/2000/svg">
      <defs>
        <linearGradient id="loci-wordmark-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0ca678" />
          <stop offset="1" stopColor="#1971c2" />
        </linearGradient>
      </defs>
      <path
        d="M20 3C11.7 3 5 9.7 5 18c0 11.3 15 27 15 27s15-15.7 15-27C35 9.7 28.3 3 20 3z"
        fill="url(#loci-wordmark-gradient)"
      />
      <circle cx="20" cy="18" r="6" fill="#fff" />
      <text
        x="46"
        y="33"
        fontFamily="Inter, system-ui, sans-serif"
        fontSize="28"
        fontWeight="700"
        fill="#1f2a37"
        letterSpacing="-0.5"
      >
        Loci
      </text>
    </svg>
  );
}

/** The (made-up) funder's logo: an open book under a rising sun. */
export function OpenCultureFundLogo({ height = 40 }: { height?: number }) {
  return (
    <svg
      role="img"
      aria-label="Open Culture Fund"
      height={height}
      viewBox="0 0 230 48"
      xmlns="http://www.w3.org/2000/svg"
    >
      <circle cx="24" cy="24" r="21" fill="none" stroke="#c2410c" strokeWidth="3" />
      <path d="M13 29a11 11 0 0 1 22 0" fill="#f59e0b" />
      <path d="M10 31c5-2 9.5-2 14 1 4.5-3 9-3 14-1v5c-5-2-9.5-2-14 1-4.5-3-9-3-14-1z" fill="#c2410c" />
      <text x="54" y="22" fontFamily="Georgia, 'Times New Roman', serif" fontSize="17" fontWeight="700" fill="#7c2d12">
        Open Culture
      </text>
      <text
        x="54"
        y="40"
        fontFamily="Inter, system-ui, sans-serif"
        fontSize="12"
        fontWeight="600"
        letterSpacing="3"
        fill="#9a3412"
      >
        FUND
      </text>
    </svg>
  );
}

/** A small illustration for the landing page: a story path between places on a map. */
export function StoryMapIllustration({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 360 260" width="100%" role="img" aria-label={label} xmlns="http://www.w3.org/2000/svg">
      <rect x="0" y="0" width="360" height="260" rx="20" fill="#e6fcf5" />
      <path d="M0 180 C60 150 90 210 160 185 S260 120 360 150 V260 H0z" fill="#c3fae8" />
      <path
        d="M0 70 C70 90 120 40 190 60 S300 30 360 50"
        stroke="#96f2d7"
        strokeWidth="14"
        fill="none"
        strokeLinecap="round"
      />
      <g stroke="#b2f2bb" strokeWidth="2" opacity="0.8">
        <line x1="40" y1="0" x2="40" y2="260" />
        <line x1="130" y1="0" x2="130" y2="260" />
        <line x1="220" y1="0" x2="220" y2="260" />
        <line x1="310" y1="0" x2="310" y2="260" />
        <line x1="0" y1="110" x2="360" y2="110" />
        <line x1="0" y1="210" x2="360" y2="210" />
      </g>
      <path
        d="M70 200 C110 150 120 120 165 125 S230 170 250 120 S270 70 300 72"
        stroke="#1971c2"
        strokeWidth="4"
        strokeDasharray="2 10"
        strokeLinecap="round"
        fill="none"
      />
      {[
        [70, 200, '#0ca678'],
        [165, 125, '#1c7ed6'],
        [250, 120, '#f59f00'],
        [300, 72, '#e8590c'],
      ].map(([x, y, color]) => (
        <g key={`${x}-${y}`} transform={`translate(${Number(x) - 14} ${Number(y) - 38})`}>
          <path d="M14 2C7.4 2 2 7.4 2 14c0 9 12 22 12 22s12-13 12-22C26 7.4 20.6 2 14 2z" fill={String(color)} />
          <circle cx="14" cy="14" r="5" fill="#fff" />
        </g>
      ))}
      <g transform="translate(186 160)">
        <rect width="128" height="52" rx="10" fill="#fff" stroke="#d0ebff" />
        <rect x="12" y="12" width="80" height="8" rx="4" fill="#a5d8ff" />
        <rect x="12" y="28" width="104" height="6" rx="3" fill="#dee2e6" />
        <rect x="12" y="38" width="64" height="6" rx="3" fill="#dee2e6" />
      </g>
    </svg>
  );
}
