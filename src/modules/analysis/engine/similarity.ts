// Ingredient-list similarity: each ingredient weighs its rarity (IDF) times its place on the
// label (earlier = more of it); products compare by cosine. Pure.

export interface CatalogItem {
  id: string;
  ingredientIds: string[];
  categoryId: string | null;
}

/** Earlier ingredients are present in larger amounts. */
const positionWeight = (position: number): number => 1 / Math.sqrt(position);

export interface SimilarItem {
  id: string;
  score: number;
}

export class SimilarityIndex {
  private readonly idf = new Map<string, number>();
  /** ingredient → (item index, weight) postings */
  private readonly postings = new Map<string, Array<[number, number]>>();
  private readonly norms: number[] = [];
  readonly items: CatalogItem[];

  constructor(items: CatalogItem[]) {
    this.items = items;
    const documentFrequency = new Map<string, number>();
    for (const item of items) for (const id of new Set(item.ingredientIds)) documentFrequency.set(id, (documentFrequency.get(id) ?? 0) + 1);
    const n = Math.max(1, items.length);
    for (const [id, df] of documentFrequency) this.idf.set(id, Math.log(1 + n / df));
    items.forEach((item, index) => {
      const vector = this.vectorize(item.ingredientIds);
      let norm = 0;
      for (const [id, w] of vector) {
        norm += w * w;
        let list = this.postings.get(id);
        if (!list) this.postings.set(id, (list = []));
        list.push([index, w]);
      }
      this.norms[index] = Math.sqrt(norm);
    });
  }

  /** Weight of each ingredient of a list: first occurrence counts. */
  vectorize(ingredientIds: string[]): Map<string, number> {
    const vector = new Map<string, number>();
    ingredientIds.forEach((id, i) => {
      if (!vector.has(id)) vector.set(id, (this.idf.get(id) ?? Math.log(1 + Math.max(1, this.items.length))) * positionWeight(i + 1));
    });
    return vector;
  }

  /** The k most similar items, best first, leaving out `excludeId`. */
  similar(ingredientIds: string[], k: number, excludeId?: string): SimilarItem[] {
    const query = this.vectorize(ingredientIds);
    let queryNorm = 0;
    const scores = new Map<number, number>();
    for (const [id, w] of query) {
      queryNorm += w * w;
      for (const [index, weight] of this.postings.get(id) ?? []) scores.set(index, (scores.get(index) ?? 0) + w * weight);
    }
    queryNorm = Math.sqrt(queryNorm);
    if (queryNorm === 0) return [];
    const ranked: SimilarItem[] = [];
    for (const [index, dot] of scores) {
      const item = this.items[index];
      if (item.id === excludeId) continue;
      ranked.push({ id: item.id, score: dot / (queryNorm * this.norms[index]) });
    }
    ranked.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
    return ranked.slice(0, k);
  }

  /** The likely category of a list: categories of its nearest neighbours, weighted by similarity. */
  categorize(ingredientIds: string[], neighbours = 15): Array<{ categoryId: string; confidence: number }> {
    const byId = new Map(this.items.map((i) => [i.id, i]));
    const votes = new Map<string, number>();
    let total = 0;
    for (const { id, score } of this.similar(ingredientIds, neighbours)) {
      const category = byId.get(id)?.categoryId;
      if (!category || score <= 0) continue;
      votes.set(category, (votes.get(category) ?? 0) + score);
      total += score;
    }
    return [...votes.entries()]
      .map(([categoryId, v]) => ({ categoryId, confidence: total ? v / total : 0 }))
      .sort((a, b) => b.confidence - a.confidence);
  }
}
