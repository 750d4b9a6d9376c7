import zlib from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Visitor } from './helpers.ts';

/**
 * A served photo as a browser gets it: 200, of `type`, never sniffed, and with nothing of what a
 * camera (or jpegWithGps) wrote into it: no EXIF, XMP or ICC profile, no maker or owner text.
 * Answers its metadata; `label` names it in a failure.
 */
export async function expectCleanPhoto(
  res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer },
  type = 'image/jpeg',
  label?: string,
) {
  expect(res.statusCode, label).toBe(200);
  expect(res.headers['content-type'], label).toBe(type);
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta.exif, label).toBeUndefined();
  expect(meta.xmp, label).toBeUndefined();
  expect(meta.icc, label).toBeUndefined();
  expect(res.rawPayload.includes(Buffer.from('Secret Person')), label).toBe(false);
  expect(res.rawPayload.includes(Buffer.from('PhoneMaker')), label).toBe(false);
  return meta;
}

/** A JPEG photo with camera metadata and a GPS position in its EXIF, like a phone makes. */
export async function jpegWithGps(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 140 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Copyright: 'Secret Person' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 22/1 12/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 53/1 2/1',
      },
    })
    .toBuffer();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A tiny PNG file whose header claims 50,000 x 50,000 pixels (a "pixel flood" / decompression bomb). */
export function pixelFloodPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart body with one file field, as a browser's FormData sends it. */
export function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = `----amora${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a picture as the member `v` does from the photo manager: POST /api/photos, one file. */
export function uploadPhoto(v: Visitor, data: Buffer, filename = 'me.jpg', type = 'image/jpeg') {
  const m = multipart('photo', filename, type, data);
  return v.request('POST', '/api/photos', m.payload, m.headers);
}
