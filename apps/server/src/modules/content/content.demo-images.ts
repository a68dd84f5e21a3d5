/**
 * Pictures of the demo posts, drawn as SVG at seed time into the uploads folder, so the demo looks
 * alive without the internet: a sky, a sun or moon, a skyline or hills, by a palette per picture.
 */

const PALETTES: Record<string, { sky: [string, string]; sun: string; far: string; near: string; night?: boolean }> = {
  lanyard: { sky: ['#8ec5fc', '#e0c3fc'], sun: '#fff3b0', far: '#6a7fdb', near: '#3d4e9e' },
  hallway: { sky: ['#f6d365', '#fda085'], sun: '#fffbe6', far: '#c0605a', near: '#7a3b3b' },
  harbour: { sky: ['#ff9a8b', '#ff6a88'], sun: '#ffe29f', far: '#5a4e8c', near: '#2d2a55' },
  rooftop: { sky: ['#141e30', '#243b55'], sun: '#f5f3ce', far: '#3a4f6e', near: '#0f1724', night: true },
};

/** A number from a string, to place the buildings the same way on every seed. */
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export const DEMO_IMAGE_KEYS = Object.keys(PALETTES);

export function demoImageSvg(key: string): string {
  const p = PALETTES[key] ?? PALETTES.lanyard;
  if (!p) throw new Error('no palette');
  let seed = hash(key);
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  const buildings: string[] = [];
  for (let x = 0; x < 1200; ) {
    const w = 60 + Math.floor(next() * 90);
    const h = 140 + Math.floor(next() * 260);
    buildings.push(`<rect x="${x}" y="${800 - h}" width="${w - 6}" height="${h}" fill="${p.far}"/>`);
    if (p.night) {
      for (let wy = 800 - h + 20; wy < 780; wy += 34) {
        for (let wx = x + 12; wx < x + w - 20; wx += 24) {
          if (next() < 0.45) buildings.push(`<rect x="${wx}" y="${wy}" width="10" height="14" fill="#ffd36b" opacity=".85"/>`);
        }
      }
    }
    x += w;
  }
  const hills = `M0 800 L0 ${640 + next() * 60} Q300 ${560 + next() * 60} 600 ${650 + next() * 40} T1200 ${620 + next() * 50} L1200 800 Z`;
  const stars = p.night
    ? Array.from(
        { length: 40 },
        () =>
          `<circle cx="${Math.floor(next() * 1200)}" cy="${Math.floor(next() * 300)}" r="${(1 + next() * 1.5).toFixed(1)}" fill="#fff" opacity=".8"/>`,
      ).join('')
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs><rect width="1200" height="800" fill="url(#s)"/>${stars}<circle cx="${880 + Math.floor(next() * 160)}" cy="${170 + Math.floor(next() * 60)}" r="70" fill="${p.sun}"/>${buildings.join('')}<path d="${hills}" fill="${p.near}"/></svg>`;
}
