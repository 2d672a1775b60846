// Plants printed under a synonym of their accepted scientific name (data/botanical-synonyms.yaml):
// "Lavandula Officinalis Flower Extract" is a lavender flower extract, "Chamomilla Recutita" German chamomile. Read as
// the accepted plant by the annex joins, and tried by the matcher when a name matches nothing as printed. Pure.

/** Lower-case binomial ("lavandula officinalis") → the accepted binomial's words, and the group's every binomial. */
export interface PlantSynonyms {
  accepted: Map<string, string[]>;
  group: Map<string, string[]>;
}

export const NO_PLANT_SYNONYMS: PlantSynonyms = { accepted: new Map(), group: new Map() };

/** The YAML's groups, checked: each an accepted binomial, its synonyms and a source. */
export function parsePlantSynonyms(raw: unknown): PlantSynonyms {
  if (!Array.isArray(raw)) throw new Error('botanical-synonyms.yaml must be a list');
  const table: PlantSynonyms = { accepted: new Map(), group: new Map() };
  const binomial = (v: unknown, where: string): string => {
    const s = typeof v === 'string' ? v.trim().toLowerCase().replace(/\s+/g, ' ') : '';
    if (!/^[a-z]+ [a-z-]+$/.test(s)) throw new Error(`botanical-synonyms.yaml ${where}: "${String(v)}" is no binomial`);
    return s;
  };
  raw.forEach((g: { accepted?: unknown; synonyms?: unknown; source?: unknown }, i) => {
    if (typeof g?.source !== 'string' || g.source.length < 20)
      throw new Error(`botanical-synonyms.yaml [${i}]: needs a source`);
    const accepted = binomial(g.accepted, `[${i}].accepted`);
    const synonyms = Array.isArray(g.synonyms) ? g.synonyms.map((s, j) => binomial(s, `[${i}].synonyms[${j}]`)) : [];
    if (!synonyms.length) throw new Error(`botanical-synonyms.yaml [${i}]: needs synonyms`);
    const all = [accepted, ...synonyms];
    for (const name of all) {
      if (table.accepted.has(name)) throw new Error(`botanical-synonyms.yaml: "${name}" is in two groups`);
      table.accepted.set(name, accepted.split(' '));
      table.group.set(name, all);
    }
  });
  return table;
}

/** A plant's words with a synonym binomial at their head read as the accepted one (subspecies words kept). */
export function acceptedPlant(words: string[], table: PlantSynonyms): string[] {
  if (words.length < 2 || !table.accepted.size) return words;
  const accepted = table.accepted.get(`${words[0]} ${words[1]}`);
  return accepted ? [...accepted, ...words.slice(2)] : words;
}

/**
 * The same name with its leading binomial spelled as each other name of its group ("Lavandula Officinalis Flower
 * Extract" → "Lavandula Angustifolia Flower Extract"); none when it starts with no binomial of the table.
 */
export function plantNameVariants(name: string, table: PlantSynonyms): string[] {
  if (!table.group.size) return [];
  const m = /^\s*([A-Za-z]+)\s+([A-Za-z-]+)\b/.exec(name);
  if (!m) return [];
  const group = table.group.get(`${m[1]} ${m[2]}`.toLowerCase());
  if (!group) return [];
  const rest = name.slice(m[0].length);
  const upper = m[1] === m[1].toUpperCase() && m[2] === m[2].toUpperCase();
  return group
    .filter((b) => b !== `${m[1]} ${m[2]}`.toLowerCase())
    .map((b) => {
      const spelled = b
        .split(' ')
        .map((w) => (upper ? w.toUpperCase() : w[0].toUpperCase() + w.slice(1)))
        .join(' ');
      return `${spelled}${rest}`;
    });
}
