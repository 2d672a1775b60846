// Pages people open in a browser: the home page with its paste box, shared analyses and
// comparisons, products, ingredients, and the landings of e-mailed links. Server-rendered from
// the named GraphQL operations; under /p/ so no REST path of the specification is shadowed.
import { crossSiteRefusal } from './same-origin.js';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import type { Context } from '../context.js';
import { AppError, validationFailed } from '../errors.js';
import { pageRoute } from '../platform/security.js';
import type { RouteDefinition } from '../rest/types.js';
import { loadVocabulary } from '../modules/ingredient/vocabulary.js';
import { layout, type Html } from './html.js';
import { loadPageOperations, operationRunner } from './page-operations.js';
import { pagePaths } from '../modules/shared/page-paths.js';
import {
  comparisonPage,
  emailConfirmedPage,
  emailConfirmPage,
  errorPage,
  homePage,
  PASTE_LIMIT,
  productChangesPage,
  reformulationUnsubscribePage,
  reformulationUnsubscribedPage,
  routinePage,
  routineUnavailablePage,
  type ListDiffData,
  type RoutineData,
  type ComparisonData,
  type EmailLinkData,
  type SkinCalcData,
} from './page.views.js';
import { analysisPage, type AnalysisData } from './analysis.views.js';
import {
  ingredientPage,
  productPage,
  type AlternativesData,
  type IngredientData,
  type IngredientProductsData,
  type OffersData,
  type OpinionsData,
  type ProductAnalysisData,
  type ProductData,
  type SimilarData,
  type VersionsData,
} from './catalog.views.js';
import { readerCurrency } from './reader-currency.js';
import { PLAN_PAGE_OPERATIONS, registerPlanPages } from './plan.routes.js';

export interface PageOptions {
  schema: GraphQLSchema;
  /** rest-mappings/: the pages run the REST layer's operations by name. */
  mappingsDir: string;
  /** The per-request context, as for REST and GraphQL. */
  context: (request: FastifyRequest) => Promise<unknown>;
  /** PUBLIC_URL: links to share. */
  publicUrl: string;
}

const OPERATIONS = [
  'AnalyzeIngredientList',
  'GetAnalysisSkinCalc',
  'GetSharedComparison',
  'GetProduct',
  'GetProductAnalysis',
  'GetIngredient',
  'GetUser',
  'GetEmailLink',
  'ConfirmEmailLink',
  // Reformulation watch
  'UnsubscribeReformulationDigest',
  'ResubscribeReformulationDigest',
  // E-mailed links land on pages
  'GetRoutine',
  'GetProductIngredientListDiff',
  // What the API knows, on the pages people land on
  'GetSharedAnalysis',
  'ListProductOffers',
  'ListSimilarProducts',
  'ListBetterAlternatives',
  'ListProductVersionsPage',
  'ListIngredientProductsPage',
  'ListIngredientOpinionsPage',
  // A shared routine plan's phone pages (plan.routes.ts)
  ...PLAN_PAGE_OPERATIONS,
];

/** A query parameter given once (a repeated one arrives as an array: a 400, not a crash). */
function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || typeof value === 'string') return value;
  throw validationFailed(name, `${name} takes one value`);
}

/** How many of each list the product and ingredient pages show at a time. */
const SHOWN = { similar: 5, alternatives: 5, versions: 10, products: 20, opinions: 10 };

/** The paste form posts to an analysis: it counts against the analysis budget, like POST /analyze/*. */
const analysisLimited: { route: Pick<RouteDefinition, 'method' | 'path' | 'rateLimit'> } = {
  route: { method: 'POST', path: '/p/analyze', rateLimit: 'analysis' },
};

type Params = {
  Params: Record<string, string>;
  Querystring: Record<string, string | undefined>;
  Body: Record<string, string | undefined> | undefined;
};

export async function registerPages(app: FastifyInstance, options: PageOptions): Promise<void> {
  const run = operationRunner(options.schema, loadPageOperations(options.mappingsDir), OPERATIONS);
  const labels = loadVocabulary();
  const css = readFileSync(new URL('./pages.css', import.meta.url));

  const send = (
    reply: FastifyReply,
    status: number,
    page: { title: string; description: string; canonical?: string; noindex?: boolean; main: Html },
  ) => reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(layout(page));

  /** Runs a page; a client's error (not found, bad input, rate limit) is a page with its status too. */
  const page =
    (build: (request: FastifyRequest<Params>, reply: FastifyReply, context: unknown) => Promise<unknown>) =>
    async (request: FastifyRequest<Params>, reply: FastifyReply) => {
      try {
        return await build(request, reply, await options.context(request));
      } catch (error) {
        if (!(error instanceof AppError) || error.code === 'INTERNAL') throw error;
        if (error.code === 'RATE_LIMITED')
          reply.header(
            'retry-after',
            String((error.details as { retry_after_seconds?: number } | undefined)?.retry_after_seconds ?? 60),
          );
        return send(reply, error.status, {
          title: error.status === 404 ? 'Not found' : 'Error',
          description: error.message,
          main: errorPage(error.status, error.message),
        });
      }
    };

  await app.register(async (scope) => {
    // HTML forms post application/x-www-form-urlencoded; only these pages accept it (the API stays JSON).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: PASTE_LIMIT * 4 + 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    registerPlanPages(scope, { run, send, page });

    scope.get('/p/pages.css', async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(css),
    );

    scope.get<Params>(
      '/',
      { config: pageRoute },
      page(async (_request, reply) =>
        send(reply, 200, {
          title: 'What is in your skincare?',
          description: 'Paste the ingredient list of a skincare product and learn what each ingredient does.',
          canonical: `${options.publicUrl}/`,
          main: homePage(),
        }),
      ),
    );

    scope.get<Params>(
      '/p/join',
      { config: pageRoute },
      page(async (request, reply, context) => {
        const username = request.query.invited_by;
        const inviter = username
          ? await run<{ username: string; display_name: string | null }>(
              'GetUser',
              { id_or_username: username },
              context,
            ).catch((error: unknown) => {
              if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_FAILED'))
                return null;
              throw error;
            })
          : null;
        return send(reply, 200, {
          title: 'You are invited',
          description: 'An invitation to Skincare: look up what is in your products and find what suits your skin.',
          main: homePage({
            invitedBy: inviter ? { name: inviter.display_name || inviter.username, username: inviter.username } : null,
          }),
        });
      }),
    );

    scope.post<Params>(
      '/p/analyze',
      { config: { ...pageRoute, ...analysisLimited } },
      page(async (request, reply, context) => {
        const refused = crossSiteRefusal({
          secFetchSite: single(request.headers, 'sec-fetch-site'),
          origin: single(request.headers, 'origin'),
          own: [new URL(options.publicUrl).origin, `${request.protocol}://${request.host}`],
        });
        if (refused) {
          return send(reply, 403, { title: 'Refused', description: refused, main: errorPage(403, refused) });
        }
        const text = request.body?.ingredient_list ?? '';
        if (!text.trim()) {
          return send(reply, 400, {
            title: 'What is in your skincare?',
            description: 'Paste an ingredient list.',
            main: homePage({ formError: 'Paste an ingredient list first: the box is empty.' }),
          });
        }
        if (text.length > PASTE_LIMIT) {
          return send(reply, 400, {
            title: 'What is in your skincare?',
            description: 'Paste an ingredient list.',
            main: homePage({
              formError: `The list is over ${PASTE_LIMIT.toLocaleString('en')} characters.`,
              formValue: text.slice(0, PASTE_LIMIT),
            }),
          });
        }
        const analysis = await run<{ token: string }>('AnalyzeIngredientList', { ingredient_list: text }, context);
        // Post/redirect/get: the analysis has its own address, to reload and share.
        return reply.code(303).header('location', pagePaths.analysis(analysis.token)).send();
      }),
    );

    scope.get<Params>(
      '/p/analyses/:token',
      { config: pageRoute },
      page(async (request, reply, context) => {
        const { token } = request.params;
        const [analysis, skinCalc] = await Promise.all([
          // The API's own operation (GET /analyze/shared/:token): the page shows what the API answers.
          run<AnalysisData>('GetSharedAnalysis', { token }, context),
          run<SkinCalcData>('GetAnalysisSkinCalc', { token }, context),
        ]);
        const url = `${options.publicUrl}${pagePaths.analysis(token)}`;
        return send(reply, 200, {
          title: 'Ingredient analysis',
          description: `An analysis of ${analysis.ingredients.length} ingredients.`,
          canonical: url,
          main: analysisPage(analysis, skinCalc, labels, url),
        });
      }),
    );

    scope.get<Params>(
      '/p/comparisons/:token',
      { config: pageRoute },
      page(async (request, reply, context) => {
        const { token } = request.params;
        const comparison = await run<ComparisonData>('GetSharedComparison', { token }, context);
        const url = `${options.publicUrl}${pagePaths.comparison(token)}`;
        return send(reply, 200, {
          title: 'Comparison',
          description: `A comparison of ${comparison.items.length} skincare products.`,
          canonical: url,
          main: comparisonPage(comparison, url),
        });
      }),
    );

    scope.get<Params>(
      '/p/products/:id_or_alias',
      { config: pageRoute },
      page(async (request, reply, context) => {
        const variables = { id_or_alias: request.params.id_or_alias };
        const currency = readerCurrency(
          { currency: single(request.query, 'currency'), country: single(request.query, 'country') },
          request.headers['accept-language'],
          (context as Context).viewer,
        );
        // The product first: a missing one is one 404, not six.
        const product = await run<ProductData>('GetProduct', variables, context);
        const [analysis, offers, similar, alternatives, versions] = await Promise.all([
          run<ProductAnalysisData>('GetProductAnalysis', variables, context),
          run<OffersData>('ListProductOffers', { ...variables, ...currency.variables }, context),
          run<SimilarData>('ListSimilarProducts', { ...variables, limit: SHOWN.similar }, context),
          run<AlternativesData>('ListBetterAlternatives', { ...variables, limit: SHOWN.alternatives }, context),
          run<VersionsData>('ListProductVersionsPage', { ...variables, limit: SHOWN.versions }, context),
        ]);
        return send(reply, 200, {
          title: product.name,
          description: `${product.name}${product.brand ? ` by ${product.brand.name}` : ''}: ingredients, flags, skin-type verdicts, where to buy and alternatives.`,
          canonical: `${options.publicUrl}${pagePaths.product(product.alias)}`,
          main: productPage(product, analysis, labels, {
            offers,
            currency: currency.view,
            similar,
            alternatives,
            versions,
          }),
        });
      }),
    );

    // The routine an expert answered a request with: published ones to anyone, private ones to
    // their owner only (GetRoutine decides).
    scope.get<Params>(
      '/p/routines/:id',
      { config: pageRoute },
      page(async (request, reply, context) => {
        const routine = await run<RoutineData>('GetRoutine', { id: request.params.id }, context).catch(
          (error: unknown) => {
            if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
            throw error;
          },
        );
        // Missing, deleted or private: one page for all (no stranger learns a private one exists),
        // telling an owner, whose browser sends no sign-in, how to open theirs.
        if (!routine)
          return send(reply, 404, {
            title: 'This routine is not shared',
            description: 'No routine is shared at this address.',
            main: routineUnavailablePage(),
          });
        return send(reply, 200, {
          title: routine.name,
          description: `A ${routine.time_of_day} skincare routine of ${routine.steps.length} steps.`,
          canonical:
            routine.status === 'published' ? `${options.publicUrl}${pagePaths.routine(routine.id)}` : undefined,
          main: routinePage(routine),
        });
      }),
    );

    // What changed between two versions of a product's list: the reformulation digest links here.
    scope.get<Params>(
      '/p/products/:id_or_alias/changes',
      { config: pageRoute },
      page(async (request, reply, context) => {
        const version = (name: 'from' | 'to') => {
          const value = Number(request.query[name]);
          if (!Number.isInteger(value) || value < 1)
            throw validationFailed(name, `${name} must be a version number (1, 2, …)`);
          return value;
        };
        const variables = { id_or_alias: request.params.id_or_alias, from: version('from'), to: version('to') };
        const [product, diff] = await Promise.all([
          run<ProductData>('GetProduct', { id_or_alias: variables.id_or_alias }, context),
          run<ListDiffData>('GetProductIngredientListDiff', variables, context),
        ]);
        return send(reply, 200, {
          title: `What changed in ${product.name}`,
          description: `${product.name}: its ingredient list, version ${diff.from} against version ${diff.to}.`,
          canonical: `${options.publicUrl}${pagePaths.productChanges(product.alias, diff.from, diff.to)}`,
          main: productChangesPage(product, diff),
        });
      }),
    );

    scope.get<Params>(
      '/p/ingredients/:id_or_alias',
      { config: pageRoute },
      page(async (request, reply, context) => {
        const variables = { id_or_alias: request.params.id_or_alias };
        const cursors = {
          cursor: single(request.query, 'cursor') || null,
          opinions_cursor: single(request.query, 'opinions_cursor') || null,
        };
        const ingredient = await run<IngredientData>('GetIngredient', variables, context);
        const [products, opinions] = await Promise.all([
          run<IngredientProductsData>(
            'ListIngredientProductsPage',
            { ...variables, limit: SHOWN.products, cursor: cursors.cursor },
            context,
          ),
          run<OpinionsData>(
            'ListIngredientOpinionsPage',
            { ...variables, limit: SHOWN.opinions, cursor: cursors.opinions_cursor },
            context,
          ),
        ]);
        const link = (name: keyof typeof cursors, cursor: string | null) => {
          const query = new URLSearchParams(
            Object.entries({ ...cursors, [name]: cursor }).filter((e): e is [string, string] => e[1] !== null),
          ).toString();
          return `${pagePaths.ingredient(ingredient.alias)}${query ? `?${query}` : ''}`;
        };
        return send(reply, 200, {
          title: ingredient.name,
          description: `${ingredient.name}: what it does in skincare, its flags and ratings, the products that contain it and what experts say.`,
          canonical: `${options.publicUrl}${pagePaths.ingredient(ingredient.alias)}`,
          main: ingredientPage(ingredient, labels, {
            products,
            opinions,
            paged: { products: cursors.cursor !== null, opinions: cursors.opinions_cursor !== null },
            link,
          }),
        });
      }),
    );

    // An e-mailed link: GET only shows what it does (link scanners and previews change nothing);
    // the button POSTs the token, which alone authorises the change (single use, 24 hours).
    scope.get<Params>(
      '/p/email/confirm',
      { config: pageRoute },
      page(async (request, reply, context) => {
        const token = request.query.token ?? '';
        const link = await run<EmailLinkData | null>('GetEmailLink', { token }, context);
        reply.header('referrer-policy', 'no-referrer');
        return send(reply, link?.state === 'valid' ? 200 : link ? 410 : 404, {
          title: 'Confirm an e-mail address',
          description: 'Confirm an e-mail address.',
          main: emailConfirmPage(link, token),
        });
      }),
    );

    scope.post<Params>(
      '/p/email/confirm',
      { config: pageRoute },
      page(async (request, reply, context) => {
        const token = request.body?.token ?? '';
        reply.header('referrer-policy', 'no-referrer');
        try {
          const link = await run<EmailLinkData>('ConfirmEmailLink', { token }, context);
          return send(reply, 200, {
            title: 'Address confirmed',
            description: 'The e-mail address is confirmed.',
            main: emailConfirmedPage(link),
          });
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') throw error;
          const link = await run<EmailLinkData | null>('GetEmailLink', { token }, context);
          return send(reply, 400, {
            title: 'Confirm an e-mail address',
            description: 'Confirm an e-mail address.',
            main: emailConfirmPage(link, token, error.message),
          });
        }
      }),
    );

    // Reformulation watch: the digest's unsubscribe link. GET shows a button (link
    // scanners change nothing); POST switches the digest off: the button, or a mail client's
    // one-click unsubscribe (RFC 8058: List-Unsubscribe-Post, the token in the URL).
    scope.get<Params>(
      '/p/reformulation/unsubscribe',
      { config: pageRoute },
      page(async (request, reply) => {
        reply.header('referrer-policy', 'no-referrer');
        return send(reply, 200, {
          title: 'Stop reformulation e-mails',
          description: 'Stop the reformulation digest.',
          main: reformulationUnsubscribePage(request.query.token ?? ''),
        });
      }),
    );

    scope.post<Params>(
      '/p/reformulation/unsubscribe',
      { config: pageRoute },
      page(async (request, reply, context) => {
        reply.header('referrer-policy', 'no-referrer');
        const token = request.body?.token ?? request.query.token ?? '';
        const done = await run<{ username: string }>('UnsubscribeReformulationDigest', { token }, context);
        return send(reply, 200, {
          title: 'Reformulation e-mails stopped',
          description: 'The reformulation digest is off.',
          main: reformulationUnsubscribedPage(done.username, token),
        });
      }),
    );

    // The undo of the above, authorised by the same token: the words "switch them back on" need a button.
    scope.post<Params>(
      '/p/reformulation/resubscribe',
      { config: pageRoute },
      page(async (request, reply, context) => {
        reply.header('referrer-policy', 'no-referrer');
        const token = request.body?.token ?? '';
        const done = await run<{ username: string }>('ResubscribeReformulationDigest', { token }, context);
        return send(reply, 200, {
          title: 'Reformulation e-mails are on',
          description: 'The reformulation digest is on.',
          main: reformulationUnsubscribedPage(done.username, token, true),
        });
      }),
    );
  });
}
