/**
 * Request bodies are mostly the same from one turn to the next: the model, the system prompt and
 * the tool declarations (SPEC R1) — with a large skill catalog, hundreds of kilobytes. This keeps
 * the JSON of that head from the last request and reuses it while its parts are the same values,
 * so each turn serialises only the conversation.
 * @example
 * const body = createStableHeadJson();
 * const text = body([model, system, tools], () => ({ model, system, tools }), 'messages', [], messages);
 */
export function createStableHeadJson(): (
  key: readonly unknown[],
  head: () => Record<string, unknown>,
  arrayField: string,
  leadingItems: readonly unknown[],
  items: readonly unknown[],
) => string {
  let lastKey: readonly unknown[] = [];
  let lastPrefix = '';
  let lastHasItems = false;
  return (key, head, arrayField, leadingItems, items) => {
    if (key.length !== lastKey.length || key.some((part, index) => part !== lastKey[index])) {
      const json = JSON.stringify({ ...head(), [arrayField]: leadingItems });
      // `{…,"messages":[…]}` without `]}`: the array stays open for the conversation.
      lastPrefix = json.slice(0, -2);
      lastHasItems = leadingItems.length > 0;
      lastKey = key;
    }
    if (items.length === 0) return `${lastPrefix}]}`;
    return `${lastPrefix}${lastHasItems ? ',' : ''}${JSON.stringify(items).slice(1)}}`;
  };
}
