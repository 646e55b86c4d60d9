import { crc32, deflateSync } from 'node:zlib';

// Cover images for the screenshot seed and the Lighthouse bench's post, drawn here so the repository holds no
// binary. Smooth areas as in a real illustration (a photograph would be a larger file). A blog list of a dozen
// identical covers would hide layout problems that only show with different images (a dark cover under light
// text, a tall one in a wide slot), so these take a palette and a shape.

type Rgb = readonly [number, number, number];

export interface Palette {
  skyTop: Rgb;
  skyBottom: Rgb;
  far: Rgb;
  near: Rgb;
  sun: Rgb;
}

export const PALETTES = {
  morning: { skyTop: [94, 150, 220], skyBottom: [250, 214, 190], far: [112, 150, 160], near: [86, 140, 72], sun: [255, 228, 160] },
  dusk: { skyTop: [52, 38, 92], skyBottom: [244, 140, 96], far: [120, 70, 110], near: [48, 36, 64], sun: [255, 190, 120] },
  night: { skyTop: [8, 14, 40], skyBottom: [40, 60, 110], far: [30, 44, 80], near: [14, 22, 40], sun: [236, 236, 210] },
  desert: { skyTop: [120, 190, 230], skyBottom: [240, 230, 200], far: [214, 160, 100], near: [190, 120, 70], sun: [255, 250, 220] },
  forest: { skyTop: [160, 200, 190], skyBottom: [230, 240, 220], far: [70, 120, 90], near: [28, 70, 44], sun: [250, 250, 230] },
  autumn: { skyTop: [200, 120, 80], skyBottom: [250, 220, 160], far: [170, 80, 50], near: [110, 50, 30], sun: [255, 240, 200] },
  glacier: { skyTop: [200, 225, 245], skyBottom: [245, 250, 255], far: [150, 180, 210], near: [235, 240, 248], sun: [255, 255, 255] },
  lavender: { skyTop: [150, 120, 200], skyBottom: [235, 210, 240], far: [120, 100, 170], near: [90, 130, 90], sun: [255, 240, 250] },
} satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const channel = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [channel(a[0], b[0], t), channel(a[1], b[1], t), channel(a[2], b[2], t)];

/**
 * A width × height landscape (sky gradient, two ranges of hills, a sun or moon) as an 8-bit RGB PNG. `seed`
 * moves the hills and the sun, so two covers of one palette still differ.
 */
export function landscape(width: number, height: number, palette: Palette, seed = 0): Buffer {
  const rowBytes = 1 + width * 3;
  const pixels = Buffer.alloc(rowBytes * height);
  const sun = { x: width * (0.2 + ((seed * 0.37) % 0.6)), y: height * (0.22 + ((seed * 0.13) % 0.15)), r: height * 0.09 };
  for (let y = 0; y < height; y += 1) {
    const row = y * rowBytes;
    pixels[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const far = height * (0.58 + 0.06 * Math.sin((x / width) * (7 + seed) + 1 + seed));
      const near = height * (0.72 + 0.05 * Math.sin((x / width) * (4.3 + seed / 2) + 2.5 + seed));
      let rgb: Rgb;
      if (y > near) rgb = mix(palette.near, [0, 0, 0], ((y - near) / (height - near)) * 0.45);
      else if (y > far) rgb = mix(palette.far, palette.near, ((y - far) / (near - far)) * 0.5);
      else if (Math.hypot(x - sun.x, y - sun.y) < sun.r) rgb = palette.sun;
      else rgb = mix(palette.skyTop, palette.skyBottom, y / far);
      pixels.set(rgb, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The same picture as a data URL, for a page cover (stored in the workspace, so it must stay small). */
export const landscapeDataUrl = (width: number, height: number, palette: Palette, seed = 0): string =>
  `data:image/png;base64,${landscape(width, height, palette, seed).toString('base64')}`;
