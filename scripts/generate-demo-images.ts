// Generates the demo marketplace's photos: for each of the 60 demo artists three performance photos of
// its own (a wide shot of the stage, a close-up, the venue with its audience) and a portrait, drawn on a
// canvas in headless Chromium from a random source seeded by the artist's number. What varies from artist
// to artist: the venue (concert stage with a truss, wedding hall with chandeliers, garden under string
// lights, club with lasers, theatre with curtains, children's party with balloons, brick-wall comedy
// club), the palette and the lighting (cones, their colours and number, haze, bokeh), the performers
// (how many, hair, dress or suit, pose, where in the frame, how large) and the instruments and props of
// the artist's category (microphone, guitars, drum kit, keyboard, DJ decks, violin, clarinet, accordion,
// top hat and cards, balloons). Saved as small WebP files under web/public/demo/ with a content hash in
// the name (served with long immutable caching), each photo with a square thumbnail, plus
// manifest.json that the seed reads. Deterministic: the same script gives the same pictures.
// Run: node scripts/generate-demo-images.ts
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { categories } from '../seed/demo-data.ts';

const OUT = process.env.DEMO_IMAGES_OUT ?? fileURLToPath(new URL('../web/public/demo/', import.meta.url));
/** The demo seeds 60 artists (seed/demo-vendors.ts demoVendorCount); artist i is of category i mod 10. */
const ARTISTS = 60;
const SHOTS = ['wide', 'close', 'venue'] as const;
const WIDTH = 720;
const HEIGHT = 480;
const THUMBNAIL = 320;
const PORTRAIT = 160;

type Shot = (typeof SHOTS)[number] | 'portrait';
type Picture = { display: string; thumbnail: string | null };

// Runs in the page: draws one picture and returns it (and its square thumbnail) as WebP data URLs.
function draw([shot, category, seed, width, height, thumbnailSize]: readonly [Shot, string, number, number, number, number]): Picture {
  let state = seed >>> 0;
  const random = () => { state = (state * 1664525 + 1013904223) >>> 0; return state / 4294967296; };
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const between = (low: number, high: number) => low + (high - low) * random();
  // The artist's own look: the same for its three photos (the seed's artist part), varied by the shot after.
  let artistState = (seed >>> 4) >>> 0;
  const artistRandom = () => { artistState = (artistState * 22695477 + 1) >>> 0; return artistState / 4294967296; };
  const hue = Math.floor(artistRandom() * 360);
  const accentHue = (hue + 120 + Math.floor(artistRandom() * 120)) % 360;
  const warm = artistRandom() < 0.5;
  const venues: Record<string, string[]> = {
    singers: ['hall', 'stage', 'garden'], bands: ['stage', 'hall', 'garden'], djs: ['club', 'hall', 'garden'], magicians: ['theatre', 'party', 'hall'],
    'stand-up': ['comedy', 'theatre', 'comedy'], klezmer: ['hall', 'garden', 'stage'], violinists: ['hall', 'garden', 'theatre'],
    dancers: ['stage', 'hall', 'theatre'], clowns: ['party', 'garden', 'party'], guitarists: ['garden', 'comedy', 'stage'],
  };
  const venue = venues[category]![Math.floor(artistRandom() * 3)]!;
  const performerCount = category === 'bands' ? 3 + Math.floor(artistRandom() * 2) : category === 'klezmer' ? 2 + Math.floor(artistRandom() * 2)
    : category === 'dancers' ? 1 + Math.floor(artistRandom() * 3) : 1;
  const looks = Array.from({ length: 4 }, () => ({
    hair: Math.floor(artistRandom() * 5), dress: artistRandom() < 0.45, hat: artistRandom() < 0.15, build: 0.9 + artistRandom() * 0.2,
    outfitHue: Math.floor(artistRandom() * 360),
  }));

  const canvas = document.createElement('canvas');
  canvas.width = width; canvas.height = height;
  const c = canvas.getContext('2d')!;
  const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${((h % 360) + 360) % 360} ${s}% ${l}% / ${a})`;

  // ---- The room: background by venue.
  const sky = c.createLinearGradient(0, 0, 0, height);
  const base = venue === 'garden' ? 230 : venue === 'party' ? hue : hue;
  if (venue === 'party') {
    sky.addColorStop(0, hsl(hue, 55, 62)); sky.addColorStop(1, hsl(hue + 30, 45, 40));
  } else {
    sky.addColorStop(0, hsl(base, 55, venue === 'garden' ? 10 : 7)); sky.addColorStop(1, hsl(base + 35, 45, 4));
  }
  c.fillStyle = sky; c.fillRect(0, 0, width, height);

  const floorY = shot === 'close' ? height * 1.05 : shot === 'venue' ? height * between(0.55, 0.62) : height * between(0.7, 0.8);
  const scale = shot === 'close' ? height * between(0.86, 0.98) : shot === 'venue' ? height * between(0.22, 0.3) : height * between(0.42, 0.55);

  if (venue === 'comedy') {
    // Brick wall.
    const brickH = 22 * (shot === 'close' ? 1.6 : 1);
    for (let y = 0, row = 0; y < height; y += brickH, row++) {
      for (let x = (row % 2) * -brickH; x < width; x += brickH * 2.2) {
        c.fillStyle = hsl(12 + random() * 10, 45, 18 + random() * 9);
        c.fillRect(x + 2, y + 2, brickH * 2.2 - 4, brickH - 4);
      }
    }
  } else if (venue === 'theatre') {
    for (const side of [0, 1]) {
      const x0 = side === 0 ? 0 : width * 0.82;
      for (let i = 0; i < 6; i++) {
        const fold = c.createLinearGradient(x0 + i * width * 0.03, 0, x0 + (i + 1) * width * 0.03, 0);
        fold.addColorStop(0, hsl(350, 70, 14)); fold.addColorStop(0.5, hsl(355, 75, 30)); fold.addColorStop(1, hsl(350, 70, 12));
        c.fillStyle = fold; c.fillRect(x0 + i * width * 0.03, 0, width * 0.031, height);
      }
    }
    c.fillStyle = hsl(355, 70, 20); c.fillRect(0, 0, width, height * 0.08);
  } else if (venue === 'hall') {
    // Chandeliers and a warm glow.
    for (let i = 0; i < 3; i++) {
      const x = width * (0.2 + i * 0.3 + between(-0.05, 0.05)); const y = height * between(0.08, 0.16);
      const glow = c.createRadialGradient(x, y, 2, x, y, width * 0.12);
      glow.addColorStop(0, 'rgba(255,230,170,0.9)'); glow.addColorStop(1, 'rgba(255,200,120,0)');
      c.fillStyle = glow; c.beginPath(); c.arc(x, y, width * 0.12, 0, Math.PI * 2); c.fill();
    }
  } else if (venue === 'garden') {
    // Stars, tree line and string lights.
    for (let i = 0; i < 80; i++) { c.fillStyle = `rgba(255,255,255,${between(0.2, 0.8)})`; c.fillRect(random() * width, random() * height * 0.4, 1.5, 1.5); }
    c.fillStyle = 'rgba(5,12,8,0.95)';
    c.beginPath(); c.moveTo(0, height * 0.5);
    for (let x = 0; x <= width; x += 30) c.lineTo(x, height * (0.32 + random() * 0.12));
    c.lineTo(width, height); c.lineTo(0, height); c.fill();
    for (let strand = 0; strand < 2; strand++) {
      const y0 = height * (0.1 + strand * 0.1);
      for (let x = 0; x < width; x += 24) {
        const y = y0 + Math.sin((x / width) * Math.PI) * height * 0.08;
        const bulb = c.createRadialGradient(x, y, 0, x, y, 9);
        bulb.addColorStop(0, warm ? 'rgba(255,220,150,1)' : hsl(accentHue, 90, 80)); bulb.addColorStop(1, 'rgba(255,200,120,0)');
        c.fillStyle = bulb; c.beginPath(); c.arc(x, y, 9, 0, Math.PI * 2); c.fill();
      }
    }
  } else if (venue === 'stage') {
    // Truss with lamps.
    c.strokeStyle = 'rgba(160,160,170,0.5)'; c.lineWidth = 3;
    c.strokeRect(width * 0.04, height * 0.06, width * 0.92, height * 0.03);
    for (let x = width * 0.04; x < width * 0.96; x += 14) { c.beginPath(); c.moveTo(x, height * 0.06); c.lineTo(x + 14, height * 0.09); c.stroke(); }
  } else if (venue === 'party') {
    // Bunting.
    for (let x = 0; x < width; x += 40) {
      c.fillStyle = hsl(x * 3 + hue, 80, 60);
      c.beginPath(); c.moveTo(x, height * 0.05); c.lineTo(x + 36, height * 0.05); c.lineTo(x + 18, height * 0.14); c.fill();
    }
  }

  // ---- Light: cones, lasers, haze, bokeh.
  c.globalCompositeOperation = 'lighter';
  const lights = venue === 'party' ? 1 : 2 + Math.floor(artistRandom() * 4);
  for (let i = 0; i < lights; i++) {
    const x = width * between(0.05, 0.95);
    const target = width * between(0.25, 0.75);
    const lightHue = warm ? 30 + between(-20, 25) : hue + between(-70, 70);
    const cone = c.createLinearGradient(x, 0, target, height);
    cone.addColorStop(0, hsl(lightHue, 90, 72, 0.5)); cone.addColorStop(1, hsl(lightHue, 90, 50, 0));
    c.fillStyle = cone;
    c.beginPath(); c.moveTo(x - 5, 0); c.lineTo(x + 5, 0);
    const spread = width * between(0.08, 0.22);
    c.lineTo(target + spread, height); c.lineTo(target - spread, height); c.closePath(); c.fill();
  }
  if (venue === 'club') {
    for (let i = 0; i < 14; i++) {
      c.strokeStyle = hsl(accentHue + between(-20, 20), 100, 60, 0.55); c.lineWidth = 1.5;
      c.beginPath(); c.moveTo(width * 0.5, height * 0.35); c.lineTo(random() * width, random() < 0.5 ? 0 : height * between(0, 0.4)); c.stroke();
    }
  }
  const bokehCount = shot === 'close' ? 40 : 18;
  for (let i = 0; i < bokehCount; i++) {
    const r = between(3, shot === 'close' ? 30 : 14);
    const x = random() * width; const y = random() * height * 0.75;
    const dot = c.createRadialGradient(x, y, 0, x, y, r);
    const dotHue = warm ? 35 + between(-15, 15) : hue + between(-40, 60);
    dot.addColorStop(0, hsl(dotHue, 90, 75, between(0.12, 0.4))); dot.addColorStop(1, hsl(dotHue, 90, 60, 0));
    c.fillStyle = dot; c.beginPath(); c.arc(x, y, r, 0, Math.PI * 2); c.fill();
  }
  const hazeX = width * between(0.35, 0.65);
  const haze = c.createRadialGradient(hazeX, height * 0.55, 10, hazeX, height * 0.55, width * 0.6);
  haze.addColorStop(0, `rgba(255,255,255,${between(0.05, 0.14)})`); haze.addColorStop(1, 'rgba(255,255,255,0)');
  c.fillStyle = haze; c.fillRect(0, 0, width, height);
  c.globalCompositeOperation = 'source-over';

  // ---- Stage floor.
  if (shot !== 'close') {
    const floor = c.createLinearGradient(0, floorY, 0, height);
    floor.addColorStop(0, venue === 'party' ? hsl(hue + 40, 30, 45) : hsl(hue, 20, 9)); floor.addColorStop(1, venue === 'party' ? hsl(hue + 40, 30, 30) : hsl(hue, 15, 3));
    c.fillStyle = floor; c.fillRect(0, floorY, width, height - floorY);
    const pool = c.createRadialGradient(width / 2, floorY + 10, 5, width / 2, floorY + 10, width * 0.35);
    pool.addColorStop(0, `rgba(255,240,220,${venue === 'party' ? 0.15 : 0.22})`); pool.addColorStop(1, 'rgba(255,240,220,0)');
    c.fillStyle = pool; c.fillRect(0, floorY - 20, width, height - floorY + 20);
  }

  // ---- Performers: silhouettes with a rim of the lights' colour, an outfit hint, hair, props.
  const rim = warm ? 'rgba(255,200,140,0.9)' : hsl(accentHue, 90, 70, 0.9);
  const ink = venue === 'party' ? 'rgba(25,20,35,0.94)' : 'rgba(7,5,12,0.97)';
  function limb(x1: number, y1: number, x2: number, y2: number, x3: number, y3: number, w: number) {
    c.lineWidth = w; c.beginPath(); c.moveTo(x1, y1); c.quadraticCurveTo(x2, y2, x3, y3); c.stroke();
  }
  function person(x: number, base: number, h: number, pose: number, look: (typeof looks)[number], facing: number, prop: string) {
    h *= look.build;
    c.save();
    c.fillStyle = ink; c.strokeStyle = ink; c.lineCap = 'round'; c.lineJoin = 'round';
    c.shadowColor = rim; c.shadowBlur = h * 0.04;
    const headY = base - h * 0.9; const shoulderY = base - h * 0.79; const hipY = base - h * 0.46;
    // Legs.
    if (look.dress) {
      c.beginPath(); c.moveTo(x - h * 0.08, hipY - h * 0.06); c.lineTo(x + h * 0.08, hipY - h * 0.06);
      c.quadraticCurveTo(x + h * (0.2 + pose * 0.06), base - h * 0.1, x + h * (0.19 + pose * 0.08), base - h * 0.04);
      c.lineTo(x - h * (0.19 + pose * 0.05), base - h * 0.04); c.quadraticCurveTo(x - h * 0.2, base - h * 0.1, x - h * 0.08, hipY - h * 0.06); c.fill();
      limb(x - h * 0.05, base - h * 0.06, x - h * 0.05, base - h * 0.03, x - h * 0.06, base, h * 0.035);
      limb(x + h * 0.05, base - h * 0.06, x + h * 0.05, base - h * 0.03, x + h * 0.06, base, h * 0.035);
    } else {
      limb(x - h * 0.05, hipY, x - h * (0.08 + pose * 0.04), base - h * 0.22, x - h * (0.08 + pose * 0.08), base, h * 0.065);
      limb(x + h * 0.05, hipY, x + h * (0.07 + pose * 0.02), base - h * 0.22, x + h * (0.09 + pose * 0.05), base, h * 0.065);
    }
    // Torso.
    c.beginPath(); c.moveTo(x - h * 0.12, shoulderY); c.quadraticCurveTo(x, shoulderY - h * 0.03, x + h * 0.12, shoulderY);
    c.lineTo(x + h * 0.085, hipY); c.lineTo(x - h * 0.085, hipY); c.closePath(); c.fill();
    // Neck and head.
    c.fillRect(x - h * 0.025, headY + h * 0.05, h * 0.05, h * 0.07);
    c.beginPath(); c.ellipse(x + facing * h * 0.006, headY, h * 0.058, h * 0.07, 0, 0, Math.PI * 2); c.fill();
    // Hair.
    if (look.hair === 1) { c.beginPath(); c.ellipse(x, headY + h * 0.06, h * 0.075, h * 0.12, 0, 0, Math.PI * 2); c.fill(); } // long
    else if (look.hair === 2) { c.beginPath(); c.arc(x - facing * h * 0.05, headY - h * 0.05, h * 0.035, 0, Math.PI * 2); c.fill(); } // bun
    else if (look.hair === 3) { c.beginPath(); c.arc(x, headY - h * 0.01, h * 0.085, 0, Math.PI * 2); c.fill(); } // curls
    if (look.hat || prop === 'tophat') {
      c.fillRect(x - h * 0.09, headY - h * 0.055, h * 0.18, h * 0.018);
      c.fillRect(x - h * 0.055, headY - h * (prop === 'tophat' ? 0.17 : 0.1), h * 0.11, h * (prop === 'tophat' ? 0.12 : 0.05));
    }
    // Arms and what they hold.
    const leftHand: [number, number] = [x - h * (0.22 + pose * 0.08), shoulderY - h * (pose - 0.35) * 0.45];
    const rightHand: [number, number] = [x + h * 0.2, shoulderY + h * 0.12];
    c.shadowBlur = 0;
    if (prop === 'guitar' || prop === 'acoustic') {
      // Guitar across the body.
      c.save(); c.translate(x + h * 0.02, hipY - h * 0.04); c.rotate(-0.45);
      c.beginPath(); c.ellipse(0, 0, h * 0.1, h * 0.08, 0, 0, Math.PI * 2); c.fill();
      c.beginPath(); c.ellipse(h * 0.1, 0, h * 0.075, h * 0.065, 0, 0, Math.PI * 2); c.fill();
      c.fillRect(h * 0.1, -h * 0.012, h * 0.32, h * 0.024);
      if (prop === 'acoustic') { c.fillStyle = hsl(30, 40, 25); c.beginPath(); c.arc(h * 0.06, 0, h * 0.025, 0, Math.PI * 2); c.fill(); }
      c.restore();
      limb(x - h * 0.1, shoulderY, x - h * 0.16, hipY - h * 0.15, x + h * 0.22, hipY - h * 0.22, h * 0.04);
      limb(x + h * 0.1, shoulderY, x + h * 0.18, hipY - h * 0.1, x + h * 0.02, hipY - h * 0.04, h * 0.04);
    } else if (prop === 'violin') {
      c.save(); c.translate(x - h * 0.1, shoulderY - h * 0.02); c.rotate(0.5);
      c.beginPath(); c.ellipse(0, 0, h * 0.07, h * 0.035, 0, 0, Math.PI * 2); c.fill(); c.fillRect(-h * 0.18, -h * 0.008, h * 0.14, h * 0.016);
      c.restore();
      c.lineWidth = 1.5; c.beginPath(); c.moveTo(x - h * 0.05, shoulderY - h * 0.12); c.lineTo(x + h * 0.3, shoulderY + h * 0.12); c.stroke(); // bow
      limb(x - h * 0.1, shoulderY, x - h * 0.28, shoulderY + h * 0.05, x - h * 0.26, shoulderY - h * 0.08, h * 0.04);
      limb(x + h * 0.1, shoulderY, x + h * 0.18, shoulderY + h * 0.15, x + h * 0.12, shoulderY + h * 0.02, h * 0.04);
    } else if (prop === 'clarinet') {
      c.lineWidth = h * 0.025; c.beginPath(); c.moveTo(x + h * 0.02, headY + h * 0.06); c.lineTo(x + h * 0.14, hipY - h * 0.02); c.stroke();
      c.beginPath(); c.arc(x + h * 0.15, hipY, h * 0.03, 0, Math.PI * 2); c.fill();
      limb(x - h * 0.1, shoulderY, x - h * 0.05, shoulderY + h * 0.2, x + h * 0.1, hipY - h * 0.12, h * 0.04);
      limb(x + h * 0.1, shoulderY, x + h * 0.14, shoulderY + h * 0.1, x + h * 0.06, shoulderY + h * 0.1, h * 0.04);
    } else if (prop === 'accordion') {
      c.fillRect(x - h * 0.13, shoulderY + h * 0.06, h * 0.26, h * 0.2);
      c.strokeStyle = 'rgba(200,200,210,0.35)'; c.lineWidth = 1;
      for (let k = 0; k < 6; k++) { c.beginPath(); c.moveTo(x - h * 0.13 + k * h * 0.045, shoulderY + h * 0.06); c.lineTo(x - h * 0.13 + k * h * 0.045, shoulderY + h * 0.26); c.stroke(); }
      c.strokeStyle = ink;
    } else {
      limb(x - h * 0.1, shoulderY, (x - h * 0.1 + leftHand[0]) / 2 - h * 0.04, (shoulderY + leftHand[1]) / 2, leftHand[0], leftHand[1], h * 0.042);
      limb(x + h * 0.1, shoulderY, x + h * 0.2, shoulderY + h * 0.05, rightHand[0] - (prop === 'handmic' ? h * 0.12 : 0), rightHand[1] - (prop === 'handmic' ? h * 0.16 : 0), h * 0.042);
      if (prop === 'handmic') { c.lineWidth = h * 0.02; c.beginPath(); c.moveTo(x + h * 0.08, shoulderY - h * 0.03); c.lineTo(x + h * 0.03, headY + h * 0.06); c.stroke(); }
      if (prop === 'wand') { c.lineWidth = 2.5; c.beginPath(); c.moveTo(leftHand[0], leftHand[1]); c.lineTo(leftHand[0] - h * 0.12, leftHand[1] - h * 0.1); c.stroke(); }
      if (prop === 'cards') {
        for (let k = 0; k < 5; k++) {
          c.save(); c.translate(leftHand[0] - h * 0.05 - k * h * 0.06, leftHand[1] - h * 0.1 - k * h * 0.05); c.rotate(k * 0.5);
          c.fillStyle = 'rgba(245,245,245,0.95)'; c.fillRect(-h * 0.018, -h * 0.026, h * 0.036, h * 0.052); c.restore();
        }
      }
      if (prop === 'balloons') {
        for (let k = 0; k < 4; k++) {
          const bx = leftHand[0] + between(-0.12, 0.12) * h; const by = leftHand[1] - h * between(0.22, 0.4);
          c.strokeStyle = 'rgba(255,255,255,0.5)'; c.lineWidth = 1; c.beginPath(); c.moveTo(leftHand[0], leftHand[1]); c.lineTo(bx, by + h * 0.06); c.stroke();
          c.fillStyle = hsl(k * 90 + hue, 85, 55); c.beginPath(); c.ellipse(bx, by, h * 0.05, h * 0.065, 0, 0, Math.PI * 2); c.fill();
        }
        c.fillStyle = 'hsl(0 85% 50%)'; c.beginPath(); c.arc(x + facing * h * 0.05, headY + h * 0.005, h * 0.018, 0, Math.PI * 2); c.fill(); // nose
      }
    }
    // A hint of the outfit's colour in the rim light.
    c.globalCompositeOperation = 'lighter';
    c.fillStyle = hsl(look.outfitHue, 70, 40, 0.12);
    c.fillRect(x - h * 0.12, shoulderY, h * 0.24, hipY - shoulderY);
    c.globalCompositeOperation = 'source-over';
    c.restore();
  }
  function micStand(x: number, base: number, h: number) {
    c.strokeStyle = ink; c.lineWidth = Math.max(2, h * 0.012);
    c.beginPath(); c.moveTo(x, base); c.lineTo(x, base - h * 0.72); c.lineTo(x - h * 0.08, base - h * 0.78); c.stroke();
    c.beginPath(); c.moveTo(x - h * 0.08, base); c.lineTo(x + h * 0.08, base); c.stroke();
  }
  function drums(x: number, base: number, h: number) {
    c.fillStyle = ink;
    c.beginPath(); c.ellipse(x, base - h * 0.18, h * 0.17, h * 0.17, 0, 0, Math.PI * 2); c.fill();
    c.fillRect(x - h * 0.32, base - h * 0.3, h * 0.12, h * 0.3); c.fillRect(x + h * 0.2, base - h * 0.28, h * 0.12, h * 0.28);
    c.strokeStyle = 'rgba(230,200,120,0.7)'; c.lineWidth = 2;
    for (const dx of [-0.35, 0.38]) { c.beginPath(); c.ellipse(x + dx * h, base - h * 0.52, h * 0.1, h * 0.02, 0, 0, Math.PI * 2); c.stroke(); }
  }
  function booth(x: number, base: number, h: number) {
    c.fillStyle = ink; c.fillRect(x - h * 0.5, base - h * 0.42, h, h * 0.42);
    c.globalCompositeOperation = 'lighter';
    c.fillStyle = hsl(accentHue, 90, 55, 0.8); c.fillRect(x - h * 0.48, base - h * 0.42, h * 0.96, h * 0.015);
    for (const dx of [-0.28, 0.28]) { c.strokeStyle = hsl(accentHue, 90, 65, 0.7); c.lineWidth = 2; c.beginPath(); c.ellipse(x + dx * h, base - h * 0.44, h * 0.12, h * 0.025, 0, 0, Math.PI * 2); c.stroke(); }
    c.fillStyle = 'rgba(190,220,255,0.5)'; c.fillRect(x - h * 0.06, base - h * 0.5, h * 0.12, h * 0.07); // laptop
    c.globalCompositeOperation = 'source-over';
  }
  function keyboard(x: number, base: number, h: number) {
    c.fillStyle = ink; c.fillRect(x - h * 0.25, base - h * 0.45, h * 0.5, h * 0.05); c.fillRect(x - h * 0.2, base - h * 0.42, h * 0.02, h * 0.42); c.fillRect(x + h * 0.18, base - h * 0.42, h * 0.02, h * 0.42);
    c.fillStyle = 'rgba(240,240,240,0.55)'; for (let k = 0; k < 14; k++) c.fillRect(x - h * 0.24 + k * h * 0.034, base - h * 0.455, h * 0.028, h * 0.012);
  }
  function stool(x: number, base: number, h: number) {
    c.strokeStyle = ink; c.lineWidth = Math.max(2, h * 0.015);
    c.beginPath(); c.moveTo(x - h * 0.1, base); c.lineTo(x - h * 0.07, base - h * 0.4); c.lineTo(x + h * 0.07, base - h * 0.4); c.lineTo(x + h * 0.1, base); c.stroke();
  }

  const propOf = (index: number): string => {
    switch (category) {
      case 'singers': return random() < 0.5 ? 'handmic' : 'none';
      case 'bands': return ['guitar', 'handmic', 'guitar', 'none'][index % 4]!;
      case 'djs': return 'none';
      case 'magicians': return pick(['wand', 'cards', 'tophat']);
      case 'stand-up': return 'handmic';
      case 'klezmer': return ['clarinet', 'violin', 'accordion'][index % 3]!;
      case 'violinists': return 'violin';
      case 'dancers': return 'none';
      case 'clowns': return 'balloons';
      case 'guitarists': return random() < 0.6 ? 'acoustic' : 'guitar';
      default: return 'none';
    }
  };

  const center = shot === 'close' ? width * between(0.38, 0.62) : width * between(0.3, 0.7);
  const people = shot === 'close' ? 1 : performerCount;
  const gap = scale * 0.55;
  for (let p = 0; p < people; p++) {
    const x = center + (p - (people - 1) / 2) * gap * between(0.9, 1.1);
    const pose = category === 'dancers' ? between(0.7, 1.2) : category === 'singers' || category === 'stand-up' ? between(0.2, 0.8) : between(0, 0.5);
    const prop = propOf(p);
    const h = scale * (p === Math.floor(people / 2) ? 1 : between(0.88, 0.97));
    if (category === 'djs') booth(x, floorY, h);
    if ((category === 'singers' && prop !== 'handmic') || (category === 'stand-up' && random() < 0.4)) micStand(x + h * 0.25, floorY, h);
    if (category === 'guitarists' && random() < 0.5) stool(x - h * 0.05, floorY, h);
    person(x, category === 'djs' ? floorY - h * 0.02 : floorY, h, pose, looks[p % looks.length]!, random() < 0.5 ? -1 : 1, prop);
  }
  if (shot !== 'close' && category === 'bands') drums(center + gap * (people / 2 + 0.3), floorY, scale * 0.9);
  if (shot !== 'close' && category === 'bands' && artistRandom() < 0.6) keyboard(center - gap * (people / 2 + 0.3), floorY, scale * 0.9);
  if (shot !== 'close' && category === 'violinists' && random() < 0.6) {
    c.strokeStyle = ink; c.lineWidth = 2; const sx = center + scale * 0.35;
    c.beginPath(); c.moveTo(sx, floorY); c.lineTo(sx, floorY - scale * 0.5); c.stroke(); c.fillStyle = ink; c.fillRect(sx - scale * 0.08, floorY - scale * 0.58, scale * 0.16, scale * 0.1);
  }

  // ---- Audience in the foreground: heads, raised hands and phones; tables in a hall.
  if (shot !== 'close') {
    const rows = shot === 'venue' ? 3 : 1;
    for (let r = 0; r < rows; r++) {
      const size = (shot === 'venue' ? 9 + r * 6 : 12) * between(0.9, 1.3);
      const y0 = height - 6 - (rows - 1 - r) * size * 2.2;
      if (venue === 'hall' && shot === 'venue' && r === 0) {
        for (let x = width * 0.1; x < width; x += width * 0.28) {
          c.fillStyle = 'rgba(235,230,220,0.22)'; c.beginPath(); c.ellipse(x, floorY + (height - floorY) * 0.3, width * 0.09, height * 0.03, 0, 0, Math.PI * 2); c.fill();
        }
      }
      for (let x = -20; x < width + 20; x += size * between(1.5, 2.6)) {
        const y = y0 - random() * size;
        c.fillStyle = venue === 'party' ? 'rgba(30,25,40,0.9)' : 'rgba(3,2,6,0.96)';
        c.beginPath(); c.arc(x, y, size, 0, Math.PI * 2); c.fill();
        c.fillRect(x - size * 1.2, y + size * 0.7, size * 2.4, size * 2);
        if (random() < (venue === 'club' ? 0.35 : 0.15)) {
          c.strokeStyle = c.fillStyle; c.lineWidth = size * 0.45;
          const hx = x + between(-1, 1) * size; const hy = y - size * between(2.5, 4);
          c.beginPath(); c.moveTo(x, y); c.lineTo(hx, hy); c.stroke();
          if (random() < 0.4) { c.fillStyle = 'rgba(200,225,255,0.85)'; c.fillRect(hx - size * 0.3, hy - size * 0.7, size * 0.6, size * 0.9); } // a phone filming
        }
      }
    }
  }

  // ---- Vignette and a touch of grain, so it reads as a photo.
  const vignette = c.createRadialGradient(width / 2, height / 2, height * 0.3, width / 2, height / 2, width * 0.75);
  vignette.addColorStop(0, 'rgba(0,0,0,0)'); vignette.addColorStop(1, 'rgba(0,0,0,0.55)');
  c.fillStyle = vignette; c.fillRect(0, 0, width, height);
  const image = c.getImageData(0, 0, width, height);
  for (let i = 0; i < image.data.length; i += 4) {
    const n = (random() - 0.5) * 7;
    image.data[i] += n; image.data[i + 1] += n; image.data[i + 2] += n;
  }
  c.putImageData(image, 0, 0);
  const display = canvas.toDataURL('image/webp', 0.72);
  if (!thumbnailSize) return { display, thumbnail: null };
  const square = document.createElement('canvas');
  square.width = thumbnailSize; square.height = thumbnailSize;
  const side = Math.min(width, height);
  square.getContext('2d')!.drawImage(canvas, (width - side) * (shot === 'close' ? 0.5 : 0.5), 0, side, side, 0, 0, thumbnailSize, thumbnailSize);
  return { display, thumbnail: square.toDataURL('image/webp', 0.7) };
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  await mkdir(OUT, { recursive: true });
  for (const name of await readdir(OUT)) if (/\.(jpg|webp)$/.test(name) || name === 'manifest.json') await rm(`${OUT}${name}`);
  const manifest: { artists: { photos: { url: string; thumbnailUrl: string }[]; portrait: string }[] } = { artists: [] };
  let bytesWritten = 0;
  const save = async (base: string, dataUrl: string): Promise<string> => {
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    const file = `${base}.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.webp`;
    await writeFile(`${OUT}${file}`, bytes);
    bytesWritten += bytes.length;
    return `/demo/${file}`;
  };
  for (let i = 0; i < ARTISTS; i++) {
    const category = categories[i % categories.length]!.key;
    const artist = String(i + 1).padStart(2, '0');
    const photos: { url: string; thumbnailUrl: string }[] = [];
    for (const [s, shot] of SHOTS.entries()) {
      // The artist's number in the upper bits (its look), the shot in the lower ones.
      const seed = ((i + 1) * 7919 * 16 + s * 3) >>> 0;
      const picture = await page.evaluate(draw, [shot, category, seed, WIDTH, HEIGHT, THUMBNAIL] as const);
      photos.push({ url: await save(`artist-${artist}-${shot}`, picture.display), thumbnailUrl: await save(`artist-${artist}-${shot}-thumb`, picture.thumbnail!) });
    }
    const portrait = await page.evaluate(draw, ['close', category, ((i + 1) * 7919 * 16 + 9) >>> 0, PORTRAIT, PORTRAIT, 0] as const);
    manifest.artists.push({ photos, portrait: await save(`artist-${artist}-portrait`, portrait.display) });
  }
  await writeFile(`${OUT}manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`wrote ${ARTISTS} artists × ${SHOTS.length} photos (with thumbnails) and a portrait each, ${Math.round(bytesWritten / 1024)} KB, to ${OUT}`);
} finally {
  await browser.close();
}
