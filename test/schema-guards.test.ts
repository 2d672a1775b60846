// Object types marked `simpleResolvers` (their fields read straight off the object, for speed)
// would silently skip a field-level @Authorized or @UseMiddleware added later: none may have one.
import { describe, expect, it } from '@jest/globals';
import { buildAppSchema } from '../src/schema.js';

interface Metadata {
  objectTypes: Array<{ name: string; target: unknown; simpleResolvers?: boolean }>;
  authorizedFields: Array<{ target: unknown; fieldName: string }>;
  middlewares: Array<{ target: unknown; fieldName?: string }>;
}

describe('object types whose fields have no resolvers', () => {
  it('have no field-level authorization or middleware', async () => {
    await buildAppSchema();
    const metadata = (globalThis as { TypeGraphQLMetadataStorage?: Metadata }).TypeGraphQLMetadataStorage!;
    const simple = metadata.objectTypes.filter((type) => type.simpleResolvers);
    expect(simple.map((type) => type.name).sort()).toEqual([
      'AnalysisEntry',
      'ConcentrationEstimate',
      'FlagSummary',
      'FlaggedEntry',
      'Ingredient',
      'IngredientAnalysis',
      'PartReading',
      'RegulatoryAlert',
      'RegulatoryNote',
      'SearchSuggestion',
    ]);
    const targets = new Set(simple.map((type) => type.target));
    const guarded = [
      ...metadata.authorizedFields.filter((field) => targets.has(field.target)).map((field) => field.fieldName),
      ...metadata.middlewares.filter((m) => m.fieldName && targets.has(m.target)).map((m) => m.fieldName),
    ];
    expect(guarded).toEqual([]);
  });
});
