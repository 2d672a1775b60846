// Counting for bench/load-mixed.ts: latency and statuses per request kind, and CPU seconds of a
// server process and of the PostgreSQL backends of its database.
import { readFileSync } from 'node:fs';
import { admin } from '../scripts/hardening-lib.js';
import type { Kind } from './load-mixed-kinds.js';

export const median = (xs: number[]): number => percentile(xs, 0.5);
export function percentile(xs: number[], p: number): number {
  if (!xs.length) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

export class KindStats {
  private readonly byKind = new Map<string, { ms: number[]; statuses: Map<number, number> }>();

  constructor(kinds: Kind[]) {
    for (const k of kinds) this.byKind.set(k.name, { ms: [], statuses: new Map() });
  }

  add(kind: string, status: number, ms: number): void {
    const entry = this.byKind.get(kind);
    if (!entry) return;
    entry.ms.push(ms);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  }

  of(kind: string): { ms: number[]; statuses: Map<number, number> } {
    return this.byKind.get(kind) ?? { ms: [], statuses: new Map() };
  }

  /** Answers outside 2xx of a kind. */
  failures(kind: string): number {
    return [...this.of(kind).statuses].filter(([s]) => s < 200 || s > 299).reduce((n, [, c]) => n + c, 0);
  }

  /** Markdown rows: kind, requests, req/s, per mille of the anchor's req/s, p50, p99, failing statuses. */
  rows(seconds: number, anchorRps: number): string[] {
    return [...this.byKind].map(([name, { ms, statuses }]) => {
      const failing = [...statuses]
        .filter(([s]) => s < 200 || s > 299)
        .map(([s, c]) => `${s} × ${c}`)
        .join(', ');
      const rps = ms.length / seconds;
      return `| ${name} | ${ms.length} | ${rps.toFixed(1)} | ${((rps / anchorRps) * 1000).toFixed(1)} | ${median(ms).toFixed(0)} | ${percentile(ms, 0.99).toFixed(0)} | ${failing || 'none'} |`;
    });
  }
}

const ticks = (pid: number): number => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  } catch {
    return 0; // a backend that ended between the listing and the reading
  }
};

/**
 * CPU seconds used so far by a server process and by the PostgreSQL backends connected to its
 * database (`database`: its name). Backends that end between two readings are lost: the pools keep
 * theirs open under load.
 */
export async function cpuSeconds(
  pid: number | undefined,
  database: string,
): Promise<{ server: number; database: number }> {
  const backends = await admin((c) =>
    c.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      [database],
    ),
  );
  let db = 0;
  for (const b of backends.rows) db += ticks(b.pid);
  return { server: pid ? ticks(pid) / 100 : 0, database: db / 100 };
}
