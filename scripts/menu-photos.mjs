// Draws a flat illustration for every menu photo the seeded menu names (`/images/menu/<name>.jpg`
// in server/providers/menu/demo-menu.ts) and writes it as a JPEG under site/public/images/menu/.
// There are no food photos offline, so each dish is drawn from a few shapes (taco, burrito, bowl,
// glass, bottle, tray...) in the dish's own colours. The JPEGs are committed; run this again after
// adding a dish to the fixture:
//
//   node --import tsx scripts/menu-photos.mjs
//
// It fails when a photo of the fixture has no drawing, or when a JPEG cannot get under 24,000 bytes.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = path.join(root, 'site/public/images/menu');
export const WIDTH = 600;
export const HEIGHT = 400;
const MAX_BYTES = 24_000;

// ---------------------------------------------------------------------------------------------
// Palette and small helpers

export const C = {
  ink: '#3b2314',
  tortilla: '#f2c879',
  tortillaBack: '#ddaa57',
  char: '#c98a3d',
  flour: '#f3dcae',
  flourToast: '#d9a662',
  lime: '#5f8f2f',
  limePulp: '#cfe58a',
  cilantro: '#3f7d2c',
  onion: '#fbf6ee',
  plate: '#fffaf0',
  talavera: '#2f5d9e',
  foil: '#cdd3d9',
  foilDark: '#9aa3ad',
  rice: '#f6e3bd',
  riceRed: '#eab27a',
  beans: '#5a3424',
  salsaRoja: '#b3261e',
  salsaVerde: '#6f9a2e',
  crema: '#fffdf5',
  cheese: '#f7d774',
  avocado: '#8db44a',
  kraft: '#c89b6a',
};

/** A small deterministic random generator, so every run draws the same pictures. */
export function random(seedText) {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n) => Math.round(n * 10) / 10;
const g = (x, y, s, body, rot = 0) =>
  `<g transform="translate(${r1(x)} ${r1(y)})${rot ? ` rotate(${rot})` : ''}${s !== 1 ? ` scale(${s})` : ''}">${body}</g>`;
const stroke = (width = 3) =>
  `stroke="${C.ink}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"`;

/** A canvas: a wall colour, a table band, and a soft disc behind the food. */
export function scene({ wall, table, disc, tableTop = 270, width = WIDTH, height = HEIGHT, body }) {
  const discShape = disc
    ? `<ellipse cx="${width / 2}" cy="${tableTop - 40}" rx="${width * 0.36}" ry="${width * 0.3}" fill="${disc}"/>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${wall}"/>${discShape}` +
    `<rect y="${tableTop}" width="${width}" height="${height - tableTop}" fill="${table}"/>` +
    `${body}</svg>`
  );
}

/** A top-down canvas: one table colour with a faint cloth stripe. */
export function topScene({ table, stripe, body, width = WIDTH, height = HEIGHT }) {
  const stripes = stripe
    ? `<rect y="${height * 0.08}" width="${width}" height="14" fill="${stripe}"/><rect y="${height * 0.08 + 22}" width="${width}" height="6" fill="${stripe}"/>` +
      `<rect y="${height * 0.88}" width="${width}" height="6" fill="${stripe}"/><rect y="${height * 0.88 + 14}" width="${width}" height="14" fill="${stripe}"/>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${table}"/>${stripes}${body}</svg>`
  );
}

// ---------------------------------------------------------------------------------------------
// Shapes

/** Bits scattered inside a circle of radius r: small shapes in the given colours. */
function scatter(rng, { count, r, colors, size = [4, 8], shape = 'circle', cx = 0, cy = 0, rx, ry }) {
  let out = '';
  const rxx = rx ?? r;
  const ryy = ry ?? r;
  for (let i = 0; i < count; i++) {
    const a = rng() * Math.PI * 2;
    const d = Math.sqrt(rng());
    const x = cx + Math.cos(a) * d * rxx;
    const y = cy + Math.sin(a) * d * ryy;
    const s = size[0] + rng() * (size[1] - size[0]);
    const fill = colors[Math.floor(rng() * colors.length)];
    if (shape === 'square') {
      out += `<rect x="${r1(x - s / 2)}" y="${r1(y - s / 2)}" width="${r1(s)}" height="${r1(s)}" rx="1.5" fill="${fill}" transform="rotate(${Math.round(rng() * 90)} ${r1(x)} ${r1(y)})"/>`;
    } else if (shape === 'leaf') {
      out += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(s)}" ry="${r1(s * 0.55)}" fill="${fill}" transform="rotate(${Math.round(rng() * 180)} ${r1(x)} ${r1(y)})"/>`;
    } else {
      out += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s / 2)}" fill="${fill}"/>`;
    }
  }
  return out;
}

/**
 * A taco seen from the front, centred on the middle of its opening: the far lip of the tortilla,
 * the filling piled up, then the near half of the tortilla. About 260 wide, 150 tall.
 */
export function taco(rng, { filling, bits = [], tortilla = C.tortilla, back = C.tortillaBack, spots = C.char }) {
  const [meat, meatDark] = filling;
  let heap = '';
  for (let x = -108; x <= 108; x += 18) {
    const y = -14 - rng() * 12 - (1 - Math.abs(x) / 120) * 16;
    heap += `<circle cx="${x}" cy="${r1(y)}" r="${r1(22 + rng() * 8)}" fill="${rng() < 0.5 ? meat : meatDark}"/>`;
  }
  let topping = '';
  for (const bit of bits) {
    topping += scatter(rng, {
      count: bit.count ?? 10,
      rx: 100,
      ry: 14,
      cy: -40,
      colors: bit.colors,
      size: bit.size ?? [6, 11],
      shape: bit.shape ?? 'square',
    });
  }
  let charSpots = '';
  for (let i = 0; i < 9; i++) {
    const y = 14 + rng() * 70;
    const half = Math.sqrt(Math.max(0, 1 - (y / 104) ** 2)) * 128 - 18;
    const x = (rng() * 2 - 1) * half;
    charSpots += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(4 + rng() * 7)}" ry="${r1(3 + rng() * 4)}" fill="${spots}" opacity="0.55"/>`;
  }
  return (
    `<path d="M-132 -14 A132 106 0 0 0 132 -14 Z" fill="${back}" ${stroke()}/>` +
    heap +
    topping +
    `<path d="M-130 0 A130 104 0 0 0 130 0 Z" fill="${tortilla}" ${stroke()}/>` +
    charSpots +
    `<path d="M-104 22 A108 80 0 0 0 -40 84" fill="none" stroke="#fff3d6" stroke-width="5" stroke-linecap="round" opacity="0.7"/>`
  );
}

/** An oval talavera plate, centred. */
export function plate(rx = 250, ry = 56, rim = C.talavera) {
  let dots = '';
  for (let i = 0; i < 28; i++) {
    const a = (i / 28) * Math.PI * 2;
    dots += `<circle cx="${r1(Math.cos(a) * (rx - 14))}" cy="${r1(Math.sin(a) * (ry - 8))}" r="3" fill="${rim}"/>`;
  }
  return (
    `<ellipse cx="0" cy="6" rx="${rx}" ry="${ry}" fill="#00000022"/>` +
    `<ellipse rx="${rx}" ry="${ry}" fill="${C.plate}" ${stroke()}/>` +
    `<ellipse rx="${rx - 6}" ry="${ry - 4}" fill="none" stroke="${rim}" stroke-width="5"/>` +
    dots +
    `<ellipse rx="${rx - 34}" ry="${ry - 20}" fill="#f4ecdc"/>`
  );
}

/** A lime wedge, flat side up, about 2r wide. */
export function lime(r = 30) {
  let segments = '';
  for (const deg of [30, 60, 90, 120, 150]) {
    const a = (deg * Math.PI) / 180;
    segments += `<line x1="0" y1="0" x2="${r1(Math.cos(a) * (r - 8))}" y2="${r1(Math.sin(a) * (r - 8))}" stroke="#f4f9d8" stroke-width="2"/>`;
  }
  return (
    `<path d="M${-r} 0 A${r} ${r} 0 0 0 ${r} 0 Z" fill="${C.lime}" ${stroke(2.5)}/>` +
    `<path d="M${-(r - 5)} 0 A${r - 5} ${r - 5} 0 0 0 ${r - 5} 0 Z" fill="${C.limePulp}"/>` +
    segments
  );
}

/** A little cup of salsa seen from the side, about 70 wide. */
export function salsaCup(color, rng) {
  return (
    `<path d="M-34 0 L-28 44 A28 9 0 0 0 28 44 L34 0 Z" fill="#fbf7ef" ${stroke(2.5)}/>` +
    `<ellipse rx="34" ry="10" fill="${color}" ${stroke(2.5)}/>` +
    scatter(rng, { count: 7, rx: 24, ry: 5, colors: ['#ffffff66', '#00000033'], size: [2, 4] })
  );
}

/** A bowl of something seen from above: rim and contents, radius r. */
export function bowlTop(rng, { r = 150, rim = '#c4622d', inner = '#fbf3e6', sections, toppings = '', id }) {
  const n = sections.length;
  let wedges = '';
  sections.forEach((section, i) => {
    const a0 = (i / n) * Math.PI * 2 - Math.PI / 2;
    const a1 = ((i + 1) / n) * Math.PI * 2 - Math.PI / 2;
    const R = r;
    const p0 = [Math.cos(a0) * R, Math.sin(a0) * R];
    const p1 = [Math.cos(a1) * R, Math.sin(a1) * R];
    wedges +=
      n === 1
        ? `<circle r="${R}" fill="${section.fill}"/>`
        : `<path d="M0 0 L${r1(p0[0])} ${r1(p0[1])} A${R} ${R} 0 0 1 ${r1(p1[0])} ${r1(p1[1])} Z" fill="${section.fill}"/>`;
    if (section.bits) {
      const mid = (a0 + a1) / 2;
      const cx = Math.cos(mid) * r * 0.5;
      const cy = Math.sin(mid) * r * 0.5;
      wedges += scatter(rng, {
        count: section.count ?? 26,
        rx: r * 0.33,
        ry: r * 0.33,
        cx,
        cy,
        colors: section.bits,
        size: section.size ?? [6, 12],
        shape: section.shape ?? 'circle',
      });
    }
  });
  return (
    `<defs><clipPath id="${id}"><circle r="${r - 16}"/></clipPath></defs>` +
    `<circle cx="6" cy="10" r="${r + 4}" fill="#00000026"/>` +
    `<circle r="${r}" fill="${rim}" ${stroke()}/>` +
    `<circle r="${r - 16}" fill="${inner}"/>` +
    `<g clip-path="url(#${id})">${wedges}${toppings}</g>` +
    `<circle r="${r - 16}" fill="none" ${stroke(2.5)}/>`
  );
}

/** A burrito lying on its side with its cut end to the right; about 400 wide, 130 tall. */
export function burrito(rng, { filling, tortilla = C.flour, toast = C.flourToast, foil = true, sauce }) {
  let spots = '';
  for (let i = 0; i < 10; i++) {
    spots += `<ellipse cx="${r1(-120 + rng() * 250)}" cy="${r1(-40 + rng() * 85)}" rx="${r1(6 + rng() * 10)}" ry="${r1(4 + rng() * 5)}" fill="${toast}" opacity="0.6"/>`;
  }
  const fillingDots = scatter(rng, { count: 70, rx: 30, ry: 48, cx: 150, colors: filling, size: [6, 12] });
  const wrap = foil
    ? `<path d="M-205 -58 L-95 -66 L-110 -30 L-92 0 L-112 30 L-96 66 L-205 58 A20 58 0 0 1 -205 -58 Z" fill="${C.foil}" ${stroke()}/>` +
      `<path d="M-180 -50 L-150 -20 M-170 10 L-130 40 M-150 -55 L-125 -30 M-190 20 L-160 50" stroke="${C.foilDark}" stroke-width="3" fill="none"/>`
    : '';
  const topSauce = sauce
    ? `<path d="M-190 -40 Q-150 -78 -100 -50 Q-60 -85 -10 -52 Q40 -86 90 -50 Q120 -70 150 -55 L150 -20 Q100 -30 60 -20 Q10 -34 -40 -22 Q-100 -36 -190 -18 Z" fill="${sauce[0]}" ${stroke(2.5)}/>` +
      scatter(rng, { count: 16, rx: 150, ry: 12, cx: -20, cy: -48, colors: [sauce[1]], size: [8, 16] })
    : '';
  return (
    `<ellipse cx="-10" cy="72" rx="230" ry="14" fill="#00000026"/>` +
    `<rect x="-210" y="-64" width="380" height="128" rx="60" fill="${tortilla}" ${stroke()}/>` +
    spots +
    `<path d="M-60 -62 Q-40 0 -64 62 M40 -63 Q62 0 38 63" fill="none" stroke="${toast}" stroke-width="4"/>` +
    wrap +
    topSauce +
    `<ellipse cx="150" rx="44" ry="62" fill="${toast}" ${stroke()}/>` +
    `<ellipse cx="150" rx="34" ry="52" fill="${filling[0]}"/>` +
    fillingDots
  );
}

/** A tumbler of agua fresca, about 150 wide and 240 tall, its foot at y=0. */
export function glass(rng, { liquid, foam, garnish = '', straw = '#e63946' }) {
  let ice = '';
  for (let i = 0; i < 4; i++) {
    const x = -46 + rng() * 70;
    const y = -200 + rng() * 40;
    ice += `<rect x="${r1(x)}" y="${r1(y)}" width="34" height="30" rx="6" fill="#ffffff" opacity="0.45" transform="rotate(${Math.round(rng() * 40 - 20)} ${r1(x + 17)} ${r1(y + 15)})"/>`;
  }
  return (
    `<ellipse cx="0" cy="4" rx="80" ry="12" fill="#00000026"/>` +
    `<rect x="18" y="-300" width="12" height="140" rx="4" fill="${straw}" ${stroke(2.5)} transform="rotate(12 24 -230)"/>` +
    `<path d="M-72 -236 L-58 0 L58 0 L72 -236 Z" fill="#eef6f7" ${stroke()}/>` +
    `<path d="M-67 -206 L-55 -6 L55 -6 L67 -206 Z" fill="${liquid}"/>` +
    (foam ? `<path d="M-67 -206 L67 -206 L66 -190 L-66 -190 Z" fill="${foam}"/>` : '') +
    ice +
    `<path d="M-50 -180 L-42 -30" stroke="#ffffff" stroke-width="8" stroke-linecap="round" opacity="0.5"/>` +
    garnish
  );
}

/** A glass soda bottle, its foot at y=0, about 90 wide and 290 tall. */
export function bottle({ liquid, glassTint = null, label, labelText = '#ffffff', cap = '#d9d9d9', slim = false }) {
  const w = slim ? 36 : 42;
  const body = `M${-w} 0 L${-w} -150 Q${-w} -178 -20 -196 L-14 -262 L14 -262 L20 -196 Q${w} -178 ${w} -150 L${w} 0 Q0 8 ${-w} 0 Z`;
  return (
    `<ellipse cx="0" cy="4" rx="${w + 20}" ry="10" fill="#00000026"/>` +
    `<path d="${body}" fill="${glassTint ?? liquid}" ${stroke()}/>` +
    (glassTint
      ? `<path d="M${-w + 6} -6 L${-w + 6} -140 Q${-w + 6} -168 -16 -184 L16 -184 Q${w - 6} -168 ${w - 6} -140 L${w - 6} -6 Z" fill="${liquid}" opacity="0.55"/>`
      : '') +
    `<rect x="${-w}" y="-120" width="${w * 2}" height="64" fill="${label}" ${stroke(2.5)}/>` +
    `<path d="M${-w + 12} -96 Q0 -112 ${w - 12} -96 M${-w + 16} -78 L${w - 16} -78" stroke="${labelText}" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `<rect x="-17" y="-276" width="34" height="16" rx="3" fill="${cap}" ${stroke(2.5)}/>` +
    `<path d="M${-w + 10} -40 L${-w + 10} -10 M${-w + 10} -150 L${-w + 10} -130" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.45"/>`
  );
}

/** A rectangular foil pan seen from above with its contents. */
export function pan(rng, { w = 200, h = 130, fill, bits = [], size, shape = 'circle', count = 40 }) {
  return (
    `<rect x="${-w / 2 + 6}" y="${-h / 2 + 8}" width="${w}" height="${h}" rx="10" fill="#00000026"/>` +
    `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="10" fill="${C.foil}" ${stroke()}/>` +
    `<rect x="${-w / 2 + 12}" y="${-h / 2 + 12}" width="${w - 24}" height="${h - 24}" rx="6" fill="${fill}"/>` +
    (bits.length
      ? scatter(rng, { count, rx: w / 2 - 20, ry: h / 2 - 20, colors: bits, size: size ?? [7, 13], shape })
      : '')
  );
}

/** A stack of tortillas in a cloth, seen from above. */
export function tortillaStack(rng, r = 62) {
  return (
    `<path d="M${-r - 26} ${-r + 6} L${r + 30} ${-r - 14} L${r + 20} ${r + 22} L${-r - 20} ${r + 28} Z" fill="#d94f45" ${stroke()}/>` +
    `<path d="M${-r - 20} ${-r + 20} L${r + 24} ${-r} M${-r - 14} ${r + 10} L${r + 16} ${r + 6}" stroke="#ffffff" stroke-width="5"/>` +
    `<circle r="${r}" fill="${C.tortilla}" ${stroke()}/>` +
    `<circle r="${r - 10}" fill="none" stroke="${C.tortillaBack}" stroke-width="3"/>` +
    scatter(rng, { count: 10, r: r - 14, colors: [C.char], size: [5, 12] })
  );
}

/** A taco seen from above (an oval tortilla with its filling strip), about 110 wide. */
export function tacoTop(rng, { filling, tortilla = C.tortilla, topping = [C.onion, C.cilantro] }) {
  return (
    `<ellipse cx="3" cy="5" rx="56" ry="34" fill="#00000022"/>` +
    `<ellipse rx="56" ry="34" fill="${tortilla}" ${stroke(2.5)}/>` +
    `<ellipse rx="44" ry="17" fill="${filling[0]}"/>` +
    scatter(rng, { count: 14, rx: 38, ry: 12, colors: filling, size: [6, 10] }) +
    scatter(rng, { count: 10, rx: 36, ry: 10, colors: topping, size: [3, 6], shape: 'square' })
  );
}

// ---------------------------------------------------------------------------------------------
// The dishes

const BG = {
  tacos: { wall: '#d8693b', table: '#a9492a', disc: '#e88456' },
  burritos: { wall: '#e06c75', table: '#b2474f', disc: '#ea8b92' },
  bowls: { table: '#f0a23b', stripe: '#d9822b' },
  sides: { wall: '#e07a5f', table: '#b35a44', disc: '#ec9780' },
  drinks: { wall: '#f2c14e', table: '#d49a22', disc: '#f7d57f' },
  family: { table: '#b8473a', stripe: '#93372c' },
  boxes: { table: '#ef8f3a', stripe: '#cf6f1d' },
  catering: { table: '#8e2c2a', stripe: '#6e1f20' },
};

const FILLINGS = {
  asada: {
    filling: ['#6b3a22', '#4a2616'],
    bits: [
      { colors: [C.onion], count: 10 },
      { colors: [C.cilantro], count: 12, shape: 'leaf' },
      { colors: [C.salsaVerde], count: 5, shape: 'circle' },
    ],
  },
  pastor: {
    filling: ['#c2522b', '#e07a32'],
    bits: [
      { colors: ['#f6c945'], count: 8, size: [9, 14] },
      { colors: [C.onion], count: 8 },
      { colors: [C.cilantro], count: 10, shape: 'leaf' },
    ],
  },
  pollo: {
    filling: ['#d98e3f', '#b86a2a'],
    bits: [
      { colors: ['#d8402f'], count: 10 },
      { colors: [C.onion], count: 8 },
      { colors: [C.cilantro], count: 10, shape: 'leaf' },
    ],
  },
  carnitas: {
    filling: ['#b9773d', '#8f5227'],
    bits: [
      { colors: [C.onion], count: 10 },
      { colors: [C.cilantro], count: 12, shape: 'leaf' },
    ],
  },
  chorizo: {
    filling: ['#a3321f', '#7a2315'],
    bits: [
      { colors: ['#e9c37a'], count: 10, size: [9, 13] },
      { colors: [C.cilantro], count: 10, shape: 'leaf' },
    ],
  },
  lengua: {
    filling: ['#7b4a3a', '#5c3328'],
    bits: [
      { colors: [C.onion], count: 10 },
      { colors: [C.cilantro], count: 12, shape: 'leaf' },
      { colors: [C.salsaVerde], count: 6, shape: 'circle' },
    ],
  },
  hongos: {
    filling: ['#8a6f55', '#5e4a3a'],
    bits: [
      { colors: ['#fdfaf0'], count: 10, shape: 'circle', size: [6, 10] },
      { colors: [C.cilantro], count: 8, shape: 'leaf' },
    ],
  },
  nopales: {
    filling: ['#5d8f3a', '#3f6f26'],
    bits: [
      { colors: ['#d8402f'], count: 10 },
      { colors: [C.onion], count: 10 },
    ],
  },
  papa: {
    filling: ['#e9c37a', '#d7a454'],
    bits: [
      { colors: ['#4d7a2a'], count: 9, shape: 'leaf', size: [9, 14] },
      { colors: [C.crema], count: 6, shape: 'circle' },
    ],
  },
  coliflor: {
    filling: ['#e08a3c', '#c86a26'],
    bits: [
      { colors: ['#f6c945'], count: 7 },
      { colors: ['#c2457a'], count: 10, shape: 'leaf' },
    ],
  },
  pescado: {
    filling: ['#e5a84b', '#cf8d33'],
    bits: [
      { colors: ['#dfe8b0'], count: 14, shape: 'leaf' },
      { colors: [C.crema], count: 6, shape: 'circle' },
      { colors: ['#e0703a'], count: 4, shape: 'circle' },
    ],
  },
  camaron: {
    filling: ['#e2553a', '#f08a5d'],
    bits: [
      { colors: ['#dfe8b0'], count: 10, shape: 'leaf' },
      { colors: [C.avocado], count: 6, shape: 'circle', size: [8, 12] },
    ],
  },
  birria: {
    filling: ['#8a2f1b', '#6b2012'],
    bits: [
      { colors: [C.onion], count: 10 },
      { colors: [C.cilantro], count: 10, shape: 'leaf' },
    ],
  },
};

function tacosScene(name, kind, { count = 2, tortilla, back, extra = '' } = {}) {
  const rng = random(name);
  const f = FILLINGS[kind];
  const xs = count === 3 ? [140, 300, 460] : [215, 385];
  const s = count === 3 ? 0.62 : 0.74;
  let tacos = '';
  for (const x of xs) tacos += g(x, 236, s, taco(rng, { ...f, tortilla, back }));
  return scene({
    ...BG.tacos,
    body:
      g(300, 300, 1, plate(275, 62)) +
      tacos +
      g(520, 318, 1, lime(28), -12) +
      g(82, 300, 0.9, salsaCup(C.salsaVerde, rng)) +
      extra,
  });
}

function tacoPlate(name) {
  const rng = random(name);
  const f = FILLINGS.asada;
  const rice =
    `<ellipse cx="-150" cy="-4" rx="90" ry="30" fill="${C.riceRed}"/>` +
    scatter(rng, {
      count: 30,
      rx: 76,
      ry: 22,
      cx: -150,
      cy: -6,
      colors: ['#f2c48f', '#6ea84a', '#e98b3a'],
      size: [4, 7],
    });
  const beans =
    `<ellipse cx="150" cy="-4" rx="90" ry="30" fill="${C.beans}"/>` +
    scatter(rng, { count: 14, rx: 70, ry: 18, cx: 150, cy: -8, colors: ['#7a4a33', '#fdfaf0'], size: [5, 9] });
  let tacos = '';
  for (const x of [170, 300, 430]) tacos += g(x, 250, 0.58, taco(rng, f));
  return scene({
    ...BG.tacos,
    body:
      g(300, 300, 1, plate(285, 70) + rice + beans) +
      tacos +
      g(545, 330, 1, lime(24), -20) +
      `<path d="M60 300 q10 -40 36 -30 q20 10 -6 40 z" fill="#4d7a2a" ${stroke(2.5)}/>`,
  });
}

function quesabirria(name) {
  const rng = random(name);
  const consome =
    `<path d="M-70 0 L-60 62 A60 14 0 0 0 60 62 L70 0 Z" fill="#fbf7ef" ${stroke()}/>` +
    `<ellipse rx="70" ry="18" fill="#9c2f17" ${stroke()}/>` +
    scatter(rng, {
      count: 14,
      rx: 50,
      ry: 10,
      colors: [C.onion, C.cilantro, '#c44a25'],
      size: [4, 8],
      shape: 'square',
    });
  let tacos = '';
  for (const x of [190, 350])
    tacos += g(x, 236, 0.7, taco(rng, { ...FILLINGS.birria, tortilla: '#d0652f', back: '#a9451d', spots: '#8a3216' }));
  return scene({
    ...BG.tacos,
    body: g(270, 300, 1, plate(250, 60)) + tacos + g(505, 280, 1, consome) + g(70, 330, 1, lime(26), 15),
  });
}

function burritoScene(name, { filling, sauce, tortilla, toast, extra = '', foil = true }) {
  const rng = random(name);
  return scene({
    ...BG.burritos,
    body:
      g(300, 300, 1, plate(280, 58)) +
      g(310, 232, 0.92, burrito(rng, { filling, sauce, tortilla, toast, foil })) +
      g(86, 312, 0.85, salsaCup(C.salsaRoja, rng)) +
      extra,
  });
}

function bowlScene(name, sections, toppings = '', { rim, extra = '' } = {}) {
  const rng = random(name);
  const crema = toppings;
  return topScene({
    ...BG.bowls,
    body:
      g(300, 200, 1, bowlTop(rng, { r: 160, rim, sections, toppings: crema, id: `clip-${name}` })) +
      g(510, 300, 1, lime(30), -30) +
      extra,
  });
}

const cremaDrizzle = `<path d="M-90 -40 Q-60 -70 -30 -40 T30 -40 T90 -40 M-80 30 Q-50 0 -20 30 T40 30 T100 30" fill="none" stroke="${C.crema}" stroke-width="7" stroke-linecap="round"/>`;

function pozole(name) {
  const rng = random(name);
  const toppings =
    scatter(rng, { count: 26, r: 110, colors: ['#fbf3df', '#efe3c5'], size: [12, 18] }) +
    scatter(rng, { count: 10, r: 100, colors: ['#8a4a2a'], size: [14, 22], shape: 'square' }) +
    `<g transform="translate(30 -50)">${scatter(rng, { count: 40, rx: 55, ry: 30, colors: ['#e8efc2', '#cfe08f'], size: [4, 10], shape: 'leaf' })}</g>` +
    [
      [-60, 50],
      [-30, 70],
      [-75, 85],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="14" fill="#f4f0f2" stroke="#c23a5a" stroke-width="5"/>`)
      .join('');
  const tostadas = `<g transform="translate(90 300)"><circle r="54" fill="#e9b64a" ${stroke()}/>${scatter(rng, { count: 8, r: 40, colors: ['#c98a3d'], size: [6, 12] })}</g>`;
  return topScene({
    ...BG.bowls,
    body:
      g(
        300,
        190,
        1,
        bowlTop(rng, { r: 160, rim: '#2f5d9e', sections: [{ fill: '#a4301b' }], toppings, id: 'clip-pozole' }),
      ) +
      tostadas +
      g(515, 310, 1, lime(30), -30),
  });
}

function chips(rng, { count = 14, rx = 120, ry = 50 }) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = (rng() * 2 - 1) * rx;
    const y = (rng() * 2 - 1) * ry;
    const rot = Math.round(rng() * 360);
    out += `<path d="M0 -26 L24 18 L-24 18 Z" fill="${rng() < 0.5 ? '#e9b64a' : '#f0c766'}" ${stroke(2.5)} transform="translate(${r1(x)} ${r1(y)}) rotate(${rot})"/>`;
  }
  return out;
}

function chipsScene(name, opts) {
  // The chips are drawn first and the basket over them, so the pile rises out of it.
  const rng = random(name);
  const basket = `<path d="M-150 -10 L150 -10 L120 80 L-120 80 Z" fill="#d94f45" ${stroke()}/><path d="M-140 12 L140 12 M-132 40 L132 40 M-124 66 L124 66" stroke="#fff" stroke-width="6"/>`;
  const pile = chips(rng, { count: 26, rx: 130, ry: 26 });
  const front = `<path d="M-150 -10 L150 -10 L144 10 L-144 10 Z" fill="#c0443b"/>`;
  const guac = opts.guac
    ? `<path d="M-80 0 Q-80 70 0 74 Q80 70 80 0 Z" fill="#4a4340" ${stroke()}/><path d="M-50 70 L-56 90 M50 70 L56 90 M0 74 L0 92" stroke="${C.ink}" stroke-width="8" stroke-linecap="round"/>` +
      `<ellipse rx="80" ry="22" fill="${C.avocado}" ${stroke()}/>` +
      scatter(rng, {
        count: 22,
        rx: 64,
        ry: 14,
        colors: ['#6f9a2e', '#d8402f', C.onion, '#3f7d2c'],
        size: [4, 8],
        shape: 'square',
      })
    : '';
  const x = opts.guac ? 210 : 250;
  return scene({
    ...BG.sides,
    body:
      g(x, 236, 1, `<g transform="translate(0 -18)">${pile}</g>` + basket + front) +
      (opts.guac
        ? g(470, 246, 0.95, guac) + g(70, 322, 0.7, salsaCup(C.salsaRoja, random(`${name}-cup`)))
        : g(470, 270, 1, salsaCup(C.salsaRoja, rng)) + g(545, 312, 0.9, salsaCup(C.salsaVerde, rng))),
  });
}

function elote(name) {
  const rng = random(name);
  let kernels = '';
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 13; col++) {
      kernels += `<rect x="${-150 + col * 22 + (row % 2) * 8}" y="${-42 + row * 17}" width="18" height="14" rx="5" fill="${(row + col) % 3 ? '#f6cf3f' : '#f2bd2a'}"/>`;
    }
  }
  const cob = (y, rot, seed) =>
    g(
      300,
      y,
      1,
      `<rect x="-200" y="-6" width="70" height="12" rx="5" fill="#c89b6a" ${stroke(2.5)}/>` +
        `<rect x="-160" y="-48" width="320" height="96" rx="46" fill="#f2bd2a" ${stroke()}/>` +
        `<g clip-path="url(#cob)">${kernels}</g>` +
        `<path d="M-130 -10 Q-100 -40 -70 -10 T-10 -10 T50 -10 T110 -10" fill="none" stroke="#fffdf5" stroke-width="9" stroke-linecap="round"/>` +
        scatter(seed, { count: 40, rx: 140, ry: 34, colors: ['#fdfaf0', '#f4efe2'], size: [5, 9] }) +
        scatter(seed, { count: 36, rx: 140, ry: 34, colors: ['#c0392b', '#a52a1e'], size: [2, 4] }),
      rot,
    );
  return scene({
    ...BG.sides,
    body:
      `<defs><clipPath id="cob"><rect x="-158" y="-46" width="316" height="92" rx="44"/></clipPath></defs>` +
      g(300, 300, 1, plate(270, 60)) +
      cob(250, -6, rng) +
      g(520, 318, 1, lime(26), 10),
  });
}

function sideCup(name, { fill, bits, size, shape, count = 60 }) {
  const rng = random(name);
  const cup =
    `<path d="M-120 0 L-100 110 A100 22 0 0 0 100 110 L120 0 Z" fill="#fbf7ef" ${stroke()}/>` +
    `<path d="M-116 24 L116 24" stroke="${C.talavera}" stroke-width="8"/>` +
    `<ellipse rx="120" ry="34" fill="${fill}" ${stroke()}/>` +
    scatter(rng, { count, rx: 104, ry: 24, colors: bits, size, shape });
  return scene({ ...BG.sides, body: g(300, 200, 1, cup) + g(500, 326, 1, lime(26), -10) });
}

function quesadilla(name) {
  const rng = random(name);
  const half = (rot) =>
    g(
      0,
      0,
      1,
      `<path d="M-130 0 A130 130 0 0 1 130 0 Z" fill="#efc36a" ${stroke()}/>` +
        scatter(rng, { count: 10, rx: 90, ry: 50, cy: -60, colors: [C.char], size: [8, 16] }) +
        `<path d="M-110 0 Q-100 18 -86 4 Q-70 26 -52 4 Q-30 22 -12 4 Q10 28 30 4 Q52 20 70 4 Q92 24 110 0 Z" fill="#fbf1d2" ${stroke(2.5)}/>`,
      rot,
    );
  return scene({
    ...BG.sides,
    body:
      g(300, 300, 1, plate(270, 60)) +
      g(230, 270, 0.9, half(-8)) +
      g(380, 280, 0.85, half(10)) +
      g(520, 320, 1, salsaCup(C.salsaVerde, rng)),
  });
}

function churros(name) {
  const rng = random(name);
  let sticks = '';
  [
    [-150, 230, -14],
    [-120, 255, -6],
    [-140, 280, 4],
    [-110, 300, 12],
  ].forEach(([x, y, rot]) => {
    let ridges = '';
    for (let i = 0; i < 3; i++)
      ridges += `<path d="M10 ${-9 + i * 9} L250 ${-9 + i * 9}" stroke="#b8772f" stroke-width="3"/>`;
    sticks += g(
      300 + x + 120,
      y - 10,
      1,
      `<rect x="0" y="-16" width="260" height="32" rx="14" fill="#d39a4b" ${stroke()}/>` +
        ridges +
        scatter(rng, { count: 30, rx: 120, ry: 12, cx: 130, colors: ['#fff8e8', '#f4dfb9'], size: [2, 4] }),
      rot,
    );
  });
  const cup = `<path d="M-50 0 L-42 54 A42 10 0 0 0 42 54 L50 0 Z" fill="#fbf7ef" ${stroke()}/><ellipse rx="50" ry="13" fill="#8a4b22" ${stroke(2.5)}/>`;
  return scene({
    ...BG.sides,
    body: g(300, 300, 1, plate(270, 62)) + `<g transform="translate(-140 0)">${sticks}</g>` + g(500, 270, 1, cup),
  });
}

function drinkScene(name, glassOpts, extra = '') {
  const rng = random(name);
  return scene({ ...BG.drinks, body: g(300, 330, 1, glass(rng, glassOpts)) + extra });
}

function bottleScene(name, bottleOpts, extra = '') {
  return scene({ ...BG.drinks, body: g(300, 340, 1, bottle(bottleOpts)) + extra });
}

// Family meals, taco boxes, catering: spreads seen from above.

function meatPan(rng, fill, x, y, opts = {}) {
  return g(
    x,
    y,
    1,
    pan(rng, { w: opts.w ?? 190, h: opts.h ?? 120, fill: fill[0], bits: fill, count: opts.count ?? 45 }),
  );
}

const RICE = [C.riceRed, '#f2c48f', '#6ea84a', '#e98b3a'];
const BEANS = [C.beans, '#7a4a33'];

function familyTacoNight(name) {
  const rng = random(name);
  return topScene({
    ...BG.family,
    body:
      meatPan(rng, FILLINGS.asada.filling, 130, 115) +
      meatPan(rng, FILLINGS.pastor.filling, 330, 110) +
      g(500, 120, 1, tortillaStack(rng, 56)) +
      meatPan(rng, RICE, 130, 285, { w: 170, h: 110 }) +
      meatPan(rng, BEANS, 310, 290, { w: 170, h: 110 }) +
      g(460, 300, 0.8, salsaCup(C.salsaVerde, rng)) +
      g(540, 300, 0.8, salsaCup(C.salsaRoja, rng)) +
      g(510, 220, 1, lime(22), 20),
  });
}

function foilBurrito(rng, x, y, rot, filling) {
  return g(x, y, 0.42, burrito(rng, { filling, foil: true }), rot);
}

function burritoPack(name) {
  const rng = random(name);
  const F = [C.rice, '#6b3a22', C.beans, '#c2522b'];
  const basket = `<ellipse rx="110" ry="80" fill="#d94f45" ${stroke()}/>` + chips(rng, { count: 18, rx: 74, ry: 46 });
  const guac =
    `<circle r="58" fill="#4a4340" ${stroke()}/><circle r="46" fill="${C.avocado}"/>` +
    scatter(rng, { count: 16, r: 38, colors: ['#6f9a2e', '#d8402f', C.onion], size: [4, 8], shape: 'square' });
  return topScene({
    ...BG.family,
    body:
      foilBurrito(rng, 150, 90, -8, F) +
      foilBurrito(rng, 160, 170, -4, F) +
      foilBurrito(rng, 150, 250, 3, F) +
      foilBurrito(rng, 160, 330, 6, F) +
      g(420, 140, 1, basket) +
      g(440, 300, 1, guac) +
      g(545, 250, 0.7, salsaCup(C.salsaRoja, rng)),
  });
}

function fiesta(name) {
  const rng = random(name);
  const churroPile = [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="-70" y="${-30 + i * 18}" width="140" height="16" rx="7" fill="#d39a4b" ${stroke(2)} transform="rotate(${-10 + i * 5})"/>`,
    )
    .join('');
  const corn = (x, y, rot) =>
    g(
      x,
      y,
      0.35,
      `<rect x="-160" y="-48" width="320" height="96" rx="46" fill="#f2bd2a" ${stroke(5)}/>` +
        scatter(rng, { count: 30, rx: 140, ry: 30, colors: ['#fdfaf0', '#c0392b'], size: [6, 12] }),
      rot,
    );
  return topScene({
    ...BG.family,
    body:
      meatPan(rng, FILLINGS.carnitas.filling, 110, 105, { w: 170, h: 110 }) +
      meatPan(rng, FILLINGS.pollo.filling, 290, 100, { w: 170, h: 110 }) +
      g(470, 110, 1, tortillaStack(rng, 52)) +
      meatPan(rng, RICE, 110, 290, { w: 160, h: 100 }) +
      meatPan(rng, ['#6a3a22', '#c45a3a', '#8a4b2a'], 280, 290, { w: 160, h: 100 }) +
      corn(440, 255, -10) +
      corn(445, 300, -6) +
      corn(450, 345, -2) +
      g(535, 215, 0.62, `<ellipse rx="80" ry="60" fill="${C.plate}" ${stroke(4)}/>` + churroPile),
  });
}

function tacoBox(name, { rows, cols, fillings, tortilla }) {
  const rng = random(name);
  const w = cols * 116 + 40;
  const h = rows * 78 + 40;
  let tacos = '';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const f = fillings[(r * cols + c) % fillings.length];
      tacos += g(-w / 2 + 78 + c * 116, -h / 2 + 59 + r * 78, 0.95, tacoTop(rng, { filling: f, tortilla }));
    }
  }
  const box =
    `<rect x="${-w / 2 + 8}" y="${-h / 2 + 10}" width="${w}" height="${h}" rx="10" fill="#00000030"/>` +
    `<path d="M${-w / 2} ${-h / 2} L${w / 2} ${-h / 2} L${w / 2 - 20} ${-h / 2 - 46} L${-w / 2 + 20} ${-h / 2 - 46} Z" fill="#b5875a" ${stroke()}/>` +
    `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="8" fill="${C.kraft}" ${stroke()}/>` +
    `<rect x="${-w / 2 + 12}" y="${-h / 2 + 12}" width="${w - 24}" height="${h - 24}" rx="6" fill="#a77b4f"/>` +
    tacos;
  return box;
}

function tacoBoxScene(name, opts, extra = '') {
  return topScene({ ...BG.boxes, body: g(opts.x ?? 300, opts.y ?? 220, opts.scale ?? 1, tacoBox(name, opts)) + extra });
}

function tacoBar(name, { pans }) {
  const rng = random(name);
  const fills = [
    FILLINGS.asada.filling,
    FILLINGS.pastor.filling,
    FILLINGS.pollo.filling,
    RICE,
    BEANS,
    FILLINGS.carnitas.filling,
  ];
  let body = '';
  const big = pans > 4;
  const w = big ? 140 : 190;
  const h = big ? 100 : 120;
  const positions = big
    ? [
        [90, 85],
        [250, 85],
        [410, 85],
        [90, 215],
        [250, 215],
        [410, 215],
      ]
    : [
        [120, 105],
        [330, 105],
        [120, 265],
        [330, 265],
      ];
  positions
    .slice(0, pans)
    .forEach(([x, y], i) => (body += meatPan(rng, fills[i % fills.length], x, y, { w, h, count: 35 })));
  const stack = g(big ? 530 : 510, big ? 120 : 140, big ? 0.7 : 1, tortillaStack(rng, 56));
  const cups = big
    ? g(150, 345, 0.7, salsaCup(C.salsaVerde, rng)) +
      g(240, 345, 0.7, salsaCup(C.salsaRoja, rng)) +
      g(330, 345, 0.7, salsaCup('#f08a3c', rng)) +
      g(430, 345, 0.7, salsaCup(C.avocado, rng))
    : g(480, 300, 0.8, salsaCup(C.salsaVerde, rng)) + g(560, 300, 0.8, salsaCup(C.salsaRoja, rng));
  return topScene({ ...BG.catering, body: body + stack + cups + g(big ? 535 : 500, big ? 250 : 225, 1, lime(22), 30) });
}

function burritoPlatter(name) {
  const rng = random(name);
  const F = [C.rice, '#6b3a22', C.beans, '#c2522b', '#b9773d'];
  let halves = '';
  const ring = [
    [-120, -70],
    [-40, -95],
    [40, -95],
    [120, -70],
    [-150, 5],
    [150, 5],
    [-120, 75],
    [-40, 95],
    [40, 95],
    [120, 75],
    [-50, 10],
    [50, 10],
  ];
  ring.forEach(([x, y], i) => {
    halves += g(
      x,
      y,
      0.9,
      `<rect x="-34" y="-22" width="68" height="44" rx="20" fill="${C.flour}" ${stroke(2.5)}/>` +
        `<ellipse cx="26" rx="14" ry="20" fill="${C.flourToast}" ${stroke(2)}/>` +
        scatter(rng, { count: 10, rx: 8, ry: 14, cx: 26, colors: F, size: [3, 6] }),
      ((i * 37) % 50) - 25,
    );
  });
  return topScene({
    ...BG.catering,
    body:
      g(
        280,
        200,
        1,
        `<circle cx="6" cy="10" r="190" fill="#00000030"/><circle r="190" fill="${C.plate}" ${stroke()}/><circle r="176" fill="none" stroke="${C.talavera}" stroke-width="6"/>` +
          halves,
      ) + g(530, 320, 0.9, salsaCup(C.salsaRoja, rng)),
  });
}

function aguaDispenser(name) {
  const rng = random(name);
  const jar =
    `<ellipse cx="0" cy="6" rx="120" ry="16" fill="#00000030"/>` +
    `<rect x="-60" y="-10" width="120" height="14" rx="4" fill="#8a5a2b" ${stroke()}/>` +
    `<path d="M-100 -10 L-110 -250 Q-110 -280 -80 -284 L80 -284 Q110 -280 110 -250 L100 -10 Z" fill="#eef6f7" ${stroke()}/>` +
    `<path d="M-92 -20 L-100 -210 L100 -210 L92 -20 Z" fill="#a3153c"/>` +
    scatter(rng, { count: 10, rx: 70, ry: 80, cy: -120, colors: ['#ffffff55'], size: [20, 30], shape: 'square' }) +
    `<rect x="-86" y="-300" width="172" height="24" rx="6" fill="#c4622d" ${stroke()}/>` +
    `<rect x="96" y="-60" width="40" height="18" rx="4" fill="#d9d9d9" ${stroke(2.5)}/>` +
    `<path d="M-80 -190 L-74 -40" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.4"/>`;
  const cup = (x) =>
    g(
      x,
      360,
      1,
      `<path d="M-26 -70 L-20 0 L20 0 L26 -70 Z" fill="#fbf7ef" ${stroke(2.5)}/><path d="M-24 -50 L-21 -4 L21 -4 L24 -50 Z" fill="#a3153c" opacity="0.85"/>`,
    );
  return scene({
    ...BG.drinks,
    wall: '#e9a23b',
    table: '#b9711c',
    disc: '#f2bd5e',
    tableTop: 290,
    body: g(270, 350, 1, jar) + cup(450) + cup(520) + g(120, 340, 1, lime(26), -10),
  });
}

function cateringChipsGuac(name) {
  const rng = random(name);
  const tray = pan(rng, { w: 330, h: 250, fill: '#f0c766' });
  const pile = chips(rng, { count: 40, rx: 140, ry: 100 });
  const guac =
    `<circle r="78" fill="#fbf7ef" ${stroke()}/><circle r="66" fill="${C.avocado}"/>` +
    scatter(rng, {
      count: 24,
      r: 56,
      colors: ['#6f9a2e', '#d8402f', C.onion, '#3f7d2c'],
      size: [4, 9],
      shape: 'square',
    });
  const pint = (color) =>
    `<circle r="50" fill="#fbf7ef" ${stroke()}/><circle r="40" fill="${color}"/>` +
    scatter(rng, { count: 12, r: 32, colors: ['#ffffff55', '#00000033'], size: [3, 6] });
  return topScene({
    ...BG.catering,
    body:
      g(210, 200, 1, tray + pile) +
      g(470, 120, 1, guac) +
      g(440, 300, 1, pint(C.salsaRoja)) +
      g(545, 270, 1, pint(C.salsaVerde)),
  });
}

const LIME_SLICE = g(
  60,
  -210,
  1,
  `<circle r="26" fill="${C.lime}" ${stroke(2.5)}/><circle r="20" fill="${C.limePulp}"/>`,
);

/** Every photo the fixture names, by file name (without .jpg). */
export const drawings = {
  'taco-plate': tacoPlate,
  'asada-taco': (n) => tacosScene(n, 'asada'),
  'pastor-taco': (n) => tacosScene(n, 'pastor'),
  'pollo-taco': (n) => tacosScene(n, 'pollo'),
  'carnitas-taco': (n) => tacosScene(n, 'carnitas'),
  'chorizo-taco': (n) => tacosScene(n, 'chorizo'),
  'lengua-taco': (n) => tacosScene(n, 'lengua'),
  'quesabirria-taco': quesabirria,
  'hongos-taco': (n) => tacosScene(n, 'hongos'),
  'nopales-taco': (n) => tacosScene(n, 'nopales'),
  'papa-taco': (n) => tacosScene(n, 'papa'),
  'coliflor-taco': (n) => tacosScene(n, 'coliflor'),
  'pescado-taco': (n) => tacosScene(n, 'pescado', { tortilla: '#f3dcae', back: '#d9b27a' }),
  'camaron-taco': (n) => tacosScene(n, 'camaron'),
  'burrito-clasico': (n) => burritoScene(n, { filling: [C.rice, '#6b3a22', C.beans, C.cilantro, C.salsaRoja] }),
  'california-burrito': (n) => burritoScene(n, { filling: ['#f6d36b', '#6b3a22', '#f3b13a', C.avocado, '#d8402f'] }),
  'breakfast-burrito': (n) => burritoScene(n, { filling: ['#f8df6a', '#fbf0b8', '#e9c37a', '#a3321f', '#f3b13a'] }),
  'bean-cheese-burrito': (n) => burritoScene(n, { filling: [C.beans, '#7a4a33', '#f3b13a', '#f3b13a'] }),
  'birria-burrito': (n) =>
    burritoScene(n, {
      filling: ['#8a2f1b', '#fbf1d2', C.rice, C.onion],
      tortilla: '#d0652f',
      toast: '#a9451d',
      foil: false,
      extra: g(
        505,
        262,
        0.8,
        `<path d="M-70 0 L-60 62 A60 14 0 0 0 60 62 L70 0 Z" fill="#fbf7ef" ${stroke()}/><ellipse rx="70" ry="18" fill="#9c2f17" ${stroke()}/>`,
      ),
    }),
  'burrito-verde': (n) => burritoScene(n, { filling: ['#dfeaa8', '#6e9f3a', '#f6cf3f', '#2f2a26', '#4d7a2a'] }),
  'comal-bowl': (n) =>
    bowlScene(
      n,
      [
        { fill: C.riceRed, bits: RICE },
        { fill: '#2f2a26', bits: ['#3d3630', '#4a423a'] },
        { fill: '#6b3a22', bits: FILLINGS.asada.filling, shape: 'square', size: [10, 16] },
        { fill: '#d8402f', bits: ['#d8402f', C.onion, C.cilantro], shape: 'square' },
      ],
      cremaDrizzle +
        `<g>${scatter(random(`${n}-cotija`), { count: 30, r: 120, colors: ['#fdfaf0'], size: [4, 7] })}</g>`,
    ),
  'ensalada-bowl': (n) =>
    bowlScene(
      n,
      [
        { fill: '#8cbf4a', bits: ['#6fa33a', '#a6d060'], shape: 'leaf', size: [10, 18] },
        { fill: '#2f2a26', bits: ['#3d3630'] },
        { fill: '#f6cf3f', bits: ['#f2bd2a', '#f8dc6a'] },
        { fill: '#8db44a', bits: ['#b8d47a', '#e3c0c8', '#c23a5a'], size: [10, 16] },
        { fill: '#d98e3f', bits: FILLINGS.pollo.filling, shape: 'square', size: [10, 16] },
      ],
      `<path d="M-100 -60 Q-40 -100 20 -60 T120 -40" fill="none" stroke="#e58a3a" stroke-width="6" stroke-linecap="round"/>`,
      { rim: '#2f5d9e' },
    ),
  'veggie-bowl': (n) =>
    bowlScene(
      n,
      [
        { fill: '#cde39a', bits: ['#f8f8ec', '#3f7d2c'] },
        { fill: '#8a6f55', bits: FILLINGS.hongos.filling, shape: 'leaf', size: [10, 16] },
        { fill: '#5d8f3a', bits: ['#4f7d2f', '#7aa94a'], shape: 'square', size: [10, 16] },
        { fill: C.beans, bits: BEANS },
      ],
      `<path d="M-90 50 Q-40 20 10 50 T110 40" fill="none" stroke="${C.salsaVerde}" stroke-width="8" stroke-linecap="round"/>`,
    ),
  'pozole-rojo': pozole,
  'chips-salsa': (n) => chipsScene(n, { guac: false }),
  'chips-guacamole': (n) => chipsScene(n, { guac: true }),
  elote,
  'arroz-rojo': (n) =>
    sideCup(n, { fill: C.riceRed, bits: ['#f2c48f', '#6ea84a', '#e98b3a', '#f6e3bd'], size: [4, 8], count: 90 }),
  'frijoles-charros': (n) =>
    sideCup(n, { fill: '#6a3a22', bits: ['#8a4b2a', '#c45a3a', '#3f7d2c', '#e9a18a'], size: [6, 11], count: 60 }),
  quesadilla,
  churros,
  horchata: (n) =>
    drinkScene(n, {
      liquid: '#f3ead8',
      foam: '#fbf5e8',
      garnish: `<rect x="-60" y="-262" width="12" height="80" rx="5" fill="#9a5a2c" ${stroke(2)} transform="rotate(-20 -54 -222)"/>`,
    }),
  jamaica: (n) => drinkScene(n, { liquid: '#a3153c', garnish: LIME_SLICE, straw: '#f2c14e' }),
  tamarindo: (n) =>
    drinkScene(n, {
      liquid: '#8a5a2b',
      garnish: `<path d="M-40 -262 q50 -30 100 0" fill="none" stroke="#7a4a22" stroke-width="14" stroke-linecap="round"/>`,
    }),
  'agua-de-temporada': (n) =>
    drinkScene(n, {
      liquid: '#f07178',
      straw: '#3f8f3a',
      garnish: `<g transform="translate(-70 -236) rotate(-25)"><path d="M-40 0 A40 40 0 0 0 40 0 Z" fill="#3f8f3a" ${stroke(2.5)}/><path d="M-33 0 A33 33 0 0 0 33 0 Z" fill="#f25f6a"/><circle cx="-10" cy="12" r="2.5" fill="${C.ink}"/><circle cx="10" cy="12" r="2.5" fill="${C.ink}"/></g>`,
    }),
  'mexican-coke': (n) =>
    bottleScene(n, { liquid: '#3a1a10', glassTint: '#5a3a2a', label: '#c8102e', cap: '#c8102e', slim: true }),
  jarritos: (n) =>
    bottleScene(
      n,
      { liquid: '#f28c28', label: '#2a7fc1', cap: '#d9d9d9' },
      g(450, 340, 0.85, bottle({ liquid: '#8a5a2b', label: '#3f8f3a' })) +
        g(150, 340, 0.85, bottle({ liquid: '#e84a6f', label: '#f2c14e', labelText: '#3b2314' })),
    ),
  'sidral-mundet': (n) => bottleScene(n, { liquid: '#c8872f', glassTint: '#a8c5a0', label: '#c8102e', cap: '#c8102e' }),
  'topo-chico': (n) =>
    bottleScene(
      n,
      { liquid: '#e9f4ef', glassTint: '#cfe6dc', label: '#f2c14e', labelText: '#c8102e', cap: '#c8102e' },
      g(430, 330, 1, lime(26), 10),
    ),
  'family-taco-night': familyTacoNight,
  'family-burrito-pack': burritoPack,
  'family-fiesta': fiesta,
  'taco-box-12': (n) =>
    tacoBoxScene(n, {
      rows: 3,
      cols: 4,
      fillings: [FILLINGS.asada.filling, FILLINGS.pastor.filling, FILLINGS.pollo.filling],
      y: 230,
    }),
  'taco-box-24': (n) =>
    tacoBoxScene(n, {
      rows: 4,
      cols: 6,
      fillings: [FILLINGS.asada.filling, FILLINGS.pastor.filling, FILLINGS.carnitas.filling],
      y: 225,
      scale: 0.72,
    }),
  'birria-box': (n) => {
    const rng = random(n);
    const cup =
      `<circle r="70" fill="#fbf7ef" ${stroke()}/><circle r="58" fill="#9c2f17"/>` +
      scatter(rng, { count: 18, r: 48, colors: [C.onion, C.cilantro, '#c44a25'], size: [4, 8], shape: 'square' });
    return tacoBoxScene(
      n,
      { rows: 2, cols: 5, fillings: [FILLINGS.birria.filling], tortilla: '#d0652f', x: 250, y: 210, scale: 0.72 },
      g(520, 300, 1, cup),
    );
  },
  'taco-bar-10': (n) => tacoBar(n, { pans: 4 }),
  'taco-bar-25': (n) => tacoBar(n, { pans: 6 }),
  'mini-burrito-platter': burritoPlatter,
  'agua-dispenser': aguaDispenser,
  'catering-chips-guac': cateringChipsGuac,
};

/** The SVG of one photo (exported for checking a drawing in a browser). */
export function svgOf(name) {
  const draw = drawings[name];
  if (!draw) throw new Error(`No drawing for the menu photo ${name}.jpg: add one to scripts/menu-photos.mjs.`);
  return draw(name);
}

/** A JPEG of one SVG, as small as looks right for a menu card. */
export async function toJpeg(svg, quality = 78) {
  return sharp(Buffer.from(svg), { density: 72 })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

async function main() {
  const { demoMenu } = await import('../server/providers/menu/demo-menu.ts');
  const photos = new Set();
  for (const category of demoMenu) {
    for (const item of [...category.items, ...category.subcategories.flatMap((s) => s.items)]) {
      const match = /^\/images\/menu\/([a-z0-9-]+)\.jpg$/.exec(item.photo);
      if (!match) throw new Error(`${item.id}: photo ${item.photo} is not /images/menu/<name>.jpg`);
      photos.add(match[1]);
    }
  }
  mkdirSync(OUT_DIR, { recursive: true });
  // Photos no dish names any more go away with this run.
  for (const file of readdirSync(OUT_DIR)) {
    if (file.endsWith('.jpg') && !photos.has(file.slice(0, -4))) rmSync(path.join(OUT_DIR, file));
  }
  let total = 0;
  for (const name of photos) {
    let quality = 78;
    let jpeg = await toJpeg(svgOf(name), quality);
    while (jpeg.length > MAX_BYTES && quality > 50) {
      quality -= 6;
      jpeg = await toJpeg(svgOf(name), quality);
    }
    if (jpeg.length > MAX_BYTES) throw new Error(`${name}.jpg is ${jpeg.length} bytes, over ${MAX_BYTES}.`);
    writeFileSync(path.join(OUT_DIR, `${name}.jpg`), jpeg);
    total += jpeg.length;
    console.log(`${name}.jpg ${jpeg.length} bytes (quality ${quality})`);
  }
  console.log(`${photos.size} photos, ${total} bytes in all, in ${path.relative(root, OUT_DIR)}/`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
