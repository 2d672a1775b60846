// Counts unmatched ingredient names over hundreds of thousands of products in bounded memory:
// past `capacity` distinct names, the rarest half is dropped (a name seen once or twice in the
// first 100,000 products will not make the top 50). Counts are then lower bounds. Pure.
export class UnmatchedCounter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly capacity = 20_000) {}

  add(name: string): void {
    const key = name.trim().toLowerCase().slice(0, 120);
    if (!key) return;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (this.counts.size > this.capacity) this.prune();
  }

  private prune(): void {
    const sorted = [...this.counts.values()].sort((a, b) => a - b);
    const floor = sorted[Math.floor(sorted.length / 2)];
    if (floor < sorted[sorted.length - 1]) {
      for (const [key, n] of this.counts) if (n <= floor) this.counts.delete(key);
      return;
    }
    // Most counts equal: drop the oldest half instead.
    let drop = Math.floor(this.counts.size / 2);
    for (const key of this.counts.keys()) {
      if (drop-- <= 0) break;
      this.counts.delete(key);
    }
  }

  top(n: number): Array<{ name: string; count: number }> {
    return [...this.counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, n)
      .map(([name, count]) => ({ name, count }));
  }
}
