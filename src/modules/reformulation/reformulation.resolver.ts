import { Arg, Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import type { EntityManager } from '../../db.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import { Product } from '../product/product.entity.js';
import { PageArgs } from '../shared/pagination.js';
import { User } from '../user/user.entity.js';
import type { DiffEntry, ListDiff } from './engine/list-diff.js';
import { diffVersions, listVersions, versionsDiff } from './list-version.service.js';
import { entriesOf, versionEntries } from './version-entries.js';
import { ProductListVersion } from './product-list-version.entity.js';
import type { ReformulationAlert } from './reformulation-alert.entity.js';
import {
  digestEnabled,
  dismissAlert,
  listMyAlerts,
  markAlertRead,
  setDigestByToken,
  setDigestEnabled,
  unsubscribeByToken,
} from './reformulation-alert.service.js';
import {
  IngredientListChange,
  IngredientListDiff,
  IngredientListVersion,
  IngredientListVersionEntry,
  IngredientListVersionPage,
  ReformulationAlertPage,
  ReformulationAlertView,
  ReformulationReason,
  ReformulationSettingsView,
  ReformulationUnsubscribed,
} from './reformulation.types.js';

const change = (e: DiffEntry): IngredientListChange => ({
  ingredientId: e.ingredientId,
  input: e.input,
  fromPosition: e.from?.position ?? null,
  toPosition: e.to?.position ?? null,
  fromBelowOnePercent: e.from?.belowOnePercent ?? null,
  toBelowOnePercent: e.to?.belowOnePercent ?? null,
  direction: e.direction,
});

const diffView = (productId: string, from: number, to: number, diff: ListDiff): IngredientListDiff => ({
  productId,
  from,
  to,
  identical: diff.identical,
  added: diff.added.map(change),
  removed: diff.removed.map(change),
  moved: diff.moved.map(change),
  crossedOnePercent: diff.crossedOnePercent.map(change),
});

async function versionView(em: EntityManager, v: ProductListVersion): Promise<IngredientListVersion> {
  const { byId, matcher } = await loadKnowledgeBase(em);
  const entries = entriesOf(v.ingredientList, matcher);
  const read = versionEntries(entries, byId);
  return {
    id: v.id,
    version: v.version,
    ingredientList: v.ingredientList,
    source: v.source,
    createdAt: v.createdAt,
    authorId: v.author?.id ?? null,
    entries: entries.map((e, i) => ({
      position: e.position,
      input: e.input,
      ingredientId: e.ingredientId,
      concentration: e.concentration,
      mayContain: e.mayContain,
      belowOnePercent: read[i].belowOnePercent,
    })),
  };
}

const alertView = (a: ReformulationAlert): ReformulationAlertView => ({
  id: a.id,
  createdAt: a.createdAt,
  fromVersion: a.fromVersion,
  toVersion: a.toVersion,
  productId: a.product.id,
  reasons: a.reasons.map((r) => ({
    kind: r.kind,
    message: r.message,
    ingredientId: r.ingredientId,
    routineId: r.routineId,
  })),
  readAt: a.readAt ?? null,
  dismissedAt: a.dismissedAt ?? null,
  mailedAt: a.mailedAt ?? null,
});

@Resolver()
export class ReformulationResolver {
  // Queries
  @Query(() => IngredientListVersionPage, {
    description: "Every version of a product's ingredient list, newest first.",
  })
  async productIngredientListVersions(
    @Arg('idOrAlias') idOrAlias: string,
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
  ): Promise<IngredientListVersionPage> {
    const found = await listVersions(ctx.em, idOrAlias, ctx.viewer, page);
    return { items: await Promise.all(found.items.map((v) => versionView(ctx.em, v))), nextCursor: found.nextCursor };
  }

  @Query(() => IngredientListDiff, {
    description:
      "What changed between two versions of a product's list: added, removed, moved, and across the 1% line.",
  })
  async productIngredientListDiff(
    @Arg('idOrAlias') idOrAlias: string,
    @Arg('from', () => Int) from: number,
    @Arg('to', () => Int) to: number,
    @Ctx() ctx: Context,
  ): Promise<IngredientListDiff> {
    const found = await versionsDiff(ctx.em, idOrAlias, from, to, ctx.viewer);
    return diffView(found.product.id, from, to, found.diff);
  }

  @Authorized()
  @Query(() => ReformulationAlertPage, {
    description:
      'Changes of products the caller favours or has in a routine that touch their feelings, skin profile or routine; newest first.',
  })
  async myReformulationAlerts(
    @Args() page: PageArgs,
    @Arg('includeDismissed', () => Boolean, { nullable: true }) includeDismissed: boolean | null,
    @Ctx() ctx: Context,
  ): Promise<ReformulationAlertPage> {
    const found = await listMyAlerts(ctx.em, ctx.viewer!, includeDismissed ?? false, page);
    return { items: found.items.map(alertView), nextCursor: found.nextCursor };
  }

  @Authorized()
  @Query(() => ReformulationSettingsView, { description: "The caller's reformulation-watch settings." })
  async myReformulationSettings(@Ctx() ctx: Context): Promise<ReformulationSettingsView> {
    return { digestEnabled: await digestEnabled(ctx.em, ctx.viewer!.id) };
  }

  // Mutations
  @Authorized()
  @Mutation(() => ReformulationAlertView, { description: "Marks one of the caller's alerts read (idempotent)." })
  async markReformulationAlertRead(@Arg('id') id: string, @Ctx() ctx: Context): Promise<ReformulationAlertView> {
    return alertView(await markAlertRead(ctx.em, ctx.viewer!, id));
  }

  @Authorized()
  @Mutation(() => ReformulationAlertView, {
    description: "Dismisses one of the caller's alerts: hidden from the list unless includeDismissed (idempotent).",
  })
  async dismissReformulationAlert(@Arg('id') id: string, @Ctx() ctx: Context): Promise<ReformulationAlertView> {
    return alertView(await dismissAlert(ctx.em, ctx.viewer!, id));
  }

  @Authorized()
  @Mutation(() => ReformulationSettingsView, {
    description: 'Switches the e-mail digest of reformulation alerts on or off.',
  })
  async setReformulationDigest(
    @Arg('enabled') enabled: boolean,
    @Ctx() ctx: Context,
  ): Promise<ReformulationSettingsView> {
    return { digestEnabled: await setDigestEnabled(ctx.em, ctx.viewer!.id, enabled) };
  }

  @Mutation(() => ReformulationUnsubscribed, {
    description: "The digest's unsubscribe link: its token alone switches the digest off (no sign-in; idempotent).",
  })
  unsubscribeReformulationDigest(@Arg('token') token: string, @Ctx() ctx: Context): Promise<ReformulationUnsubscribed> {
    return unsubscribeByToken(ctx.em, token);
  }

  @Mutation(() => ReformulationUnsubscribed, {
    description: 'Undoes the unsubscribe link: the same token switches the digest back on (no sign-in; idempotent).',
  })
  resubscribeReformulationDigest(@Arg('token') token: string, @Ctx() ctx: Context): Promise<ReformulationUnsubscribed> {
    return setDigestByToken(ctx.em, token, true);
  }
}

@Resolver(() => IngredientListVersion)
export class IngredientListVersionResolver {
  // Field resolvers
  @FieldResolver(() => User, {
    nullable: true,
    description: "Who made it: the product's creator or the correcting draft's author; null for imports.",
  })
  async author(@Root() v: IngredientListVersion, @Ctx() ctx: Context) {
    return v.authorId ? ctx.loaders.userById.load(v.authorId) : null;
  }
}

@Resolver(() => IngredientListVersionEntry)
export class IngredientListVersionEntryResolver {
  @FieldResolver(() => Ingredient, { nullable: true })
  ingredient(@Root() e: IngredientListVersionEntry, @Ctx() ctx: Context) {
    return e.ingredientId ? ctx.loaders.ingredientById.load(e.ingredientId) : null;
  }
}

@Resolver(() => IngredientListChange)
export class IngredientListChangeResolver {
  @FieldResolver(() => Ingredient, {
    nullable: true,
    description: 'The ingredient; null for an entry that matched none.',
  })
  ingredient(@Root() e: IngredientListChange, @Ctx() ctx: Context) {
    return e.ingredientId ? ctx.loaders.ingredientById.load(e.ingredientId) : null;
  }
}

@Resolver(() => ReformulationReason)
export class ReformulationReasonResolver {
  @FieldResolver(() => Ingredient, { nullable: true })
  ingredient(@Root() r: ReformulationReason, @Ctx() ctx: Context) {
    return r.ingredientId ? ctx.loaders.ingredientById.load(r.ingredientId) : null;
  }
}

@Resolver(() => ReformulationAlertView)
export class ReformulationAlertResolver {
  @FieldResolver(() => Product, { nullable: true, description: 'The product (null if it was deleted since).' })
  product(@Root() a: ReformulationAlertView, @Ctx() ctx: Context) {
    return ctx.loaders.productById.load(a.productId);
  }

  @FieldResolver(() => IngredientListDiff, { description: 'What changed, as in productIngredientListDiff.' })
  async diff(@Root() a: ReformulationAlertView, @Ctx() ctx: Context): Promise<IngredientListDiff> {
    const loader = ctx.loaders.listVersionByKey;
    const [from, to] = await Promise.all([
      loader.load(`${a.productId}:${a.fromVersion}`),
      loader.load(`${a.productId}:${a.toVersion}`),
    ]);
    return diffView(
      a.productId,
      a.fromVersion,
      a.toVersion,
      await diffVersions(ctx.em, from?.ingredientList ?? '', to?.ingredientList ?? ''),
    );
  }
}
