// Loads the named operations of rest-mappings/*.graphql, checks each route against the schema,
// and rewrites field names to snake_case aliases: the documents decide the REST shape.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Kind,
  parse,
  specifiedRules,
  TokenKind,
  validate,
  visit,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { RouteDefinition } from './types.js';

export class MappingError extends Error {}

export interface LoadedOperation {
  name: string;
  file: string;
  /** The operation with the fragments it uses, field names aliased to snake_case. */
  document: DocumentNode;
  definition: OperationDefinitionNode;
  /** The response key of the single root field, whose value is the REST body. */
  rootKey: string;
  /** The route's longer OpenAPI text: the comment lines directly above the operation, joined by spaces. */
  description: string | null;
}

export const snakeCase = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

/** Gives every camelCase field without an alias a snake_case alias. */
function aliasToSnakeCase(document: DocumentNode): DocumentNode {
  return visit(document, {
    Field(node: FieldNode): FieldNode | undefined {
      if (node.alias || !/[A-Z]/.test(node.name.value)) return undefined;
      return { ...node, alias: { kind: Kind.NAME, value: snakeCase(node.name.value) } };
    },
  });
}

function usedFragments(
  node: OperationDefinitionNode | FragmentDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
  out = new Set<string>(),
): Set<string> {
  visit(node, {
    FragmentSpread(spread) {
      const name = spread.name.value;
      if (out.has(name)) return;
      out.add(name);
      const fragment = fragments.get(name);
      if (fragment) usedFragments(fragment, fragments, out);
    },
  });
  return out;
}

/**
 * The comment block written directly above a definition (no blank line between), as one paragraph.
 * Comments set apart by a blank line are notes for readers of the file, not descriptions.
 */
function descriptionAbove(definition: OperationDefinitionNode): string | null {
  const lines: string[] = [];
  let token = definition.loc?.startToken.prev ?? null;
  let nextLine = definition.loc?.startToken.line ?? 0;
  while (token && token.kind === TokenKind.COMMENT && token.line === nextLine - 1) {
    lines.unshift((token.value ?? '').trim());
    nextLine = token.line;
    token = token.prev;
  }
  return lines.length ? lines.join(' ') : null;
}

/** Parses every .graphql file of the folder into named operations. */
export function loadOperations(dir: string): Map<string, LoadedOperation> {
  const operations = new Map<string, { file: string; definition: OperationDefinitionNode }>();
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.graphql'))
    .sort()) {
    let document: DocumentNode;
    try {
      document = aliasToSnakeCase(parse(readFileSync(join(dir, file), 'utf8')));
    } catch (error) {
      throw new MappingError(`rest-mappings/${file}: ${(error as Error).message}`);
    }
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
      else if (definition.kind === Kind.OPERATION_DEFINITION) {
        const name = definition.name?.value;
        if (!name) throw new MappingError(`rest-mappings/${file}: every operation needs a name`);
        if (operations.has(name))
          throw new MappingError(
            `rest-mappings/${file}: operation ${name} is also defined in ${operations.get(name)!.file}`,
          );
        operations.set(name, { file, definition });
      }
    }
  }
  const loaded = new Map<string, LoadedOperation>();
  for (const [name, { file, definition }] of operations) {
    const needed = [...usedFragments(definition, fragments)];
    const missing = needed.filter((f) => !fragments.has(f));
    if (missing.length)
      throw new MappingError(`rest-mappings/${file}: operation ${name} uses unknown fragment ${missing.join(', ')}`);
    const roots = definition.selectionSet.selections;
    if (roots.length !== 1 || roots[0].kind !== Kind.FIELD) {
      throw new MappingError(
        `rest-mappings/${file}: operation ${name} must select exactly one root field (its value is the REST body)`,
      );
    }
    const root = roots[0];
    loaded.set(name, {
      name,
      file,
      definition,
      document: { kind: Kind.DOCUMENT, definitions: [definition, ...needed.map((f) => fragments.get(f)!)] },
      rootKey: root.alias?.value ?? root.name.value,
      description: descriptionAbove(definition),
    });
  }
  return loaded;
}

export const pathParams = (path: string): string[] => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);

/** Every route's operation exists, validates against the schema and declares its path variables. */
export function checkRoutes(
  schema: GraphQLSchema,
  routes: RouteDefinition[],
  operations: Map<string, LoadedOperation>,
): void {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    const label = `${route.method} ${route.path}`;
    if (seen.has(label)) problems.push(`${label}: listed twice`);
    seen.add(label);
    const op = operations.get(route.operation);
    if (!op) {
      problems.push(`${label}: operation ${route.operation} is not defined in rest-mappings/*.graphql`);
      continue;
    }
    const errors = validate(schema, op.document, specifiedRules);
    for (const error of errors) problems.push(`${label}: operation ${route.operation} (${op.file}): ${error.message}`);
    const declared = new Set((op.definition.variableDefinitions ?? []).map((v) => v.variable.name.value));
    for (const param of pathParams(route.path)) {
      if (!declared.has(param))
        problems.push(`${label}: operation ${route.operation} does not declare the path variable $${param}`);
    }
    if (route.createdFlag) {
      // The router reads the flag from the answer's top level: the document must select it there, by that name.
      const root = op.definition.selectionSet.selections[0] as FieldNode;
      const selected = (root.selectionSet?.selections ?? []).some(
        (s) => s.kind === Kind.FIELD && (s.alias?.value ?? s.name.value) === route.createdFlag,
      );
      if (!selected || route.status !== 201)
        problems.push(
          `${label}: createdFlag "${route.createdFlag}" needs status 201 and the field selected at the top of ${route.operation}`,
        );
    }
  }
  if (problems.length) throw new MappingError(`The REST mappings do not fit the schema:\n  ${problems.join('\n  ')}`);
}
