// Whether an operation asks for a field below the one resolving: lets a read path fetch what a
// field would load later in the same statement, only when the field is asked for.
import type { GraphQLResolveInfo, SelectionSetNode } from 'graphql';

function selects(info: GraphQLResolveInfo, set: SelectionSetNode | undefined, path: readonly string[]): boolean {
  if (!set) return false;
  for (const node of set.selections) {
    if (node.kind === 'Field') {
      if (node.name.value === path[0] && (path.length === 1 || selects(info, node.selectionSet, path.slice(1)))) return true;
    } else if (node.kind === 'InlineFragment') {
      if (selects(info, node.selectionSet, path)) return true;
    } else if (selects(info, info.fragments[node.name.value]?.selectionSet, path)) return true;
  }
  return false;
}

/** True when the resolving field's selection reaches `path` (field names, fragments followed). */
export const selectsPath = (info: GraphQLResolveInfo, ...path: string[]): boolean =>
  info.fieldNodes.some((node) => selects(info, node.selectionSet, path));
