// Demo reactions (data/demo/reactions.yaml): how products went for a demo member, so the reaction
// detective finds a real suspect right after `npm start`. Written after the demo community.
import type { EntityManager } from '../db.js';
import { Product } from '../modules/product/product.entity.js';
import { ProductReaction, ReactionOutcome } from '../modules/reaction/product-reaction.entity.js';
import { newId } from '../modules/shared/ids.js';
import { User } from '../modules/user/user.entity.js';
import { readYaml } from '../modules/knowledge/yaml-data.js';

interface ReactionRecord {
  user: string;
  product: string;
  outcome: `${ReactionOutcome}`;
  days_ago: number;
  note?: string;
}

const DAY = 86_400_000;

export async function seedDemoReactions(em: EntityManager): Promise<number> {
  const records = readYaml<ReactionRecord[]>('demo/reactions.yaml');
  const users = new Map(
    (
      await em.find(
        User,
        { username: { $in: [...new Set(records.map((r) => r.user))] } },
        { fields: ['id', 'username'] },
      )
    ).map((u) => [u.username, u.id]),
  );
  const products = new Map(
    (
      await em.find(
        Product,
        { alias: { $in: [...new Set(records.map((r) => r.product))] } },
        { fields: ['id', 'alias'] },
      )
    ).map((p) => [p.alias, p.id]),
  );
  const now = Date.now();
  await em.insertMany(
    ProductReaction,
    records.map((r) => {
      const user = users.get(r.user);
      const product = products.get(r.product);
      if (!user) throw new Error(`data/demo/reactions.yaml: no user "${r.user}"`);
      if (!product) throw new Error(`data/demo/reactions.yaml: no product "${r.product}"`);
      if (!Object.values(ReactionOutcome).includes(r.outcome as ReactionOutcome))
        throw new Error(`data/demo/reactions.yaml: unknown outcome "${r.outcome}"`);
      const day = new Date(now - r.days_ago * DAY);
      return {
        id: newId(),
        user,
        product,
        analysis: null,
        outcome: r.outcome,
        reactedOn: day.toISOString().slice(0, 10),
        note: r.note ?? null,
        createdAt: day,
        updatedAt: day,
      };
    }) as never,
  );
  return records.length;
}
