// The pages run the same named GraphQL operations as the REST layer (rest-mappings/*.graphql),
// plus their own (pages.graphql), in-process and compiled by graphql-jit like REST routes.
import { specifiedRules, validate, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { loadOperations, type LoadedOperation } from '../rest/documents.js';
import { errorFromResult } from '../rest/router.js';

const pageDocuments = new URL('./', import.meta.url).pathname;

/** Runs a named operation with variables; answers its root field's value, throws the contract's error. */
export type RunOperation = <T = Record<string, unknown>>(
  name: string,
  variables: Record<string, unknown>,
  context: unknown,
) => Promise<T>;

/** Every operation of both folders, by name (the REST layer's and the pages' own). */
export function loadPageOperations(mappingsDir: string): Map<string, LoadedOperation> {
  const rest = loadOperations(mappingsDir);
  const own = loadOperations(pageDocuments);
  for (const name of own.keys())
    if (rest.has(name)) throw new Error(`pages.graphql: operation ${name} is also in rest-mappings`);
  return new Map([...rest, ...own]);
}

export function operationRunner(
  schema: GraphQLSchema,
  operations: Map<string, LoadedOperation>,
  names: string[],
): RunOperation {
  const compiled = new Map<string, { query: CompiledQuery['query']; rootKey: string }>();
  for (const name of names) {
    const op = operations.get(name);
    if (!op) throw new Error(`The pages use the operation ${name}, which no .graphql file defines`);
    const errors = validate(schema, op.document, specifiedRules);
    if (errors.length) throw new Error(`Operation ${name} (${op.file}) does not fit the schema: ${errors[0].message}`);
    const query = compileQuery(schema, op.document, op.name);
    if (!isCompiledQuery(query))
      throw new Error(`graphql-jit could not compile ${name}: ${query.errors?.[0]?.message}`);
    compiled.set(name, { query: query.query.bind(query), rootKey: op.rootKey });
  }
  return async <T>(name: string, variables: Record<string, unknown>, context: unknown): Promise<T> => {
    const op = compiled.get(name);
    if (!op) throw new Error(`Operation ${name} was not prepared for the pages`);
    const result = await op.query(undefined, context, variables);
    if (result.errors?.length) throw errorFromResult(result.errors as never);
    return (result.data as Record<string, unknown>)[op.rootKey] as T;
  };
}
