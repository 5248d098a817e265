// Photos drawn from code, for the tests and the bench: no binary photo lives in the repository.
//
// A "typical photo" must look like one to an encoder, or byte budgets measured on it mean
// nothing: a flat drawing compresses ten times better than a camera picture. So the scene (sky,
// hills, a truck, stacked boxes) is drawn as SVG with a few hundred random leaves, stones and
// windows for fine detail, softened a little as a lens would, and then given the sensor noise of
// a phone camera (gaussian, sigma 6 of 255) over every pixel. A seeded generator keeps every
// photo the same from run to run.
import sharp from 'sharp';

/** Mulberry32: a small seeded generator, so a given seed always draws the same photo. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sceneSvg(width, height, seed) {
  const rand = random(seed);
  const pick = (items) => items[Math.floor(rand() * items.length)];
  const shapes = [];
  // Hills and fields.
  for (let i = 0; i < 6; i++) {
    const y = height * (0.45 + i * 0.08);
    const points = [`0,${height}`];
    for (let x = 0; x <= width; x += width / 12) points.push(`${x.toFixed(0)},${(y + (rand() - 0.5) * height * 0.08).toFixed(0)}`);
    points.push(`${width},${height}`);
    shapes.push(
      `<polygon points="${points.join(' ')}" fill="${pick(['#2f6b3a', '#3f7f43', '#56894a', '#6e9a52', '#8a9b5b', '#4d6f3c'])}"/>`,
    );
  }
  // Leaves, stones and clutter: fine detail all over.
  for (let i = 0; i < 420; i++) {
    const x = rand() * width;
    const y = height * 0.35 + rand() * height * 0.65;
    const r = (2 + rand() * 14) * (width / 1600);
    shapes.push(
      `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${r.toFixed(1)}" ry="${(r * (0.4 + rand())).toFixed(1)}" fill="${pick(['#1f4d2b', '#7aa35a', '#c9b27c', '#8d6b4a', '#e0d6b8', '#5c7f3f', '#a0522d'])}"/>`,
    );
  }
  // A truck and boxes in the middle ground, with windows and slats.
  const u = width / 100;
  const truck = [
    `<rect x="${30 * u}" y="${height * 0.5}" width="${34 * u}" height="${height * 0.22}" rx="${u}" fill="#1d5f8c"/>`,
    `<rect x="${64 * u}" y="${height * 0.56}" width="${12 * u}" height="${height * 0.16}" rx="${u}" fill="#164a6d"/>`,
    `<rect x="${66 * u}" y="${height * 0.58}" width="${8 * u}" height="${height * 0.06}" fill="#cfe3f1"/>`,
    `<circle cx="${38 * u}" cy="${height * 0.73}" r="${3.5 * u}" fill="#222"/>`,
    `<circle cx="${70 * u}" cy="${height * 0.73}" r="${3.5 * u}" fill="#222"/>`,
  ];
  for (let i = 0; i < 24; i++) {
    truck.push(`<rect x="${(31 + i * 1.4) * u}" y="${height * 0.52}" width="${0.4 * u}" height="${height * 0.18}" fill="#2b77aa"/>`);
  }
  for (let i = 0; i < 14; i++) {
    const bx = (8 + rand() * 20) * u;
    const by = height * (0.6 + rand() * 0.15);
    const bw = (3 + rand() * 5) * u;
    truck.push(
      `<rect x="${bx}" y="${by}" width="${bw}" height="${bw * 0.8}" fill="${pick(['#c68a4e', '#b57a41', '#d9a066'])}" stroke="#7a5230" stroke-width="${0.2 * u}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#f3e3c3"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${width * 0.8}" cy="${height * 0.18}" r="${height * 0.07}" fill="#fff3c4"/>
  ${shapes.join('\n')}
  ${truck.join('\n')}
</svg>`;
}

/**
 * A JPEG that encodes like a camera photo. Options: `width`, `height` (pixels as stored),
 * `seed`, `quality` (default 90, as phones save), `exif` (sharp's withExif object, e.g. GPS tags in IFD3),
 * `orientation` (the EXIF orientation tag: 6 means "turn 90° clockwise to view").
 */
export async function drawPhoto({ width = 1600, height = 1200, seed = 1, quality = 90, exif, orientation } = {}) {
  const scene = await sharp(Buffer.from(sceneSvg(width, height, seed)), { limitInputPixels: false })
    .blur(0.6)
    .removeAlpha()
    .raw()
    .toBuffer();
  // Sensor noise, added pixel by pixel so it is the same on every machine.
  const rand = random(seed * 7919);
  for (let i = 0; i < scene.length; i += 2) {
    // Sum of uniforms ≈ gaussian; sigma ≈ 6 of 255.
    const noise = (rand() + rand() + rand() - 1.5) * 12;
    scene[i] = Math.max(0, Math.min(255, scene[i] + noise));
    scene[i + 1] = Math.max(0, Math.min(255, scene[i + 1] + noise * 0.8));
  }
  let image = sharp(scene, { raw: { width, height, channels: 3 }, limitInputPixels: false });
  if (exif) image = image.withExif(exif);
  // withExif() alone does not write the orientation tag; withMetadata() does, keeping the tags above.
  if (orientation) image = image.withMetadata({ orientation });
  return image.jpeg({ quality }).toBuffer();
}

/** EXIF GPS tags as a phone writes them (a house in Kochi), for checking that none are published. */
export const GPS_EXIF = {
  IFD0: { Make: 'TestPhone', Model: 'Camera 1' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '9/1 58/1 3012/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '76/1 17/1 4080/100',
  },
};
