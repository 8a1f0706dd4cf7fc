// The route pattern parser given to wouter's <Router> and used by resolvePath(), so matching in
// the router and in plain code is the same function. Patterns are static segments, ":name"
// parameters and "*" (the catch-all); matching is case-insensitive and ignores a trailing slash.

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function parsePattern(route: string, loose = false): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = route
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment === "*") {
        keys.push("wild");
        return "(?:/(.*))?";
      }
      if (segment.startsWith(":")) {
        keys.push(segment.slice(1));
        return "/([^/]+?)";
      }
      return `/${escapeRegExp(segment)}`;
    })
    .join("");
  return { keys, pattern: new RegExp(`^${source}${loose ? "(?=$|/)" : "/?$"}`, "i") };
}
