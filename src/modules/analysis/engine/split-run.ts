// A list printed without separators ("Propylene Glycol Dimethicone Glycerin Ascorbic Acid …"): the words are split
// where known names say. Pure: the caller says which names are known.

/** The longest name tried at one place, in words ("Butyrospermum Parkii (Shea) Butter Extract"). */
const LONGEST = 8;

export interface RunReading {
  /** The names the run splits into, in order; null when some words belong to no known name. */
  pieces: string[] | null;
  /** How many known names the run holds where they can be read (a run of several is a list, not one odd name). */
  known: number;
}

/**
 * Splits `run` into the fewest known names covering every word. When no split covers every word, counts the
 * known names a left-to-right reading finds (longest first), so that the caller can tell a list it could not read
 * from one unknown name.
 */
export function readRun(run: string, isKnown: (name: string) => boolean): RunReading {
  const words = run.trim().split(/\s+/);
  const n = words.length;
  const known = new Map<string, boolean>();
  const knownAt = (i: number, j: number): boolean => {
    const name = words.slice(i, j).join(' ');
    let k = known.get(name);
    if (k === undefined) known.set(name, (k = isKnown(name)));
    return k;
  };
  // best[i]: fewest names covering words i.., with the end of the first of them.
  const best: Array<{ count: number; next: number } | null> = new Array(n + 1).fill(null);
  best[n] = { count: 0, next: n };
  for (let i = n - 1; i >= 0; i--) {
    for (let j = Math.min(n, i + LONGEST); j > i; j--) {
      const rest = best[j];
      if (!rest || !knownAt(i, j)) continue;
      if (!best[i] || rest.count + 1 < best[i]!.count) best[i] = { count: rest.count + 1, next: j };
    }
  }
  if (best[0]) {
    const pieces: string[] = [];
    for (let i = 0; i < n; i = best[i]!.next) pieces.push(words.slice(i, best[i]!.next).join(' '));
    return { pieces, known: pieces.length };
  }
  let count = 0;
  for (let i = 0; i < n; ) {
    let j = Math.min(n, i + LONGEST);
    while (j > i && !knownAt(i, j)) j--;
    if (j > i) {
      count++;
      i = j;
    } else i++;
  }
  return { pieces: null, known: count };
}
