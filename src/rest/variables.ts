// Binds REST inputs (path, query string, JSON body) to an operation's variables, coerced by the
// variables' declared GraphQL types, so bad input is a 400 naming the field before execution.
import {
  coerceInputValue,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  isInputObjectType,
  isListType,
  isNonNullType,
  typeFromAST,
  valueFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { AppError, nulCharacterRefused } from '../errors.js';
import { snakeCase } from './documents.js';

export interface VariableSpec {
  name: string;
  type: GraphQLInputType;
  required: boolean;
  defaultValue: unknown;
}

export function variableSpecs(schema: GraphQLSchema, definition: OperationDefinitionNode): VariableSpec[] {
  return (definition.variableDefinitions ?? []).map((v) => {
    const type = typeFromAST(schema, v.type as never) as GraphQLInputType;
    return {
      name: v.variable.name.value,
      type,
      required: isNonNullType(type) && !v.defaultValue,
      defaultValue: v.defaultValue ? valueFromAST(v.defaultValue, type) : undefined,
    };
  });
}

const invalid = (field: string, message: string): AppError => new AppError('VALIDATION_FAILED', message, { field });

/** An unknown query parameter or body field: the 400 names it (details.field) and lists the accepted ones. */
const unknownName = (key: string, what: 'query parameter' | 'field', accepted: string[]): AppError =>
  new AppError(
    'VALIDATION_FAILED',
    `Unknown ${what} "${key}"; ${accepted.length ? `accepted: ${accepted.join(', ')}` : `this operation takes no ${what}s`}`,
    { field: key, accepted },
  );

const unwrapNonNull = (type: GraphQLInputType): GraphQLInputType => (isNonNullType(type) ? type.ofType : type);

/** A query-string or path value is text: read it as the declared scalar, enum or list. */
function fromText(field: string, raw: string | string[], type: GraphQLInputType): unknown {
  const bare = unwrapNonNull(type);
  if (isListType(bare)) {
    const parts = (Array.isArray(raw) ? raw : [raw])
      .flatMap((r) => r.split(','))
      .map((p) => p.trim())
      .filter(Boolean);
    return parts.map((p) => fromText(field, p, bare.ofType as GraphQLInputType));
  }
  const text = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (bare instanceof GraphQLScalarType) {
    switch (bare.name) {
      case 'Int':
        if (!/^-?\d{1,10}$/.test(text) || Math.abs(Number(text)) > 2 ** 31 - 1)
          throw invalid(field, `${field} must be an integer`);
        return Number(text);
      case 'Float':
        if (text.trim() === '' || !Number.isFinite(Number(text))) throw invalid(field, `${field} must be a number`);
        return Number(text);
      case 'Boolean':
        if (['true', '1', 'yes'].includes(text.toLowerCase())) return true;
        if (['false', '0', 'no'].includes(text.toLowerCase())) return false;
        throw invalid(field, `${field} must be true or false`);
      default:
        return text;
    }
  }
  if (bare instanceof GraphQLEnumType) return text;
  throw invalid(field, `${field} cannot be given in the query string`);
}

/** JSON bodies use snake_case keys; GraphQL input fields are camelCase. Unknown keys are errors. */
function renameKeys(field: string, value: unknown, type: GraphQLInputType): unknown {
  const bare = unwrapNonNull(type);
  if (value === null || value === undefined) return value;
  if (isListType(bare))
    return Array.isArray(value)
      ? value.map((v, i) => renameKeys(`${field}[${i}]`, v, bare.ofType as GraphQLInputType))
      : value;
  if (isInputObjectType(bare)) {
    if (typeof value !== 'object' || Array.isArray(value)) throw invalid(field, `${field} must be an object`);
    const fields = bare.getFields();
    const bySnake = new Map(Object.keys(fields).map((name) => [snakeCase(name), name]));
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const name = bySnake.get(key) ?? (Object.hasOwn(fields, key) ? key : undefined);
      if (!name) {
        const accepted = [...bySnake.keys()];
        throw new AppError(
          'VALIDATION_FAILED',
          `${field}.${key} is not a known field; accepted: ${accepted.join(', ')}`,
          {
            field: `${field}.${key}`,
            accepted,
          },
        );
      }
      out[name] = renameKeys(`${field}.${key}`, v, fields[name].type);
    }
    return out;
  }
  return value;
}

function coerce(field: string, value: unknown, type: GraphQLInputType): unknown {
  let problem: string | null = null;
  let where = field;
  const result = coerceInputValue(value, type, (path, _invalid, error) => {
    if (problem) return;
    where = [field, ...path.map((p) => (typeof p === 'number' ? `[${p}]` : snakeCase(String(p))))]
      .join('.')
      .replace(/\.\[/g, '[');
    problem = error.message.replace(/"[a-z][A-Za-z]*"/g, (m) => `"${snakeCase(m.slice(1, -1))}"`);
    // A required field left out of an object: the path stops at the object; name the field itself.
    const missing = /^Field "([A-Za-z_][A-Za-z0-9_]*)" of required type .* was not provided/.exec(error.message);
    if (missing) where = `${where}.${snakeCase(missing[1])}`;
  });
  if (problem) throw invalid(where, `${where}: ${problem}`);
  return result;
}

export interface RestInput {
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** PostgreSQL text cannot hold U+0000: a NUL anywhere in the input is the client's error, named. */
function rejectNul(field: string, value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw nulCharacterRefused(field);
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) rejectNul(`${field}[${i}]`, v, depth + 1);
  } else if (
    value &&
    typeof value === 'object' &&
    !Buffer.isBuffer(value) &&
    !Buffer.isBuffer((value as { data?: unknown }).data) &&
    depth < 64
  ) {
    for (const [key, v] of Object.entries(value)) {
      rejectNul(`${field}.${key}`, key, depth + 1);
      rejectNul(`${field}.${key}`, v, depth + 1);
    }
  }
}

/** The operation's variables from a REST request, or a VALIDATION_FAILED error naming the field. */
export function bindVariables(specs: VariableSpec[], input: RestInput, allowBody: boolean): Record<string, unknown> {
  for (const [key, value] of Object.entries(input.params)) rejectNul(key, value);
  for (const [key, value] of Object.entries(input.query)) rejectNul(key, value);
  if (input.body && typeof input.body === 'object' && !Array.isArray(input.body)) {
    for (const [key, value] of Object.entries(input.body as Record<string, unknown>)) rejectNul(key, value);
  }
  const known = new Set(specs.map((s) => s.name));
  // What a caller may send where: path parameters are neither query parameters nor body fields.
  const accepted = specs.map((s) => s.name).filter((name) => !Object.hasOwn(input.params, name));
  for (const key of Object.keys(input.query)) {
    if (!known.has(key) || Object.hasOwn(input.params, key)) throw unknownName(key, 'query parameter', accepted);
  }
  let body: Record<string, unknown> = {};
  if (input.body !== undefined && input.body !== null && input.body !== '') {
    if (!allowBody) throw invalid('body', 'This operation takes no request body');
    if (typeof input.body !== 'object' || Array.isArray(input.body))
      throw invalid('body', 'The request body must be a JSON object');
    body = input.body as Record<string, unknown>;
    for (const key of Object.keys(body)) {
      if (!known.has(key) || Object.hasOwn(input.params, key)) throw unknownName(key, 'field', accepted);
    }
  }
  const variables: Record<string, unknown> = {};
  for (const spec of specs) {
    let value: unknown;
    if (Object.hasOwn(input.params, spec.name)) value = fromText(spec.name, input.params[spec.name], spec.type);
    else if (input.query[spec.name] !== undefined) value = fromText(spec.name, input.query[spec.name]!, spec.type);
    else if (Object.hasOwn(body, spec.name)) value = renameKeys(spec.name, body[spec.name], spec.type);
    else {
      if (spec.required) throw invalid(spec.name, `${spec.name} is required`);
      continue;
    }
    if (value === null && isNonNullType(spec.type)) throw invalid(spec.name, `${spec.name} must not be null`);
    variables[spec.name] = coerce(spec.name, value, spec.type);
  }
  return variables;
}

// Re-exported for the OpenAPI generator, which walks the same types.
export { GraphQLInputObjectType, GraphQLList, GraphQLNonNull };
