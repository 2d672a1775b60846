// Caches a process keeps in memory and rebuilds on demand: the ingredient knowledge base and the
// similarity index. Dropping one drops this process's copy at once; the platform
// (src/platform/process-cache-drops.ts) also tells every other instance, through Redis, once the
// writing request has committed. A drop may name one key (one product of the similarity index):
// the cache then refreshes that entry only.

export type ProcessCacheName = 'knowledge-base' | 'similarity-index';

const droppers = new Map<ProcessCacheName, (key?: string) => void>();
const listeners = new Set<(name: ProcessCacheName, key?: string) => void>();

/** A module's cache and how to drop it, whole or one key (the next reader rebuilds or refreshes it). */
export function registerProcessCache(name: ProcessCacheName, drop: (key?: string) => void): void {
  droppers.set(name, drop);
}

/** After a write that changes what the cache holds (or, with a key, one entry): drops it here, and announces the drop. */
export function dropProcessCache(name: ProcessCacheName, key?: string): void {
  dropLocalProcessCache(name, key);
  for (const listener of listeners) listener(name, key);
}

/** Whole drops made in this process, by cache (each costs a whole rebuild on the next read): tests count them. */
export const wholeDrops = new Map<string, number>();
const countWhole = (name: string) => wholeDrops.set(name, (wholeDrops.get(name) ?? 0) + 1);

/** Drops this process's copy only (a drop announced by another instance). */
export function dropLocalProcessCache(name: string, key?: string): void {
  const drop = droppers.get(name as ProcessCacheName);
  if (drop && key === undefined) countWhole(name);
  drop?.(key);
}

export function dropAllLocalProcessCaches(): void {
  for (const [name, drop] of droppers) {
    countWhole(name);
    drop();
  }
}

/** Hears every drop made in this process; returns the way to stop. */
export function onProcessCacheDrop(listener: (name: ProcessCacheName, key?: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const readListeners = new Set<(name: ProcessCacheName) => void>();

/** A reader used the cache (the response cache makes the request's answer depend on it). */
export function noteProcessCacheRead(name: ProcessCacheName): void {
  for (const listener of readListeners) listener(name);
}

export function onProcessCacheRead(listener: (name: ProcessCacheName) => void): () => void {
  readListeners.add(listener);
  return () => readListeners.delete(listener);
}
