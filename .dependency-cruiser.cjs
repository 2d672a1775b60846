// The import rules test/architecture.test.ts keeps (STYLE.md, "the walls"). Run by hand with
// `npm run -s check:deps`. Loops between module folders are found by the test itself, over the
// runtime graph this configuration produces (dependency-cruiser's own cycle rules work per file).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'rest-knows-no-module',
      severity: 'error',
      comment: 'src/rest only executes named operations against the schema: it imports nothing from src/modules.',
      from: { path: '^src/rest/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'engine-no-orm-graphql-http',
      severity: 'error',
      comment: 'Engines are pure functions over plain data: no ORM, GraphQL or HTTP package.',
      from: { path: '/engine/' },
      to: {
        path: 'node_modules/(@mikro-orm/|type-graphql/|graphql/|graphql-[^/]+/|@graphql-[^/]+/|fastify/|@fastify/|@apollo/|@as-integrations/)',
      },
    },
    {
      name: 'engine-imports-engines-only',
      severity: 'error',
      comment:
        'An engine imports other engines only, so no ORM or GraphQL code comes in through an app file (errors.ts imports graphql).',
      from: { path: '/engine/' },
      to: { path: '^src/', pathNot: '/engine/' },
    },
  ],
  options: {
    // The graph of what runs: sources are transpiled with tsconfig.json first, so `import type`
    // and type-only uses drop out while decorated types stay (emitDecoratorMetadata), as under swc.
    // ('specify' would keep both kinds, but dependency-cruiser 18.7 marks every edge type-only then.)
    // The transpiled text uses require() (transpileModule cannot see "type": "module"): so no
    // moduleSystems filter.
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/migrations/' },
    // A second run over unchanged sources (the test on PGlite, then on PostgreSQL) reads the graph
    // back in ~1 s instead of transpiling ~320 files again; 'content' hashes each file, so any edit
    // is seen.
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    // ESM-only packages (uuid, csv-parse/sync) resolve through their `import` condition.
    enhancedResolveOptions: { conditionNames: ['import', 'node', 'default'] },
  },
};
