// Ingredient-list similarity: each ingredient weighs its rarity (IDF) times its place on the
// label (earlier = more of it); products compare by cosine. Pure.
//
// Sized for 100,000+ products: ingredients are numbered, postings are typed arrays, scores
// accumulate in one reused Float64Array, and the best k come from a bounded heap instead of
// sorting every candidate (a list with water touches nearly every product).

export interface CatalogItem {
  id: string;
  ingredientIds: string[];
  categoryId: string | null;
  /** Part of its list could not be read (words run together), or it has none: it is free of nothing we know. */
  unread?: boolean;
}

/** Earlier ingredients are present in larger amounts. */
const positionWeight = (position: number): number => 1 / Math.sqrt(position);

/** Which catalog items may be returned (e.g. the same kind of product only). */
export type ItemFilter = (item: CatalogItem) => boolean;

export interface SimilarItem {
  id: string;
  score: number;
  /** As CatalogItem#unread. */
  unread: boolean;
}

interface Postings {
  items: Int32Array;
  weights: Float64Array;
}

/** Better first: higher score, then smaller id. */
const better = (sa: number, ia: string, sb: number, ib: string): boolean => sa > sb || (sa === sb && ia < ib);

export class SimilarityIndex {
  private readonly idf = new Map<string, number>();
  private readonly postings = new Map<string, Postings>();
  private readonly norms: Float64Array;
  private readonly scores: Float64Array;
  private readonly touched: Int32Array;
  readonly items: CatalogItem[];

  constructor(items: CatalogItem[]) {
    this.items = items;
    const n = items.length;
    this.norms = new Float64Array(n);
    this.scores = new Float64Array(n);
    this.touched = new Int32Array(n);
    // Ingredient ids become small numbers once; everything after works on numbers.
    const termOf = new Map<string, number>();
    const termIds: string[] = [];
    const documentFrequency: number[] = [];
    const lastItem: number[] = [];
    const itemTerms: Int32Array[] = new Array(n);
    const itemPositions: Int32Array[] = new Array(n);
    for (let index = 0; index < n; index++) {
      const ids = items[index].ingredientIds;
      const terms = new Int32Array(ids.length);
      const positions = new Int32Array(ids.length);
      let count = 0;
      for (let i = 0; i < ids.length; i++) {
        let term = termOf.get(ids[i]);
        if (term === undefined) {
          term = termIds.length;
          termOf.set(ids[i], term);
          termIds.push(ids[i]);
          documentFrequency.push(0);
          lastItem.push(-1);
        }
        if (lastItem[term] === index) continue; // first occurrence counts
        lastItem[term] = index;
        documentFrequency[term]++;
        terms[count] = term;
        positions[count++] = i + 1;
      }
      itemTerms[index] = terms.subarray(0, count);
      itemPositions[index] = positions.subarray(0, count);
    }
    const idf = documentFrequency.map((df) => Math.log(1 + Math.max(1, n) / df));
    const postingItems = documentFrequency.map((df) => new Int32Array(df));
    const postingWeights = documentFrequency.map((df) => new Float64Array(df));
    const filled = new Int32Array(termIds.length);
    for (let index = 0; index < n; index++) {
      const terms = itemTerms[index];
      const positions = itemPositions[index];
      let norm = 0;
      for (let k = 0; k < terms.length; k++) {
        const term = terms[k];
        const w = idf[term] * positionWeight(positions[k]);
        norm += w * w;
        const at = filled[term]++;
        postingItems[term][at] = index;
        postingWeights[term][at] = w;
      }
      this.norms[index] = Math.sqrt(norm);
    }
    termIds.forEach((id, term) => {
      this.idf.set(id, idf[term]);
      this.postings.set(id, { items: postingItems[term], weights: postingWeights[term] });
    });
  }

  /** Weight of each ingredient of a list: first occurrence counts. */
  vectorize(ingredientIds: string[]): Map<string, number> {
    const vector = new Map<string, number>();
    ingredientIds.forEach((id, i) => {
      if (!vector.has(id))
        vector.set(id, (this.idf.get(id) ?? Math.log(1 + Math.max(1, this.items.length))) * positionWeight(i + 1));
    });
    return vector;
  }

  /** Indexes and cosine scores of the k most similar items, best first, leaving out `excludeId`. */
  private ranked(
    ingredientIds: string[],
    k: number,
    excludeId?: string,
    accept?: ItemFilter,
  ): Array<{ index: number; score: number }> {
    const query = this.vectorize(ingredientIds);
    const scores = this.scores;
    const touched = this.touched;
    let count = 0;
    let queryNorm = 0;
    for (const [id, w] of query) {
      queryNorm += w * w;
      const list = this.postings.get(id);
      if (!list) continue;
      const { items, weights } = list;
      for (let p = 0; p < items.length; p++) {
        const index = items[p];
        if (scores[index] === 0) touched[count++] = index;
        scores[index] += w * weights[p];
      }
    }
    queryNorm = Math.sqrt(queryNorm);
    // A bounded min-heap (worst on top) of the best k.
    const heap: Array<{ index: number; score: number }> = [];
    const worse = (a: { index: number; score: number }, b: { index: number; score: number }) =>
      better(b.score, this.items[b.index].id, a.score, this.items[a.index].id);
    const up = (i: number) => {
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i], heap[parent])) break;
        [heap[i], heap[parent]] = [heap[parent], heap[i]];
        i = parent;
      }
    };
    const down = (i: number) => {
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && worse(heap[l], heap[m])) m = l;
        if (r < heap.length && worse(heap[r], heap[m])) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m], heap[i]];
        i = m;
      }
    };
    for (let t = 0; t < count; t++) {
      const index = touched[t];
      const dot = scores[index];
      scores[index] = 0;
      if (queryNorm === 0 || k <= 0 || this.items[index].id === excludeId || (accept && !accept(this.items[index])))
        continue;
      const score = dot / (queryNorm * this.norms[index]);
      // Most candidates lose to the worst kept one on score alone: no allocation for them.
      if (heap.length === k && score < heap[0].score) continue;
      const candidate = { index, score };
      if (heap.length < k) {
        heap.push(candidate);
        up(heap.length - 1);
      } else if (worse(heap[0], candidate)) {
        heap[0] = candidate;
        down(0);
      }
    }
    return heap.sort((a, b) => (better(a.score, this.items[a.index].id, b.score, this.items[b.index].id) ? -1 : 1));
  }

  /** The k most similar items, best first, leaving out `excludeId` and those `accept` refuses. */
  similar(ingredientIds: string[], k: number, excludeId?: string, accept?: ItemFilter): SimilarItem[] {
    return this.ranked(ingredientIds, k, excludeId, accept).map(({ index, score }) => ({
      id: this.items[index].id,
      score,
      unread: this.items[index].unread === true,
    }));
  }

  /** The likely category of a list: categories of its nearest neighbours, weighted by similarity. */
  categorize(ingredientIds: string[], neighbours = 15): Array<{ categoryId: string; confidence: number }> {
    const votes = new Map<string, number>();
    let total = 0;
    for (const { index, score } of this.ranked(ingredientIds, neighbours)) {
      const category = this.items[index].categoryId;
      if (!category || score <= 0) continue;
      votes.set(category, (votes.get(category) ?? 0) + score);
      total += score;
    }
    return [...votes.entries()]
      .map(([categoryId, v]) => ({ categoryId, confidence: total ? v / total : 0 }))
      .sort((a, b) => b.confidence - a.confidence);
  }
}

/**
 * An index plus the products changed since it was built: a product written is added, replaced or
 * removed here at the cost of one vector, instead of rebuilding the whole index (seconds at
 * 100,000 products). Changed products are scored with the base's ingredient weights (IDF), which
 * a few changes barely move; the owner rebuilds the base once the changes grow many.
 */
export class SimilarityOverlay {
  private readonly changed = new Map<string, CatalogItem | null>();
  private baseById: Map<string, CatalogItem> | null = null;

  constructor(readonly base: SimilarityIndex) {}

  /** Products changed since the base was built. */
  get changes(): number {
    return this.changed.size;
  }

  /** A product published or changed: its vector replaces the base's. */
  upsert(item: CatalogItem): void {
    this.changed.set(item.id, item);
  }

  /** A product deleted or no longer published. */
  remove(id: string): void {
    this.changed.set(id, null);
  }

  /** The k most similar items, best first, leaving out `excludeId` and those `accept` refuses. */
  similar(ingredientIds: string[], k: number, excludeId?: string, accept?: ItemFilter): SimilarItem[] {
    if (!this.changed.size) return this.base.similar(ingredientIds, k, excludeId, accept);
    return this.ranked(ingredientIds, k, excludeId, accept).map(({ item, score }) => ({
      id: item.id,
      score,
      unread: item.unread === true,
    }));
  }

  /** The likely category of a list, as SimilarityIndex#categorize. */
  categorize(ingredientIds: string[], neighbours = 15): Array<{ categoryId: string; confidence: number }> {
    if (!this.changed.size) return this.base.categorize(ingredientIds, neighbours);
    const votes = new Map<string, number>();
    let total = 0;
    for (const { item, score } of this.ranked(ingredientIds, neighbours)) {
      if (!item.categoryId || score <= 0) continue;
      votes.set(item.categoryId, (votes.get(item.categoryId) ?? 0) + score);
      total += score;
    }
    return [...votes.entries()]
      .map(([categoryId, v]) => ({ categoryId, confidence: total ? v / total : 0 }))
      .sort((a, b) => b.confidence - a.confidence);
  }

  private ranked(
    ingredientIds: string[],
    k: number,
    excludeId?: string,
    accept?: ItemFilter,
  ): Array<{ item: CatalogItem; score: number }> {
    // The base's best, past the changed products it still holds, then the changed ones scored here.
    const fromBase = this.base
      .similar(ingredientIds, k + this.changed.size, excludeId, accept)
      .filter(({ id }) => !this.changed.has(id))
      .map(({ id, score }) => ({ item: this.itemOf(id), score }));
    const query = this.base.vectorize(ingredientIds);
    let queryNorm = 0;
    for (const w of query.values()) queryNorm += w * w;
    queryNorm = Math.sqrt(queryNorm);
    const fromChanges: Array<{ item: CatalogItem; score: number }> = [];
    for (const item of this.changed.values()) {
      if (!item || item.id === excludeId || queryNorm === 0 || (accept && !accept(item))) continue;
      let dot = 0;
      let norm = 0;
      for (const [id, w] of this.base.vectorize(item.ingredientIds)) {
        norm += w * w;
        dot += w * (query.get(id) ?? 0);
      }
      if (dot > 0) fromChanges.push({ item, score: dot / (queryNorm * Math.sqrt(norm)) });
    }
    return [...fromBase, ...fromChanges]
      .sort((a, b) => (better(a.score, a.item.id, b.score, b.item.id) ? -1 : 1))
      .slice(0, Math.max(0, k));
  }

  private itemOf(id: string): CatalogItem {
    this.baseById ??= new Map(this.base.items.map((item) => [item.id, item]));
    return this.baseById.get(id)!;
  }
}
