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

  // Featured
  { method: 'GET', path: '/featured', operation: 'ListFeatured', access: 'public', tags: ['Featured'], summary: 'What the home screen shows: products, routines and articles in curated order (?kind=product|routine|article)', description: 'Curated by admins through GraphQL (`addFeaturedItem`, `removeFeaturedItem`); items whose product or routine is gone or unpublished are left out. At most 100 items, one page.' },

  // Facets
  { method: 'GET', path: '/facets', operation: 'ListFacets', access: 'public', tags: ['Facets'], summary: 'The catalog\'s filters, in display order' },
  { method: 'GET', path: '/facets/:id', operation: 'GetFacet', access: 'public', tags: ['Facets'], summary: 'One facet by id or alias' },
  { method: 'PATCH', path: '/facets/update/:id', operation: 'UpdateFacet', access: 'role:admin', tags: ['Facets'], summary: 'Change a facet (admins)' },
  { method: 'POST', path: '/facets/create', operation: 'CreateFacet', status: 201, access: 'role:admin', tags: ['Facets'], summary: 'Add a facet (admins)', description: 'Body: `{"name", "parameter": "free_of|flags|category|brand", "values"?: [{"value", "label"}], "alias"?, "position"?}`. Category and brand facets list the catalog\'s current ones.' },

  // Stats (admins): body `{"from": "YYYY-MM-DD", "to": "YYYY-MM-DD", "time_zone": "Europe/Paris"}`, all optional
  { method: 'POST', path: '/stats/analyze/created_per_day', operation: 'GetAnalysesCreatedPerDay', access: 'role:admin', tags: ['Stats'], summary: 'Analyses per day, zero-filled (default: the last 30 days, UTC)' },
  { method: 'POST', path: '/stats/product_buy_clicks/created_per_day', operation: 'GetProductBuyClicksCreatedPerDay', access: 'role:admin', tags: ['Stats'], summary: 'Buy clicks per day, zero-filled' },
  { method: 'POST', path: '/stats/products/created_per_day', operation: 'GetProductsCreatedPerDay', access: 'role:admin', tags: ['Stats'], summary: 'Products added per day, zero-filled' },
  { method: 'POST', path: '/stats/product_tutorials/created_per_day', operation: 'GetProductTutorialsCreatedPerDay', access: 'role:admin', tags: ['Stats'], summary: 'Product tutorials written per day, zero-filled' },
  { method: 'POST', path: '/stats/ingredient_opinions/created_per_day', operation: 'GetIngredientOpinionsCreatedPerDay', access: 'role:admin', tags: ['Stats'], summary: 'Ingredient opinions written per day, zero-filled' },
  { method: 'POST', path: '/stats/routines/created_per_day', operation: 'GetRoutinesCreatedPerDay', access: 'role:admin', tags: ['Stats'], summary: 'Routines created per day, zero-filled' },
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

  // ==== Content: ingredient opinions, product tutorials, product pitches (content helper)
  // Ingredient opinions: one uuid per opinion, one entry (its own uuid) per version. Endorsements are
  // GraphQL only (endorseIngredientOpinion / unendorseIngredientOpinion): the specification has no path for them.
  { method: 'POST', path: '/ingredient_opinions/create', operation: 'CreateIngredientOpinion', status: 201, access: 'role:expert,moderator', tags: ['Ingredient opinions'], summary: 'Write an opinion about an ingredient (experts, moderators, admins)', description: 'Body: `{"ingredient": "id or alias", "text": "1-10,000 characters"}`. Hashtags (`#word`: letters, digits and _, at least one letter) are read from the text, lowercased. An author may write several opinions on one ingredient. Answers the opinion; its `current_entry_id` is the first entry.' },
  { method: 'PATCH', path: '/ingredient_opinions/:opinion_uuid', operation: 'UpdateIngredientOpinion', access: 'owner', tags: ['Ingredient opinions'], summary: 'Edit an opinion: a new entry (version) becomes current (the author, moderators, admins)', description: 'Body: `{"text": "..."}`. The opinion keeps its uuid; earlier entries stay in its history.' },
  { method: 'DELETE', path: '/ingredient_opinions/:opinion_uuid', operation: 'DeleteIngredientOpinion', status: 204, access: 'owner', tags: ['Ingredient opinions'], summary: 'Delete an opinion with every entry, endorsement and pitch attachment (the author, moderators, admins)' },
  { method: 'GET', path: '/ingredient_opinions/:opinion_uuid/current', operation: 'GetCurrentIngredientOpinionEntry', access: 'public', tags: ['Ingredient opinions'], summary: 'The newest entry of an opinion' },
  { method: 'GET', path: '/ingredient_opinions/:opinion_uuid/history', operation: 'ListIngredientOpinionHistory', access: 'public', tags: ['Ingredient opinions'], summary: 'Every entry of an opinion, newest first' },
  { method: 'GET', path: '/ingredient_opinions/entry/:entry_uuid', operation: 'GetIngredientOpinionEntry', access: 'public', tags: ['Ingredient opinions'], summary: 'One entry (version) of an opinion' },
  { method: 'GET', path: '/ingredient_opinions/hashtag/:hashtag', operation: 'ListIngredientOpinionsByHashtag', access: 'public', tags: ['Ingredient opinions'], summary: 'Opinions whose current text has the hashtag, newest edit first', description: 'Case-insensitive, with or without the leading # (URL-encoded as %23). A hashtag takes letters, digits and _, at least one letter, at most 50: anything else is a 400 naming `hashtag`.' },
  { method: 'GET', path: '/ingredients/:id_or_alias/endorsed_opinions', operation: 'ListEndorsedIngredientOpinions', access: 'public', tags: ['Ingredients'], summary: 'An ingredient\'s opinions with at least one endorsement, most endorsed first (then newest)', description: 'Experts, moderators and admins endorse another author\'s opinion with the GraphQL mutations `endorseIngredientOpinion(opinionUuid)` and `unendorseIngredientOpinion(opinionUuid)` (idempotent; not one\'s own): the specification has no REST path for endorsing.' },
  { method: 'GET', path: '/ingredients/:id_or_alias/featured_opinion', operation: 'GetFeaturedIngredientOpinion', access: 'public', tags: ['Ingredients'], summary: 'An ingredient\'s most endorsed opinion (ties: the newest); NOT_FOUND when none is endorsed' },
  { method: 'GET', path: '/my/ingredient_opinions', operation: 'ListMyIngredientOpinions', access: 'user', tags: ['My'], summary: 'The caller\'s ingredient opinions, newest first' },
  { method: 'GET', path: '/my/ingredient_opinions/:ingredient_id_or_alias', operation: 'ListMyIngredientOpinionsForIngredient', access: 'user', tags: ['My'], summary: 'The caller\'s opinions on one ingredient, newest first' },
  { method: 'GET', path: '/users/:id_or_username/ingredient_opinions', operation: 'ListUserIngredientOpinions', access: 'public', tags: ['Users'], summary: 'A user\'s ingredient opinions, newest first' },

  // Product tutorials: drafts are seen by their author, moderators and admins only (NOT_FOUND for others).
  { method: 'GET', path: '/product_tutorials', operation: 'ListProductTutorials', access: 'public', tags: ['Product tutorials'], summary: 'Published tutorials, newest first (?product= id or alias)' },
  { method: 'POST', path: '/product_tutorials/create', operation: 'CreateProductTutorial', status: 201, access: 'user', tags: ['Product tutorials'], summary: 'Start a tutorial of a product, as a draft', description: 'Body: `{"product": "id or alias", "title": "1-200 characters", "description"?: "...", "frequency"?: "twice_daily|daily|every_other_day|twice_weekly|weekly|as_needed", "time_of_day"?: "am|pm|any"}`.' },
  { method: 'GET', path: '/product_tutorials/:id', operation: 'GetProductTutorial', access: 'public', tags: ['Product tutorials'], summary: 'One tutorial with its instructions and warnings' },
  { method: 'GET', path: '/product_tutorials/:id/product_tutorial_instructions', operation: 'ListProductTutorialInstructions', access: 'public', tags: ['Product tutorials'], summary: 'A tutorial\'s instructions by position (1..n)' },
  { method: 'POST', path: '/product_tutorials/:id/product_tutorial_instructions/create', operation: 'CreateProductTutorialInstruction', status: 201, access: 'owner', tags: ['Product tutorials'], summary: 'Append an instruction (position n + 1; the author, moderators, admins)', description: 'Body: `{"text": "1-2,000 characters"}`.' },
  { method: 'DELETE', path: '/product_tutorials/:id/product_tutorial_instructions/:instruction_id', operation: 'DeleteProductTutorialInstruction', status: 204, access: 'owner', tags: ['Product tutorials'], summary: 'Remove an instruction; later ones move up one position' },
  { method: 'GET', path: '/product_tutorials/:id/product_tutorial_warnings', operation: 'ListProductTutorialWarnings', access: 'public', tags: ['Product tutorials'], summary: 'A tutorial\'s warnings, oldest first' },
  { method: 'POST', path: '/product_tutorials/:id/product_tutorial_warnings/create', operation: 'CreateProductTutorialWarning', status: 201, access: 'owner', tags: ['Product tutorials'], summary: 'Add a warning (the author, moderators, admins)', description: 'Body: `{"text": "1-2,000 characters"}`.' },
  { method: 'DELETE', path: '/product_tutorials/:id/product_tutorial_warnings/:warning_id', operation: 'DeleteProductTutorialWarning', status: 204, access: 'owner', tags: ['Product tutorials'], summary: 'Remove a warning' },
  { method: 'PATCH', path: '/product_tutorials/:id/publish', operation: 'PublishProductTutorial', access: 'owner', tags: ['Product tutorials'], summary: 'Publish a draft (the author, moderators, admins); CONFLICT unless a draft', description: 'CONFLICT also while the product itself is unpublished: a published tutorial is listed to everyone with its product.' },
  { method: 'PATCH', path: '/product_tutorials/:id/set_general_info', operation: 'SetProductTutorialGeneralInfo', access: 'owner', tags: ['Product tutorials'], summary: 'Change title, description, frequency, time of day', description: 'Body: any of `{"title", "description", "frequency", "time_of_day"}`; omitted fields stay as they are; `frequency: null` and `time_of_day: null` clear.' },
  { method: 'PATCH', path: '/product_tutorials/:id/set_media_url', operation: 'SetProductTutorialMediaUrl', access: 'owner', tags: ['Product tutorials'], summary: 'Set the media URL (https only)', description: 'Body: `{"media_url": "https://..."}` (at most 2,000 characters; anything but an https URL is a 400 naming `media_url`).' },
  { method: 'PATCH', path: '/product_tutorials/:id/set_quantity', operation: 'SetProductTutorialQuantity', access: 'owner', tags: ['Product tutorials'], summary: 'Set how much to use per application', description: 'Body: `{"amount": number above 0 (at most 10,000), "unit": "unit of measurement id or alias"}`; an unknown unit is a 400 naming `unit`.' },
  { method: 'GET', path: '/products/:id_or_alias/product_tutorials', operation: 'ListProductProductTutorials', access: 'public', tags: ['Products'], summary: 'A product\'s published tutorials, newest first' },
  { method: 'GET', path: '/products/:id_or_alias/product_tutorials/featured', operation: 'GetFeaturedProductTutorial', access: 'public', tags: ['Products'], summary: 'A product\'s featured tutorial', description: 'Among its published tutorials with a media URL, the one with the most instructions; ties go to the newest. NOT_FOUND when none has a media URL. (Routine usage will rank them once routines can point at tutorials.)' },
  { method: 'GET', path: '/my/product_tutorials', operation: 'ListMyProductTutorials', access: 'user', tags: ['My'], summary: 'The caller\'s tutorials, drafts included, newest first' },
  { method: 'GET', path: '/users/:id_or_username/product_tutorials', operation: 'ListUserProductTutorials', access: 'public', tags: ['Users'], summary: 'A user\'s published tutorials, newest first (drafts too for the user, moderators and admins)' },

  // Product pitches: changed by the pitch's author, the current owner of the product's brand, moderators and admins.
  { method: 'POST', path: '/product_pitches/create', operation: 'CreateProductPitch', status: 201, access: 'role:brand', tags: ['Product pitches'], summary: 'Pitch a product of a brand the caller owns for routine steps (brand users; admins)', description: 'Body: `{"product": "id or alias", "step_types": ["cleanse|tone|exfoliate|treat|mask|eye|moisturise|protect", ...], "message"?: "at most 2,000 characters"}`.' },
  { method: 'PATCH', path: '/product_pitches/:id/assign_affiliate', operation: 'AssignProductPitchAffiliate', access: 'owner', tags: ['Product pitches'], summary: 'Set the pitch\'s affiliate link and credited user', description: 'Body: `{"affiliate_url": "https://...", "affiliate_user"?: "user id or username"}`. Stores the URL (normalised), the credited user (none when left out: each call replaces both) and the time of assignment.' },
  { method: 'PATCH', path: '/product_pitches/:id/add_ingredient_opinion', operation: 'AddProductPitchIngredientOpinion', access: 'owner', tags: ['Product pitches'], summary: 'Attach an ingredient opinion (idempotent)', description: 'Body: `{"opinion_uuid": "..."}`: any opinion about an ingredient the product contains (else a 400 naming `opinion_uuid`; an unknown opinion is a 404).' },
  { method: 'PATCH', path: '/product_pitches/:id/remove_ingredient_opinion', operation: 'RemoveProductPitchIngredientOpinion', access: 'owner', tags: ['Product pitches'], summary: 'Detach an ingredient opinion (NOT_FOUND when not attached)', description: 'Body: `{"opinion_uuid": "..."}`.' },
  { method: 'GET', path: '/product_pitches/:id/ingredient_opinions', operation: 'ListProductPitchIngredientOpinions', access: 'public', tags: ['Product pitches'], summary: 'The opinions attached to a pitch, in the order they were attached' },
  { method: 'GET', path: '/my/product_pitches', operation: 'ListMyProductPitches', access: 'user', tags: ['My'], summary: 'The caller\'s pitches, newest first' },

  // ==== People: users, following, survey, identity provider, e-mail (people helper)

  // ==== Routines and contests (routines helper)
  // Routines: published ones are public; private ones are their owner's only (NOT_FOUND for others). Writes: the owner (FORBIDDEN for others).
  { method: 'GET', path: '/routines', operation: 'ListRoutines', access: 'public', tags: ['Routines'], summary: 'Published routines, newest first (?time_of_day=morning|evening|weekly|anytime, ?product= id or alias)' },
  { method: 'POST', path: '/routines/create', operation: 'CreateRoutine', status: 201, access: 'user', tags: ['Routines'], summary: 'Create a private routine', description: 'Body: `{"name", "time_of_day": "morning|evening|weekly|anytime", "description"?, "current"?: bool, "steps"?: [{"step_type", "product"?: id or alias, "note"?}]}`. Step types: cleanse, tone, exfoliate, treat, eye, mask, moisturise, protect. At most 30 steps. `current` marks it as one of the caller\'s current routines (GET /my/current_routine_ids). Publish it with PATCH /routines/:id/publish.' },
  { method: 'POST', path: '/routines/request', operation: 'RequestRoutine', status: 201, access: 'user', tags: ['Routines'], summary: 'Ask experts for a routine', description: 'Body: `{"message", "time_of_day"?}`. The caller\'s skin profile (skin type, concerns, pregnancy) is stored with the request as it is now.' },
  { method: 'DELETE', path: '/routines/request/:id', operation: 'DeleteRoutineRequest', status: 204, access: 'owner', tags: ['Routines'], summary: 'Withdraw a routine request (its requester only: FORBIDDEN for others)' },
  { method: 'GET', path: '/routines/:id', operation: 'GetRoutine', access: 'public', tags: ['Routines'], summary: 'One routine with its steps' },
  { method: 'DELETE', path: '/routines/:id', operation: 'DeleteRoutine', status: 204, access: 'owner', tags: ['Routines'], summary: 'Delete a routine (its owner or an admin)' },
  { method: 'GET', path: '/routines/:id/compatibility', operation: 'GetRoutineCompatibility', access: 'public', tags: ['Routines'], summary: 'How the routine\'s products go together and with its time of day', description: 'Findings from the rules of data/routine-rules.yaml (retinoids with AHAs/BHAs, benzoyl peroxide with retinoids, several exfoliants, vitamin C with acids, copper peptides with acids or vitamin C, retinoids or acids in the morning without sunscreen, duplicated actives, fragrance load, ingredients the owner marked negative when their feelings are visible to the caller), each with its severity (high, medium, low), steps, ingredients, reason and reference. `verdict`: compatible, caution or conflict.' },
  { method: 'GET', path: '/routines/:id/analyze/:token/compatibility', operation: 'GetRoutineAnalysisCompatibility', access: 'public', tags: ['Routines'], summary: 'Would the analysed product fit the routine, at which step, with which new findings', description: '`verdict`: fits, caution (adds medium or low findings) or does_not_fit (adds a high finding, or suits another time of day). `placements`: the step types it can fill at this time of day, the position it would take and the steps of that type it could replace. Findings involving the product name the step "candidate".' },
  { method: 'POST', path: '/routines/:id/favorite', operation: 'FavoriteRoutine', access: 'user', tags: ['Routines'], summary: 'Favour a routine (idempotent: 200 every time; the first favour\'s time is kept)' },
  { method: 'DELETE', path: '/routines/:id/favorite', operation: 'UnfavoriteRoutine', status: 204, access: 'user', tags: ['Routines'], summary: 'Stop favouring a routine (idempotent)' },
  { method: 'GET', path: '/routines/:id/favorited_by', operation: 'ListRoutineFavoritedBy', access: 'public', tags: ['Products'], summary: 'Users who favour a routine, most recent first' },
  { method: 'PATCH', path: '/routines/:id/publish', operation: 'PublishRoutine', access: 'owner', tags: ['Routines'], summary: 'Publish a private routine (its owner; CONFLICT when already published)' },
  { method: 'PATCH', path: '/routines/:id/update', operation: 'UpdateRoutine', access: 'owner', tags: ['Routines'], summary: 'Change a routine (its owner)', description: 'Body: any of `{"name", "description", "time_of_day", "current": bool}`; omitted fields stay as they are.' },
  { method: 'PATCH', path: '/routines/:id/update_routine_step_order', operation: 'UpdateRoutineStepOrder', access: 'owner', tags: ['Routines'], summary: 'Reorder the steps (its owner)', description: 'Body: `{"routine_step_ids": [...]}`: every step id of the routine exactly once, in the new order (otherwise VALIDATION_FAILED naming routine_step_ids).' },
  { method: 'PATCH', path: '/routines/:id/add_routine_step', operation: 'AddRoutineStep', access: 'owner', tags: ['Routines'], summary: 'Add a step (its owner)', description: 'Body: `{"step_type", "product"?: id or alias, "note"?, "position"?: 1..n+1}` (default: at the end; later steps move down one). Answers the routine.' },
  { method: 'GET', path: '/routines/:id/product_pitches', operation: 'ListRoutineProductPitches', access: 'public', tags: ['Routines'], summary: 'Pitches of published products for the routine\'s step types, those assigned to its steps first' },
  { method: 'GET', path: '/routines/:id/detailed_summary', operation: 'GetRoutineDetailedSummary', access: 'public', tags: ['Routines'], summary: 'Per step the product, its key actives, flags and effects; and the routine\'s totals' },
  { method: 'GET', path: '/routines/:id/routine_steps', operation: 'ListRoutineSteps', access: 'public', tags: ['Routines'], summary: 'A routine\'s steps in order' },
  { method: 'PATCH', path: '/routines/:id/routine_steps/:routine_step_id/assign_pitch', operation: 'AssignRoutineStepPitch', access: 'owner', tags: ['Routines'], summary: 'Point a step at a product pitch (its owner); the step takes the pitch\'s product', description: 'Body: `{"product_pitch_id": "..." | null}` (null clears it). A step of another routine is VALIDATION_FAILED naming routine_step_id; an unknown pitch, or one of a product that is not published, VALIDATION_FAILED naming product_pitch_id.' },
  { method: 'PATCH', path: '/routines/:id/routine_steps/:routine_step_id/assign_product', operation: 'AssignRoutineStepProduct', access: 'owner', tags: ['Routines'], summary: 'Set a step\'s product (its owner)', description: 'Body: `{"product": id or alias | null}` (null clears it). A pitch or tutorial of another product is cleared with it. An unknown product is VALIDATION_FAILED naming product.' },
  { method: 'PATCH', path: '/routines/:id/routine_steps/:routine_step_id/assign_product_tutorial', operation: 'AssignRoutineStepTutorial', access: 'owner', tags: ['Routines'], summary: 'Point a step at a product tutorial (its owner); the step takes the tutorial\'s product', description: 'Body: `{"product_tutorial_id": "..." | null}`. The tutorial must be published (or the caller\'s own) and of a visible product, else VALIDATION_FAILED naming product_tutorial_id.' },
  { method: 'GET', path: '/my/routines', operation: 'ListMyRoutines', access: 'user', tags: ['My'], summary: 'The caller\'s routines, private ones included, newest first' },
  { method: 'GET', path: '/my/current_routine_ids', operation: 'ListMyCurrentRoutineIds', access: 'user', tags: ['My'], summary: 'Ids of the caller\'s current routines (set with `current` on create or update)' },
  { method: 'GET', path: '/my/favorite_routines', operation: 'ListMyFavoriteRoutines', access: 'user', tags: ['My'], summary: 'The caller\'s favourite routines, most recently favoured first' },
  { method: 'GET', path: '/my/routine_requests', operation: 'ListMyRoutineRequests', access: 'user', tags: ['My'], summary: 'The caller\'s routine requests, newest first' },
  { method: 'GET', path: '/users/:id_or_username/routines', operation: 'ListUserRoutines', access: 'public', tags: ['Users'], summary: 'A user\'s published routines (and private ones when the user asks), newest first' },
  { method: 'GET', path: '/user/:id_or_username/favorite_routines', operation: 'ListUserFavoriteRoutines', access: 'public', tags: ['Users'], summary: 'A user\'s favourite routines (those the caller may see), most recently favoured first' },
  { method: 'GET', path: '/products/:id_or_alias/top_routines', operation: 'ListProductTopRoutines', access: 'public', tags: ['Products'], summary: 'Published routines using the product, most favoured first (ties: earliest published)' },
  { method: 'GET', path: '/products/:id_or_alias/top_users', operation: 'ListProductTopUsers', access: 'public', tags: ['Products'], summary: 'Users whose published routines use the product', description: 'Ranked by how many of their published routines have a step with the product, then by the favourites those routines have, then by who published such a routine first. Each item gives `routine_count` and `favorite_count`.' },
  // Contests: "most liked routine" by ISO week (Monday 00:00 UTC to the next Monday); a published routine scores the favourites it received that week; ties go to the routine published first.
  { method: 'GET', path: '/contests/most_liked_routine/leaderboard', operation: 'ListCurrentMostLikedRoutineLeaderboard', access: 'public', tags: ['Contests'], summary: 'This week\'s ranked routines' },
  { method: 'GET', path: '/contests/most_liked_routine/leaderboard/previous_week', operation: 'ListPreviousMostLikedRoutineLeaderboard', access: 'public', tags: ['Contests'], summary: 'Last week\'s ranked routines' },
  { method: 'GET', path: '/contests/most_liked_routine/leaderboard/:week_number', operation: 'ListMostLikedRoutineLeaderboard', access: 'public', tags: ['Contests'], summary: 'A week\'s ranked routines (:week_number is YYYYWW, e.g. 202648)' },
  { method: 'GET', path: '/contests/current_week', operation: 'GetCurrentContest', access: 'public', tags: ['Contests'], summary: 'This week\'s contest: bounds, entries and leader' },
  { method: 'GET', path: '/contests/previous_week', operation: 'GetPreviousContest', access: 'public', tags: ['Contests'], summary: 'Last week\'s contest' },
  { method: 'GET', path: '/contests/:week_number', operation: 'GetContest', access: 'public', tags: ['Contests'], summary: 'A week\'s contest (:week_number is YYYYWW: ISO week-numbering year and week; anything else is VALIDATION_FAILED naming week_number)' },
  { method: 'GET', path: '/my/contests/current_week', operation: 'GetMyCurrentContestStanding', access: 'user', tags: ['My'], summary: 'The caller\'s standing this week: their best-ranked routine\'s rank and score, or entry null' },
  { method: 'GET', path: '/my/contests/previous_week', operation: 'GetMyPreviousContestStanding', access: 'user', tags: ['My'], summary: 'The caller\'s standing last week' },
];
