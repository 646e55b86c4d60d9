import { crc32, deflateSync } from 'node:zlib';

// A blog post's cover image for the benches, drawn here so the repository holds no binary: a landscape (sky
// gradient, two ranges of hills, a sun) encoded as an RGB PNG. Smooth areas as in a real illustration; a
// photograph would be a larger file, so this is the kind case for the page's weight.

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** A width × height landscape as PNG bytes (8-bit RGB, no interlace). */
export function landscapePng(width: number, height: number): Buffer {
  const rowBytes = 1 + width * 3;
  const pixels = Buffer.alloc(rowBytes * height);
  const sun = { x: width * 0.72, y: height * 0.3, r: height * 0.09 };
  for (let y = 0; y < height; y += 1) {
    const row = y * rowBytes;
    pixels[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const far = height * (0.58 + 0.06 * Math.sin(x / width * 7 + 1));
      const near = height * (0.72 + 0.05 * Math.sin(x / width * 4.3 + 2.5));
      let rgb: [number, number, number];
      if (y > near) {
        const t = (y - near) / (height - near);
        rgb = [mix(86, 40, t), mix(140, 92, t), mix(72, 48, t)];
      } else if (y > far) {
        const t = (y - far) / (near - far);
        rgb = [mix(112, 92, t), mix(150, 128, t), mix(160, 120, t)];
      } else if (Math.hypot(x - sun.x, y - sun.y) < sun.r) {
        rgb = [255, 228, 160];
      } else {
        const t = y / far;
        rgb = [mix(94, 250, t), mix(150, 214, t), mix(220, 190, t)];
      }
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
