// Where an imported product's data comes from, and the attribution its licence asks for: every
// answer (REST, GraphQL, the product page) that shows such a product shows this with it.
import { FieldResolver, Resolver, Root } from 'type-graphql';
import { Product } from './product.entity.js';
import type { ProductRow } from './product-rows.js';
import { ProductSource } from './product-source.types.js';

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
