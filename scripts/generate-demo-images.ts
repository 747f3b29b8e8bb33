// Generates the demo marketplace's photos: stage scenes per artist category and portraits,
// drawn on a canvas in headless Chromium from a seeded random source — stage light cones, haze, bokeh,
// a performer's silhouette, the crowd — and saved as small JPEGs under web/public/demo/ with a content
// hash in the name (served with long immutable caching), plus manifest.json that the seed reads.
// Deterministic: the same script gives the same pictures. Run: node scripts/generate-demo-images.ts
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = fileURLToPath(new URL('../web/public/demo/', import.meta.url));
const SCENES = ['singers', 'bands', 'djs', 'magicians', 'stand-up', 'klezmer', 'violinists', 'dancers', 'clowns', 'guitarists'];
const PORTRAITS = 12;

// Runs in the page: draws one picture and returns it as a JPEG data URL.
function draw([kind, subject, seed, width, height]: readonly ['scene' | 'portrait', string, number, number, number]): string {
  let state = seed >>> 0;
  const random = () => { state = (state * 1664525 + 1013904223) >>> 0; return state / 4294967296; };
  const canvas = document.createElement('canvas');
  canvas.width = width; canvas.height = height;
  const c = canvas.getContext('2d')!;
  const hue = Math.floor(random() * 360);
  const background = c.createLinearGradient(0, 0, 0, height);
  background.addColorStop(0, `hsl(${hue} 60% 8%)`);
  background.addColorStop(1, `hsl(${(hue + 40) % 360} 45% 4%)`);
  c.fillStyle = background; c.fillRect(0, 0, width, height);

  // Stage lights: cones from the top, added together.
  c.globalCompositeOperation = 'lighter';
  const lights = kind === 'scene' ? 4 + Math.floor(random() * 3) : 2;
  for (let i = 0; i < lights; i++) {
    const x = width * (0.1 + 0.8 * random());
    const target = width * (0.3 + 0.4 * random());
    const lightHue = (hue + Math.floor(random() * 160) - 80 + 360) % 360;
    const cone = c.createLinearGradient(x, 0, target, height);
    cone.addColorStop(0, `hsla(${lightHue} 90% 70% / 0.55)`);
    cone.addColorStop(1, `hsla(${lightHue} 90% 50% / 0)`);
    c.fillStyle = cone;
    c.beginPath(); c.moveTo(x - 6, 0); c.lineTo(x + 6, 0);
    const spread = width * (0.12 + 0.12 * random());
    c.lineTo(target + spread, height); c.lineTo(target - spread, height); c.closePath(); c.fill();
  }
  // Bokeh: soft out-of-focus dots.
  for (let i = 0; i < 26; i++) {
    const r = 4 + random() * (kind === 'scene' ? 22 : 14);
    const x = random() * width; const y = random() * height * 0.7;
    const dot = c.createRadialGradient(x, y, 0, x, y, r);
    const dotHue = (hue + Math.floor(random() * 90)) % 360;
    dot.addColorStop(0, `hsla(${dotHue} 90% 75% / ${0.15 + random() * 0.3})`);
    dot.addColorStop(1, `hsla(${dotHue} 90% 60% / 0)`);
    c.fillStyle = dot; c.beginPath(); c.arc(x, y, r, 0, Math.PI * 2); c.fill();
  }
  // Haze.
  const haze = c.createRadialGradient(width / 2, height * 0.55, 10, width / 2, height * 0.55, width * 0.6);
  haze.addColorStop(0, 'rgba(255,255,255,0.10)'); haze.addColorStop(1, 'rgba(255,255,255,0)');
  c.fillStyle = haze; c.fillRect(0, 0, width, height);
  c.globalCompositeOperation = 'source-over';

  const ink = 'rgba(6,4,10,0.96)';
  c.fillStyle = ink; c.strokeStyle = ink; c.lineCap = 'round';
  const person = (x: number, base: number, scale: number, pose: number) => {
    const h = scale;
    c.beginPath(); c.arc(x, base - h * 0.88, h * 0.075, 0, Math.PI * 2); c.fill(); // head
    c.beginPath(); // body
    c.moveTo(x - h * 0.11, base - h * 0.78); c.lineTo(x + h * 0.11, base - h * 0.78);
    c.lineTo(x + h * 0.08, base - h * 0.42); c.lineTo(x - h * 0.08, base - h * 0.42); c.closePath(); c.fill();
    c.lineWidth = h * 0.06; // legs
    c.beginPath(); c.moveTo(x - h * 0.05, base - h * 0.44); c.lineTo(x - h * 0.09 - pose * h * 0.05, base); c.stroke();
    c.beginPath(); c.moveTo(x + h * 0.05, base - h * 0.44); c.lineTo(x + h * 0.09 + pose * h * 0.05, base); c.stroke();
    c.lineWidth = h * 0.045; // arms
    c.beginPath(); c.moveTo(x - h * 0.1, base - h * 0.75); c.lineTo(x - h * (0.2 + pose * 0.1), base - h * (0.55 + pose * 0.35)); c.stroke();
    c.beginPath(); c.moveTo(x + h * 0.1, base - h * 0.75); c.lineTo(x + h * 0.22, base - h * (0.6 + pose * 0.1)); c.stroke();
  };

  if (kind === 'portrait') {
    // Head and shoulders with a rim light.
    const cx = width / 2;
    c.shadowColor = `hsl(${(hue + 180) % 360} 90% 70%)`; c.shadowBlur = 18;
    c.beginPath(); c.ellipse(cx, height * 0.42, width * 0.17, height * 0.21, 0, 0, Math.PI * 2); c.fill();
    c.beginPath(); c.moveTo(cx - width * 0.42, height); c.quadraticCurveTo(cx - width * 0.38, height * 0.66, cx, height * 0.64);
    c.quadraticCurveTo(cx + width * 0.38, height * 0.66, cx + width * 0.42, height); c.closePath(); c.fill();
    c.shadowBlur = 0;
  } else {
    const floor = height * 0.86;
    const center = width * (0.4 + random() * 0.2);
    const tall = height * 0.62;
    c.fillRect(0, floor, width, height - floor); // stage edge
    if (subject === 'bands' || subject === 'klezmer') {
      for (const [dx, s, p] of [[-0.22, 0.9, 0.2], [0, 1, 0.6], [0.22, 0.92, 0.1]] as const) person(center + dx * width, floor, tall * s, p);
      c.fillRect(center + 0.3 * width, floor - tall * 0.3, tall * 0.28, tall * 0.3); // drum / amp
    } else if (subject === 'djs') {
      person(center, floor - tall * 0.05, tall * 0.95, 0.8);
      c.fillRect(center - tall * 0.45, floor - tall * 0.42, tall * 0.9, tall * 0.42); // booth
    } else if (subject === 'magicians') {
      person(center, floor, tall, 0.9);
      c.fillRect(center - tall * 0.08, floor - tall * 1.08, tall * 0.16, tall * 0.13); // top hat
      c.fillRect(center - tall * 0.13, floor - tall * 0.96, tall * 0.26, tall * 0.02);
    } else if (subject === 'singers' || subject === 'stand-up') {
      person(center, floor, tall, subject === 'singers' ? 0.7 : 0.2);
      c.lineWidth = 3; c.beginPath(); c.moveTo(center + tall * 0.28, floor); c.lineTo(center + tall * 0.24, floor - tall * 0.72); c.stroke(); // mic stand
    } else if (subject === 'dancers') {
      person(center - width * 0.1, floor, tall, 1); person(center + width * 0.1, floor, tall * 0.95, 0.9);
    } else {
      person(center, floor, tall, 0.3);
      c.lineWidth = tall * 0.05; c.beginPath(); c.moveTo(center - tall * 0.25, floor - tall * 0.5); c.lineTo(center + tall * 0.3, floor - tall * 0.72); c.stroke(); // instrument
    }
    // The crowd's heads and raised hands in the foreground.
    for (let x = -20; x < width + 20; x += 18 + random() * 26) {
      const y = height - 8 - random() * 26;
      c.beginPath(); c.arc(x, y, 13 + random() * 7, 0, Math.PI * 2); c.fill();
      if (random() < 0.18) { c.lineWidth = 7; c.beginPath(); c.moveTo(x, y); c.lineTo(x + random() * 20 - 10, y - 50 - random() * 30); c.stroke(); }
    }
  }
  // Film grain, so it reads as a photo.
  const image = c.getImageData(0, 0, width, height);
  for (let i = 0; i < image.data.length; i += 4) {
    const n = (random() - 0.5) * 18;
    image.data[i] += n; image.data[i + 1] += n; image.data[i + 2] += n;
  }
  c.putImageData(image, 0, 0);
  return canvas.toDataURL('image/jpeg', 0.62);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  await mkdir(OUT, { recursive: true });
  for (const name of await readdir(OUT)) if (name.endsWith('.jpg') || name === 'manifest.json') await rm(`${OUT}${name}`);
  const manifest: { scenes: Record<string, string>; portraits: string[] } = { scenes: {}, portraits: [] };
  const save = async (base: string, dataUrl: string): Promise<string> => {
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    const file = `${base}.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.jpg`;
    await writeFile(`${OUT}${file}`, bytes);
    return `/demo/${file}`;
  };
  for (const [index, subject] of SCENES.entries()) {
    manifest.scenes[subject] = await save(`scene-${subject}`, await page.evaluate(draw, ['scene', subject, 1000 + index * 7919, 720, 405] as const));
  }
  for (let i = 0; i < PORTRAITS; i++) {
    manifest.portraits.push(await save(`portrait-${String(i + 1).padStart(2, '0')}`, await page.evaluate(draw, ['portrait', 'portrait', 5000 + i * 104729, 192, 192] as const)));
  }
  await writeFile(`${OUT}manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`wrote ${SCENES.length} scenes and ${PORTRAITS} portraits to ${OUT}`);
} finally {
  await browser.close();
}
