// Reads while heavy image uploads run: does image work starve unrelated requests?
//   node --import ./register.mjs bench/image-load.ts --url http://127.0.0.1:3120 --token TOKEN [--uploads 6] [--kind bomb|big]
// Against a running server (started with RATE_LIMIT_ENABLED=false CACHE_ENABLED=false so reads
// reach the database and uploads are not limited). `bomb`: 8,000 × 8,000 16-bit PNGs (the issue's
// case); `big`: 6,000 × 5,000 8-bit PNGs (accepted: 30 MP). Prints read latency without uploads,
// then while `--uploads` uploads run at once, and how long the uploads took and what they got.
import sharp from 'sharp';

const arg = (name: string, fallback?: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1]) return process.argv[i + 1];
  if (fallback === undefined) throw new Error(`--${name} is required`);
  return fallback;
};
const base = arg('url');
const token = arg('token');
const uploads = Number(arg('uploads', '6'));
const kind = arg('kind', 'bomb');

async function image(): Promise<Buffer> {
  // A gradient: cheap to send (compresses), but every pixel must be decoded.
  const [width, height] = kind === 'bomb' ? [8000, 8000] : [6000, 5000];
  const gradient = sharp({ create: { width: 2, height: 2, channels: 3, background: '#808080' } }).resize(
    width,
    height,
    { kernel: 'linear' },
  );
  return kind === 'bomb'
    ? gradient.toColourspace('rgb16').png({ compressionLevel: 9 }).toBuffer()
    : gradient.png({ compressionLevel: 9 }).toBuffer();
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

async function reads(untilDone: Promise<unknown> | null, count: number): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  void untilDone?.then(() => {
    done = true;
  });
  for (let i = 0; untilDone ? !done : i < count; i++) {
    const t0 = performance.now();
    const r = await fetch(`${base}/ingredients?limit=${(i % 50) + 50}`);
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`read answered ${r.status}`);
    times.push(performance.now() - t0);
  }
  return times;
}

const me = (await (await fetch(`${base}/my/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
  id: string;
};
const png = await image();
console.log(`${kind}: ${png.length} bytes per upload, ${uploads} at once`);
await reads(null, 5);
const idle = await reads(null, 30);
const t0 = performance.now();
const statuses: number[] = [];
const running = Promise.all(
  Array.from({ length: uploads }, async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'big.png');
    const r = await fetch(`${base}/users/${me.id}/profile_picture`, {
      method: 'PATCH',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    await r.arrayBuffer();
    statuses.push(r.status);
  }),
);
const busy = await reads(running, 0);
const uploadMs = performance.now() - t0;
const fmt = (xs: number[]) =>
  `n=${xs.length} p50=${quantile(xs, 0.5).toFixed(0)} ms p99=${quantile(xs, 0.99).toFixed(0)} ms max=${Math.max(...xs).toFixed(0)} ms`;
console.log(`reads, idle:           ${fmt(idle)}`);
console.log(`reads, during uploads: ${fmt(busy)}`);
console.log(`uploads: ${uploadMs.toFixed(0)} ms for all; statuses ${statuses.join(',')}`);
