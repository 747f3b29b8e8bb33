import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { repoRoot } from './child-process.ts';

// Summarizes a .cpuprofile (node --cpu-prof): self time and total (inclusive) time per function,
// the top frames first; with a window, only the samples taken within it (a load, without the start-up
// before it). Usage: node bench/profile-summary.ts <file.cpuprofile> [top]
interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
/** `startTime`: when the first sample's delta counts from, in µs of the monotonic clock (load/cross-process-clock.ts). */
interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime?: number }

export interface FrameTime { frame: string; selfMs: number; totalMs: number }

/** A span of the clock processes on one host share (load/cross-process-clock.ts monotonicMs), both ends included. */
export interface SampleWindow { fromMs: number; toMs: number }

export function summarizeProfile(profile: CpuProfile, window?: SampleWindow): { totalMs: number; frames: FrameTime[] } {
  if (window && profile.startTime === undefined) throw new Error('a window needs the profile\'s startTime');
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfUs = new Map<number, number>();
  // V8 stamps the samples on that clock, in µs.
  const fromUs = (window?.fromMs ?? 0) * 1000;
  const toUs = (window?.toMs ?? 0) * 1000;
  let at = profile.startTime ?? 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (window && (at < fromUs || at > toUs)) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const nameOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${relative(repoRoot, url.replace('file://', ''))}:${lineNumber + 1}` : '';
    return `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let totalUs = 0;
  for (const [id, us] of selfUs) {
    totalUs += us;
    const node = byId.get(id)!;
    self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + us);
    // Inclusive time: every distinct frame on the stack gets the sample once.
    const seen = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      const name = nameOf(byId.get(current)!);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + us);
    }
  }
  const frames = [...total.keys()].map((frame) => ({ frame, selfMs: (self.get(frame) ?? 0) / 1000, totalMs: total.get(frame)! / 1000 }));
  return { totalMs: totalUs / 1000, frames };
}

if (import.meta.main) {
  const [file, topText] = process.argv.slice(2);
  if (!file) throw new Error('usage: node bench/profile-summary.ts <file.cpuprofile> [top]');
  const top = Number(topText ?? 25);
  const { totalMs, frames } = summarizeProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
  const pct = (ms: number) => `${((ms / totalMs) * 100).toFixed(1)}%`.padStart(6);
  console.log(`Sampled ${(totalMs / 1000).toFixed(1)} s\n\nTop self time:`);
  for (const frame of [...frames].sort((a, b) => b.selfMs - a.selfMs).slice(0, top)) console.log(`${pct(frame.selfMs)}  ${frame.frame}`);
  console.log('\nTop inclusive time:');
  for (const frame of [...frames].sort((a, b) => b.totalMs - a.totalMs).slice(0, top)) console.log(`${pct(frame.totalMs)}  ${frame.frame}`);
}
