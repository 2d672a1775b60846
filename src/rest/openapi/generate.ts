// The OpenAPI 3.1 description of every mounted route, derived from the route table, the
// operations' variables and their selection sets. Pure: no Fastify, no database.
import { Kind, type FragmentDefinitionNode, type GraphQLSchema } from 'graphql';
import type { LoadedOperation } from '../documents.js';
import { pathParams } from '../documents.js';
import { accessRoles, type RouteDefinition } from '../types.js';
import type { VariableSpec } from '../variables.js';
import { inputSchema, outputSchema, type JsonSchema } from './json-schema.js';
import { TAG_DESCRIPTIONS } from './tags.js';

export interface DescribedRoute {
  route: RouteDefinition;
  operation: LoadedOperation;
  specs: VariableSpec[];
  /** A streamed route's page operation (route.pages). */
  pageOperation?: LoadedOperation;
}

/** The schema of what one operation's single root field answers. */
function rootSchema(schema: GraphQLSchema, operation: LoadedOperation): JsonSchema {
  const root = operation.definition.selectionSet.selections[0];
  const rootType = operation.definition.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
  const field = root.kind === Kind.FIELD ? rootType.getFields()[root.name.value] : undefined;
  if (!field || root.kind !== Kind.FIELD) return {};
  const fragments = new Map(
    operation.document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  return outputSchema(field.type, root.selectionSet, fragments);
}

/** A streamed route's answer: each element of the paged list has the field, an array of every page's items. */
function withPagedField(schema: GraphQLSchema, head: JsonSchema, { route, pageOperation }: DescribedRoute): JsonSchema {
  if (!route.pages || !pageOperation) return head;
  const list = (head.properties as Record<string, JsonSchema> | undefined)?.[route.pages.list];
  const element = list?.items as JsonSchema | undefined;
  const items = (rootSchema(schema, pageOperation).properties as Record<string, JsonSchema> | undefined)?.items;
  if (!element?.properties || !items) return head;
  (element.properties as Record<string, JsonSchema>)[route.pages.field] = {
    ...items,
    description: 'Every item, read and written a page at a time (the answer is streamed).',
  };
  (element.required as string[]).push(route.pages.field);
  return head;
}

const ERROR_RESPONSES: Record<string, string> = {
  400: 'VALIDATION_FAILED: bad JSON, wrong type, missing or unknown field (details.field names it)',
  401: 'UNAUTHENTICATED: no, expired or bad token',
  403: 'FORBIDDEN: signed in but not allowed',
  404: 'NOT_FOUND or ROUTE_NOT_FOUND',
  409: 'CONFLICT: unique value taken or wrong state',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED (see Retry-After)',
  500: 'INTERNAL: the body gives the request id only',
};

function errorsFor(route: RouteDefinition, hasBody: boolean): number[] {
  const codes = [400, 404, 429, 500];
  // Signed routes (rawBody) answer 401 to a missing or wrong signature, though public.
  if (route.access !== 'public' || route.rawBody) codes.push(401);
  if (route.access === 'owner' || route.access.startsWith('role:')) codes.push(403);
  if (route.method !== 'GET') codes.push(409);
  if (hasBody) codes.push(413, 415);
  return codes.sort();
}

/** JSON always; multipart too where the route takes file uploads (files as binary parts). */
function requestContent(
  route: RouteDefinition,
  properties: Record<string, JsonSchema>,
  required: string[],
): JsonSchema {
  const json = {
    'application/json': { schema: { type: 'object', properties, required, additionalProperties: false } },
  };
  if (!route.uploads) return json;
  const parts = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [
      name,
      route.uploads!.includes(name) ? { type: 'string', format: 'binary', contentMediaType: 'image/*' } : schema,
    ]),
  );
  return { ...json, 'multipart/form-data': { schema: { type: 'object', properties: parts, required } } };
}

export function generateOpenApi(options: {
  schema: GraphQLSchema;
  routes: DescribedRoute[];
  prefix: string;
  version: string;
  serverUrl?: string;
}): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const queryType = options.schema.getQueryType()!;
  const mutationType = options.schema.getMutationType();
  // Paths that differ only in their parameters' names (`/products/:id` for DELETE, `/products/:id_or_alias`
  // for GET) are one path to OpenAPI: each is written with the spelling of its GET route (else the first).
  const shapeOf = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, ':');
  const spellings = new Map<string, string[]>();
  for (const { route } of [...options.routes].sort(
    (a, b) => Number(b.route.method === 'GET') - Number(a.route.method === 'GET'),
  )) {
    if (!spellings.has(shapeOf(route.path))) spellings.set(shapeOf(route.path), pathParams(route.path));
  }
  const tagsUsed = new Set<string>();
  for (const described of options.routes) {
    const { route, operation, specs } = described;
    const own = pathParams(route.path);
    const names = spellings.get(shapeOf(route.path))!;
    const rename = new Map(own.map((name, i) => [name, names[i]]));
    let nth = 0;
    const openPath = `${options.prefix}${route.path.replace(/:[A-Za-z0-9_]+/g, () => `:${names[nth++]}`)}`.replace(
      /:([A-Za-z0-9_]+)/g,
      '{$1}',
    );
    for (const tag of route.tags) tagsUsed.add(tag);
    const inPath = new Set(own);
    const fragments = new Map(
      operation.document.definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((d) => [d.name.value, d]),
    );
    const root = operation.definition.selectionSet.selections[0];
    const rootType = operation.definition.operation === 'mutation' ? mutationType! : queryType;
    const field = root.kind === Kind.FIELD ? rootType.getFields()[root.name.value] : undefined;
    const bodyAllowed = route.method !== 'GET' && route.method !== 'DELETE';
    const parameters: JsonSchema[] = [];
    const bodyProperties: Record<string, JsonSchema> = {};
    const bodyRequired: string[] = [];
    const fromHeaders = route.headers ?? {};
    for (const spec of specs) {
      const schema = inputSchema(spec.type);
      // Signed webhooks: the raw body is the whole JSON object; some variables come from headers.
      if (spec.name === route.rawBody) continue;
      else if (spec.name in fromHeaders)
        parameters.push({ name: fromHeaders[spec.name], in: 'header', required: spec.required, schema });
      else if (inPath.has(spec.name))
        parameters.push({
          name: rename.get(spec.name) ?? spec.name,
          in: 'path',
          required: true,
          schema: { type: 'string' },
        });
      else if (!bodyAllowed) {
        parameters.push({
          name: spec.name,
          in: 'query',
          required: spec.required,
          schema,
          ...(schema.type === 'array' ? { style: 'form', explode: false } : {}),
        });
      } else {
        bodyProperties[spec.name] = schema;
        if (spec.required) bodyRequired.push(spec.name);
      }
    }
    const hasBody = Object.keys(bodyProperties).length > 0 || Boolean(route.rawBody);
    const status = String(route.status ?? 200);
    const responses: Record<string, JsonSchema> = {};
    if (route.status === 204) responses['204'] = { description: 'Done; no body.' };
    else if (route.status === 302)
      responses['302'] = {
        description: 'Redirect to the retailer.',
        headers: { Location: { schema: { type: 'string', format: 'uri' } } },
      };
    else {
      responses[status] = {
        description: route.summary,
        content: route.contentType
          ? { [route.contentType.split(';')[0]]: { schema: { type: 'string' } } }
          : {
              'application/json': {
                schema:
                  field && root.kind === Kind.FIELD
                    ? withPagedField(options.schema, outputSchema(field.type, root.selectionSet, fragments), described)
                    : {},
              },
            },
      };
      if (route.createdFlag)
        // The same body: added (201, the flag true) or changed (200, the flag false).
        responses['200'] = {
          ...responses[status],
          description: `Changed what was there (${route.createdFlag}: false); 201 when added (${route.createdFlag}: true).`,
        };
      if (route.method === 'GET' && route.access === 'public')
        responses['304'] = { description: 'Not modified (If-None-Match matched the ETag).' };
    }
    for (const code of errorsFor(route, hasBody))
      responses[String(code)] = { $ref: `#/components/responses/Error${code}` };
    const roles = accessRoles(route.access);
    paths[openPath] ??= {};
    paths[openPath][route.method.toLowerCase()] = {
      operationId: route.operation,
      summary: route.summary,
      description: [
        operation.description,
        `Access: ${route.access === 'public' ? 'public' : route.access === 'user' ? 'any signed-in user' : route.access === 'owner' ? 'the owner (moderators and admins where noted)' : `user types ${roles.join(', ')} (admins always)`}.`,
        `GraphQL operation: \`${route.operation}\` in rest-mappings/${operation.file}.`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      tags: route.tags,
      parameters,
      ...(route.rawBody
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: { type: 'object', description: 'A JSON object, signed as sent (see the description).' },
                },
              },
            },
          }
        : hasBody
          ? {
              requestBody: {
                required: bodyRequired.length > 0,
                content: requestContent(route, bodyProperties, bodyRequired),
              },
            }
          : {}),
      responses,
      ...(route.access === 'public' ? { security: [{}, { bearerAuth: [] }] } : { security: [{ bearerAuth: [] }] }),
    };
  }
  const errorResponses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([code, description]) => [
      `Error${code}`,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Skincare ingredient and routine service',
      version: options.version,
      description:
        'REST compatibility layer over the GraphQL API (POST /graphql). Lists are `{items, next_cursor}`, paged with ' +
        '`limit` (1-100, default 20) and `cursor`. Errors are `{error: {code, message, details}}`.',
    },
    // Relative: the paths are on the service that serves this description (its PUBLIC_URL).
    servers: [{ url: options.serverUrl ?? '/', description: 'The service serving this description' }],
    tags: [...tagsUsed].map((name) => ({
      name,
      ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
    })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: {
                  type: 'string',
                  enum: [
                    'VALIDATION_FAILED',
                    'UNAUTHENTICATED',
                    'FORBIDDEN',
                    'NOT_FOUND',
                    'ROUTE_NOT_FOUND',
                    'CONFLICT',
                    'PAYLOAD_TOO_LARGE',
                    'UNSUPPORTED_MEDIA_TYPE',
                    'RATE_LIMITED',
                    'INTERNAL',
                  ],
                },
                message: { type: 'string' },
                details: {},
                request_id: { type: 'string' },
              },
            },
          },
        },
      },
      responses: errorResponses,
    },
  };
}
