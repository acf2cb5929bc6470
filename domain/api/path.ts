/**
 * A call's path with its `:name` parameters filled: `pathWith(DictionaryPaths.values, { dictionaryId: 3 })`.
 * The server registers the template itself; the console fills it.
 */
export function pathWith(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/:(\w+)/g, (whole, name: string) =>
    name in params ? encodeURIComponent(String(params[name])) : whole,
  );
}
