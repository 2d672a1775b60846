// The route table: every REST path of the specification, the named operation that serves it
// (rest-mappings/<group>.graphql), its success status and who may call it.
import type { RouteDefinition } from '../src/rest/types.js';

export const routes: RouteDefinition[] = [
  // Analyze
  { method: 'POST', path: '/analyze/ingredient_list', operation: 'AnalyzeIngredientList', status: 201, access: 'public', tags: ['Analyze'], summary: 'Analyse an ingredient list as printed on a label', description: 'Body: `{"ingredient_list": "..."}` (1-20,000 characters). Anonymous calls are allowed; a signed-in caller owns the analysis. Each entry reports its match: exact, alias, fuzzy or none.' },
  { method: 'GET', path: '/analyze/ingredient_groups', operation: 'ListIngredientGroups', access: 'public', tags: ['Analyze'], summary: 'Ingredient groups (retinoids, AHAs, silicones…) with their sizes' },
  { method: 'GET', path: '/analyze/ingredient_group', operation: 'GetIngredientGroup', access: 'public', tags: ['Analyze'], summary: 'One ingredient group and its ingredients (?group=retinoids)' },
  { method: 'PATCH', path: '/analyze/claim/:token', operation: 'ClaimAnalysis', access: 'user', tags: ['Analyze'], summary: 'Attach an anonymous analysis to the caller' },
  { method: 'GET', path: '/analyze/shared/:token', operation: 'GetSharedAnalysis', access: 'public', tags: ['Analyze'], summary: 'An analysis, to anyone holding its token' },
  { method: 'GET', path: '/analyze/:token/categorize', operation: 'CategorizeAnalysis', access: 'public', tags: ['Analyze'], summary: 'Likely product category, with confidence' },
  { method: 'GET', path: '/analyze/:token/missing_ingredients', operation: 'ListAnalysisMissingIngredients', access: 'public', tags: ['Analyze'], summary: 'Inputs that matched no ingredient' },
  { method: 'GET', path: '/analyze/:token/skin_calc', operation: 'GetAnalysisSkinCalc', access: 'public', tags: ['Analyze'], summary: 'Good, neutral or caution per skin type, with the deciding ingredients' },
  { method: 'GET', path: '/analyze/:token/rules', operation: 'GetAnalysisRules', access: 'public', tags: ['Analyze'], summary: 'Free-of rules, each with the ingredients that break it' },
  { method: 'GET', path: '/analyze/:token/similar_products', operation: 'ListAnalysisSimilarProducts', access: 'public', tags: ['Analyze'], summary: 'Catalog products with the most similar lists' },
  { method: 'POST', path: '/analyze/extract_label', operation: 'ExtractLabel', status: 201, access: 'public', uploads: ['image'], tags: ['Analyze'], summary: 'Read a label photo, find its ingredient list and analyse it', description: 'multipart/form-data with an `image` file part (JPEG, PNG, WebP, TIFF, GIF, HEIF or AVIF; at most 10 MB), or a JSON body `{"text": "the label\'s full text"}`. OCR runs on the service (English), offline.' },
  { method: 'POST', path: '/analyze/effects', operation: 'GetIngredientEffects', access: 'public', tags: ['Analyze'], summary: 'Effects of a list or of ingredients', description: 'Body: `{"ingredient_list": "..."}` or `{"ingredients": [ids or aliases]}`.' },
  { method: 'GET', path: '/analyze/:token/ingredient_feelings', operation: 'ListAnalysisIngredientFeelings', access: 'user', tags: ['Analyze'], summary: 'The caller\'s feelings on the ingredients of an analysis, in list order' },
  { method: 'GET', path: '/analyze/:token/personalize', operation: 'GetAnalysisPersonalization', access: 'user', tags: ['Analyze'], summary: 'Good, neutral, caution or avoid for the caller, with the reasons', description: 'From the caller\'s skin profile (skin type and concerns judged as in `skin_calc`; when pregnant, pregnancy-caution ingredients are to be avoided) and ingredient feelings (a negative one in the list is an avoid; a positive one is a reason in favour and waives skin-type cautions on that ingredient). The worst reason decides.' },

  // Ingredient matchers (at the root of the path space: static paths win)
  { method: 'GET', path: '/:token/suggested_category', operation: 'SuggestCategoryForAnalysis', access: 'public', tags: ['Ingredient matchers'], summary: 'The category an analysed list most likely belongs to' },
  { method: 'POST', path: '/:token', operation: 'ProposeIngredientMatch', status: 201, access: 'user', tags: ['Ingredient matchers'], summary: 'Propose that an input of an analysis is a known ingredient', description: 'Body: `{"input": "as printed", "ingredient": "id or alias"}`. A moderator accepts it (GraphQL `reviewIngredientMatch`), and the input becomes an other name of the ingredient.' },

  // Ingredients
  { method: 'GET', path: '/ingredients', operation: 'ListIngredients', access: 'public', tags: ['Ingredients'], summary: 'List ingredients by name, function, flag or group' },
  { method: 'POST', path: '/ingredients/create', operation: 'CreateIngredient', status: 201, access: 'role:moderator,admin', tags: ['Ingredients'], summary: 'Add an ingredient (moderators and admins)' },
  { method: 'POST', path: '/ingredients/:id_or_alias/submit_feedback', operation: 'SubmitIngredientFeedback', status: 201, access: 'user', tags: ['Ingredients'], summary: 'Report a reaction to, or a correction of, an ingredient', description: 'Body: `{"kind": "breakout|irritation|improvement|correction|other", "message": "..."}`.' },
  { method: 'GET', path: '/ingredients/:id_or_alias/products', operation: 'ListIngredientProducts', access: 'public', tags: ['Ingredients'], summary: 'Published products whose list contains the ingredient' },
  { method: 'GET', path: '/ingredients/:id_or_alias', operation: 'GetIngredient', access: 'public', tags: ['Ingredients'], summary: 'One ingredient with everything we know about it' },

  // Ingredient feelings
  { method: 'PUT', path: '/ingredients/:id_or_alias/feeling/positive', operation: 'SetIngredientFeelingPositive', access: 'user', tags: ['Ingredients'], summary: 'Mark an ingredient positive for the caller', description: 'Idempotent; replaces a negative feeling. One feeling per user and ingredient.' },
  { method: 'PUT', path: '/ingredients/:id_or_alias/feeling/negative', operation: 'SetIngredientFeelingNegative', access: 'user', tags: ['Ingredients'], summary: 'Mark an ingredient negative for the caller', description: 'Idempotent; replaces a positive feeling. One feeling per user and ingredient.' },
  { method: 'DELETE', path: '/ingredients/:id_or_alias/feeling', operation: 'RemoveIngredientFeeling', status: 204, access: 'user', tags: ['Ingredients'], summary: 'Remove the caller\'s feeling on an ingredient (204 also when there was none)' },
  { method: 'GET', path: '/ingredient_feelings/:id', operation: 'GetIngredientFeeling', access: 'public', tags: ['Ingredient feelings'], summary: 'One ingredient feeling', description: 'Visible to anyone when its user\'s feelings are public (the default; see `PATCH /users/:id/skin_profile`), else to the user and admins only: NOT_FOUND for others.' },

  // Brands
  { method: 'GET', path: '/brands', operation: 'ListBrands', access: 'public', tags: ['Brands'], summary: 'List brands' },
  { method: 'GET', path: '/brands/:id_or_alias', operation: 'GetBrand', access: 'public', tags: ['Brands'], summary: 'One brand' },
  { method: 'PATCH', path: '/brands/:id_or_alias', operation: 'UpdateBrand', access: 'owner', tags: ['Brands'], summary: 'Change a brand (its owner or an admin)' },
  { method: 'PATCH', path: '/brands/:id_or_alias/transfer_ownership', operation: 'TransferBrandOwnership', access: 'owner', tags: ['Brands'], summary: 'Hand a brand to another brand user (its owner or an admin)', description: 'Body: `{"to": "user id or username"}`.' },
  { method: 'GET', path: '/brands/:id_or_alias/products', operation: 'ListBrandProducts', access: 'public', tags: ['Brands'], summary: 'Published products of a brand' },

  // Product categories
  { method: 'GET', path: '/product_categories', operation: 'ListProductCategories', access: 'public', tags: ['Product categories'], summary: 'List product categories' },
  { method: 'GET', path: '/product_categories/:id_or_alias', operation: 'GetProductCategory', access: 'public', tags: ['Product categories'], summary: 'One category with its parent and children' },
  { method: 'GET', path: '/product_categories/:id_or_alias/best_in', operation: 'ListBestInProductCategory', access: 'public', tags: ['Product categories'], summary: 'A category\'s best products by favourites and label quality' },
  { method: 'GET', path: '/product_categories/:id_or_alias/products', operation: 'ListProductCategoryProducts', access: 'public', tags: ['Product categories'], summary: 'Published products of a category and its sub-categories' },

  // Breadcrumbs
  { method: 'GET', path: '/breadcrumbs/product_category/:id_or_alias', operation: 'GetProductCategoryBreadcrumbs', access: 'public', tags: ['Breadcrumbs'], summary: 'Trail from the top category to this one' },
  { method: 'GET', path: '/breadcrumbs/product/:id_or_alias', operation: 'GetProductBreadcrumbs', access: 'public', tags: ['Breadcrumbs'], summary: 'Category trail, brand and product' },

  // Census
  { method: 'GET', path: '/census/countries', operation: 'ListCountries', access: 'public', tags: ['Census'], summary: 'ISO 3166 countries' },

  // Products
  { method: 'GET', path: '/products', operation: 'ListProducts', access: 'public', tags: ['Products'], summary: 'List published products with filters' },
  { method: 'POST', path: '/products/create', operation: 'CreateProduct', status: 201, access: 'role:brand,moderator', tags: ['Products'], summary: 'Add a product as a draft, its label analysed (brand users for their own brands; moderators)', description: 'Body: `{"name", "brand", "ingredient_list", "category"?, "description"?, "barcode"?, "size_amount"?, "size_unit"?}`. Publish it with PATCH /products/:id_or_alias/publish.' },
  { method: 'GET', path: '/products/favorite_lookup', operation: 'LookupFavoriteProducts', access: 'user', tags: ['Products'], summary: 'Which of these products (?ids=a,b,c: ids or aliases) the caller favours' },
  { method: 'POST', path: '/products/:id_or_alias/favorite', operation: 'FavoriteProduct', access: 'user', tags: ['Products'], summary: 'Favour a product (idempotent: 200 every time)' },
  { method: 'DELETE', path: '/products/:id_or_alias/favorite', operation: 'UnfavoriteProduct', status: 204, access: 'user', tags: ['Products'], summary: 'Stop favouring a product (idempotent)' },
  { method: 'GET', path: '/products/recent', operation: 'ListRecentProducts', access: 'public', tags: ['Products'], summary: 'Published products, newest first' },
  { method: 'GET', path: '/products/lookup', operation: 'LookupProduct', access: 'public', tags: ['Products'], summary: 'A product by barcode (?barcode=, check digit verified) or by ?brand= and ?name=' },
  { method: 'GET', path: '/products/:id_or_alias/analysis', operation: 'GetProductAnalysis', access: 'public', tags: ['Products'], summary: 'Free-of rules and skin-type verdicts of a product\'s label' },
  { method: 'GET', path: '/products/:id_or_alias/effects', operation: 'GetProductEffects', access: 'public', tags: ['Products'], summary: 'What a product does for the skin, effect by effect' },
  { method: 'GET', path: '/products/:id_or_alias/routine_candidates', operation: 'ListProductRoutineCandidates', access: 'public', tags: ['Products'], summary: 'The routine steps a product can fill, morning or evening, with reasons' },
  { method: 'GET', path: '/products/:id_or_alias/similar', operation: 'ListSimilarProducts', access: 'public', tags: ['Products'], summary: 'Products with the most similar ingredient lists' },
  { method: 'PATCH', path: '/products/:id_or_alias/publish', operation: 'PublishProduct', access: 'owner', tags: ['Products'], summary: 'Publish a draft (its author, the brand owner, moderators); 409 unless a draft' },
  { method: 'PATCH', path: '/products/:id_or_alias/attest_brand', operation: 'AttestProductBrand', access: 'owner', tags: ['Products'], summary: 'The brand\'s owner confirms the product is theirs' },
  { method: 'DELETE', path: '/products/:id', operation: 'DeleteProduct', status: 204, access: 'role:admin', tags: ['Products'], summary: 'Delete a product (admins)' },
  { method: 'GET', path: '/products/:id_or_alias', operation: 'GetProduct', access: 'public', tags: ['Products'], summary: 'One product with its analysed ingredient list' },

  // Articles
  { method: 'GET', path: '/articles', operation: 'ListArticles', access: 'public', tags: ['Articles'], summary: 'Articles, newest first (?tag=)' },
  { method: 'GET', path: '/articles/:id_or_alias', operation: 'GetArticle', access: 'public', tags: ['Articles'], summary: 'One article, as Markdown and as sanitised HTML' },

  // Facets
  { method: 'GET', path: '/facets', operation: 'ListFacets', access: 'public', tags: ['Facets'], summary: 'The catalog\'s filters, in display order' },
  { method: 'GET', path: '/facets/:id', operation: 'GetFacet', access: 'public', tags: ['Facets'], summary: 'One facet by id or alias' },
  { method: 'PATCH', path: '/facets/update/:id', operation: 'UpdateFacet', access: 'role:admin', tags: ['Facets'], summary: 'Change a facet (admins)' },
  { method: 'POST', path: '/facets/create', operation: 'CreateFacet', status: 201, access: 'role:admin', tags: ['Facets'], summary: 'Add a facet (admins)', description: 'Body: `{"name", "parameter": "free_of|flags|category|brand", "values"?: [{"value", "label"}], "alias"?, "position"?}`. Category and brand facets list the catalog\'s current ones.' },

  // Stats (admins): body `{"from": "YYYY-MM-DD", "to": "YYYY-MM-DD", "time_zone": "Europe/Paris"}`, all optional
  { method: 'POST', path: '/stats/analyze/created_per_day', operation: 'GetAnalysesCreatedPerDay', access: 'role:admin', tags: ['Stats'], summary: 'Analyses per day, zero-filled (default: the last 30 days, UTC)' },
  { method: 'POST', path: '/stats/product_buy_clicks/created_per_day', operation: 'GetProductBuyClicksCreatedPerDay', access: 'role:admin', tags: ['Stats'], summary: 'Buy clicks per day, zero-filled' },
  { method: 'POST', path: '/stats/products/created_per_day', operation: 'GetProductsCreatedPerDay', access: 'role:admin', tags: ['Stats'], summary: 'Products added per day, zero-filled' },
  { method: 'POST', path: '/stats/users/created_per_day', operation: 'GetUsersCreatedPerDay', access: 'role:admin', tags: ['Stats'], summary: 'New users per day, zero-filled' },

  // Buy
  { method: 'GET', path: '/buy/:id_or_alias/retailer', operation: 'BuyAtRetailer', status: 302, access: 'public', tags: ['Buy'], summary: 'Record a click and redirect to the retailer (cheapest offer, or ?retailer=)' },
  { method: 'GET', path: '/buy/:id_or_alias', operation: 'ListProductOffers', access: 'public', tags: ['Buy'], summary: 'Retailer offers of a product, cheapest first' },

  // Sitemap
  { method: 'GET', path: '/sitemap/products', operation: 'GetProductSitemap', access: 'public', contentType: 'application/xml; charset=utf-8', tags: ['Sitemap'], summary: 'sitemaps.org XML of the products (an index of ?page= beyond 50,000)' },
  { method: 'GET', path: '/sitemap/ingredients', operation: 'GetIngredientSitemap', access: 'public', contentType: 'application/xml; charset=utf-8', tags: ['Sitemap'], summary: 'sitemaps.org XML of the ingredients (an index of ?page= beyond 50,000)' },

  // My
  { method: 'GET', path: '/my/ingredient_analyses', operation: 'ListMyIngredientAnalyses', access: 'user', tags: ['My'], summary: 'The caller\'s analyses, newest first' },
  { method: 'GET', path: '/my/ingredient_feedback', operation: 'ListMyIngredientFeedback', access: 'user', tags: ['My'], summary: 'The caller\'s ingredient feedback, newest first' },
  { method: 'GET', path: '/my/ingredient_feedback/:ingredient_id_or_alias', operation: 'ListMyIngredientFeedbackForIngredient', access: 'user', tags: ['My'], summary: 'The caller\'s feedback on one ingredient' },
  { method: 'GET', path: '/my/favorite_products', operation: 'ListMyFavoriteProducts', access: 'user', tags: ['My'], summary: 'The caller\'s favourite products, newest first' },
  { method: 'GET', path: '/my/products', operation: 'ListMyProducts', access: 'user', tags: ['My'], summary: 'Products the caller added, newest first (drafts included)' },
  { method: 'GET', path: '/my/user', operation: 'GetMyUser', access: 'user', tags: ['My'], summary: 'The signed-in user, with e-mail' },
  { method: 'GET', path: '/my/ingredient_feelings', operation: 'ListMyIngredientFeelings', access: 'user', tags: ['My'], summary: 'The caller\'s ingredient feelings, most recently changed first' },
  { method: 'GET', path: '/my/ingredient_feelings/positive', operation: 'ListMyPositiveIngredientFeelings', access: 'user', tags: ['My'], summary: 'The caller\'s positive ingredient feelings' },
  { method: 'GET', path: '/my/ingredient_feelings/negative', operation: 'ListMyNegativeIngredientFeelings', access: 'user', tags: ['My'], summary: 'The caller\'s negative ingredient feelings' },
  { method: 'GET', path: '/my/ingredient_feelings/:ingredient_id_or_alias', operation: 'GetMyIngredientFeeling', access: 'user', tags: ['My'], summary: 'The caller\'s feeling on one ingredient (NOT_FOUND when none)' },

  // Users
  { method: 'GET', path: '/user/:id_or_username/favorite_products', operation: 'ListUserFavoriteProducts', access: 'public', tags: ['Users'], summary: 'A user\'s favourite products, newest first' },
  { method: 'GET', path: '/users/:id/brands', operation: 'ListUserBrands', access: 'public', tags: ['Users'], summary: 'The brands a user owns' },
  { method: 'GET', path: '/users/:id_or_username', operation: 'GetUser', access: 'public', tags: ['Users'], summary: 'A user\'s public profile' },
  { method: 'GET', path: '/users/:id_or_username/ingredient_feelings', operation: 'ListUserIngredientFeelings', access: 'public', tags: ['Users'], summary: 'A user\'s ingredient feelings (?sentiment=positive|negative)', description: 'When the user keeps feelings public (the default); otherwise only the user and admins: FORBIDDEN for others, UNAUTHENTICATED without a token.' },
  { method: 'GET', path: '/users/:id_or_username/ingredient_feelings/:ingredient_id_or_alias', operation: 'GetUserIngredientFeeling', access: 'public', tags: ['Users'], summary: 'A user\'s feeling on one ingredient', description: 'Visibility as for the list; NOT_FOUND when the user has no feeling on it.' },
  { method: 'PATCH', path: '/users/:id/skin_profile', operation: 'UpdateSkinProfile', access: 'owner', tags: ['Users'], summary: 'Change a skin profile (the user or an admin)', description: 'Body: any of `{"skin_type": "oily|dry|combination|normal|sensitive"|null, "concerns": [...], "pregnant": bool, "feelings_public": bool}`; omitted fields stay as they are, `skin_type: null` and `concerns: []` clear, `pregnant` and `feelings_public` take true or false only. Concerns: acne, fungal_acne, rosacea, redness, dryness, aging, hyperpigmentation, large_pores, sensitivity. Answers the whole profile.' },

  // Unit of measurements
  { method: 'GET', path: '/unit_of_measurements', operation: 'ListUnitOfMeasurements', access: 'public', tags: ['Unit of measurements'], summary: 'Units used on labels' },
  { method: 'POST', path: '/unit_of_measurements/create', operation: 'CreateUnitOfMeasurement', status: 201, access: 'role:admin', tags: ['Unit of measurements'], summary: 'Add a unit (admins)' },
  { method: 'GET', path: '/unit_of_measurements/:id', operation: 'GetUnitOfMeasurement', access: 'public', tags: ['Unit of measurements'], summary: 'One unit by id or alias' },

  // ==== Catalog: product drafts, product images, search, compare (catalog helper)
  { method: 'POST', path: '/products/search', operation: 'SearchProducts', access: 'public', tags: ['Products'], summary: 'Search published products by name, brand, category, ingredients and free-of flags', description: 'Body: any of `{"query": "part of the name", "category": "id or alias (with its sub-categories)", "brand": "id or alias", "include_ingredients": [ids or aliases: contains all], "exclude_ingredients": [ids or aliases: contains none], "free_of": ["fragrance", "alcohol", "silicones", "parabens", "sulfates", "essential_oils", "fungal_acne_triggers", or any flag name], "limit": 1-100, "cursor": "..."}`. Ordered by name. Each result is a summary (brand, category, flags, image thumbnail) without its ingredient list: `GET /products/:id_or_alias` has it. An unknown brand, category, ingredient or flag is a 400 naming the field.' },
  { method: 'PATCH', path: '/products/:id_or_alias/product_image', operation: 'SetProductImage', access: 'owner', uploads: ['image'], tags: ['Products'], summary: 'Set a product\'s image (its brand\'s owner, moderators, admins)', description: 'multipart/form-data with an `image` file part, or JSON `{"image": "base64"}`. JPEG, PNG, WebP, TIFF, GIF, HEIF or AVIF, checked by its content; at most 10 MB (413); anything else is a 400. Metadata is stripped; it is stored as WebP, at most 1200 px (`large`) and 300 px (`thumbnail`), served from `/images/…` and linked as `product_image` on the product.' },
  { method: 'DELETE', path: '/products/:id_or_alias/product_image', operation: 'RemoveProductImage', status: 204, access: 'owner', tags: ['Products'], summary: 'Remove a product\'s image (its brand\'s owner, moderators, admins; 204 also when there was none)' },
  { method: 'PATCH', path: '/users/:id/profile_picture', operation: 'SetProfilePicture', access: 'owner', uploads: ['image'], tags: ['Users'], summary: 'Set a user\'s profile picture (the user or an admin)', description: 'As `PATCH /products/:id_or_alias/product_image`: an `image` part (multipart) or base64 JSON; linked as `profile_picture` on the user.' },
  { method: 'DELETE', path: '/users/:id/profile_picture', operation: 'RemoveProfilePicture', status: 204, access: 'owner', tags: ['Users'], summary: 'Remove a user\'s profile picture (the user or an admin; 204 also when there was none)' },

  // Product drafts
  { method: 'GET', path: '/product_drafts', operation: 'ListProductDrafts', access: 'role:moderator,admin', tags: ['Product drafts'], summary: 'The moderation queue: pending drafts, oldest first (?status=approved for the approved ones)' },
  { method: 'POST', path: '/product_drafts/create', operation: 'CreateProductDraft', status: 201, access: 'user', tags: ['Product drafts'], summary: 'Submit a product for moderation (any signed-in user)', description: 'Body: `{"name", "brand": "an existing brand\'s id or alias, or a new brand\'s name", "ingredient_list", "category"?: "id or alias", "description"?, "barcode"?: "EAN-13, UPC-A or EAN-8 (check digit verified)", "product"?: "id or alias of the product it corrects"}`. The list is analysed as by `POST /analyze/ingredient_list`.' },
  { method: 'POST', path: '/product_drafts/update', operation: 'UpdateProductDraft', access: 'user', tags: ['Product drafts'], summary: 'Change a draft (its author while pending, moderators any time)', description: 'Body: `{"id", ...}` with any field of `POST /product_drafts/create`; omitted fields stay, `category`, `barcode` and `product` take null to clear. NOT_FOUND for drafts the caller may not see; CONFLICT when the author changes a draft no longer pending.' },
  { method: 'POST', path: '/product_drafts/auto_classify', operation: 'AutoClassifyProductDraft', access: 'user', tags: ['Product drafts'], summary: 'Propose a category and a brand, with confidence, for a name and an ingredient list', description: 'Body: `{"name", "ingredient_list"}`. The category comes from the categories of the catalog products with the most similar lists; the brand from catalog brand names found in the product name.' },
  { method: 'POST', path: '/product_drafts/approve', operation: 'ApproveProductDraft', access: 'role:moderator,admin', tags: ['Product drafts'], summary: 'Approve a pending draft: creates the product (or updates the one it corrects), published', description: 'Body: `{"id"}`. One transaction: a new brand named by the draft is created, the product created or updated with its analysed list and image, and the draft records its reviewer. CONFLICT when already approved or when another product has its barcode.' },
  { method: 'GET', path: '/product_drafts/:id', operation: 'GetProductDraft', access: 'owner', tags: ['Product drafts'], summary: 'One draft (its author and moderators; NOT_FOUND for others)' },
  { method: 'DELETE', path: '/product_drafts/:id', operation: 'DeleteProductDraft', status: 204, access: 'owner', tags: ['Product drafts'], summary: 'Withdraw a draft (its author while pending, moderators any time)' },
  { method: 'PATCH', path: '/product_drafts/:id/product_image', operation: 'SetProductDraftImage', access: 'owner', uploads: ['image'], tags: ['Product drafts'], summary: 'Set a draft\'s product image (its author, moderators); the product gets it on approval', description: 'As `PATCH /products/:id_or_alias/product_image`.' },
  { method: 'GET', path: '/my/product_drafts/authored', operation: 'ListMyAuthoredProductDrafts', access: 'user', tags: ['My'], summary: 'Drafts the caller submitted, newest first' },
  { method: 'GET', path: '/my/product_drafts/reviewed', operation: 'ListMyReviewedProductDrafts', access: 'user', tags: ['My'], summary: 'Drafts the caller approved, most recent first' },

  // Compare
  { method: 'POST', path: '/compare/expand', operation: 'ExpandComparison', access: 'public', tags: ['Compare'], summary: 'Compare 2-5 products or analysed lists ingredient by ingredient', description: 'Body: `{"items": [product ids, aliases or analysis tokens]}` (2 to 5). Answers the shared ingredients, those only in each item, pairwise overlap, and flags, effects and free-of rules side by side (one cell per item, in order).' },
  { method: 'POST', path: '/compare/share', operation: 'ShareComparison', status: 201, access: 'public', tags: ['Compare'], summary: 'Store a comparison under a token (anyone; a signed-in caller owns it)', description: 'Body as `POST /compare/expand`. Answers the comparison with its `token` and `url`.' },
  { method: 'GET', path: '/compare/shared/:token', operation: 'GetSharedComparison', access: 'public', tags: ['Compare'], summary: 'A shared comparison, as its items are now' },
  { method: 'GET', path: '/sitemap/comparisons', operation: 'GetComparisonSitemap', access: 'public', contentType: 'application/xml; charset=utf-8', tags: ['Sitemap'], summary: 'sitemaps.org XML of the shared comparisons (an index of ?page= beyond 50,000)' },


  // ==== Content: ingredient opinions, product tutorials, product pitches (content helper)

  // ==== People: users, following, survey, identity provider, e-mail (people helper)

  // ==== Routines and contests (routines helper)
];
