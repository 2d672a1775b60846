// Every entity the ORM knows, listed explicitly (no folder discovery: it works the same
// under node, jest and the migration scripts).
import { IngredientAnalysis } from './modules/analysis/analysis.entity.js';
import { IngredientMatchProposal } from './modules/analysis/match-proposal.entity.js';
import { IngredientFeedback } from './modules/ingredient/ingredient-feedback.entity.js';
import { IngredientFeeling } from './modules/feeling/ingredient-feeling.entity.js';
import { Brand } from './modules/brand/brand.entity.js';
import { Facet } from './modules/facet/facet.entity.js';
import { FeaturedItem } from './modules/featured/featured-item.entity.js';
import { ProductBuyClick } from './modules/buy/buy-click.entity.js';
import { ProductFavorite } from './modules/favorite/product-favorite.entity.js';
import { ProductCategory } from './modules/category/category.entity.js';
import { Ingredient } from './modules/ingredient/ingredient.entity.js';
import { Product, ProductIngredient, ProductOffer } from './modules/product/product.entity.js';
import { UnitOfMeasurement } from './modules/unit/unit.entity.js';
import { User } from './modules/user/user.entity.js';
import {
  ProductTutorial,
  ProductTutorialInstruction,
  ProductTutorialWarning,
} from './modules/tutorial/product-tutorial.entity.js';
import { ProductPitch, ProductPitchOpinion } from './modules/pitch/product-pitch.entity.js';
import {
  IngredientOpinion,
  IngredientOpinionEndorsement,
  IngredientOpinionEntry,
} from './modules/opinion/ingredient-opinion.entity.js';
import { Routine, RoutineFavorite, RoutineStep, RoutineWeekScore } from './modules/routine/routine.entity.js';
import { RoutinePlan, RoutineSchedule } from './modules/planner/routine-plan.entity.js';
import { ShelfItem } from './modules/shelf/shelf-item.entity.js';
import { RoutineRequest, RoutineRequestAnswer } from './modules/routine/routine-request.entity.js';
import { StoredImage } from './modules/image/image.entity.js';
import { ProductDraft } from './modules/draft/product-draft.entity.js';
import { SharedComparison } from './modules/compare/shared-comparison.entity.js';
import { EmailToken } from './modules/user/email-token.entity.js';
import { UserThrottle } from './modules/user/user-throttle.entity.js';
import { UserInvite } from './modules/user/user-invite.entity.js';
import { UserFollow } from './modules/following/user-follow.entity.js';
import { SurveyAnswer } from './modules/survey/survey-answer.entity.js';
import { IdentityProviderEvent } from './modules/identity-provider/idp-event.entity.js';
import { SearchWord } from './modules/search/search.entity.js';
import { ProductSearch } from './modules/product/product-search.entity.js';
import { IngredientSearch } from './modules/ingredient/ingredient-search.entity.js';
import { DeletedSubject } from './modules/user/deleted-subject.entity.js';
// ==== Reformulation watch
import { ProductListVersion } from './modules/reformulation/product-list-version.entity.js';
import {
  ReformulationAlert,
  ReformulationDigest,
  ReformulationSettings,
} from './modules/reformulation/reformulation-alert.entity.js';
import { ProductReaction } from './modules/reaction/product-reaction.entity.js';
// ==== Idempotency records
import { IdempotencyRecord } from './platform/idempotency-record.entity.js';

export const entities = [
  Facet,
  FeaturedItem,
  ProductBuyClick,
  ProductFavorite,
  User,
  Ingredient,
  Brand,
  ProductCategory,
  UnitOfMeasurement,
  Product,
  ProductIngredient,
  ProductOffer,
  IngredientAnalysis,
  IngredientMatchProposal,
  IngredientFeedback,
  IngredientFeeling,
  // catalog: drafts, images, compare, search
  StoredImage,
  ProductDraft,
  SharedComparison,
  // content: opinions, tutorials, pitches
  ProductTutorial,
  ProductPitch,
  IngredientOpinion,
  IngredientOpinionEntry,
  IngredientOpinionEndorsement,
  ProductTutorialInstruction,
  ProductTutorialWarning,
  ProductPitchOpinion,
  // people: users, following, survey, identity provider
  EmailToken,
  UserThrottle,
  UserInvite,
  UserFollow,
  SurveyAnswer,
  IdentityProviderEvent,
  // routines and contests
  Routine,
  RoutineStep,
  RoutineFavorite,
  RoutineRequest,
  RoutineRequestAnswer,
  RoutineWeekScore,
  // the planner: a person's shelf, their plans, an accepted plan's schedule
  ShelfItem,
  RoutinePlan,
  RoutineSchedule,
  // tombstones of deleted accounts
  DeletedSubject,
  // reformulation watch
  ProductListVersion,
  ReformulationAlert,
  ReformulationDigest,
  ReformulationSettings,
  // ==== Reaction detective
  ProductReaction,
  // ==== Idempotency records
  IdempotencyRecord,
  // search documents, kept by triggers
  ProductSearch,
  IngredientSearch,
  SearchWord,
];
