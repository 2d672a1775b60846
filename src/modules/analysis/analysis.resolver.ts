import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { NoTransaction } from '../shared/transactional.js';
import { PageArgs, checkedLimit } from '../shared/pagination.js';
import { IngredientAnalysis } from './analysis.entity.js';
import { analyzeList, claimAnalysis, getAnalysis, listMyAnalyses } from './analysis.service.js';
import {
  ActiveOutsideList,
  AnalysisEntry,
  AnalysisRules,
  Categorization,
  EffectsReport,
  IngredientAnalysisPage,
  LabelExtraction,
  MissingIngredientPage,
  SetAsideText,
  SimilarProductPage,
  SkinCalc,
} from './analysis.types.js';
import type { SetAsideText as SetAside } from './engine/set-aside.js';
import { categorizeList, effectsOf, similarProductsOf } from './analysis-reports.service.js';
import { evaluateRules } from './engine/rules.js';
import { evaluateSkinTypes } from './engine/skin-types.js';
import { readLabelText } from './label-ocr.js';
import { UploadScalar, type UploadedFile } from '../shared/upload.scalar.js';
import { validationFailed } from '../../errors.js';
import { entriesWithIngredients, nameLineOfAnalysis, readAnalysis, type ReadableAnalysis } from './analysis-entries.js';
import { dosedIngredients } from './list-reading.js';
import { SimilarArgs } from './analysis.input.js';

// A text of which nothing could be read as an ingredient (all of it set aside) is no list that is "free of" anything.
const listUnread = (entries: Array<{ unread?: boolean }>): boolean =>
  entries.length === 0 || entries.some((e) => e.unread);

@Resolver(() => IngredientAnalysis)
export class AnalysisResolver {
  // Queries
  @Query(() => IngredientAnalysis, { description: 'An analysis, to anyone holding its token.' })
  sharedAnalysis(@Arg('token') token: string, @Ctx() ctx: Context) {
    return getAnalysis(ctx.em, token);
  }

  @Authorized()
  @Query(() => IngredientAnalysisPage, { description: "The signed-in user's analyses, newest first." })
  myIngredientAnalyses(@Args() page: PageArgs, @Ctx() ctx: Context) {
    return listMyAnalyses(ctx.em, ctx.viewer!, page);
  }

  @Query(() => MissingIngredientPage, { description: 'The inputs of an analysis that matched no ingredient.' })
  async analysisMissingIngredients(@Arg('token') token: string, @Ctx() ctx: Context): Promise<MissingIngredientPage> {
    const analysis = await getAnalysis(ctx.em, token);
    return {
      items: analysis.entries.filter((e) => e.match === 'none').map(({ position, input }) => ({ position, input })),
      nextCursor: null,
    };
  }

  @Query(() => AnalysisRules, {
    description:
      'Fragrance-free, alcohol-free, no ingredient known to feed Malassezia in vitro…: each with what breaks it.',
  })
  async analysisRules(@Arg('token') token: string, @Ctx() ctx: Context): Promise<AnalysisRules> {
    const analysis = await getAnalysis(ctx.em, token);
    // As read at their dose and in this kind of product (a low-dose salicylate keeps pregnancy_safe).
    const unread = listUnread(analysis.entries);
    const rules = evaluateRules(dosedIngredients((await readAnalysis(ctx, analysis)).reading), { unread });
    return { token, passesAll: rules.every((r) => r.passes), unread, rules };
  }

  @Query(() => SkinCalc, { description: 'Good, neutral or caution for each skin type, with the deciding ingredients.' })
  async analysisSkinCalc(@Arg('token') token: string, @Ctx() ctx: Context): Promise<SkinCalc> {
    const analysis = await getAnalysis(ctx.em, token);
    return {
      token,
      skinTypes: evaluateSkinTypes(dosedIngredients((await readAnalysis(ctx, analysis)).reading)),
    };
  }

  @Query(() => SimilarProductPage, {
    description: 'Catalog products with the most similar lists (position- and rarity-weighted).',
  })
  async analysisSimilarProducts(
    @Arg('token') token: string,
    @Args() args: SimilarArgs,
    @Ctx() ctx: Context,
  ): Promise<SimilarProductPage> {
    const analysis = await getAnalysis(ctx.em, token);
    return { items: await similarProductsOf(ctx, analysis.ingredientIds, checkedLimit(args.limit)), nextCursor: null };
  }

  @Query(() => Categorization, { description: 'The likely product category of an analysed list, with confidence.' })
  async analysisCategorize(@Arg('token') token: string, @Ctx() ctx: Context): Promise<Categorization> {
    const analysis = await getAnalysis(ctx.em, token);
    return { token, ...(await categorizeList(ctx, analysis.ingredientIds)) };
  }

  @Query(() => EffectsReport, {
    description: 'What a list (or a set of ingredients) does for the skin, effect by effect.',
  })
  ingredientEffects(
    @Ctx() ctx: Context,
    @Arg('ingredientList', () => String, { nullable: true }) ingredientList?: string | null,
    @Arg('ingredients', () => [String], { nullable: true, description: 'Ingredient ids or aliases.' }) ingredients?:
      | string[]
      | null,
  ): Promise<EffectsReport> {
    return effectsOf(ctx, ingredientList ?? null, ingredients ?? null);
  }

  // Mutations
  @NoTransaction('the one write is a row in a group-committed INSERT (see analysis-writer.service.ts)')
  @Mutation(() => IngredientAnalysis, {
    description: 'Analyses a pasted ingredient list; signed-in callers own the result.',
  })
  analyzeIngredientList(@Arg('ingredientList') ingredientList: string, @Ctx() ctx: Context) {
    return analyzeList(ctx.em, ingredientList, ctx.viewer);
  }

  @Authorized()
  @Mutation(() => IngredientAnalysis, { description: 'Attaches an anonymous analysis to the caller.' })
  claimAnalysis(@Arg('token') token: string, @Ctx() ctx: Context) {
    return claimAnalysis(ctx.em, token, ctx.viewer!);
  }

  @NoTransaction('as analyzeIngredientList: one row in a group-committed INSERT')
  @Mutation(() => LabelExtraction, {
    description: 'Reads a label photo (or its full text), finds the ingredient section and analyses it.',
  })
  async extractLabel(
    @Ctx() ctx: Context,
    @Arg('image', () => UploadScalar, { nullable: true, description: 'A photo of the label.' })
    image?: UploadedFile | null,
    @Arg('text', () => String, { nullable: true, description: "The label's full text, instead of a photo." }) text?:
      | string
      | null,
  ): Promise<LabelExtraction> {
    if ((image == null) === (text == null)) throw validationFailed('image', 'Send either an image or the label text');
    const labelText = image ? await readLabelText(image) : text!;
    if (!labelText.trim()) throw validationFailed(image ? 'image' : 'text', 'No text could be read from the label');
    return { text: labelText, analysis: await analyzeList(ctx.em, labelText, ctx.viewer) };
  }

  // Field resolvers
  @FieldResolver(() => [AnalysisEntry], { description: 'The entries in printed order, with what each matched.' })
  ingredients(@Root() analysis: ReadableAnalysis, @Ctx() ctx: Context): Promise<AnalysisEntry[]> {
    return entriesWithIngredients(ctx, analysis.entries, { nameLine: nameLineOfAnalysis(analysis) });
  }

  @FieldResolver(() => [SetAsideText], {
    description:
      'Text of the label set aside as not an ingredient ("free of" claims, marketing, disclaimers, footnotes), each ' +
      'with its kind, so that it can be shown.',
  })
  setAside(@Root() analysis: { setAside?: SetAside[] | null }): SetAside[] {
    // Kept with the analysis when it was made (or by the start-up backfill for older rows): nothing is parsed again.
    return analysis.setAside ?? [];
  }

  @FieldResolver(() => [ActiveOutsideList], {
    description:
      'Actives the label names with a strength outside its ingredient list (bullets, claims, drug-facts lines): each ' +
      'read into the list (analysed) or reported as not analysed.',
  })
  activesOutsideList(@Root() analysis: { activesOutsideList?: ActiveOutsideList[] | null }): ActiveOutsideList[] {
    // Kept with the analysis when it was made: nothing is parsed again. Rows written before have none kept.
    return analysis.activesOutsideList ?? [];
  }

  @FieldResolver(() => Boolean, {
    description:
      'Some of the list could not be read (words run together holding a name we do not know; the entry is marked ' +
      'unread): no "free of" rule passes on it.',
  })
  unread(@Root() analysis: Pick<IngredientAnalysis, 'entries'>): boolean {
    return listUnread(analysis.entries);
  }

  @FieldResolver(() => [String], {
    description: 'The parts of a kit or set in printed order (each entry names its part); empty for a single product.',
  })
  parts(@Root() analysis: Pick<IngredientAnalysis, 'entries'>): string[] {
    const parts: string[] = [];
    for (const entry of analysis.entries) if (entry.part && !parts.includes(entry.part)) parts.push(entry.part);
    return parts;
  }
}
