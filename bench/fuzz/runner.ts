// Runs a fuzz campaign against a server URL: reads its OpenAPI document, learns a few real
// values (ids, codes) from its own answers, signs the demo accounts in, then sends the generated
// requests over plain node:http (raw paths and bodies, nothing normalised) a few at a time.
// Counts answers by status and by operation, keeps every 5xx, hang and dropped connection with a
// one-line reproduction, and at the end checks that the server is still healthy.
import http from "node:http";
import { operationKey, operationsOf, type Operation } from "./openapi";
import { brokenToken, generateRequest, operationOrder, sessionChoice, type FuzzRequest } from "./requests";
import { FUZZ_ACCOUNTS, signIn } from "./sign-in";
import type { KnownValues } from "./values";

export interface FuzzOptions {
  url: string;
  requests: number;
  seed: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** A request without an answer after this long is a hang. */
  timeoutMs?: number;
}

export interface Failure {
  kind: "5xx" | "hang" | "connection";
  status: number | null;
  request: FuzzRequest;
  detail: string;
}

export interface FuzzReport {
  sent: number;
  seconds: number;
  byStatus: Map<number, number>;
  /** Requests sent per operation ("GET /api/v1/goods/{id}"), every operation of the document listed. */
  byOperation: Map<string, number>;
  failures: Failure[];
  healthy: boolean;
  healthDetail: string;
}

const OPENAPI_PATH = "/api/v1/openapi.json";
const API = { "system-id": "14" };
/** Answer fields whose values are worth reusing as parameters (no secrets: tokens are not kept). */
const SKIPPED_KEYS = new Set(["token", "public_key", "recaptcha_key", "qr_code", "password"]);
const MAX_KNOWN_PER_KEY = 12;

export async function readOperations(url: string): Promise<Operation[]> {
  const response = await fetch(url + OPENAPI_PATH);
  if (!response.ok) throw new Error(`${OPENAPI_PATH} answered ${response.status}`);
  return operationsOf(await response.json());
}

/**
 * Values from the answers of every GET that needs no parameter, by field name, sorted, so the
 * same server data gives the same generated requests.
 */
async function learnValues(url: string, operations: readonly Operation[], token: string): Promise<KnownValues> {
  const known = new Map<string, Set<string | number>>();
  const collect = (value: unknown, key: string, depth: number) => {
    if (depth > 6 || SKIPPED_KEYS.has(key)) return;
    if (Array.isArray(value)) value.slice(0, 20).forEach((item) => collect(item, key, depth + 1));
    else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) collect(v, k, depth + 1);
    } else if ((typeof value === "string" && value.length <= 200) || typeof value === "number") {
      const values = known.get(key) ?? new Set();
      if (values.size < MAX_KNOWN_PER_KEY) values.add(value);
      known.set(key, values);
    }
  };
  for (const operation of operations) {
    if (operation.method !== "GET" || operation.parameters.some((p) => p.required) || operation.path === "/healthz")
      continue;
    const response = await fetch(url + operation.path, { headers: { ...API, authorization: token } });
    const text = await response.text();
    try {
      collect(JSON.parse(text), "", 0);
    } catch {
      // Not JSON (a CSV export, an image): nothing to learn.
    }
  }
  return new Map([...known].map(([key, values]) => [key, [...values].sort()]));
}

interface Answer {
  status: number;
  body: string;
}

/**
 * Sends one request. A reset of a kept-alive connection the server had just closed (it closes
 * after a 413, 414 or 431 answer) is the client's race, not the server's fault: such a request is
 * sent again once on a fresh connection, and only a second reset counts.
 */
async function send(agent: http.Agent, base: URL, request: FuzzRequest, timeoutMs: number): Promise<Answer> {
  try {
    return await sendOnce(agent, base, request, timeoutMs);
  } catch (error) {
    if (!(error instanceof ReusedSocketReset)) throw error;
    return sendOnce(false, base, request, timeoutMs);
  }
}

class ReusedSocketReset extends Error {}

function sendOnce(agent: http.Agent | false, base: URL, request: FuzzRequest, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, ...(request.body ? { "content-length": request.body.length } : {}) },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on("error", (error: NodeJS.ErrnoException) =>
      reject(agent && /ECONNRESET|EPIPE/.test(error.code ?? "") ? new ReusedSocketReset(error.message) : error),
    );
    outgoing.end(request.body ?? undefined);
  });
}

/** "POST /v1/x [application/json] {"a":1…} (mutation)": enough to replay the request by hand. */
export function reproduction(request: FuzzRequest): string {
  const body = request.body ? request.body.toString("utf8") : "";
  const excerpt = body.length > 160 ? `${body.slice(0, 160)}… (${request.body!.length} bytes)` : body;
  const headers = Object.entries(request.headers)
    .filter(([name]) => name !== "authorization")
    .map(([name, value]) => `${name}: ${value.length > 40 ? `${value.slice(0, 40)}…` : value}`)
    .join("; ");
  return `#${request.index} ${request.method} ${request.url.slice(0, 300)} [${headers}] ${excerpt} (${request.mutation})`;
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const { url, requests, seed, concurrency = 8, timeoutMs = 15_000 } = options;
  const base = new URL(url);
  const operations = await readOperations(url);
  const tokens = await Promise.all(FUZZ_ACCOUNTS.map((account) => signIn(url, account)));
  const known = await learnValues(url, operations, tokens[0]);
  const context = { seed, operations, known };
  const order = operationOrder(context);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const byStatus = new Map<number, number>();
  const byOperation = new Map(operations.map((operation) => [operationKey(operation), 0]));
  const failures: Failure[] = [];
  // One sign-in at a time per account when a token stops working (a fuzzed logout, the demo clock).
  const renewing: Array<Promise<void> | null> = FUZZ_ACCOUNTS.map(() => null);
  const renew = (slot: number) =>
    (renewing[slot] ??= signIn(url, FUZZ_ACCOUNTS[slot])
      .then((token) => void (tokens[slot] = token))
      .catch(() => undefined) // rate-limited sign-ins: carry on with the old token
      .finally(() => (renewing[slot] = null)));

  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests) {
      const request = generateRequest(context, order, next++);
      const slot = request.index % FUZZ_ACCOUNTS.length;
      const session = sessionChoice(seed, request.index);
      if (session === "valid") request.headers.authorization = tokens[slot];
      else if (session === "broken") request.headers.authorization = brokenToken(seed, request.index, tokens[slot]);
      byOperation.set(request.operation, (byOperation.get(request.operation) ?? 0) + 1);
      try {
        const answer = await send(agent, base, request, timeoutMs);
        byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500) {
          failures.push({ kind: "5xx", status: answer.status, request, detail: answer.body.slice(0, 200) });
        }
        if (answer.status === 401 && session === "valid") await renew(slot);
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        // The server may answer 413 and close before a body over its limit is fully written.
        if (request.body && request.body.length > 1_000_000 && /EPIPE|ECONNRESET/.test(detail)) {
          byStatus.set(413, (byStatus.get(413) ?? 0) + 1);
          continue;
        }
        byStatus.set(0, (byStatus.get(0) ?? 0) + 1);
        failures.push({ kind: /no answer/.test(detail) ? "hang" : "connection", status: null, request, detail });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const health = await checkHealth(url);
  return { sent: requests, seconds, byStatus, byOperation, failures, ...health };
}

/**
 * /healthz answers 200 and a normal sign-in and signed-in request still work (a rate-limited
 * sign-in is waited out: with limits on, the run has spent the address's budget).
 */
export async function checkHealth(url: string): Promise<{ healthy: boolean; healthDetail: string }> {
  try {
    const health = await fetch(`${url}/healthz`);
    if (health.status !== 200) return { healthy: false, healthDetail: `/healthz answered ${health.status}` };
    const token = await signIn(url, FUZZ_ACCOUNTS[0], { waitWhenLimited: true });
    const user = await fetch(`${url}/v1/user/accounts/current-user`, { headers: { ...API, authorization: token } });
    const answer = (await user.json()) as { code: number };
    if (user.status !== 200 || answer.code !== 0)
      return { healthy: false, healthDetail: `current-user answered ${user.status} code ${answer.code}` };
    const plans = await fetch(`${url}/api/v1/plans`, { headers: API });
    if (plans.status !== 200) return { healthy: false, healthDetail: `/api/v1/plans answered ${plans.status}` };
    return { healthy: true, healthDetail: "/healthz 200, sign-in, current-user and plans answer" };
  } catch (error) {
    return {
      healthy: false,
      healthDetail: `health check failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
