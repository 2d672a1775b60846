// Caches a process keeps in memory and rebuilds on demand: the ingredient knowledge base and the
// similarity index. Dropping one drops this process's copy at once; the platform
// (src/platform/process-cache-drops.ts) also tells every other instance, through Redis, once the
// writing request has committed.

export type ProcessCacheName = 'knowledge-base' | 'similarity-index';

const droppers = new Map<ProcessCacheName, () => void>();
const listeners = new Set<(name: ProcessCacheName) => void>();

/** A module's cache and how to drop it (the next reader rebuilds it). */
export function registerProcessCache(name: ProcessCacheName, drop: () => void): void {
  droppers.set(name, drop);
}

/** After a write that changes what the cache holds: drops it here, and announces the drop. */
export function dropProcessCache(name: ProcessCacheName): void {
  dropLocalProcessCache(name);
  for (const listener of listeners) listener(name);
}

/** Drops this process's copy only (a drop announced by another instance). */
export function dropLocalProcessCache(name: string): void {
  droppers.get(name as ProcessCacheName)?.();
}

export function dropAllLocalProcessCaches(): void {
  for (const drop of droppers.values()) drop();
}

/** Hears every drop made in this process; returns the way to stop. */
export function onProcessCacheDrop(listener: (name: ProcessCacheName) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
