// What /graphiql opens with: a few of the service's own named operations (rest-mappings/), one
// per tab, with example variables, instead of GraphiQL's generic welcome text.
import { print, visit, type FieldNode } from 'graphql';
import { routes } from '../../rest-mappings/routes.js';
import { loadOperations, snakeCase } from '../rest/documents.js';

const EXAMPLES: Array<{ operation: string; variables: Record<string, unknown> }> = [
  {
    operation: 'AnalyzeIngredientList',
    variables: {
      ingredient_list: 'Ingredients: Aqua (Water), Glycerin, Niacinamide, Alcohol Denat., Parfum, Linalool, Retinol',
    },
  },
  { operation: 'ListProducts', variables: { search: 'cleanser', free_of: ['fragrance'], limit: 5 } },
  { operation: 'GetProduct', variables: { id_or_alias: 'soomdal-centella-low-ph-gel-foam' } },
  { operation: 'GetIngredient', variables: { id_or_alias: 'niacinamide' } },
  { operation: 'ListIngredientGroups', variables: {} },
];

export interface GraphiQLTab {
  query: string;
  variables: string;
}

/** The tabs, each headed by the REST path that runs the same operation. */
export function graphiqlTabs(mappingsDir: string): GraphiQLTab[] {
  const operations = loadOperations(mappingsDir);
  return EXAMPLES.map(({ operation, variables }) => {
    const loaded = operations.get(operation);
    if (!loaded) throw new Error(`/graphiql's example ${operation} is not in rest-mappings`);
    // The REST layer adds snake_case aliases; GraphQL clients see the schema's own names.
    const plain = visit(loaded.document, {
      Field(node: FieldNode): FieldNode | undefined {
        return node.alias && node.alias.value === snakeCase(node.name.value)
          ? { ...node, alias: undefined }
          : undefined;
      },
    });
    const route = routes.find((r) => r.operation === operation);
    const heading = [
      `# ${operation}${route ? `: ${route.summary}` : ''}`,
      ...(route ? [`# The same operation serves ${route.method} ${route.path} (rest-mappings/${loaded.file}).`] : []),
      '# Run it with the ▶ button (Ctrl-Enter); the variables are below. Other tabs hold more examples;',
      '# write your own query in a new tab (+).',
    ];
    const body = plain.definitions.map((d) => print(d)).join('\n\n');
    return { query: `${heading.join('\n')}\n${body}\n`, variables: JSON.stringify(variables, null, 2) };
  });
}

/**
 * A script to run before GraphiQL starts, so the editors open on the tab GraphiQL shows.
 *
 * GraphiQL 5 fills its variables editor at start from the variables it last stored
 * (`graphiql:variables`), never from the active tab: on a first visit the first tab's example
 * variables stayed in the tab while the editor was empty, and ▶ ran without them. GraphiQL
 * also matches those stored editor contents against its stored tabs to choose the tab to reopen,
 * and opens a new empty tab when none matches. So the stored contents are made to be the tab's:
 * the first default tab when nothing is stored, the stored active tab when the editors' contents
 * were never stored. A visitor's own stored work is left as it is.
 */
export function graphiqlEditorsScript(tabs: GraphiQLTab[]): string {
  // Escaped so no "</script>" in an example can end the script early.
  const first = JSON.stringify(tabs[0] ?? { query: '', variables: '' }).replace(/</g, '\\u003c');
  return `<script>
(function () {
  var first = ${first};
  try {
    var stored = JSON.parse(localStorage.getItem('graphiql:tabState') || 'null');
    var tab = null;
    if (!stored || !Array.isArray(stored.tabs)) tab = first;
    else if (localStorage.getItem('graphiql:query') === null) tab = stored.tabs[stored.activeTabIndex] || null;
    if (tab) {
      localStorage.setItem('graphiql:query', tab.query || '');
      localStorage.setItem('graphiql:variables', tab.variables || '');
    }
  } catch (e) {
    // No storage (a private window that refuses it): GraphiQL starts without it as well.
  }
})();
</script>`;
}
