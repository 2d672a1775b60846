import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Field, Float, ObjectType, registerEnumType } from 'type-graphql';
import { IdEntity, NamedEntity, UuidKeyed } from '../shared/base.entity.js';
import { Brand } from '../brand/brand.entity.js';
import { ProductCategory } from '../category/category.entity.js';
import { UnitOfMeasurement } from '../unit/unit.entity.js';
import { User } from '../user/user.entity.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';

export enum ProductStatus {
  draft = 'draft',
  published = 'published',
}
registerEnumType(ProductStatus, { name: 'ProductStatus' });

@Entity()
// Keyset pages of search results walk this index in order (name, then id).
@Index({ properties: ['name', 'id'] })
@Index({ properties: ['createdAt'] })
@ObjectType({ description: 'A product with the ingredient list printed on its label.' })
export class Product extends NamedEntity {
  @Index()
  @ManyToOne(() => Brand, { ref: true, deleteRule: 'restrict' })
  brand!: Ref<Brand>;

  @Index()
  @ManyToOne(() => ProductCategory, { ref: true, nullable: true, deleteRule: 'set null' })
  category?: Ref<ProductCategory> | null;

  @Property({ type: 'text', default: '' })
  @Field()
  description: string = '';

  /** EAN-13, UPC-A or EAN-8, digits only, check digit verified on write. */
  @Property({ type: 'text', nullable: true, unique: true })
  @Field(() => String, { nullable: true })
  barcode?: string | null;

  @Property({ type: 'double', nullable: true })
  @Field(() => Float, { nullable: true })
  sizeAmount?: number | null;

  @ManyToOne(() => UnitOfMeasurement, { ref: true, nullable: true, deleteRule: 'restrict' })
  sizeUnit?: Ref<UnitOfMeasurement> | null;

  @Property({ type: 'text', default: '' })
  @Field({ description: 'The ingredient list as printed on the label.' })
  ingredientList: string = '';

  /** Matched ingredient ids, in label order: backs "contains / free of" search with a GIN index. */
  @Index({ type: 'gin' })
  @Property({ type: 'text[]' })
  ingredientIds: string[] = [];

  /**
   * The flags the analysis raises for this list at its dose and product type (product-flags.ts): the union of its
   * entries' `flags`, written with them, for the flags=/free_of= filters and lists.
   */
  @Index({ type: 'gin' })
  @Property({ type: 'text[]' })
  @Field(() => [String], {
    description:
      "The flags its list raises as the analysis reads it: at each ingredient's dose and the product type " +
      '(fragrance, silicone, pregnancy caution…); the same as the analysis of its list.',
  })
  flags: string[] = [];

  /** Words from an outside catalog that name no category of ours (Open Beauty Facts categories). */
  @Property({ type: 'text[]', defaultRaw: `'{}'` })
  @Field(() => [String], {
    description:
      'Catalog tags that are not one of our categories (from Open Beauty Facts categories, e.g. ' +
      '"en:anti-dandruff-shampoos").',
  })
  tags: string[] & Opt = [];

  /** Where an imported product comes from ('open-beauty-facts'); null for products made here. */
  @Property({ type: 'text', nullable: true })
  sourceName?: string | null;

  /** The product's code in that source (its barcode as the source writes it). */
  @Property({ type: 'text', nullable: true })
  sourceCode?: string | null;

  /** When the source last changed the product (its last_modified_t). */
  @Property({ type: 'datetime', nullable: true })
  sourceModifiedAt?: Date | null;

  /** When the import last wrote the product; equal to updatedAt until someone edits it here. */
  @Property({ type: 'datetime', nullable: true })
  sourceImportedAt?: Date | null;

  @Enum({ items: () => ProductStatus, nativeEnumName: 'product_status' })
  @Field(() => ProductStatus)
  status: ProductStatus = ProductStatus.published;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  createdBy?: Ref<User> | null;

  @Property({ type: 'datetime', nullable: true })
  @Field(() => Date, { nullable: true })
  publishedAt?: Date | null;

  /** When the brand's owner confirmed the product is theirs (attest_brand). */
  @Property({ type: 'datetime', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When the brand confirmed this product is theirs.' })
  brandAttestedAt?: Date | null;

  /** Who attested (the brand's owner then, or an admin); read through Product.brandAttestation. */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  brandAttestedBy?: Ref<User> | null;
}

@Entity()
@Index({ properties: ['product', 'position'] })
// The few products with an entry we could not read, for the free-of filters that leave them out.
@Index({
  name: 'product_ingredient_unread_index',
  expression: 'create index "product_ingredient_unread_index" on "product_ingredient" ("product_id") where "unread"',
})
@ObjectType({ description: "One entry of a product's ingredient list and what it matched." })
export class ProductIngredient extends UuidKeyed {
  @ManyToOne(() => Product, { ref: true, deleteRule: 'cascade' })
  product!: Ref<Product>;

  @Property({ type: 'smallint' })
  @Field()
  position!: number;

  @Property({ type: 'text' })
  @Field({ description: 'The entry as printed.' })
  input!: string;

  @Index()
  @ManyToOne(() => Ingredient, { ref: true, nullable: true, deleteRule: 'set null' })
  ingredient?: Ref<Ingredient> | null;

  @Property({ type: 'text' })
  @Field({ description: 'exact, alias, fuzzy or none' })
  match!: string;

  @Property({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'Concentration printed beside the entry, e.g. "10%".' })
  concentration?: string | null;

  @Property({ default: false })
  @Field({ description: 'Listed under "May contain".' })
  mayContain: boolean = false;

  /** Words run together that hold names we know but could not all be read: no "free of" rule passes on the list. */
  @Property({ default: false })
  @Field({
    description:
      'Some of the entry could not be read (words run together holding a name we do not know): no "free of" rule ' +
      "passes on the product's list.",
  })
  unread: boolean = false;

  /** The flags the analysis raises for this entry at its dose in this product (product-flags.ts). */
  @Property({ type: 'text[]', defaultRaw: `'{}'` })
  @Field(() => [String], {
    description:
      "The flags this entry raises as the analysis reads it in this product's list, at its dose and the product type " +
      "(its ingredient's own flags are on ingredient.flags).",
  })
  flags: string[] & Opt = [];

  /** Listed under "Active ingredients" (a US drug facts label): the reading bounds it apart. */
  @Property({ default: false })
  active: boolean & Opt = false;

  /** The part of a kit it belongs to ("Toner"): each part is read as a product of its own. */
  @Property({ type: 'text', nullable: true })
  part?: string | null;

  /** Printed with a nano marker. */
  @Property({ default: false })
  nano: boolean & Opt = false;
}

@Entity()
// The planner walks live offers cheapest first (planner/plan-products.ts): migration 20261207221000.
@Index({
  name: 'product_offer_live_price_index',
  expression:
    'create index "product_offer_live_price_index" on "product_offer" ("price", "product_id") where "ended_at" is null and "price" is not null',
})
@ObjectType({ description: 'Where a product can be bought.' })
export class ProductOffer extends IdEntity {
  @Index()
  @ManyToOne(() => Product, { ref: true, deleteRule: 'cascade' })
  product!: Ref<Product>;

  @Property({ type: 'text' })
  @Field()
  retailer!: string;

  @Property({ type: 'text' })
  @Field()
  url!: string;

  @Property({ columnType: 'numeric(12,2)', type: 'string', nullable: true })
  price?: string | null;

  @Property({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  currency?: string | null;

  /** When the offer was ended (brand owner, admin or a feed): hidden from lists and buy links, kept for click statistics. */
  @Index()
  @Property({ type: 'datetime', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When the offer was ended; ended offers are not listed.' })
  endedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  @Field(() => Date, {
    nullable: true,
    description: 'When the offer was last added or changed (null for seeded offers).',
  })
  updatedAt?: Date | null;

  // Not stored: set where offers are compared in one currency (productOffers), null elsewhere.
  @Field(() => Float, {
    nullable: true,
    description:
      'The price converted into comparedCurrency (rounded to 2 decimals) with the reference rates of ratesDate; null ' +
      'outside a comparison (productOffers), for an offer without a price or for a currency without a rate.',
  })
  comparedPrice?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'The currency comparedPrice is in (ISO 4217); null outside a comparison.',
  })
  comparedCurrency?: string | null;

  @Field(() => Float, {
    nullable: true,
    description: "Units of comparedCurrency per unit of the offer's currency used for comparedPrice.",
  })
  exchangeRate?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'The day of the reference rates comparedPrice used (YYYY-MM-DD); null when nothing was converted.',
  })
  ratesDate?: string | null;
}
