// The monitoring tests' client: any method (PATCH included) with an optional session token and
// x-language, answering status and the parsed envelope; and the routes' paths.
import type { FastifyInstance } from "fastify";
import { API_HEADERS } from "../helpers/app";

export const ITEMS = "/api/v1/monitor/items";

export interface Answer<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

export async function send<T = any>(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  options: { token?: string; body?: object; language?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...API_HEADERS };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.language) headers["x-language"] = options.language;
  if (options.body) headers["content-type"] = "application/json";
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.body ? { payload: JSON.stringify(options.body) } : {}),
  });
  return { status: response.statusCode, ...response.json<{ code: number; msg: string; data: T }>() };
}

export const monitor = (
  app: FastifyInstance,
  token: string | undefined,
  type: string,
  id: string,
  thresholds?: object,
) => send(app, "PUT", ITEMS, { token, body: { type, id, ...(thresholds ? { thresholds } : {}) } });
export const unmonitor = (app: FastifyInstance, token: string | undefined, type: string, id: string) =>
  send(app, "DELETE", ITEMS, { token, body: { type, id } });
export const items = (app: FastifyInstance, token?: string) => send(app, "GET", ITEMS, { token });
