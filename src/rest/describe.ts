import type { GraphQLSchema } from 'graphql';
import { routes } from '../../rest-mappings/routes.js';
import { generateOpenApi } from './openapi/generate.js';
import { prepareRoutes } from './router.js';

export const mappingsDir = new URL('../../rest-mappings/', import.meta.url).pathname;

/** The OpenAPI description of the route table, as served and as committed in schema/. */
export function describeRestApi(schema: GraphQLSchema, prefix: string, version: string) {
  return generateOpenApi({ schema, routes: prepareRoutes(schema, routes, mappingsDir), prefix, version });
}
