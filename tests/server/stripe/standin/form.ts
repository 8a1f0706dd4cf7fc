// Request parameters as Stripe reads them: form-encoded bodies (and query strings) whose keys
// nest with brackets, e.g. line_items[0][price_data][currency]=sgd or expand[0]=payment_intent,
// read into plain objects and arrays (a numeric segment makes an array).
export type Params = { [key: string]: ParamValue };
export type ParamValue = string | Params | ParamValue[];

function segmentsOf(key: string): string[] {
  const first = key.indexOf("[");
  if (first < 0) return [key];
  const rest = [...key.slice(first).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]);
  return [key.slice(0, first), ...rest];
}

export function parseForm(encoded: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const segments = segmentsOf(key);
    let node = root as Record<string, ParamValue>;
    segments.forEach((segment, index) => {
      if (index === segments.length - 1) {
        node[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(segments[index + 1]);
      node[segment] ??= nextIsIndex ? [] : {};
      // An array's numeric segments index it like an object's keys.
      node = node[segment] as unknown as Record<string, ParamValue>;
    });
  }
  return root;
}

/** A parameter at a dotted path ("payment_method_data.type", "line_items.0.quantity"), as text. */
export function param(params: Params, path: string): string | undefined {
  let node: ParamValue | undefined = params;
  for (const segment of path.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = Array.isArray(node) ? node[Number(segment)] : node[segment];
  }
  return typeof node === "string" ? node : undefined;
}

/** A parameter that is a map of strings (metadata). */
export function stringMap(params: Params, key: string): Record<string, string> {
  const value = params[key];
  if (!value || typeof value === "string" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/** A parameter that is a list of strings (expand[], allowed_payment_method_types[]). */
export function stringList(params: Params, key: string): string[] {
  const value = params[key];
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is string => typeof entry === "string");
}
