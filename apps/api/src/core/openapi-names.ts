/**
 * fastify-type-provider-zod writes every registered schema twice, as `<id>Input` (what a request
 * may send) and `<id>` (what a response holds). The original API's clients know the request bodies by
 * their own names (`loginRequest`, `teamRequest`, ...), so each `<id>Input` is folded into `<id>`: request schemas
 * keep their input form under the plain name, and the duplicates disappear.
 */
export function foldInputSchemaNames<T extends object>(document: T): T {
  const doc = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = doc.components?.schemas;
  if (!schemas) return document;
  const renames = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    if (!name.endsWith('Input')) continue;
    const base = name.slice(0, -'Input'.length);
    if (!(base in schemas)) continue;
    renames.set(name, base);
    // a request body's accepted form is its input form (defaults optional, coercions allowed)
    if (/Request$/.test(base)) schemas[base] = schemas[name];
    delete schemas[name];
  }
  let text = JSON.stringify(document);
  for (const [from, to] of renames) text = text.replaceAll(`"#/components/schemas/${from}"`, `"#/components/schemas/${to}"`);
  return JSON.parse(text) as T;
}
