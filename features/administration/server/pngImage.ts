import { crc32, deflateSync } from 'node:zlib';

type Rgb = [number, number, number];
/** A simple landscape: a sky fading to the horizon, the ground, a sun. */
export interface Scene {
  name: string;
  sky: Rgb;
  ground: Rgb;
  sun: Rgb;
}

const WIDTH = 160;
const HEIGHT = 120;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A small true-colour PNG of the scene (a few KB): demonstration photos without shipping images. */
export function pngImage(scene: Scene, width = WIDTH, height = HEIGHT): Buffer {
  const horizon = Math.round(height * 0.62);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const sunX = width * 0.72;
  const sunY = height * 0.3;
  const sunR = height * 0.12;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      let rgb: number[];
      if (y >= horizon) {
        const shade = 1 - ((y - horizon) / (height - horizon)) * 0.35 + Math.sin(x / 9 + y / 5) * 0.04;
        rgb = scene.ground.map((c) => c * shade);
      } else if ((x - sunX) ** 2 + (y - sunY) ** 2 < sunR ** 2) rgb = scene.sun;
      else {
        const fade = y / horizon;
        rgb = scene.sky.map((c) => c + (255 - c) * fade * 0.6);
      }
      rgb.forEach((c, i) => {
        raw[row + 1 + x * 3 + i] = Math.max(0, Math.min(255, Math.round(c)));
      });
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // true colour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
