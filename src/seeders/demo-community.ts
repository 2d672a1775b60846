// The demo community (data/demo/): people, what they feel about ingredients, their routines and
// favourites, expert opinions and product tutorials. Each table in one insert (routines: demo-routines.ts, opinions:
// demo-opinions.ts, tutorials: seedDemoTutorials below), writing the rows the API's services wrote when they seeded it
// (hashtags, versions, counters; contest scores come from the favourites' trigger): bench/seed-fingerprint.ts compares.
import type { EntityManager } from '../db.js';
import { Brand } from '../modules/brand/brand.entity.js';
import { IngredientFeeling, Sentiment } from '../modules/feeling/ingredient-feeling.entity.js';
import { UserFollow } from '../modules/following/user-follow.entity.js';
import { FeaturedItem, FeaturedKind } from '../modules/featured/featured-item.entity.js';
import { RoutineFavorite } from '../modules/routine/routine.entity.js';
import { newId } from '../modules/shared/ids.js';
import {
  ProductTutorial,
  ProductTutorialInstruction,
  ProductTutorialStatus,
  ProductTutorialWarning,
  TutorialFrequency,
  TutorialTimeOfDay,
} from '../modules/tutorial/product-tutorial.entity.js';
import { checkedHttpsUrl } from '../modules/tutorial/https-url.js';
import { Product, ProductStatus } from '../modules/product/product.entity.js';
import { UnitOfMeasurement } from '../modules/unit/unit.entity.js';
import { Ingredient } from '../modules/ingredient/ingredient.entity.js';
import { User, UserType } from '../modules/user/user.entity.js';
import { readYaml } from '../modules/knowledge/yaml-data.js';
import { readFeatured } from './demo-catalog.js';
import { seedDemoOpinions } from './demo-opinions.js';
import { seedDemoRoutines } from './demo-routines.js';

interface UserRecord {
  username: string;
  display_name: string;
  user_type: `${UserType}`;
  bio: string;
  country: string;
  skin_profile: { skin_type: string; concerns: string[] };
  /** Experts: the interest groups they cover (data/supergroups.yaml). */
  supergroups?: string[];
}
interface TutorialRecord {
  author: string;
  product: string;
  title: string;
  description: string;
  frequency: string;
  time_of_day: 'morning' | 'evening' | 'both';
  quantity: { amount: number; unit: string };
  media_url: string;
  instructions: string[];
  warnings?: string[];
  published: boolean;
}

const DAY = 86_400_000;
/** The brands whose official accounts are in users.yaml. */
const BRAND_ACCOUNTS: Record<string, string> = { soomdal_official: 'soomdal', plainfield_skin: 'plainfield-skin' };

/** The demo files write frequency as people do; the API keeps one of a few values. */
export function tutorialFrequency(text: string): TutorialFrequency {
  const t = text.toLowerCase();
  if (t.startsWith('twice daily')) return TutorialFrequency.twice_daily;
  if (t.startsWith('as needed')) return TutorialFrequency.as_needed;
  if (t.startsWith('every other')) return TutorialFrequency.every_other_day;
  if (/^(once daily|every morning|every evening|nightly)/.test(t)) return TutorialFrequency.daily;
  if (/^1-2 times a week|^once a week|^weekly/.test(t)) return TutorialFrequency.weekly;
  return TutorialFrequency.twice_weekly;
}

const TUTORIAL_TIME: Record<TutorialRecord['time_of_day'], TutorialTimeOfDay> = {
  morning: TutorialTimeOfDay.am,
  evening: TutorialTimeOfDay.pm,
  both: TutorialTimeOfDay.any,
};

export async function seedDemoCommunity(em: EntityManager): Promise<{ users: number; routines: number }> {
  const now = Date.now();
  const users = new Map<string, User>();
  for (const [i, u] of readYaml<UserRecord[]>('demo/users.yaml').entries()) {
    const joined = new Date(now - (120 - i) * DAY);
    users.set(
      u.username,
      em.create(User, {
        subject: `demo|${u.username}`,
        username: u.username,
        displayName: u.display_name,
        email: `${u.username}@example.com`,
        userType: u.user_type as UserType,
        bio: u.bio,
        country: u.country,
        supergroups: u.supergroups ?? [],
        skinProfile: {
          skinType: u.skin_profile.skin_type,
          concerns: u.skin_profile.concerns,
          pregnant: false,
          feelingsPublic: true,
        },
        createdAt: joined,
        updatedAt: joined,
      } as never),
    );
  }
  await em.flush();
  const user = (username: string): User => {
    const found = users.get(username);
    if (!found) throw new Error(`data/demo: no user "${username}"`);
    return found;
  };
  for (const [username, brand] of Object.entries(BRAND_ACCOUNTS)) {
    await em.nativeUpdate(Brand, { alias: brand }, { owner: user(username).id });
  }

  await em.insertMany(
    UserFollow,
    readYaml<Array<{ follower: string; followee: string }>>('demo/follows.yaml').map((f, i) => ({
      id: newId(),
      follower: user(f.follower).id,
      followed: user(f.followee).id,
      createdAt: new Date(now - (60 - (i % 60)) * DAY),
    })) as never,
  );

  const feelings = readYaml<Array<{ user: string; ingredient: string; sentiment: Sentiment }>>(
    'demo/ingredient_feelings.yaml',
  );
  // Only the ingredients felt about: the base holds 30,000 with the EU inventory.
  const ingredientIds = new Map(
    (
      await em.find(
        Ingredient,
        { alias: { $in: [...new Set(feelings.map((f) => f.ingredient))] } },
        { fields: ['id', 'alias'], disableIdentityMap: true },
      )
    ).map((i) => [i.alias, i.id]),
  );
  await em.insertMany(
    IngredientFeeling,
    feelings.map((f) => {
      const ingredient = ingredientIds.get(f.ingredient);
      if (!ingredient) throw new Error(`data/demo/ingredient_feelings.yaml: no ingredient "${f.ingredient}"`);
      return {
        id: newId(),
        user: user(f.user).id,
        ingredient,
        sentiment: f.sentiment,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      };
    }) as never,
  );

  // Routines were made 60-90 days ago, so every favourite (at most 60 days old) comes after.
  const routines = await seedDemoRoutines(em, user, now);
  // The home screen's routines (data/catalog/featured.yaml), by key, in their places there.
  for (const [position, f] of readFeatured().entries()) {
    if (f.kind !== FeaturedKind.routine) continue;
    const routine = routines.get(f.ref);
    if (!routine?.published) throw new Error(`data/catalog/featured.yaml: no published demo routine "${f.ref}"`);
    em.create(FeaturedItem, { kind: f.kind, ref: routine.id, position, headline: f.headline ?? '' });
  }
  await em.flush();
  await em.insertMany(
    RoutineFavorite,
    readYaml<Array<{ user: string; routine: string; days_ago: number }>>('demo/routine_favorites.yaml').map((f) => {
      const routine = routines.get(f.routine);
      if (!routine) throw new Error(`data/demo/routine_favorites.yaml: no routine "${f.routine}"`);
      if (routine.owner === user(f.user).id)
        throw new Error(
          `data/demo/routine_favorites.yaml: ${f.user} cannot favourite their own routine "${f.routine}"`,
        );
      return {
        id: newId(),
        user: user(f.user).id,
        routine: routine.id,
        createdAt: new Date(now - f.days_ago * DAY - 3_600_000),
      };
    }) as never,
  );

  await seedDemoOpinions(em, user, now);
  await seedDemoTutorials(em, user, now);
  return { users: users.size, routines: routines.size };
}

/**
 * The demo tutorials, their instructions and warnings: one insert a table. Written through the services they took
 * about 40 % of the demo community's seeding (a flush and a lookup per field, per instruction and per warning); the
 * rows are the same (test/demo-community.test.ts compares them with what the services wrote): a draft's fields, the
 * instructions numbered from 1 with the count kept on the tutorial, dated over the past weeks and published a day
 * after. What the services checked of the data is checked here: the product (published, for a published tutorial),
 * the unit, the https URL.
 */
async function seedDemoTutorials(em: EntityManager, user: (username: string) => User, now: number): Promise<void> {
  const records = readYaml<TutorialRecord[]>('demo/product_tutorials.yaml');
  const products = new Map(
    (
      await em.find(
        Product,
        { alias: { $in: [...new Set(records.map((r) => r.product))] } },
        { fields: ['id', 'alias', 'status'], disableIdentityMap: true },
      )
    ).map((p) => [p.alias, p]),
  );
  const units = await em.find(UnitOfMeasurement, {}, { orderBy: { alias: 'asc' }, disableIdentityMap: true });
  const unitOf = (key: string) =>
    units.find((u) => u.id === key || u.alias === key) ?? units.find((u) => u.symbol === key);
  const tutorials: object[] = [];
  const instructions: object[] = [];
  const warnings: object[] = [];
  const written = new Date(now);
  for (const [i, tr] of records.entries()) {
    const where = `data/demo/product_tutorials.yaml: "${tr.title}"`;
    const product = products.get(tr.product);
    if (!product) throw new Error(`${where}: no product "${tr.product}"`);
    if (tr.published && product.status !== ProductStatus.published)
      throw new Error(`${where}: published, but its product is ${product.status}`);
    const unit = unitOf(tr.quantity.unit);
    if (!unit) throw new Error(`${where}: no unit "${tr.quantity.unit}"`);
    const id = newId();
    const made = new Date(now - (70 - ((i * 9) % 60)) * DAY);
    tutorials.push({
      id,
      product: product.id,
      author: user(tr.author).id,
      title: tr.title.trim(),
      description: `${tr.description} (${tr.frequency}.)`.trim(),
      frequency: tutorialFrequency(tr.frequency),
      timeOfDay: TUTORIAL_TIME[tr.time_of_day],
      mediaUrl: checkedHttpsUrl('media_url', tr.media_url),
      quantityAmount: tr.quantity.amount,
      quantityUnit: unit.id,
      instructionCount: tr.instructions.length,
      status: tr.published ? ProductTutorialStatus.published : ProductTutorialStatus.draft,
      publishedAt: tr.published ? new Date(made.getTime() + DAY) : null,
      createdAt: made,
      updatedAt: made,
    });
    for (const [k, text] of tr.instructions.entries())
      instructions.push({ id: newId(), tutorial: id, position: k + 1, text: text.trim(), createdAt: written });
    for (const text of tr.warnings ?? [])
      warnings.push({ id: newId(), tutorial: id, text: text.trim(), createdAt: written });
  }
  await em.insertMany(ProductTutorial, tutorials as never);
  if (instructions.length) await em.insertMany(ProductTutorialInstruction, instructions as never);
  if (warnings.length) await em.insertMany(ProductTutorialWarning, warnings as never);
}
