// Reading what bench/load-mixed.ts writes: a CPU profile's top frames by self time (and by place:
// a package, a folder of src/, node's internals, GC), and a heap snapshot's objects by constructor
// (count and self size), so that two snapshots show which retained types grow.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Where a frame's code lives: a package, a folder of src/, node itself, or V8's pseudo-frames. */
export function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const src = /\/(src\/(?:modules\/)?[^/]+)/.exec(url);
  if (src) return src[1].replace(/\.ts$/, '');
  return url.replace(/^.*\//, '');
}

export interface Frame {
  name: string;
  ms: number;
  share: number;
}

/** Self time by frame and by place over a profile, idle excluded; `share` of the busy time. */
export function summariseProfile(file: string, top = 15): { busyMs: number; frames: Frame[]; places: Frame[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // A sample's time is the delta to the next sample.
  for (let i = 0; i < samples.length; i++) {
    const us = deltas[i + 1] ?? 0;
    selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + us);
  }
  const byFrame = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (!us || functionName === '(idle)') continue;
    busy += us;
    const place = placeOf(url, functionName);
    const name = `${functionName || '(anonymous)'} ${url ? `${place}:${lineNumber + 1}` : ''}`.trim();
    byFrame.set(name, (byFrame.get(name) ?? 0) + us);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  const list = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: us / busy }));
  return { busyMs: busy / 1000, frames: list(byFrame), places: list(byPlace) };
}

export interface HeapType {
  count: number;
  bytes: number;
}

/** A number array of a snapshot's JSON, read from `start` (after its '[') without parsing the whole file. */
function readNumbers(text: Buffer, start: number): { values: Int32Array | Float64Array; end: number } {
  const out: number[] = [];
  let value = 0;
  let inNumber = false;
  let i = start;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      inNumber = true;
    } else {
      if (inNumber) out.push(value);
      value = 0;
      inNumber = false;
      if (c === 93) break; // ']'
    }
  }
  return { values: Float64Array.from(out), end: i };
}

/** A heap snapshot's objects by "type:constructor" (strings, code and arrays each by type). */
export function summariseHeap(file: string): Map<string, HeapType> {
  const text = readFileSync(file);
  const head = text.subarray(0, 4096).toString();
  const meta = JSON.parse(/"meta":(\{.*?\}),"node_count"/s.exec(head)?.[1] ?? 'null') as {
    node_fields: string[];
    node_types: [string[]];
  };
  const fields = meta.node_fields.length;
  const typeAt = meta.node_fields.indexOf('type');
  const nameAt = meta.node_fields.indexOf('name');
  const sizeAt = meta.node_fields.indexOf('self_size');
  const nodesStart = text.indexOf('"nodes":[') + 9;
  const { values: nodes } = readNumbers(text, nodesStart);
  const stringsStart = text.lastIndexOf('"strings":[') + 10;
  const stringsEnd = text.lastIndexOf(']');
  const strings = JSON.parse(text.subarray(stringsStart, stringsEnd + 1).toString()) as string[];
  const types = meta.node_types[0];
  const out = new Map<string, HeapType>();
  for (let i = 0; i < nodes.length; i += fields) {
    const type = types[nodes[i + typeAt]];
    const key = type === 'object' || type === 'closure' ? `${type}:${strings[nodes[i + nameAt]]}` : `(${type})`;
    const entry = out.get(key) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += nodes[i + sizeAt];
    out.set(key, entry);
  }
  return out;
}

/** The types whose self size grew most from `before` to `after`. */
export function heapGrowth(
  before: Map<string, HeapType>,
  after: Map<string, HeapType>,
  top = 15,
): Array<{ type: string; before: HeapType; after: HeapType }> {
  const none = { count: 0, bytes: 0 };
  return [...new Set([...before.keys(), ...after.keys()])]
    .map((type) => ({ type, before: before.get(type) ?? none, after: after.get(type) ?? none }))
    .sort((a, b) => b.after.bytes - b.before.bytes - (a.after.bytes - a.before.bytes))
    .slice(0, top);
}
