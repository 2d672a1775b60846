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

  // ==== Content: ingredient opinions, product tutorials, product pitches (content helper)

  // ==== People: users, following, survey, identity provider, e-mail (people helper)
  // Users
  { method: 'GET', path: '/users', operation: 'ListUsers', access: 'public', tags: ['Users'], summary: 'Users, newest first (?user_type=member|expert|brand|moderator|admin)', description: 'Deleted (anonymised) accounts are left out. E-mail addresses are never listed.' },
  { method: 'GET', path: '/users/lookup', operation: 'LookupUsers', access: 'public', tags: ['Users'], summary: 'Users whose username starts with ?username=, alphabetically', description: '`username`: 1-30 characters of a-z, 0-9, `_ . -` (case-insensitive).' },
  { method: 'GET', path: '/users/experts', operation: 'ListExperts', access: 'public', tags: ['Users'], summary: 'Expert users, newest first' },
  { method: 'PATCH', path: '/users/:id/identity/email', operation: 'RequestEmailChange', access: 'owner', tags: ['Users'], summary: 'Change the e-mail address: a confirmation link goes to the new one (the user or an admin)', description: 'Body: `{"email": "new@example.com"}`. Nothing changes until PATCH /users/:id/identity/confirm_email_change gets the link\'s token (single use, 24 hours; a new request replaces the previous link). At most one request a minute per user: RATE_LIMITED with Retry-After otherwise. CONFLICT when it is already the account\'s address. E-mail goes through SMTP_URL, or to the log when unset.' },
  { method: 'PATCH', path: '/users/:id/identity/confirm_email_change', operation: 'ConfirmEmailChange', access: 'owner', tags: ['Users'], summary: 'Use the token of an e-mailed link: the new address (or the verified current one) takes effect', description: 'Body: `{"token": "..."}` (or `?token=` as in the link). Takes the tokens of both e-mail-change and verification links; either way the address is then verified. An unknown, already used or expired token is a 400 on `token` with a message saying which, and changes nothing. Answers the user with `email` and `email_verified`.' },
  { method: 'PATCH', path: '/users/:id/identity/username', operation: 'ChangeUsername', access: 'owner', tags: ['Users'], summary: 'Change a username (the user or an admin)', description: 'Body: `{"username": "..."}`: 3-30 characters of lowercase a-z, 0-9, `_ . -`, starting with a letter or digit (`^[a-z0-9][a-z0-9_.-]{2,29}$`); a few path words (experts, lookup…) and `deleted-…` are reserved. CONFLICT when another user has it.' },
  { method: 'GET', path: '/users/:id/skin_profile/survey', operation: 'GetUserSkinProfileSurvey', access: 'owner', tags: ['Users'], summary: 'The intake survey with the user\'s answers (the user and admins)', description: 'The questions of data/survey.yaml: id, text, kind (single|multiple), the skin-profile field an answer feeds, the allowed answers, and the user\'s answers (null when unanswered).' },
  { method: 'GET', path: '/users/:id/skin_profile/unanswered', operation: 'ListUserUnansweredSurveyQuestions', access: 'owner', tags: ['Users'], summary: 'The survey questions the user has not answered (the user and admins)' },
  { method: 'POST', path: '/users/:id/follow', operation: 'FollowUser', access: 'user', tags: ['Users'], summary: 'Follow a user (idempotent: 200 every time)', description: '`:id` is an id or username. Following yourself is a 400; a deleted account is NOT_FOUND. Answers `{key, user_id, following: true, followed_by}`.' },
  { method: 'DELETE', path: '/users/:id/unfollow', operation: 'UnfollowUser', status: 204, access: 'user', tags: ['Users'], summary: 'Stop following a user (idempotent)' },
  { method: 'GET', path: '/users/:id/followed_by', operation: 'ListUserFollowers', access: 'public', tags: ['Users'], summary: 'Who follows a user, most recent first' },
  { method: 'GET', path: '/users/:id/following', operation: 'ListUserFollowing', access: 'public', tags: ['Users'], summary: 'Whom a user follows, most recent first' },
  { method: 'PATCH', path: '/users/:id/profile', operation: 'UpdateUserProfile', access: 'owner', tags: ['Users'], summary: 'Change display name, bio or country (the user or an admin)', description: 'Body: any of `{"display_name": "1-80 characters"|null, "bio": "at most 1,000 characters"|null, "country": "ISO 3166-1 alpha-2 code, e.g. FR"|null}` (see GET /census/countries); omitted fields stay as they are, null clears.' },
  { method: 'GET', path: '/users/:id/resend_verification_email', operation: 'ResendVerificationEmail', access: 'owner', tags: ['Users'], summary: 'E-mail the verification link again (the user or an admin)', description: 'At most once a minute per user, across instances: RATE_LIMITED with Retry-After (seconds) otherwise. CONFLICT when the account has no address or it is already verified. The link\'s token is used with PATCH /users/:id/identity/confirm_email_change.' },
  { method: 'PATCH', path: '/users/:id/user_type', operation: 'ChangeUserType', access: 'role:admin', tags: ['Users'], summary: 'Set a user\'s type (admins)', description: 'Body: `{"user_type": "member|expert|brand|moderator|admin"}`. Subjects in ADMIN_SUBJECTS stay admins whatever is set.' },
  { method: 'POST', path: '/users/send_invite_link', operation: 'SendInviteLink', status: 201, access: 'user', tags: ['Users'], summary: 'Invite someone by e-mail', description: 'Body: `{"email": "friend@example.com"}`. At most once a minute per user, across instances: RATE_LIMITED with Retry-After otherwise. The invitation is recorded.' },

  // My (people)
  { method: 'PATCH', path: '/my/user/supergroups', operation: 'SetMySupergroups', access: 'user', tags: ['My'], summary: 'Replace the interest groups the caller belongs to', description: 'Body: `{"supergroups": ["acne", "minimalists", ...]}` ([] leaves all). Groups: acne, fungal-acne, anti-aging, sensitive-skin, rosacea, hyperpigmentation, dry-skin, oily-skin, minimalists, pregnancy-safe, fragrance-free, vegan-cruelty-free, sun-care, budget (data/supergroups.yaml); an unknown one is a 400.' },
  { method: 'GET', path: '/my/followed_by', operation: 'ListMyFollowers', access: 'user', tags: ['My'], summary: 'Who follows the caller, most recent first' },
  { method: 'GET', path: '/my/following', operation: 'ListMyFollowing', access: 'user', tags: ['My'], summary: 'Whom the caller follows, most recent first' },
  { method: 'GET', path: '/my/compatibility/product/:id_or_alias', operation: 'GetMyProductCompatibility', access: 'user', tags: ['My'], summary: 'Good, neutral, caution or avoid for the caller, for a product, with the reasons', description: 'The product\'s matched ingredients judged as GET /analyze/:token/personalize judges a list: skin type and concerns, pregnancy, and the caller\'s ingredient feelings; and, from the survey\'s sensitivities (fragrance, essential oils, alcohol, sulfates, chemical sunscreen, acids, retinoids, lanolin), a caution (source `sensitivity`) on each ingredient the skin reacted to, unless the caller marked it positive. Unmatched entries are listed, not judged.' },
  { method: 'GET', path: '/my/intake_decision', operation: 'GetMyIntakeDecision', access: 'user', tags: ['My'], summary: 'Whether the caller takes or skips the intake survey, and how far they got' },
  { method: 'PATCH', path: '/my/survey/active/intake_decision', operation: 'DecideMyIntake', access: 'user', tags: ['My'], summary: 'Take or skip the intake survey', description: 'Body: `{"decision": "take|skip|undecided"}`.' },
  { method: 'GET', path: '/my/survey/answered', operation: 'ListMyAnsweredSurveyQuestions', access: 'user', tags: ['My'], summary: 'The survey questions the caller answered, with the answers' },
  { method: 'GET', path: '/my/survey/unanswered', operation: 'ListMyUnansweredSurveyQuestions', access: 'user', tags: ['My'], summary: 'The survey questions the caller has not answered' },
  { method: 'POST', path: '/my/survey_answers', operation: 'AnswerMySurvey', status: 201, access: 'user', tags: ['My'], summary: 'Answer survey questions; the answers update the skin profile', description: 'Body: `{"answers": [{"question": "skin_type", "values": ["oily"]}, {"question": "concerns", "values": ["acne", "large_pores"]}]}`. Single-choice questions take exactly one value, multiple-choice ones one or more; an answer replaces an earlier one. Every answer is checked before anything is written: an unknown question or value is a 400 naming `answers[i].question` or `answers[i].values`. Each question feeds one skin-profile field (skin_type, concerns, pregnant, sensitivities, goals, climate, age_range, routine_experience). Answers the whole survey.' },
  { method: 'POST', path: '/my/survey_answers/reset', operation: 'ResetMySurvey', access: 'user', tags: ['My'], summary: 'Forget the caller\'s survey answers and the profile fields they fed', description: 'feelings_public stays as it is. Answers the (now unanswered) survey.' },

  // Following
  { method: 'GET', path: '/following/ingredient_feelings/positive', operation: 'ListFollowingPositiveIngredientFeelings', access: 'user', tags: ['Following'], summary: 'Ingredients the people the caller follows marked positive: how many of them and who, most first', description: 'Users who keep their feelings private are left out. `users` lists at most 20 of them (most recent first); `count` is the full number.' },
  { method: 'GET', path: '/following/ingredient_feelings/negative', operation: 'ListFollowingNegativeIngredientFeelings', access: 'user', tags: ['Following'], summary: 'Ingredients the people the caller follows marked negative: how many of them and who, most first', description: 'As for positive.' },

  // User relationships
  { method: 'GET', path: '/user_relationships/lookup', operation: 'LookupUserRelationships', access: 'user', tags: ['User relationships'], summary: 'Which of these users the caller follows and is followed by (?ids=a,b)', description: '`ids`: 1-100 user ids or usernames, comma-separated. One item per key, in order; `user_id` is null for an unknown one.' },

  // Identity-provider hook
  { method: 'POST', path: '/identity_provider', operation: 'ReceiveIdentityProviderEvent', rawBody: 'payload', headers: { signature: 'X-Signature' }, access: 'public', tags: ['Identity-provider hook'], summary: 'User events from the identity provider (signed)', description: 'Body: `{"id": "event id", "type": "user.created|user.updated|user.deleted", "timestamp": "ISO 8601" or Unix seconds, "user": {"subject", "email"?, "email_verified"?, "username"?, "name"?}}`, signed with `X-Signature`: the hex HMAC-SHA256 of the exact body bytes under IDP_WEBHOOK_SECRET (`sha256=` prefix allowed). Checked in order: no or wrong signature → 401 UNAUTHENTICATED; a malformed event → 400 naming the field; a timestamp more than 5 minutes from now → 400 on `timestamp`; an event id seen before → 200 with `status: "duplicate"`. None of these changes anything. Otherwise 200 with `status: "applied"` (or `"ignored"` for the deletion of an unknown subject). created/updated create the subject\'s user or update its e-mail and name; deleted anonymises the user: e-mail, display name, bio, country, skin profile, survey answers, interest groups, ingredient feelings and follows go, the username becomes `deleted-…`, the subject an unusable value; products, brands and analyses stay.' },

  // ==== Routines and contests (routines helper)
];
