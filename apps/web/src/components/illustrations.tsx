/** Inline SVG artwork (the app loads nothing from a CDN). Colours follow the theme through CSS variables. */
import type { CSSProperties } from 'react';

const primary = 'var(--lg-primary, #4f46e5)';

export function LogoMark({ size = 32, style }: { size?: number; style?: CSSProperties }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-hidden="true" style={style}>
      <defs>
        <linearGradient id="lg-logo-grad" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#4338ca" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#lg-logo-grad)" />
      <rect x="8" y="8" width="5" height="16" rx="2" fill="#fff" />
      <rect x="8" y="19" width="16" height="5" rx="2" fill="#fff" />
      <rect x="16" y="8" width="8" height="8" rx="2" fill="#c7d2fe" />
    </svg>
  );
}

export function NotFoundIllustration({ width = 320 }: { width?: number }) {
  return (
    <svg width={width} viewBox="0 0 320 200" role="img" aria-hidden="true">
      <ellipse cx="160" cy="182" rx="120" ry="10" fill={primary} opacity="0.08" />
      <g fontFamily="inherit" fontWeight="800" fontSize="112" textAnchor="middle">
        <text x="78" y="150" fill={primary} opacity="0.16">
          4
        </text>
        <text x="242" y="150" fill={primary} opacity="0.16">
          4
        </text>
      </g>
      <circle cx="160" cy="108" r="46" fill="none" stroke={primary} strokeWidth="10" opacity="0.9" />
      <circle cx="160" cy="108" r="30" fill={primary} opacity="0.08" />
      <path d="M193 141 l26 26" stroke={primary} strokeWidth="12" strokeLinecap="round" />
      <path d="M146 96 q14 -14 28 0" stroke={primary} strokeWidth="5" fill="none" strokeLinecap="round" opacity="0.6" />
      <circle cx="150" cy="114" r="4" fill={primary} opacity="0.6" />
      <circle cx="170" cy="114" r="4" fill={primary} opacity="0.6" />
      <circle cx="46" cy="40" r="5" fill={primary} opacity="0.25" />
      <circle cx="282" cy="58" r="7" fill={primary} opacity="0.18" />
      <path d="M262 26 l6 6 m0 -6 l-6 6" stroke={primary} strokeWidth="2.5" strokeLinecap="round" opacity="0.35" />
      <path d="M38 96 l6 6 m0 -6 l-6 6" stroke={primary} strokeWidth="2.5" strokeLinecap="round" opacity="0.35" />
    </svg>
  );
}

export function ServerErrorIllustration({ width = 260 }: { width?: number }) {
  const rack = (y: number) => (
    <g key={y}>
      <rect
        x="80"
        y={y}
        width="130"
        height="36"
        rx="8"
        fill={primary}
        opacity="0.1"
        stroke={primary}
        strokeOpacity="0.45"
        strokeWidth="2"
      />
      <circle cx="98" cy={y + 18} r="4" fill={primary} opacity="0.7" />
      <circle cx="112" cy={y + 18} r="4" fill={primary} opacity="0.35" />
      <rect x="150" y={y + 14} width="44" height="8" rx="4" fill={primary} opacity="0.25" />
    </g>
  );
  return (
    <svg width={width} viewBox="0 0 290 200" role="img" aria-hidden="true">
      <ellipse cx="145" cy="184" rx="110" ry="9" fill={primary} opacity="0.08" />
      {[40, 84, 128].map(rack)}
      <g transform="translate(186 18)">
        <path d="M34 4 L66 60 H2 Z" fill="#faad14" stroke="#d48806" strokeWidth="3" strokeLinejoin="round" />
        <rect x="31" y="22" width="6" height="22" rx="3" fill="#fff" />
        <circle cx="34" cy="51" r="3.6" fill="#fff" />
      </g>
    </svg>
  );
}

export function AdBlockIllustration({ width = 120 }: { width?: number }) {
  return (
    <svg width={width} viewBox="0 0 120 120" role="img" aria-hidden="true">
      <path
        d="M60 8 L100 22 V58 C100 84 82 102 60 112 C38 102 20 84 20 58 V22 Z"
        fill={primary}
        opacity="0.12"
        stroke={primary}
        strokeWidth="4"
      />
      <circle cx="60" cy="60" r="22" fill="none" stroke="#ff4d4f" strokeWidth="6" />
      <path d="M45 75 L75 45" stroke="#ff4d4f" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
