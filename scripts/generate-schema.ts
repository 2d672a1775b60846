// Rebuilds the committed, generated files: schema/schema.graphql and schema/openapi.json.
import { writeFileSync } from 'node:fs';
import { packageVersion } from '../src/app.js';
import { describeRestApi } from '../src/rest/describe.js';
import { buildAppSchema, printAppSchema } from '../src/schema.js';

const schema = await buildAppSchema();
writeFileSync('schema/schema.graphql', printAppSchema(schema));
writeFileSync('schema/openapi.json', `${JSON.stringify(describeRestApi(schema, '', packageVersion), null, 2)}\n`);
console.log('wrote schema/schema.graphql and schema/openapi.json');
