// GraphQL types and selection sets → JSON Schema (OpenAPI 3.1 dialect). Pure.
import {
  GraphQLEnumType,
  GraphQLScalarType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  isUnionType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLInputType,
  type GraphQLOutputType,
  type SelectionSetNode,
} from 'graphql';
import { snakeCase } from '../documents.js';

export type JsonSchema = Record<string, unknown>;

function scalarSchema(type: GraphQLScalarType | GraphQLEnumType): JsonSchema {
  if (type instanceof GraphQLEnumType) return { type: 'string', enum: type.getValues().map((v) => v.value) };
  switch (type.name) {
    case 'Int':
      return { type: 'integer' };
    case 'Float':
      return { type: 'number' };
    case 'Boolean':
      return { type: 'boolean' };
    case 'ID':
      return { type: 'string' };
    case 'String':
      return { type: 'string' };
    case 'DateTimeISO':
    case 'DateTime':
      return { type: 'string', format: 'date-time' };
    case 'Upload':
      return {
        type: 'string',
        contentEncoding: 'base64',
        description: 'In JSON: base64 text; in multipart: a file part.',
      };
    default:
      return { description: type.description ?? type.name };
  }
}

const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
/** Non-null wraps a nullable schema: take the non-null branch back out. */
const nonNull = (schema: JsonSchema): JsonSchema => (schema.anyOf as JsonSchema[] | undefined)?.[0] ?? schema;

/** The schema of what a selection of `type` returns. */
export function outputSchema(
  type: GraphQLOutputType,
  selectionSet: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
): JsonSchema {
  if (isNonNullType(type)) return nonNull(outputSchema(type.ofType, selectionSet, fragments));
  const inner = ((): JsonSchema => {
    if (isListType(type)) {
      const items = outputSchema(type.ofType, selectionSet, fragments);
      return { type: 'array', items };
    }
    if (type instanceof GraphQLScalarType || type instanceof GraphQLEnumType) return scalarSchema(type);
    if (isObjectType(type) || isInterfaceType(type) || isUnionType(type)) {
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      const fields = isUnionType(type) ? {} : type.getFields();
      const walk = (set: SelectionSetNode | undefined) => {
        for (const selection of set?.selections ?? []) {
          if (selection.kind === Kind.FIELD) {
            const name = selection.name.value;
            const key = selection.alias?.value ?? name;
            if (name === '__typename') {
              properties[key] = { type: 'string' };
              required.push(key);
              continue;
            }
            const field = (fields as Record<string, { type: GraphQLOutputType; description?: string | null }>)[name];
            if (!field) continue;
            const schema = outputSchema(field.type, selection.selectionSet, fragments);
            properties[key] = field.description ? { ...schema, description: field.description } : schema;
            if (isNonNullType(field.type)) required.push(key);
          } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
            walk(fragments.get(selection.name.value)?.selectionSet);
          } else {
            walk(selection.selectionSet);
          }
        }
      };
      walk(selectionSet);
      return { type: 'object', properties, required: [...new Set(required)], additionalProperties: false };
    }
    return {};
  })();
  return nullable(inner);
}

/** The schema of a JSON value accepted for an input type (snake_case keys). */
export function inputSchema(type: GraphQLInputType): JsonSchema {
  if (isNonNullType(type)) return nonNull(inputSchema(type.ofType));
  let inner: JsonSchema;
  if (isListType(type)) inner = { type: 'array', items: inputSchema(type.ofType) };
  else if (isInputObjectType(type)) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const field of Object.values(type.getFields())) {
      const key = snakeCase(field.name);
      properties[key] = field.description
        ? { ...inputSchema(field.type), description: field.description }
        : inputSchema(field.type);
      if (isNonNullType(field.type) && field.defaultValue === undefined) required.push(key);
    }
    inner = { type: 'object', properties, required, additionalProperties: false };
  } else if (isEnumType(type)) inner = scalarSchema(type);
  else inner = scalarSchema(type as GraphQLScalarType);
  return nullable(inner);
}
