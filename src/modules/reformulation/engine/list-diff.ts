// What changed between two versions of a product's ingredient list. Pure: plain entries in.
// An entry is the same ingredient when it matched the same ingredient id (a label that renames
// "Aqua" to "Water" changes nothing); an unmatched entry is itself by its text. Which side of the
// 1 % line an entry sits on is given (the analysis' concentration estimate decides it: see
// analysis/engine/concentration.ts); this engine only compares.

export interface VersionEntry {
  position: number;
  input: string;
  ingredientId: string | null;
  /** The list shows it is at most 1 % (behind the 1 % line). */
  belowOnePercent: boolean;
}

export type MoveDirection = 'up' | 'down';

export interface DiffEntry {
  /** The ingredient id, else null (an unmatched entry, known by its text). */
  ingredientId: string | null;
  /** As printed in the newer version (in the older one for a removed entry). */
  input: string;
  from: { position: number; belowOnePercent: boolean } | null;
  to: { position: number; belowOnePercent: boolean } | null;
  /** For moved entries: towards the top of the list (more of it) or the bottom. */
  direction: MoveDirection | null;
}

export interface ListDiff {
  /** Nothing added, removed, moved or across the 1 % line. */
  identical: boolean;
  added: DiffEntry[];
  removed: DiffEntry[];
  /** Entries whose order among the entries both versions share changed. */
  moved: DiffEntry[];
  /** Entries in both versions on the other side of the 1 % line now (up: now above it). */
  crossedOnePercent: DiffEntry[];
}

const keyOf = (e: VersionEntry): string =>
  e.ingredientId ?? `text:${e.input.trim().toLowerCase().replace(/\s+/g, ' ')}`;

/** The longest common subsequence of two key sequences, as a set of keys (they are unique per list). */
function stableKeys(a: string[], b: string[]): Set<string> {
  const n = a.length;
  const m = b.length;
  const table: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--)
      table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      kept.add(a[i]);
      i++;
      j++;
    } else if (table[i + 1][j] >= table[i][j + 1]) i++;
    else j++;
  }
  return kept;
}

/** Differences from `before` to `after`, each list in label order. */
export function diffIngredientLists(before: readonly VersionEntry[], after: readonly VersionEntry[]): ListDiff {
  const old = new Map<string, VersionEntry>();
  for (const e of before) if (!old.has(keyOf(e))) old.set(keyOf(e), e);
  const now = new Map<string, VersionEntry>();
  for (const e of after) if (!now.has(keyOf(e))) now.set(keyOf(e), e);
  const side = (e: VersionEntry) => ({ position: e.position, belowOnePercent: e.belowOnePercent });
  const entry = (
    shown: VersionEntry,
    from: VersionEntry | undefined,
    to: VersionEntry | undefined,
    direction: MoveDirection | null = null,
  ): DiffEntry => ({
    ingredientId: shown.ingredientId,
    input: shown.input,
    from: from ? side(from) : null,
    to: to ? side(to) : null,
    direction,
  });

  const added = [...now.entries()].filter(([k]) => !old.has(k)).map(([, e]) => entry(e, undefined, e));
  const removed = [...old.entries()].filter(([k]) => !now.has(k)).map(([, e]) => entry(e, e, undefined));
  // Order among the shared entries only: an entry added above does not "move" everything below it.
  const sharedBefore = [...old.keys()].filter((k) => now.has(k));
  const sharedAfter = [...now.keys()].filter((k) => old.has(k));
  const kept = stableKeys(sharedBefore, sharedAfter);
  const rankBefore = new Map(sharedBefore.map((k, i) => [k, i]));
  const moved = sharedAfter.flatMap((k, rank) =>
    kept.has(k) ? [] : [entry(now.get(k)!, old.get(k), now.get(k), rank < rankBefore.get(k)! ? 'up' : 'down')],
  );
  const crossedOnePercent = sharedAfter.flatMap((k) => {
    const from = old.get(k)!;
    const to = now.get(k)!;
    return from.belowOnePercent === to.belowOnePercent ? [] : [entry(to, from, to, to.belowOnePercent ? 'down' : 'up')];
  });
  return {
    identical: !added.length && !removed.length && !moved.length && !crossedOnePercent.length,
    added,
    removed,
    moved,
    crossedOnePercent,
  };
}
