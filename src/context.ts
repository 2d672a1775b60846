import type { EntityManager } from './db.js';
import { createBrandLoaders } from './modules/brand/brand.loaders.js';
import { createCategoryLoaders } from './modules/category/category.loaders.js';
import { createIngredientLoaders } from './modules/ingredient/ingredient.loaders.js';
import { createProductLoaders } from './modules/product/product.loaders.js';
import { createUnitLoaders } from './modules/unit/unit.loaders.js';
import { createUserLoaders } from './modules/user/user.loaders.js';
import { createFeaturedLoaders } from './modules/featured/featured.loaders.js';
import { createFavoriteLoaders } from './modules/favorite/product-favorite.loaders.js';
import type { User } from './modules/user/user.entity.js';
import { createOpinionLoaders } from './modules/opinion/ingredient-opinion.loaders.js';
import { createTutorialLoaders } from './modules/tutorial/product-tutorial.loaders.js';
import { createPitchLoaders } from './modules/pitch/product-pitch.loaders.js';
// Evaluated here, where the routine loaders used to bring them in (the supergroup resolver first
// brought in the opinion and user resolvers, whose types it returns): type-graphql orders the
// schema's root fields by when their resolvers' decorators run, and schema.graphql keeps its order.
import './modules/opinion/ingredient-opinion.resolver.js';
import './modules/user/user.resolver.js';
import './modules/supergroup/supergroup-filters.resolver.js';
import { createRoutineLoaders } from './modules/routine/routine.loaders.js';
import { createImageLoaders } from './modules/image/image.loaders.js';
import type { Mailer } from './modules/mail/mailer.js';
import { createReactionLoaders } from './modules/reaction/reaction.loaders.js';
import { createReformulationLoaders } from './modules/reformulation/reformulation.loaders.js';

/** A fresh loader set per request: batching and caching never cross requests. */
export function createLoaders(em: EntityManager) {
  return {
    ...createIngredientLoaders(em),
    ...createBrandLoaders(em),
    ...createCategoryLoaders(em),
    ...createProductLoaders(em),
    ...createUnitLoaders(em),
    ...createUserLoaders(em),
    ...createFavoriteLoaders(em),
    ...createFeaturedLoaders(em),
    // ==== Catalog: product drafts, product images, search, compare
    ...createImageLoaders(em),

    // ==== Content: ingredient opinions, product tutorials, product pitches
    ...createOpinionLoaders(em),
    ...createTutorialLoaders(em),
    ...createPitchLoaders(em),

    // ==== People: users, following, survey, identity provider, e-mail

    // ==== Routines and contests
    ...createRoutineLoaders(em),

    // ==== Reaction detective
    ...createReactionLoaders(em),

    // ==== Reformulation watch
    ...createReformulationLoaders(em),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;

/** What every resolver gets: built once per request, REST or GraphQL. */
export interface Context {
  em: EntityManager;
  loaders: Loaders;
  /** The signed-in user, or null for an anonymous request. */
  viewer: User | null;
  requestId: string;
  /** Absolute base of links the API hands out (PUBLIC_URL). */
  publicUrl: string;
  /** Services built once per app: outgoing e-mail and the identity provider's webhook secret. */
  services: AppServices;
}

export interface AppServices {
  mailer: Mailer;
  idpWebhookSecret: string;
}

/**
 * The request's context. `loaders` is a getter on the prototype, so it survives the shallow copy
 * Apollo Server makes of a context (Object.assign onto an object of the same prototype): one
 * loader set per entity manager, made on first use (many requests, an analysis, a cached or
 * refused one, never load anything). A mutation's transaction swaps `em` (see transactional.ts),
 * and the loaders follow it: inside the transaction they read its writes, after it the outer ones.
 */
class RequestContext implements Context {
  private readonly loaderSets = new WeakMap<EntityManager, Loaders>();

  constructor(
    public em: EntityManager,
    public viewer: User | null,
    public requestId: string,
    public publicUrl: string,
    public services: AppServices,
  ) {}

  get loaders(): Loaders {
    let loaders = this.loaderSets.get(this.em);
    if (!loaders) this.loaderSets.set(this.em, (loaders = createLoaders(this.em)));
    return loaders;
  }
}

export function createContext(
  em: EntityManager,
  viewer: User | null,
  requestId: string,
  publicUrl: string,
  services: AppServices,
): Context {
  return new RequestContext(em, viewer, requestId, publicUrl, services);
}
