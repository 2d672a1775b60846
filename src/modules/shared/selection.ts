// What an operation asks for below the field resolving: lets a read path fetch what a field would
// load later in the same statement, only when the field is asked for, and read only the columns
// the operation shows.
import type { FieldNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';

/** Adds the names of the fields `set` selects at `path` (fragments followed; @skip/@include ignored: a field that may be shown counts). */
function collect(
  info: GraphQLResolveInfo,
  set: SelectionSetNode | undefined,
  path: readonly string[],
  into: Set<string>,
): void {
  if (!set) return;
  for (const node of set.selections) {
    if (node.kind === 'Field') {
      if (path.length === 0) into.add(node.name.value);
      else if (node.name.value === path[0]) collect(info, node.selectionSet, path.slice(1), into);
    } else {
      collect(
        info,
        node.kind === 'InlineFragment' ? node.selectionSet : info.fragments[node.name.value]?.selectionSet,
        path,
        into,
      );
    }
  }
}

// graphql-jit hands every execution of a compiled operation the same fieldNodes array: the walk
// is done once per operation and field (graphql-js makes new arrays: a miss, never a wrong answer).
const fieldsCache = new WeakMap<readonly FieldNode[], Map<string, ReadonlySet<string>>>();

/** The names of the fields selected at `path` below the resolving field (its own selection when `path` is empty). */
export function selectedFields(info: GraphQLResolveInfo, ...path: string[]): ReadonlySet<string> {
  let byPath = fieldsCache.get(info.fieldNodes);
  if (!byPath) fieldsCache.set(info.fieldNodes, (byPath = new Map()));
  const key = path.join('.');
  let fields = byPath.get(key);
  if (!fields) {
    const into = new Set<string>();
    for (const node of info.fieldNodes) collect(info, node.selectionSet, path, into);
    byPath.set(key, (fields = into));
  }
  return fields;
}

/** True when the resolving field's selection reaches `path` (field names, fragments followed). */
export const selectsPath = (info: GraphQLResolveInfo, ...path: string[]): boolean =>
  selectedFields(info, ...path.slice(0, -1)).has(path[path.length - 1]);
