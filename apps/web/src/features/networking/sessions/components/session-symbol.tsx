import { useTranslation } from 'react-i18next';

/** 8 shapes × 5 colours = the 40 pictures (SESSIONS.symbols) partners find each other by. */
const SHAPES = ['circle', 'square', 'triangle', 'diamond', 'star', 'heart', 'hexagon', 'cross'] as const;
const COLOURS = [
  ['red', '#d62839'],
  ['blue', '#1f5fbf'],
  ['green', '#16803c'],
  ['orange', '#d9650b'],
  ['purple', '#7b3fb0'],
] as const;

function shapePath(shape: (typeof SHAPES)[number]) {
  switch (shape) {
    case 'circle':
      return <circle cx="50" cy="50" r="40" />;
    case 'square':
      return <rect x="14" y="14" width="72" height="72" rx="8" />;
    case 'triangle':
      return <path d="M50 10 L92 86 H8 Z" />;
    case 'diamond':
      return <path d="M50 6 L92 50 L50 94 L8 50 Z" />;
    case 'star':
      return <path d="M50 6 L61 38 L95 38 L68 58 L78 92 L50 72 L22 92 L32 58 L5 38 L39 38 Z" />;
    case 'heart':
      return <path d="M50 88 C18 66 6 48 10 32 C14 14 38 10 50 28 C62 10 86 14 90 32 C94 48 82 66 50 88 Z" />;
    case 'hexagon':
      return <path d="M28 10 H72 L94 50 L72 90 H28 L6 50 Z" />;
    case 'cross':
      return <path d="M36 8 H64 V36 H92 V64 H64 V92 H36 V64 H8 V36 H36 Z" />;
  }
}

/** The shape and colour of picture `n` (0 … 39), by their keys. */
export function symbolParts(n: number) {
  const shape = SHAPES[((n % 40) + 40) % 8] as (typeof SHAPES)[number];
  const colour = COLOURS[Math.floor((((n % 40) + 40) % 40) / 8) % COLOURS.length] as (typeof COLOURS)[number];
  return { shape, colour: colour[0], fill: colour[1] };
}

/** A pair's or group's picture, drawn inline (no request), named for screen readers ("Star, red"). */
export function SessionSymbol({ n, size = 160 }: { n: number; size?: number }) {
  const { t } = useTranslation();
  const p = symbolParts(n);
  const label = t('networking-sessions.symbols.name', {
    shape: t(`networking-sessions.symbols.shape.${p.shape}`),
    colour: t(`networking-sessions.symbols.colour.${p.colour}`),
  });
  return (
    <svg className="session-symbol" viewBox="0 0 100 100" width={size} height={size} role="img" aria-label={label} data-symbol={n}>
      <title>{label}</title>
      <g fill={p.fill} stroke="#fff" strokeWidth="3" strokeLinejoin="round">
        {shapePath(p.shape)}
      </g>
    </svg>
  );
}
