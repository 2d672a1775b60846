// Where an imported product's data comes from, and the attribution its licence asks for: every
// answer (REST, GraphQL, the product page) that shows such a product shows this with it.
import { Field, FieldResolver, ObjectType, Resolver, Root } from 'type-graphql';
import { Product } from './product.entity.js';
import type { ProductRow } from './product-rows.js';

interface SourceInfo {
  name: string;
  website: string;
  productUrl: (code: string) => string;
  licence: string;
  licenceUrl: string;
}

const SOURCES: Record<string, SourceInfo> = {
  'open-beauty-facts': {
    name: 'Open Beauty Facts',
    website: 'https://world.openbeautyfacts.org',
    productUrl: (code) => `https://world.openbeautyfacts.org/product/${encodeURIComponent(code)}`,
    licence: 'ODbL-1.0',
    licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
  },
};

@ObjectType({
  description: 'The open database a product was imported from, with the attribution its licence requires.',
})
export class ProductSource {
  @Field({ description: 'The source\'s name, e.g. "Open Beauty Facts".' })
  name!: string;

  @Field({ description: "The product's code in the source (its barcode as the source writes it)." })
  code!: string;

  @Field({ description: "The product's page at the source." })
  url!: string;

  @Field({ description: 'SPDX identifier of the data licence, e.g. "ODbL-1.0".' })
  licence!: string;

  @Field()
  licenceUrl!: string;

  @Field({ description: 'One sentence to show with the product: where its data comes from and under which licence.' })
  attribution!: string;

  @Field(() => Date, { nullable: true, description: 'When the source last changed the product.' })
  lastModifiedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When our import last wrote the product.' })
  importedAt!: Date | null;

  @Field({ description: 'True when someone edited the product here after the import: later imports leave it alone.' })
  editedHere!: boolean;
}

/** The source of an imported product, or null for one made here. Pure over the row. */
export function productSource(
  product: Pick<Product, 'sourceName' | 'sourceCode' | 'sourceModifiedAt' | 'sourceImportedAt' | 'updatedAt'>,
): ProductSource | null {
  const info = product.sourceName ? SOURCES[product.sourceName] : undefined;
  if (!info || !product.sourceCode) return null;
  const imported = product.sourceImportedAt ?? null;
  return {
    name: info.name,
    code: product.sourceCode,
    url: info.productUrl(product.sourceCode),
    licence: info.licence,
    licenceUrl: info.licenceUrl,
    attribution: `Product data from ${info.name} (${info.website}), available under the Open Database License (${info.licence}).`,
    lastModifiedAt: product.sourceModifiedAt ?? null,
    importedAt: imported,
    editedHere: imported !== null && product.updatedAt.getTime() !== imported.getTime(),
  };
}

@Resolver(() => Product)
export class ProductSourceResolver {
  // Field resolvers
  @FieldResolver(() => ProductSource, {
    nullable: true,
    description:
      "Where the product's data comes from when it was imported (Open Beauty Facts), with its licence and attribution; null for products made here.",
  })
  source(@Root() product: Product | ProductRow): ProductSource | null {
    return productSource(product);
  }
}
