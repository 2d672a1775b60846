// The demo experts' opinions (data/demo/ingredient_opinions.yaml): each with its versions and endorsements, one
// insert a table. Written through the services (createOpinion, updateOpinion, endorseOpinion, then re-dated row by
// row) they cost a flush, a refresh and a recount per version and per endorsement. The rows are those the services
// wrote (bench/seed-fingerprint.ts compares every seeded table; test/demo-community.test.ts its counts): version 1
// from the first revision, one more per later text, the opinion holding the newest text, its hashtags and entry, the
// endorsements counted (each expert once, never the author); dated over past weeks, each version a day after the one
// before, the endorsements a day after the last. What the services checked of the data is checked here too.
import type { EntityManager } from '../db.js';
import { Ingredient } from '../modules/ingredient/ingredient.entity.js';
import { parseHashtags } from '../modules/opinion/engine/hashtags.js';
import {
  IngredientOpinion,
  IngredientOpinionEndorsement,
  IngredientOpinionEntry,
} from '../modules/opinion/ingredient-opinion.entity.js';
import { MAX_OPINION_LENGTH } from '../modules/opinion/ingredient-opinion.service.js';
import { newId } from '../modules/shared/ids.js';
import type { User } from '../modules/user/user.entity.js';
import { readYaml } from '../modules/knowledge/yaml-data.js';

interface OpinionRecord {
  author: string;
  ingredient: string;
  text: string;
  revisions?: string[];
  endorsed_by?: string[];
}

const DAY = 86_400_000;

function checkedText(where: string, text: string): string {
  const trimmed = text.trim();
  if (!trimmed || trimmed.includes('\0') || trimmed.length > MAX_OPINION_LENGTH)
    throw new Error(`${where}: a text must be 1 to ${MAX_OPINION_LENGTH} characters, without NUL`);
  return trimmed;
}

export async function seedDemoOpinions(
  em: EntityManager,
  user: (username: string) => User,
  now: number,
): Promise<void> {
  const records = readYaml<OpinionRecord[]>('demo/ingredient_opinions.yaml');
  const ingredientIds = new Map(
    (
      await em.find(
        Ingredient,
        { alias: { $in: [...new Set(records.map((r) => r.ingredient.trim().toLowerCase()))] } },
        { fields: ['id', 'alias'], disableIdentityMap: true },
      )
    ).map((i) => [i.alias, i.id]),
  );
  const opinions: object[] = [];
  const entries: object[] = [];
  const endorsements: object[] = [];
  for (const [i, o] of records.entries()) {
    const where = `data/demo/ingredient_opinions.yaml: ${o.author} on ${o.ingredient}`;
    const ingredient = ingredientIds.get(o.ingredient.trim().toLowerCase());
    if (!ingredient) throw new Error(`${where}: no ingredient "${o.ingredient}"`);
    const author = user(o.author).id;
    const texts = [...(o.revisions ?? []), o.text].map((text) => checkedText(where, text));
    const made = new Date(now - (80 - ((i * 7) % 70)) * DAY);
    const dayAfter = (k: number) => new Date(made.getTime() + k * DAY);
    const id = newId();
    let current = '';
    for (const [k, text] of texts.entries()) {
      current = newId();
      entries.push({
        id: current,
        opinion: id,
        version: k + 1,
        text,
        hashtags: parseHashtags(text),
        editor: author,
        createdAt: dayAfter(k),
      });
    }
    const endorsers = [...new Set((o.endorsed_by ?? []).map((expert) => user(expert).id))];
    if (endorsers.includes(author)) throw new Error(`${where}: nobody endorses their own opinion`);
    const newest = texts.at(-1)!;
    opinions.push({
      id,
      ingredient,
      author,
      text: newest,
      hashtags: parseHashtags(newest),
      version: texts.length,
      currentEntryId: current,
      endorsementCount: endorsers.length,
      createdAt: made,
      updatedAt: dayAfter(texts.length - 1),
    });
    for (const endorser of endorsers)
      endorsements.push({ id: newId(), opinion: id, user: endorser, createdAt: dayAfter(texts.length) });
  }
  await em.insertMany(IngredientOpinion, opinions as never);
  await em.insertMany(IngredientOpinionEntry, entries as never);
  if (endorsements.length) await em.insertMany(IngredientOpinionEndorsement, endorsements as never);
}
