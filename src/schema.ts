import { printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema, type AuthChecker } from 'type-graphql';
import type { Context } from './context.js';
import { forbidden, unauthenticated } from './errors.js';
import { wrapMutationsInTransactions } from './modules/shared/transactional.js';
import { BrandResolver } from './modules/brand/brand.resolver.js';
import { CategoryResolver } from './modules/category/category.resolver.js';
import { CensusResolver } from './modules/census/census.resolver.js';
import { IngredientResolver } from './modules/ingredient/ingredient.resolver.js';
import { IngredientGroupResolver } from './modules/ingredient/ingredient-group.resolver.js';
import { IngredientWriteResolver } from './modules/ingredient/ingredient-write.resolver.js';
import { IngredientFeelingResolver } from './modules/feeling/feeling.resolver.js';
import { PersonalizationResolver } from './modules/feeling/personalization.resolver.js';
import { SkinProfileResolver } from './modules/feeling/skin-profile.resolver.js';
import { MatchProposalResolver } from './modules/analysis/match-proposal.resolver.js';
import { AnalysisResolver } from './modules/analysis/analysis.resolver.js';
import { AnalysisKnowledgeResolver } from './modules/analysis/analysis-knowledge.resolver.js';
import {
  ProductIngredientResolver,
  ProductOfferResolver,
  ProductResolver,
} from './modules/product/product.resolver.js';
import { UnitResolver } from './modules/unit/unit.resolver.js';
import { ProductInsightsResolver } from './modules/analysis/product-insights.resolver.js';
import { ProductRoutineCandidatesResolver } from './modules/routine/product-routine-candidates.resolver.js';
import { BuyResolver } from './modules/buy/buy.resolver.js';
import { OfferWriteResolver } from './modules/buy/offer-write.resolver.js';
import { BrandAttestationResolver } from './modules/product/brand-attestation.resolver.js';
import { FeedbackModerationResolver } from './modules/ingredient/feedback-moderation.resolver.js';
import { SupergroupFilterResolver } from './modules/supergroup/supergroup-filters.resolver.js';
import {
  RoutineRequestAnswerResolver,
  RoutineRequestAnswersFieldResolver,
} from './modules/routine/routine-request-answer.resolver.js';
import { SitemapResolver } from './modules/sitemap/sitemap.resolver.js';
import { BestInCategoryResolver, ProductFavoriteResolver } from './modules/favorite/product-favorite.resolver.js';
import { ProductWriteResolver } from './modules/product/product-write.resolver.js';
import { FacetResolver } from './modules/facet/facet.resolver.js';
import { StatsResolver } from './modules/stats/stats.resolver.js';
import { ArticleResolver } from './modules/article/article.resolver.js';
import { FeaturedResolver } from './modules/featured/featured.resolver.js';
import { UserType } from './modules/user/user.entity.js';
import { UserResolver } from './modules/user/user.resolver.js';
import {
  IngredientOpinionEntryResolver,
  IngredientOpinionResolver,
} from './modules/opinion/ingredient-opinion.resolver.js';
import { ProductTutorialResolver } from './modules/tutorial/product-tutorial.resolver.js';
import { ProductPitchResolver } from './modules/pitch/product-pitch.resolver.js';
import { RoutineResolver, RoutineStepResolver } from './modules/routine/routine.resolver.js';
import { RoutineInsightsResolver } from './modules/routine/routine-insights.resolver.js';
import { RoutineRequestResolver } from './modules/routine/routine-request.resolver.js';
import { ContestResolver } from './modules/contest/contest.resolver.js';
import { ProductSearchResolver } from './modules/product/product-search.resolver.js';
import { ProductDraftResolver } from './modules/draft/product-draft.resolver.js';
import { ProductImageResolver } from './modules/image/image.resolver.js';
import { DraftImageResolver } from './modules/draft/product-draft-image.resolver.js';
import { ProfilePictureResolver } from './modules/image/profile-picture.resolver.js';
import { CompareResolver } from './modules/compare/compare.resolver.js';
import { IdentityResolver } from './modules/user/identity.resolver.js';
import { EmailLinkResolver } from './modules/user/email-link.resolver.js';
import { FollowedIngredientFeelingResolver, FollowResolver } from './modules/following/follow.resolver.js';
import { SurveyResolver } from './modules/survey/survey.resolver.js';
import { ProductCompatibilityResolver } from './modules/feeling/product-compatibility.resolver.js';
import { IdentityProviderResolver } from './modules/identity-provider/idp.resolver.js';
import { ProductSourceResolver } from './modules/product/product-source.resolver.js';
// ==== Reformulation watch
import {
  IngredientListChangeResolver,
  IngredientListVersionEntryResolver,
  IngredientListVersionResolver,
  ReformulationAlertResolver,
  ReformulationReasonResolver,
  ReformulationResolver,
} from './modules/reformulation/reformulation.resolver.js';
import { recordWrittenLists } from './modules/reformulation/list-version.service.js';
import { useProductFlagReader } from './modules/product/product-flag-reader.js';
import { productFlagsFor } from './modules/analysis/product-flags.js';
import { onIngredientListsWritten } from './modules/shared/ingredient-list-events.js';
import { ReactionResolver } from './modules/reaction/reaction.resolver.js';
import { RoutinePlanResolver } from './modules/planner/plan.resolver.js';
import { BetterAlternativesResolver } from './modules/alternative/alternative.resolver.js';
import { DataExportResolver } from './modules/account/data-export.resolver.js';
import { SearchSuggestionResolver } from './modules/search/search.resolver.js';
import { ShelfResolver } from './modules/shelf/shelf.resolver.js';
import { PlanLifeResolver, RoutineScheduleResolver } from './modules/planner/plan-life.resolver.js';

/**
 * `@Authorized()` needs a signed-in caller; `@Authorized(roles)` one of those user types.
 * Admins pass every role check. Throws the contract's codes rather than returning false.
 */
export const authChecker: AuthChecker<Context, UserType> = ({ context }, roles) => {
  if (!context.viewer) throw unauthenticated();
  if (roles.length === 0 || context.viewer.userType === UserType.admin || roles.includes(context.viewer.userType))
    return true;
  throw forbidden(`This needs one of these user types: ${roles.join(', ')}`);
};

export const resolvers = [
  ProductInsightsResolver,
  ProductRoutineCandidatesResolver,
  BuyResolver,
  OfferWriteResolver,
  BrandAttestationResolver,
  FeedbackModerationResolver,
  SupergroupFilterResolver,
  RoutineRequestAnswerResolver,
  RoutineRequestAnswersFieldResolver,
  SitemapResolver,
  ProductFavoriteResolver,
  ProductWriteResolver,
  BestInCategoryResolver,
  FacetResolver,
  StatsResolver,
  ArticleResolver,
  FeaturedResolver,
  IngredientResolver,
  BrandResolver,
  CategoryResolver,
  ProductResolver,
  ProductIngredientResolver,
  ProductOfferResolver,
  UserResolver,
  UnitResolver,
  CensusResolver,
  IngredientGroupResolver,
  AnalysisResolver,
  AnalysisKnowledgeResolver,
  IngredientWriteResolver,
  MatchProposalResolver,
  IngredientFeelingResolver,
  PersonalizationResolver,
  SkinProfileResolver,
  // ==== Catalog: product drafts, product images, search, compare
  ProductSearchResolver,
  ProductDraftResolver,
  ProductImageResolver,
  DraftImageResolver,
  ProfilePictureResolver,
  CompareResolver,
  // Imported products: their source and attribution (import:obf)
  ProductSourceResolver,

  // ==== Content: ingredient opinions, product tutorials, product pitches
  IngredientOpinionResolver,
  IngredientOpinionEntryResolver,
  ProductTutorialResolver,
  ProductPitchResolver,

  // ==== People: users, following, survey, identity provider, e-mail
  IdentityResolver,
  EmailLinkResolver,
  FollowResolver,
  FollowedIngredientFeelingResolver,
  SurveyResolver,
  ProductCompatibilityResolver,
  IdentityProviderResolver,

  // ==== Routines and contests
  RoutineResolver,
  RoutineStepResolver,
  RoutineInsightsResolver,
  RoutineRequestResolver,
  ContestResolver,

  // ==== Reformulation watch
  ReformulationResolver,
  IngredientListVersionResolver,
  IngredientListVersionEntryResolver,
  IngredientListChangeResolver,
  ReformulationReasonResolver,
  ReformulationAlertResolver,

  // ==== Reaction detective and better alternatives
  ReactionResolver,
  RoutinePlanResolver,
  BetterAlternativesResolver,

  // ==== Personal data export
  DataExportResolver,
  // ==== Search: matched words, suggestions
  SearchSuggestionResolver,
  // ==== The shelf: what a person owns (issue 41)
  ShelfResolver,
  // ==== Routine planner: a stored plan's life (accept, day view, page link, drift)
  PlanLifeResolver,
  RoutineScheduleResolver,
] as const;

let built: Promise<GraphQLSchema> | null = null;

/** The schema is built once per process: type-graphql metadata is global anyway. */
export function buildAppSchema(): Promise<GraphQLSchema> {
  // The reformulation watch follows every product list written (the product module does not import it).
  onIngredientListsWritten(recordWrittenLists);
  // The product module stores the analysis's reading of a list's flags (issue 40) without importing the analysis.
  useProductFlagReader(productFlagsFor);
  built ??= buildSchema({ resolvers: [...resolvers], authChecker, validate: false, emitSchemaFile: false }).then(
    (schema) => {
      wrapMutationsInTransactions(schema);
      return schema;
    },
  );
  return built;
}

export const printAppSchema = (schema: GraphQLSchema): string =>
  `# Generated from the type-graphql classes by \`npm run generate\`. Do not edit.\n\n${printSchema(schema)}\n`;
