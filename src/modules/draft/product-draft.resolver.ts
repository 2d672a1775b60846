import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { AnalysisEntry } from '../analysis/analysis.types.js';
import { entriesWithIngredients } from '../analysis/analysis-entries.js';
import { productTypeOfCategory } from '../analysis/list-reading.js';
import { Brand } from '../brand/brand.entity.js';
import { ProductCategory } from '../category/category.entity.js';
import { Product } from '../product/product.entity.js';
import { PageArgs } from '../shared/pagination.js';
import { User, UserType } from '../user/user.entity.js';
import { autoClassify } from './product-draft-classify.service.js';
import { ProductDraft } from './product-draft.entity.js';
import {
  approveDraft,
  createDraft,
  deleteDraft,
  getDraft,
  listAuthoredDrafts,
  listDrafts,
  listReviewedDrafts,
  updateDraft,
} from './product-draft.service.js';
import { DraftClassification, ProductDraftPage } from './product-draft.types.js';
import { CreateDraftArgs, DraftQueueArgs, UpdateDraftArgs } from './product-draft.input.js';

@Resolver(() => ProductDraft)
export class ProductDraftResolver {
  // Queries
  @Authorized([UserType.moderator, UserType.admin])
  @Query(() => ProductDraftPage, {
    description: 'The moderation queue: pending drafts, oldest first (or ?status=approved).',
  })
  productDrafts(@Args() args: DraftQueueArgs, @Ctx() ctx: Context) {
    return listDrafts(ctx.em, args.status, args);
  }

  @Authorized()
  @Query(() => ProductDraft, { description: 'One draft: its author and moderators only.' })
  productDraft(@Arg('id') id: string, @Ctx() ctx: Context): Promise<ProductDraft> {
    return getDraft(ctx.em, id, ctx.viewer);
  }

  @Authorized()
  @Query(() => ProductDraftPage, { description: 'Drafts the caller submitted, newest first.' })
  myAuthoredProductDrafts(@Args() page: PageArgs, @Ctx() ctx: Context) {
    return listAuthoredDrafts(ctx.em, ctx.viewer!, page);
  }

  @Authorized()
  @Query(() => ProductDraftPage, { description: 'Drafts the caller approved, most recent first.' })
  myReviewedProductDrafts(@Args() page: PageArgs, @Ctx() ctx: Context) {
    return listReviewedDrafts(ctx.em, ctx.viewer!, page);
  }

  @Authorized()
  @Query(() => DraftClassification, {
    description: 'A category and a brand proposed for a product name and ingredient list.',
  })
  classifyProductDraft(@Arg('name') name: string, @Arg('ingredientList') ingredientList: string, @Ctx() ctx: Context) {
    return autoClassify(ctx, name, ingredientList);
  }

  // Mutations
  @Authorized()
  @Mutation(() => ProductDraft, { description: 'Submit a product (new, or a correction of one) for moderation.' })
  createProductDraft(@Args() args: CreateDraftArgs, @Ctx() ctx: Context): Promise<ProductDraft> {
    return createDraft(ctx.em, ctx.viewer!, args);
  }

  @Authorized()
  @Mutation(() => ProductDraft, {
    description: 'Change a draft: its author while pending, moderators any time. Omitted fields stay.',
  })
  updateProductDraft(@Args() args: UpdateDraftArgs, @Ctx() ctx: Context): Promise<ProductDraft> {
    const { id, ...fields } = args;
    return updateDraft(ctx.em, ctx.viewer!, id, fields);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Withdraw a draft: its author while pending, moderators any time.' })
  deleteProductDraft(@Arg('id') id: string, @Ctx() ctx: Context): Promise<boolean> {
    return deleteDraft(ctx.em, ctx.viewer!, id);
  }

  @Authorized([UserType.moderator, UserType.admin])
  @Mutation(() => ProductDraft, {
    description: 'Approve a pending draft: creates the product, or updates the one it corrects.',
  })
  approveProductDraft(@Arg('id') id: string, @Ctx() ctx: Context): Promise<ProductDraft> {
    return approveDraft(ctx.em, ctx.viewer!, id);
  }

  // Field resolvers
  @FieldResolver(() => Brand, {
    nullable: true,
    description: 'The catalog brand; null when the draft names a new one.',
  })
  brand(@Root() draft: ProductDraft, @Ctx() ctx: Context) {
    return draft.brand ? ctx.loaders.brandById.load(draft.brand.id) : null;
  }

  @FieldResolver(() => ProductCategory, { nullable: true })
  category(@Root() draft: ProductDraft, @Ctx() ctx: Context) {
    return draft.category ? ctx.loaders.categoryById.load(draft.category.id) : null;
  }

  @FieldResolver(() => Product, {
    nullable: true,
    description: 'The product it corrects; once approved, the product it created or updated.',
  })
  product(@Root() draft: ProductDraft, @Ctx() ctx: Context) {
    return draft.product ? ctx.loaders.productById.load(draft.product.id) : null;
  }

  @FieldResolver(() => [AnalysisEntry], { description: "The label's entries in order, with what each matched." })
  async ingredients(@Root() draft: ProductDraft, @Ctx() ctx: Context): Promise<AnalysisEntry[]> {
    // Read as the product will be: its category says how it is used, else its name, else its list.
    const category = draft.category ? await ctx.loaders.categoryById.load(draft.category.id) : null;
    const productType = productTypeOfCategory(category instanceof Error ? null : category);
    return entriesWithIngredients(ctx, draft.entries, { productType, nameLine: draft.name });
  }

  @FieldResolver(() => User)
  async author(@Root() draft: ProductDraft, @Ctx() ctx: Context): Promise<User> {
    return (await ctx.loaders.userById.load(draft.author.id))!;
  }

  @FieldResolver(() => User, { nullable: true, description: 'The moderator who approved it.' })
  reviewer(@Root() draft: ProductDraft, @Ctx() ctx: Context) {
    return draft.reviewer ? ctx.loaders.userById.load(draft.reviewer.id) : null;
  }
}
