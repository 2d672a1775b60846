import { Entity, Enum, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../shared/base.entity.js';

/** What an image belongs to: one image per owner. */
export enum ImageOwnerKind {
  product = 'product',
  draft = 'draft',
  user = 'user',
}

/**
 * An uploaded image, stored as WebP files on disk (`<key>-1200.webp`, `<key>-300.webp`); the
 * row ties it to its owner. Kept apart from products, drafts and users so that all three share
 * one store and one table.
 */
@Entity()
@Unique({ properties: ['ownerKind', 'ownerId'] })
export class StoredImage extends BaseEntity {
  @Enum({ items: () => ImageOwnerKind, nativeEnumName: 'image_owner_kind' })
  ownerKind!: ImageOwnerKind;

  @Property({ type: 'uuid' })
  ownerId!: string;

  /** File stem on disk: random, so that a replaced image gets a new URL (cached forever). */
  @Property({ type: 'text', unique: true })
  key!: string;

  @Property({ type: 'integer' })
  width!: number;

  @Property({ type: 'integer' })
  height!: number;
}

@ObjectType({ description: 'An image in two sizes, WebP, served by the service (absolute URLs).' })
export class ImageUrls {
  @Field({ description: 'At most 1200 px on its longer side.' })
  large!: string;

  @Field({ description: 'At most 300 px on its longer side.' })
  thumbnail!: string;

  @Field(() => Int, { description: 'Width of the large image in pixels.' })
  width!: number;

  @Field(() => Int, { description: 'Height of the large image in pixels.' })
  height!: number;

  @Field()
  updatedAt!: Date;
}
