// The fuzzer's view of /api/v1/openapi.json: every operation (method and path) with its path
// and query parameters and its JSON body schema, in the document's order.

/** The subset of JSON Schema the server's TypeBox schemas use. */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, with {name} placeholders. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, or null for a route that takes no body. */
  body: Schema | null;
  bodyRequired: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
}

interface RawOperation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
}

const METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options"]);

export function operationsOf(document: unknown): Operation[] {
  const { paths } = document as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      if (!METHODS.has(method)) continue;
      const parameters = (raw.parameters ?? [])
        .filter((p) => p.in === "path" || p.in === "query")
        .map((p) => ({
          name: p.name,
          in: p.in as Parameter["in"],
          required: p.in === "path" || Boolean(p.required),
          schema: p.schema ?? {},
        }));
      const content = raw.requestBody?.content;
      const body = content ? (content["application/json"]?.schema ?? Object.values(content)[0]?.schema ?? {}) : null;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters,
        body,
        bodyRequired: Boolean(raw.requestBody?.required),
      });
    }
  }
  return operations;
}

/** "GET /api/v1/goods/{id}": how an operation is named in figures and coverage. */
export const operationKey = (operation: Pick<Operation, "method" | "path">) => `${operation.method} ${operation.path}`;
