import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { loadVocabulary } from '../ingredient/vocabulary.js';
import { IngredientAnalysis } from './analysis.entity.js';
import { readAnalysis, type ReadableAnalysis } from './analysis-entries.js';
import { FlagSummary, PartReading, RegulatoryAlert } from './analysis-knowledge.types.js';

/** What an analysis says about the list as a whole: product type, flags raised, EU law. */
@Resolver(() => IngredientAnalysis)
export class AnalysisKnowledgeResolver {
  // Field resolvers
  @FieldResolver(() => String, {
    description:
      'leave_on, rinse_off or unknown: how the list was read (from the list unless its category says; unknown when ' +
      'the list cannot tell, and alerts then say which reading they depend on).',
  })
  async productType(@Root() analysis: ReadableAnalysis, @Ctx() ctx: Context): Promise<string> {
    return (await readAnalysis(ctx, analysis)).reading.productType;
  }

  @FieldResolver(() => String, { description: 'Why the list was read as leave-on or rinse-off.' })
  async productTypeBasis(@Root() analysis: ReadableAnalysis, @Ctx() ctx: Context): Promise<string> {
    return (await readAnalysis(ctx, analysis)).reading.productTypeBasis;
  }

  @FieldResolver(() => [PartReading], {
    description:
      'Each part of a kit with its own product type (its amounts are estimated within the part); empty for one ' +
      'product.',
  })
  async partReadings(@Root() analysis: ReadableAnalysis, @Ctx() ctx: Context): Promise<PartReading[]> {
    return (await readAnalysis(ctx, analysis)).reading.parts;
  }

  @FieldResolver(() => [FlagSummary], { description: 'Every flag the list raises, with the entries that raise it.' })
  async flagSummary(@Root() analysis: ReadableAnalysis, @Ctx() ctx: Context): Promise<FlagSummary[]> {
    const { ingredients, reading } = await readAnalysis(ctx, analysis);
    const labels = loadVocabulary().flags;
    const index = new Map(reading.entries.map((e, i) => [e, i]));
    return reading.flags.map(({ flag, entries }) => ({
      flag,
      label: labels[flag] ?? flag,
      entries: entries.map((e) => ({ position: e.position, input: e.input, ingredient: ingredients[index.get(e)!]! })),
    }));
  }

  @FieldResolver(() => [RegulatoryAlert], {
    description: 'Prohibited substances and printed amounts above an EU maximum.',
  })
  async regulatoryAlerts(@Root() analysis: ReadableAnalysis, @Ctx() ctx: Context): Promise<RegulatoryAlert[]> {
    return (await readAnalysis(ctx, analysis)).reading.alerts;
  }
}
