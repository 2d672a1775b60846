// The flags an ingredient's CosIng functions support by themselves: one rule for the analysis (regulation-reading.ts,
// at read time), the EU inventory's importer and seeder (the stored `ingredient.flags`), and the migration that made
// rows stored before agree (Migration20261207223000). Pure.

/**
 * A perfuming function anywhere among them is fragrance (issue 40: mandarin oil, longifolene): an essential oil that
 * also conditions the skin still scents the product and still concerns a person avoiding fragrance.
 */
export function flagsFromFunctions(functions: readonly string[] | null | undefined): string[] {
  return functions?.includes('perfuming') ? ['fragrance'] : [];
}
