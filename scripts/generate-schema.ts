// Rebuilds the committed, generated files: schema/schema.graphql, schema/openapi.json and schema/routes.md.
import { writeFileSync } from 'node:fs';
import { packageVersion } from '../src/app.js';
import { describeRestApi } from '../src/rest/describe.js';
import { buildAppSchema, printAppSchema } from '../src/schema.js';
import { describeRouteFiles } from './route-index.js';

const schema = await buildAppSchema();
writeFileSync('schema/schema.graphql', printAppSchema(schema));
writeFileSync('schema/openapi.json', `${JSON.stringify(describeRestApi(schema, '', packageVersion), null, 2)}\n`);
writeFileSync('schema/routes.md', await describeRouteFiles());
console.log('wrote schema/schema.graphql, schema/openapi.json and schema/routes.md');
