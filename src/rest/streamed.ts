// Routes whose answer is too large to hold: the route's operation answers the document's head, and
// one list in it (`pages.list`) has each element completed by a field (`pages.field`) whose items
// come from another named operation, a page at a time (`{items, next_cursor}`, followed until
// next_cursor is null). The answer is written as the pages arrive, each page read only when the
// client has taken the previous ones (the stream's backpressure), so memory stays flat whatever
// the document's size. The JSON is the same as if the field had been in the head: the paged field
// is written last in each element. Imports nothing from src/modules.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { specifiedRules, validate, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { LoadedOperation } from './documents.js';
import { MappingError } from './documents.js';
import type { RouteDefinition, RoutePages } from './types.js';

interface Page {
  items: unknown[];
  next_cursor: string | null;
}

/** The page operation of a route with `pages`, checked against the schema; throws naming the route. */
export function pageOperation(
  schema: GraphQLSchema,
  route: RouteDefinition,
  operations: Map<string, LoadedOperation>,
): LoadedOperation | undefined {
  if (!route.pages) return undefined;
  const label = `${route.method} ${route.path}`;
  const op = operations.get(route.pages.operation);
  if (!op) throw new MappingError(`${label}: page operation ${route.pages.operation} is not defined`);
  const errors = validate(schema, op.document, specifiedRules);
  if (errors.length) throw new MappingError(`${label}: page operation ${op.name}: ${errors[0].message}`);
  const declared = new Set((op.definition.variableDefinitions ?? []).map((v) => v.variable.name.value));
  const missing = ['cursor', ...Object.keys(route.pages.variables)].filter((v) => !declared.has(v));
  if (missing.length) throw new MappingError(`${label}: page operation ${op.name} does not declare $${missing[0]}`);
  return op;
}

/** JSON text of the head with every element of the paged list completed by all its pages. */
async function* pagedJson(
  head: Record<string, unknown>,
  pages: RoutePages,
  page: (variables: Record<string, unknown>) => Promise<Page>,
): AsyncGenerator<string> {
  yield '{';
  let separator = '';
  for (const [key, value] of Object.entries(head)) {
    yield `${separator}${JSON.stringify(key)}:`;
    separator = ',';
    if (key !== pages.list || !Array.isArray(value)) {
      yield JSON.stringify(value ?? null);
      continue;
    }
    yield '[';
    for (const [index, element] of value.entries()) {
      const fields = JSON.stringify(element);
      // `{"a":1,"b":2}` becomes `{"a":1,"b":2,"<field>":[` and its pages follow.
      yield `${index ? ',' : ''}${fields.slice(0, -1)}${fields === '{}' ? '' : ','}${JSON.stringify(pages.field)}:[`;
      const variables = Object.fromEntries(
        Object.entries(pages.variables).map(([variable, field]) => [
          variable,
          (element as Record<string, unknown>)[field],
        ]),
      );
      let cursor: string | null = null;
      let written = false;
      do {
        const { items, next_cursor }: Page = await page({ ...variables, cursor });
        if (items.length) {
          yield `${written ? ',' : ''}${items.map((item) => JSON.stringify(item)).join(',')}`;
          written = true;
        }
        cursor = next_cursor;
        // A turn of the event loop between pages: PGlite reads in this thread, and a page read straight after the
        // previous one was written left other requests (/health) waiting behind the whole run of pages.
        if (cursor) await nextTurn();
      } while (cursor);
      yield ']}';
    }
    yield ']';
  }
  yield '}';
}

/**
 * Answers a route with `pages`: the head (its operation's root value) now, the pages as the client
 * reads. A page that fails once the answer has begun ends the connection (the client sees a cut
 * answer, never a complete-looking one); before, errors leave as usual.
 */
export function sendPaged(
  reply: FastifyReply,
  head: Record<string, unknown>,
  pages: RoutePages,
  run: (variables: Record<string, unknown>) => Promise<ExecutionResult> | ExecutionResult,
  rootKey: string,
  errorOf: (errors: ExecutionResult['errors']) => Error,
): FastifyReply {
  const page = async (variables: Record<string, unknown>): Promise<Page> => {
    const result = await run(variables);
    if (result.errors?.length) throw errorOf(result.errors);
    return (result.data as Record<string, Page>)[rootKey];
  };
  // Bytes, not objects: the stream reads the next page only once less than highWaterMark is buffered.
  const body = Readable.from(pagedJson(head, pages, page), { objectMode: false, highWaterMark: 64 * 1024 });
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
}
