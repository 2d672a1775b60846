// Every entity the ORM knows, listed explicitly (no folder discovery: it works the same
// under node, jest and the migration scripts).
import { IngredientAnalysis } from './modules/analysis/analysis.entity.js';
import { IngredientMatchProposal } from './modules/analysis/match-proposal.entity.js';
import { IngredientFeedback } from './modules/ingredient/ingredient-feedback.entity.js';
import { IngredientFeeling } from './modules/feeling/ingredient-feeling.entity.js';
import { Brand } from './modules/brand/brand.entity.js';
import { Facet } from './modules/facet/facet.entity.js';
import { ProductBuyClick } from './modules/buy/buy-click.entity.js';
import { ProductFavorite } from './modules/favorite/product-favorite.entity.js';
import { ProductCategory } from './modules/category/category.entity.js';
import { Ingredient } from './modules/ingredient/ingredient.entity.js';
import { Product, ProductIngredient, ProductOffer } from './modules/product/product.entity.js';
import { UnitOfMeasurement } from './modules/unit/unit.entity.js';
import { User } from './modules/user/user.entity.js';
import { ProductTutorial } from './modules/tutorial/product-tutorial.entity.js';
import { ProductPitch } from './modules/pitch/product-pitch.entity.js';
import { EmailToken } from './modules/user/email-token.entity.js';
import { UserThrottle } from './modules/user/user-throttle.entity.js';
import { UserInvite } from './modules/user/user-invite.entity.js';
import { UserFollow } from './modules/following/user-follow.entity.js';
import { SurveyAnswer } from './modules/survey/survey-answer.entity.js';
import { IdentityProviderEvent } from './modules/identity-provider/idp-event.entity.js';

export const entities = [Facet, ProductBuyClick, ProductFavorite, User, Ingredient, Brand, ProductCategory, UnitOfMeasurement, Product, ProductIngredient, ProductOffer, IngredientAnalysis,
  IngredientMatchProposal, IngredientFeedback, IngredientFeeling,
  // catalog: drafts, images, compare, search
  // content: opinions, tutorials, pitches
  ProductTutorial, ProductPitch,
  // people: users, following, survey, identity provider
  EmailToken, UserThrottle, UserInvite, UserFollow, SurveyAnswer, IdentityProviderEvent,
  // routines and contests
];
