// Draws the app icons (web app manifest, home screen) from one SVG with sharp; the PNGs are
// committed under public/icons. Run again after changing the drawing: node scripts/generate-icons.mjs
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const out = new URL('../public/icons/', import.meta.url).pathname;
const green = '#16803c'; // the forest-green primary of src/web/index.css

/** Binoculars in white on green; `scale` shrinks the drawing into a maskable icon's safe zone. */
const svg = ({ rounded, scale }) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${rounded ? 96 : 0}" fill="${green}"/>
  <g transform="translate(256 256) scale(${scale}) translate(-256 -256)"
     fill="none" stroke="#fff" stroke-width="30" stroke-linecap="round" stroke-linejoin="round">
    <circle cx="166" cy="326" r="74"/>
    <circle cx="346" cy="326" r="74"/>
    <path d="M92 326 L132 150 a36 36 0 0 1 70 4 L216 250"/>
    <path d="M420 326 L380 150 a36 36 0 0 0 -70 4 L296 250"/>
    <path d="M216 250 h80"/>
    <path d="M150 150 V112 h52 v38 M310 150 V112 h52 v38"/>
  </g>
</svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 0.9 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 0.9 },
  { file: 'maskable-512.png', size: 512, rounded: false, scale: 0.7 }, // 80% safe circle
  { file: 'apple-touch-icon-180.png', size: 180, rounded: false, scale: 0.8 },
];

mkdirSync(out, { recursive: true });
for (const { file, size, ...drawing } of icons) {
  await sharp(Buffer.from(svg(drawing)))
    .resize(size, size)
    .png()
    .toFile(`${out}${file}`);
  console.log(`wrote public/icons/${file}`);
}
