import sharp from 'sharp';
import { expect } from 'vitest';
import type { SessionClient } from './session-client.ts';

/**
 * Uploads, as the advertiser `owner`, a photo of blocks in shades drawn from `seed` (a flat or plain picture hashes to
 * nothing worth comparing); `copyOf` saves it again as a copier would: narrower, as a JPEG of that quality.
 */
export async function uploadBlocksPhoto(owner: SessionClient, seed: number, copyOf?: { width: number; quality: number }): Promise<{ full: string }> {
  const width = 360;
  const height = 240;
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const shades = Array.from({ length: 6 * 9 }, () => Math.round(next() * 255));
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const shade = shades[Math.floor(y / 40) * 9 + Math.floor(x / 40)]!;
      pixels.set([shade, 255 - shade, (shade * 3) % 256], (y * width + x) * 3);
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  const file = copyOf ? await image.resize(copyOf.width).jpeg({ quality: copyOf.quality }).toBuffer() : await image.png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(file)], { type: copyOf ? 'image/jpeg' : 'image/png' }), `blocks-${seed}.${copyOf ? 'jpg' : 'png'}`);
  const answer = await owner.postForm<{ data: { full: string }[] }>('/api/advertiser/images', form);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data[0]!;
}
