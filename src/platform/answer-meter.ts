// The answer cap enforced while an answer is built. graphql-jit serialises every leaf value (scalar or enum) through
// a serializer compiled into the operation; these count what each leaf adds to the answer, per execution (an
// AsyncLocalStorage entered around it: compiled operations are shared by every request), and once the answer passes
// the cap stop building it: leaves then serialise to nothing, and the executor answers one 400 instead. Before, a
// document of many aliases of a large list built the whole answer (tens of MB) before the cap, checked on the
// serialised text, refused it. The objects themselves are bounded by the cost model (GRAPHQL_MAX_COMPLEXITY).
import { AsyncLocalStorage } from 'node:async_hooks';
import { GraphQLError, isEnumType, isScalarType, type GraphQLSchema } from 'graphql';
import { AppError } from '../errors.js';

/** What one leaf adds beyond its value: its key, quotes, colon and comma (a key is rarely longer). */
const LEAF_OVERHEAD = 16;

export class AnswerMeter {
  bytes = 0;
  over = false;
  constructor(readonly maxBytes: number) {}

  /** The error the request is answered with once over. */
  error(): AppError {
    return new AppError(
      'VALIDATION_FAILED',
      `The answer is over the limit of ${this.maxBytes} bytes: ask for less in one request`,
      { limit: 'response_bytes', value: this.bytes, max: this.maxBytes },
    );
  }
}

const meters = new AsyncLocalStorage<AnswerMeter>();

/**
 * Leaves serialised into metered answers (and their bytes), and leaves left out past a cap, since the process started
 * (tests count them).
 */
const leafCounts = { built: 0, bytes: 0, leftOut: 0 };
export const meteredLeafCounts = (): { built: number; bytes: number; leftOut: number } => ({ ...leafCounts });

/** Runs `execute` with a meter of at most `maxBytes`; its answer is the meter's error once it went over. */
export async function withAnswerMeter<R extends { errors?: readonly GraphQLError[] }>(
  maxBytes: number,
  execute: () => Promise<R> | R,
): Promise<R | { errors: GraphQLError[] }> {
  const meter = new AnswerMeter(maxBytes);
  const result = await meters.run(meter, execute);
  return meter.over ? { errors: [meter.error()] } : result;
}

/** The bytes a leaf's serialised value adds to the answer (strings as UTF-16 units: a lower bound of UTF-8's). */
function leafBytes(value: unknown): number {
  if (typeof value === 'string') return value.length + LEAF_OVERHEAD;
  if (value === null || typeof value !== 'object') return LEAF_OVERHEAD + 8;
  // A JSON scalar's object: counted by its text (what the answer will hold anyway, and at most the cap's worth).
  return (JSON.stringify(value)?.length ?? 0) + LEAF_OVERHEAD;
}

/**
 * graphql-jit's `customSerializers` for every scalar and enum of the schema: each serialises as the type does and
 * counts the result against the execution's meter (none outside a metered execution: no cost, no bound).
 */
export function meteredSerializers(schema: GraphQLSchema): Record<string, (value: unknown) => unknown> {
  const serializers: Record<string, (value: unknown) => unknown> = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isScalarType(type) && !isEnumType(type)) continue;
    const serialize = (value: unknown) => type.serialize(value);
    serializers[type.name] = (value) => {
      const meter = meters.getStore();
      if (!meter) return serialize(value);
      // Past the cap nothing more is built: the answer is thrown away for the meter's error.
      if (meter.over) {
        leafCounts.leftOut++;
        return null;
      }
      leafCounts.built++;
      const serialized = serialize(value);
      const bytes = leafBytes(serialized);
      leafCounts.bytes += bytes;
      meter.bytes += bytes;
      if (meter.bytes > meter.maxBytes) {
        meter.over = true;
        return null;
      }
      return serialized;
    };
  }
  return serializers;
}
