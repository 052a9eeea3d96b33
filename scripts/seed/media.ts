import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { StoredImage } from '../../src/server/db/rows.ts';
import { Random } from './random.ts';

/** One generated picture: the files of a stored image (paths relative to the media folder), all JPEG and WebP. */
export type GeneratedImage = Omit<StoredImage, 'mime_type'>;

export interface GeneratedDocument {
  file: string;
  original_filename: string;
}

interface ImageSet {
  name: string;
  count: number;
  full: [number, number];
  thumbnail: [number, number];
  draw: (random: Random, width: number, height: number) => string;
}

const PALETTES = [
  ['#0f4c81', '#5aa9e6'], ['#f9c80e', '#f86624'], ['#2a9d8f', '#e9c46a'], ['#6a4c93', '#c77dff'],
  ['#d62828', '#f77f00'], ['#386641', '#a7c957'], ['#1d3557', '#e63946'], ['#ff006e', '#ffbe0b'],
  ['#3a0ca3', '#4cc9f0'], ['#7f5539', '#ddb892'], ['#005f73', '#94d2bd'], ['#9d0208', '#ffba08'],
];

/** An abstract scene: a diagonal gradient with soft circles and a horizon band. No text, so no fonts are needed. */
function scene(random: Random, width: number, height: number): string {
  const [from, to] = random.pick(PALETTES);
  const circles = Array.from({ length: random.int(3, 7) }, () => {
    const r = random.int(Math.round(height / 10), Math.round(height / 3));
    return `<circle cx="${random.int(0, width)}" cy="${random.int(0, height)}" r="${r}" fill="#fff" fill-opacity="${(random.int(8, 30) / 100).toFixed(2)}"/>`;
  }).join('');
  const band = random.int(Math.round(height * 0.55), Math.round(height * 0.8));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${circles}
<path d="M0 ${band} Q ${width / 2} ${band - height / 6} ${width} ${band} V ${height} H 0 Z" fill="#000" fill-opacity="0.18"/></svg>`;
}

/** A round monogram-like logo made of shapes. */
function logo(random: Random, size: number): string {
  const [from, to] = random.pick(PALETTES);
  const inner = random.chance(0.5)
    ? `<rect x="${size * 0.3}" y="${size * 0.3}" width="${size * 0.4}" height="${size * 0.4}" rx="${size * 0.08}" fill="#fff"/>`
    : `<polygon points="${size / 2},${size * 0.25} ${size * 0.75},${size * 0.72} ${size * 0.25},${size * 0.72}" fill="#fff"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="#fff"/><circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.46}" fill="url(#g)"/>${inner}</svg>`;
}

const IMAGE_SETS: ImageSet[] = [
  // Card image ratio 16:9 (spec §9).
  { name: 'post', count: 48, full: [960, 540], thumbnail: [400, 225], draw: scene },
  { name: 'logo', count: 24, full: [240, 240], thumbnail: [96, 96], draw: (random, width) => logo(random, width) },
  // Banner ratio 16:7 (spec §9).
  { name: 'banner', count: 10, full: [1600, 700], thumbnail: [640, 280], draw: scene },
  { name: 'avatar', count: 12, full: [160, 160], thumbnail: [64, 64], draw: (random, width) => logo(random, width) },
];

/** A one-page PDF with a title and lines under it, written by hand so no PDF library is needed. */
export function onePagePdf(title: string, lines: readonly string[] = []): Buffer {
  const clean = (line: string) => line.replace(/[()\\]/g, '');
  const content = [`BT /F1 24 Tf 72 760 Td (${clean(title)}) Tj ET`, ...lines.map((line, index) => `BT /F1 12 Tf 72 ${720 - index * 20} Td (${clean(line)}) Tj ET`)].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const DOCUMENT_TITLES = ['Company Profile', 'Price List', 'Job Description', 'Product Catalogue', 'Service Brochure', 'Resume'];

/**
 * Writes the demo media pool into `<mediaDir>/seed/` (skipping files already there) and returns
 * it grouped by set name. Same seed, same pictures.
 */
export async function generateMediaPool(mediaDir: string, seed: number): Promise<{
  images: Record<string, GeneratedImage[]>;
  documents: GeneratedDocument[];
}> {
  const dir = join(mediaDir, 'seed');
  mkdirSync(dir, { recursive: true });
  const random = new Random(seed ^ 0x5eed);
  const images: Record<string, GeneratedImage[]> = {};
  for (const set of IMAGE_SETS) {
    images[set.name] = [];
    for (let index = 1; index <= set.count; index++) {
      const svg = Buffer.from(set.draw(random, set.full[0], set.full[1]));
      const base = `seed/${set.name}-${String(index).padStart(2, '0')}`;
      const image: GeneratedImage = {
        full: `${base}-full.jpg`,
        thumbnail: `${base}-thumb.jpg`,
        full_webp: `${base}-full.webp`,
        thumbnail_webp: `${base}-thumb.webp`,
        width: set.full[0],
        height: set.full[1],
      };
      const outputs: [string, [number, number], 'jpeg' | 'webp'][] = [
        [image.full, set.full, 'jpeg'], [image.thumbnail, set.thumbnail, 'jpeg'],
        [image.full_webp, set.full, 'webp'], [image.thumbnail_webp, set.thumbnail, 'webp'],
      ];
      await Promise.all(outputs.map(async ([path, [width, height], format]) => {
        const target = join(mediaDir, path);
        if (existsSync(target)) return;
        const pipeline = sharp(svg).resize(width, height);
        await (format === 'jpeg' ? pipeline.jpeg({ quality: 78, mozjpeg: true }) : pipeline.webp({ quality: 72 })).toFile(target);
      }));
      images[set.name]!.push(image);
    }
  }
  const documents = DOCUMENT_TITLES.map((title) => {
    const file = `seed/${title.toLowerCase().replace(/ /g, '-')}.pdf`;
    const target = join(mediaDir, file);
    if (!existsSync(target)) writeFileSync(target, onePagePdf(title));
    return { file, original_filename: `${title}.pdf` };
  });
  return { images, documents };
}
