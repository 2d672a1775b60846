// The route table: every REST path of the specification, the named operation that serves it
// (rest-mappings/<group>.graphql), its success status and who may call it.
import type { RouteDefinition } from '../src/rest/types.js';

export const routes: RouteDefinition[] = [
  // Ingredients
  { method: 'GET', path: '/ingredients', operation: 'ListIngredients', access: 'public', tags: ['Ingredients'], summary: 'List ingredients by name, function, flag or group' },
  { method: 'GET', path: '/ingredients/:id_or_alias', operation: 'GetIngredient', access: 'public', tags: ['Ingredients'], summary: 'One ingredient with everything we know about it' },

  // Brands
  { method: 'GET', path: '/brands', operation: 'ListBrands', access: 'public', tags: ['Brands'], summary: 'List brands' },
  { method: 'GET', path: '/brands/:id_or_alias', operation: 'GetBrand', access: 'public', tags: ['Brands'], summary: 'One brand' },
  { method: 'GET', path: '/brands/:id_or_alias/products', operation: 'ListBrandProducts', access: 'public', tags: ['Brands'], summary: 'Published products of a brand' },

  // Product categories
  { method: 'GET', path: '/product_categories', operation: 'ListProductCategories', access: 'public', tags: ['Product categories'], summary: 'List product categories' },
  { method: 'GET', path: '/product_categories/:id_or_alias', operation: 'GetProductCategory', access: 'public', tags: ['Product categories'], summary: 'One category with its parent and children' },
  { method: 'GET', path: '/product_categories/:id_or_alias/products', operation: 'ListProductCategoryProducts', access: 'public', tags: ['Product categories'], summary: 'Published products of a category and its sub-categories' },

  // Breadcrumbs
  { method: 'GET', path: '/breadcrumbs/product_category/:id_or_alias', operation: 'GetProductCategoryBreadcrumbs', access: 'public', tags: ['Breadcrumbs'], summary: 'Trail from the top category to this one' },
  { method: 'GET', path: '/breadcrumbs/product/:id_or_alias', operation: 'GetProductBreadcrumbs', access: 'public', tags: ['Breadcrumbs'], summary: 'Category trail, brand and product' },

  // Census
  { method: 'GET', path: '/census/countries', operation: 'ListCountries', access: 'public', tags: ['Census'], summary: 'ISO 3166 countries' },

  // Products
  { method: 'GET', path: '/products', operation: 'ListProducts', access: 'public', tags: ['Products'], summary: 'List published products with filters' },
  { method: 'GET', path: '/products/:id_or_alias', operation: 'GetProduct', access: 'public', tags: ['Products'], summary: 'One product with its analysed ingredient list' },

  // My
  { method: 'GET', path: '/my/user', operation: 'GetMyUser', access: 'user', tags: ['My'], summary: 'The signed-in user, with e-mail' },

  // Users
  { method: 'GET', path: '/users/:id_or_username', operation: 'GetUser', access: 'public', tags: ['Users'], summary: 'A user\'s public profile' },

  // Unit of measurements
  { method: 'GET', path: '/unit_of_measurements', operation: 'ListUnitOfMeasurements', access: 'public', tags: ['Unit of measurements'], summary: 'Units used on labels' },
  { method: 'POST', path: '/unit_of_measurements/create', operation: 'CreateUnitOfMeasurement', status: 201, access: 'role:admin', tags: ['Unit of measurements'], summary: 'Add a unit (admins)' },
  { method: 'GET', path: '/unit_of_measurements/:id', operation: 'GetUnitOfMeasurement', access: 'public', tags: ['Unit of measurements'], summary: 'One unit by id or alias' },
];
