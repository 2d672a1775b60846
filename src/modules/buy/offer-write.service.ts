// Brand owners and admins add, change and end their products' retailer offers (GraphQL and the
// feed import share these rules). Ending keeps the row, so the buy clicks it got stay counted.
import type { EntityManager } from '../../db.js';
import { conflict, forbidden, notFound, validationFailed } from '../../errors.js';
import { Brand } from '../brand/brand.entity.js';
import { Product, ProductOffer } from '../product/product.entity.js';
import { findByIdOrAlias } from '../shared/find.js';
import { User, UserType } from '../user/user.entity.js';
import { loadExchangeRates } from './exchange-rates.js';
import { offerUrlProblem } from './offer-url.js';

export interface OfferFields {
  retailer?: string | null;
  url?: string | null;
  price?: number | null;
  currency?: string | null;
}

/** The checked, normalised fields of an offer; the first bad one is VALIDATION_FAILED naming it. */
export function checkedOfferFields(
  input: OfferFields,
  partial: boolean,
): { retailer?: string; url?: string; price?: string | null; currency?: string | null } {
  const out: { retailer?: string; url?: string; price?: string | null; currency?: string | null } = {};
  if (input.retailer != null || !partial) {
    const retailer = (input.retailer ?? '').trim().replace(/\s+/g, ' ');
    if (!retailer || retailer.length > 100)
      throw validationFailed('retailer', 'retailer is a name of 1 to 100 characters');
    out.retailer = retailer;
  }
  if (input.url != null || !partial) {
    let url: URL | null = null;
    try {
      url = new URL(input.url ?? '');
    } catch {
      /* reported below */
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || (input.url ?? '').length > 2000)
      throw validationFailed('url', 'url must be an http(s) address of at most 2,000 characters');
    const problem = offerUrlProblem(url);
    if (problem) throw validationFailed('url', `url must be the address of a public site: ${problem}`);
    out.url = url.toString();
  }
  if (input.price !== undefined || !partial) {
    const price = input.price ?? null;
    if (
      price != null &&
      (!Number.isFinite(price) || price < 0 || price >= 1e10 || Math.round(price * 100) !== price * 100)
    )
      throw validationFailed('price', 'price must be at least 0, below 10,000,000,000, with at most 2 decimals');
    out.price = price == null ? null : price.toFixed(2);
  }
  if (input.currency !== undefined || !partial) {
    const currency = input.currency == null ? null : input.currency.trim().toUpperCase();
    if (currency != null && !loadExchangeRates().rates[currency])
      throw validationFailed(
        'currency',
        `currency must be an ISO 4217 code with a reference rate: ${Object.keys(loadExchangeRates().rates).sort().join(', ')}`,
      );
    out.currency = currency;
  }
  if (!partial && (out.price == null) !== (out.currency == null))
    throw validationFailed(out.price == null ? 'price' : 'currency', 'price and currency go together');
  return out;
}

/** Only the owner of the product's brand, or an admin, manages its offers. */
export async function mayManageOffersOf(em: EntityManager, product: Product, viewer: User): Promise<void> {
  if (viewer.userType === UserType.admin) return;
  const brand = await em.findOneOrFail(Brand, product.brand.id);
  if (viewer.userType !== UserType.brand || brand.owner?.id !== viewer.id)
    throw forbidden("Only the owner of the product's brand or an admin manages its offers");
}

async function activeOfferFrom(
  em: EntityManager,
  productId: string,
  retailer: string,
  except?: string,
): Promise<ProductOffer | null> {
  const offers = await em.find(ProductOffer, { product: productId, endedAt: null });
  const key = retailer.toLowerCase();
  return offers.find((o) => o.retailer.toLowerCase() === key && o.id !== except) ?? null;
}

export async function addOffer(
  em: EntityManager,
  productIdOrAlias: string,
  viewer: User,
  input: OfferFields,
): Promise<ProductOffer> {
  const product = await findByIdOrAlias(em, Product, productIdOrAlias);
  await mayManageOffersOf(em, product, viewer);
  const fields = checkedOfferFields(input, false);
  if (await activeOfferFrom(em, product.id, fields.retailer!))
    throw conflict(`The product already has an offer from "${fields.retailer}": change it or end it`);
  const offer = em.create(ProductOffer, {
    product: product.id,
    retailer: fields.retailer!,
    url: fields.url!,
    price: fields.price ?? null,
    currency: fields.currency ?? null,
    endedAt: null,
    updatedAt: new Date(),
  } as never);
  await em.flush();
  return offer;
}

async function offerFor(em: EntityManager, id: string, viewer: User): Promise<ProductOffer> {
  const offer = /^[0-9a-f-]{36}$/i.test(id) ? await em.findOne(ProductOffer, { id }, { populate: ['product'] }) : null;
  if (!offer) throw notFound('Offer', id);
  await mayManageOffersOf(em, offer.product.getEntity(), viewer);
  return offer;
}

export async function updateOffer(
  em: EntityManager,
  id: string,
  viewer: User,
  input: OfferFields,
): Promise<ProductOffer> {
  const offer = await offerFor(em, id, viewer);
  if (offer.endedAt) throw conflict('This offer has ended: add a new one');
  const fields = checkedOfferFields(input, true);
  if (fields.retailer && (await activeOfferFrom(em, offer.product.id, fields.retailer, offer.id)))
    throw conflict(`The product already has an offer from "${fields.retailer}"`);
  const price = fields.price !== undefined ? fields.price : (offer.price ?? null);
  const currency = fields.currency !== undefined ? fields.currency : (offer.currency ?? null);
  if ((price == null) !== (currency == null))
    throw validationFailed(price == null ? 'price' : 'currency', 'price and currency go together');
  Object.assign(offer, fields, { updatedAt: new Date() });
  await em.flush();
  return offer;
}

/** Ends an offer (idempotent: ending an ended offer keeps its first end). */
export async function endOffer(em: EntityManager, id: string, viewer: User): Promise<ProductOffer> {
  const offer = await offerFor(em, id, viewer);
  if (!offer.endedAt) {
    offer.endedAt = new Date();
    offer.updatedAt = offer.endedAt;
    await em.flush();
  }
  return offer;
}
