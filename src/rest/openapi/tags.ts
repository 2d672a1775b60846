// One line on each group of operations (the route table's `tags`), declared in the OpenAPI
// description so tools can show what a group is about.
export const TAG_DESCRIPTIONS: Record<string, string> = {
  Analyze:
    'Paste an ingredient list (or a label photo) and learn what is in it: matches, flags, skin-type verdicts, rules, ' +
    'similar products.',
  'Ingredient matchers':
    'Teach the matcher: the likely category of an analysed list, and proposals that an unmatched input is a known ' +
    'ingredient.',
  Ingredients:
    'The ingredient knowledge base: functions, flags, groups, other names, and the products that contain each.',
  'Ingredient feelings': 'What a person feels about an ingredient (positive or negative), as shared with others.',
  'Ingredient opinions': "Experts' versioned opinions on ingredients, with hashtags.",
  Brands: 'Brands, their owners and their products.',
  'Product categories': 'The category tree and the best products in each category.',
  Breadcrumbs: 'Trails from the top category down to a category or a product.',
  Census: 'Reference lists: countries.',
  Products: 'The catalog: published products, their ingredient lists, images, attestations and reviews.',
  'Product drafts': 'Products proposed by people, before a moderator publishes them.',
  'Product pitches': "A brand's pitch for a product inside a routine step.",
  'Product tutorials': 'How-to tutorials for products, with steps.',
  Buy: 'Where to buy a product: offers and the redirect to a retailer.',
  Compare: 'Compare products or analysed lists side by side, and share the comparison.',
  Routines: 'Ordered skincare routines: steps, compatibility checks, favourites, publishing, requests for experts.',
  Contests: 'Weekly routine contests ranked by favourites.',
  Facets: 'Filters for product search (skin types, concerns, free-of rules).',
  Featured: 'What the service features on its front page.',
  Following: 'People following each other.',
  'User relationships': 'How the caller relates to another person (following, followed by).',
  Users: 'Accounts and profiles: skin profile, e-mail address and its confirmation, invitations.',
  My: "The signed-in caller's own things: profile, favourites, analyses, routines, feelings, drafts.",
  Stats: 'Counts and trends over the catalog, ingredients and community.',
  Sitemap: 'sitemaps.org XML of the public pages (products, ingredients, shared comparisons).',
  Articles: 'Editorial articles.',
  'Unit of measurements': 'Units for product sizes.',
  'Identity-provider hook': 'The signed webhook an identity provider calls when an account changes.',
  Shelf:
    "What the caller owns: catalog products and analysed lists, each with its state, dates, amount left, and a prescriber's days and time.",
  extensions:
    "Beyond the specification: features no path of the interface specification covers: the reaction detective (which ingredients your bad reactions share), better alternatives (similar products ranked for you), and the reformulation watch (versions of a product's ingredient list, their differences, alerts for the people a change touches).",
};
