// One fuzz request from (seed, index): the operation (round robin over a seeded order, so every
// route and method is hit once per lap), then the path and query parameters, the body and its
// content type, the system-id and session headers, each either valid or mutated. The result is
// raw bytes-to-send, so the runner adds nothing of its own.
import { NASTY_NUMBER_TEXTS, NASTY_STRINGS, POLLUTION_KEYS } from "./nasty";
import { operationKey, type Operation, type Parameter } from "./openapi";
import { randomFor, shuffled, type Random } from "./random";
import { mutatedValue, validObject, validValue, type KnownValues } from "./values";

export interface FuzzRequest {
  index: number;
  /** The operation this request was generated for ("POST /v1/user/logout"). */
  operation: string;
  method: string;
  /** Path and query string exactly as sent (percent-encoding included). */
  url: string;
  headers: Record<string, string>;
  body: Buffer | null;
  /** What was done to the request, for figures and reproductions. */
  mutation: string;
}

/** Whether to send the signed-in session token, a broken one or none. */
export type SessionChoice = "valid" | "broken" | "none";

export interface GeneratorContext {
  seed: number;
  operations: readonly Operation[];
  known: KnownValues;
}

/** The order the operations are visited in: a seeded shuffle, then round robin. */
export function operationOrder(context: GeneratorContext): Operation[] {
  return shuffled(context.operations, randomFor(context.seed, 0));
}

const SYSTEM_IDS = ["13", "", "abc", "15", "-14", "14 ", "1e1", "14,14", "0x0e", "14.0", "9".repeat(400)];
// Not HEAD: Fastify answers it for every GET route, and its answer to an over-long HEAD request
// (a 431 from Node's parser) carries a body, which breaks the client's connection, not the server.
const OTHER_METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];
/** Well over the server's 1 MiB JSON body limit. */
const OVER_LIMIT_BYTES = 1_100_000;

export function generateRequest(context: GeneratorContext, order: readonly Operation[], index: number): FuzzRequest {
  const random = randomFor(context.seed, index + 1);
  const operation = order[index % order.length];
  const mutations: string[] = [];
  const pathPart = buildPath(operation, random, context.known, mutations);
  const query = buildQuery(operation, random, context.known, mutations);
  const headers: Record<string, string> = {};
  if (random.chance(0.88)) headers["system-id"] = "14";
  else if (random.chance(0.3)) mutations.push("no system-id");
  else {
    headers["system-id"] = random.pick(SYSTEM_IDS);
    mutations.push("system-id");
  }
  const body = buildBody(operation, random, context.known, mutations);
  if (body.contentType !== null) headers["content-type"] = body.contentType;
  let method = operation.method;
  if (random.chance(0.03)) {
    method = random.pick(OTHER_METHODS.filter((m) => m !== method));
    mutations.push(`method ${method}`);
  }
  return {
    index,
    operation: operationKey(operation),
    method,
    url: pathPart + query,
    headers,
    body: body.bytes,
    mutation: mutations.join(", ") || "valid",
  };
}

/** Which session the request carries (drawn from its own stream so the runner can apply it). */
export function sessionChoice(seed: number, index: number): SessionChoice {
  const roll = randomFor(seed ^ 0x51ed, index + 1).next();
  return roll < 0.55 ? "valid" : roll < 0.8 ? "none" : "broken";
}

/** Broken forms of a token (and of the header itself). */
export function brokenToken(seed: number, index: number, token: string): string {
  const random = randomFor(seed ^ 0xbad, index + 1);
  return random.pick([
    `${token}x`,
    token.slice(0, -3),
    `Bearer ${token.split("").reverse().join("")}`,
    "Bearer ",
    "null",
    "' OR 1=1--",
    "a".repeat(9000),
    `${token}.${token}`,
    "eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.",
  ]);
}

function encode(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  // encodeURIComponent refuses lone surrogates; Buffer turns them into U+FFFD instead.
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Raw query or path fragments that no encoder would produce. */
const RAW_FRAGMENTS = ["%", "%zz", "%ED%A0%80", "%FF%FE", "%C0%AF", "%00", "a%2Fb", "..%2F..%2F", "%25%25", "+%2B+"];

function paramValue(parameter: Parameter, random: Random, known: KnownValues, mutations: string[]): string {
  const roll = random.next();
  if (roll < 0.6) return encode(validValue(parameter.schema, random, known, parameter.name));
  mutations.push(`${parameter.in} ${parameter.name}`);
  if (roll < 0.75) return encode(random.pick([...NASTY_NUMBER_TEXTS, ...NASTY_STRINGS]));
  if (roll < 0.85) return random.pick(RAW_FRAGMENTS);
  return encode(mutatedValue(parameter.schema, random));
}

function buildPath(operation: Operation, random: Random, known: KnownValues, mutations: string[]): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const parameter = operation.parameters.find((p) => p.in === "path" && p.name === name);
    if (!parameter) return "x";
    if (random.chance(0.05)) {
      mutations.push(`path ${name} raw`);
      return random.pick(["", "..", "../..", "a/b", "%2e%2e", ";x=1", "a%20b", "%2F"]);
    }
    return paramValue(parameter, random, known, mutations);
  });
}

function buildQuery(operation: Operation, random: Random, known: KnownValues, mutations: string[]): string {
  const pairs: string[] = [];
  for (const parameter of operation.parameters.filter((p) => p.in === "query")) {
    if (!parameter.required && random.chance(0.4)) continue;
    if (parameter.required && random.chance(0.08)) {
      mutations.push(`missing query ${parameter.name}`);
      continue;
    }
    const value = paramValue(parameter, random, known, mutations);
    pairs.push(`${parameter.name}=${value}`);
    if (random.chance(0.05)) {
      mutations.push(`repeated ${parameter.name}`);
      pairs.push(`${parameter.name}=${paramValue(parameter, random, known, mutations)}`);
    }
  }
  if (random.chance(0.1)) {
    const key = random.pick([...POLLUTION_KEYS, "constructor[prototype][x]", "__proto__[x]", "a[]", "extra", ""]);
    pairs.push(`${encode(key)}=${encode(random.pick(NASTY_STRINGS))}`);
    mutations.push(`extra query ${key}`);
  }
  if (random.chance(0.02)) {
    pairs.push(random.pick(["&&&", "=", "a", "=x", "a==b", "%"]));
    mutations.push("malformed query");
  }
  return pairs.length > 0 ? `?${pairs.join("&")}` : random.chance(0.02) ? "?" : "";
}

interface Body {
  contentType: string | null;
  bytes: Buffer | null;
}

const json = (value: unknown): Body => ({ contentType: "application/json", bytes: Buffer.from(JSON.stringify(value)) });

/** An object whose own keys include prototype-polluting ones (JSON.parse keeps __proto__ as a key). */
function polluted(base: Record<string, unknown>, random: Random): unknown {
  const key = random.pick(POLLUTION_KEYS);
  const extra = JSON.parse(`{${JSON.stringify(key)}: {"polluted": true, "isAdmin": true}}`) as object;
  return { ...base, ...extra, [random.pick(["extra", "is_admin", "user_id", "role"])]: random.pick(NASTY_STRINGS) };
}

function buildBody(operation: Operation, random: Random, known: KnownValues, mutations: string[]): Body {
  if (operation.body === null) {
    // Bodiless routes get a body now and then (a JSON one, or junk with a JSON content type).
    if (!random.chance(0.1)) return { contentType: null, bytes: null };
    mutations.push("unexpected body");
    return random.pick([json({ a: 1 }), { contentType: "application/json", bytes: Buffer.from("{") }, json([])]);
  }
  const schema = operation.body;
  const valid = () => (schema.type === "object" || schema.properties ? validObject(schema, random, known) : {});
  const roll = random.next();
  if (roll < 0.25) return json(validValue(schema, random, known));
  if (roll < 0.5) {
    const base = valid();
    const keys = Object.keys(schema.properties ?? {});
    if (keys.length === 0) return json(base);
    const key = random.pick(keys);
    base[key] = mutatedValue(schema.properties![key], random);
    mutations.push(`body ${key}`);
    return json(base);
  }
  if (roll < 0.58) {
    const base = valid();
    const required = schema.required ?? [];
    if (required.length > 0) delete base[random.pick(required)];
    else for (const key of Object.keys(base)) delete base[key];
    mutations.push("missing field");
    return json(base);
  }
  if (roll < 0.66) {
    mutations.push("extra fields");
    return json(polluted(valid(), random));
  }
  if (roll < 0.72) {
    mutations.push("wrong body shape");
    return json(random.pick([[valid()], null, "text", 42, true, [], [[]], { nested: valid() }]));
  }
  if (roll < 0.77) {
    mutations.push("huge body");
    if (random.chance(0.5)) return json({ ...valid(), pad: "p".repeat(random.int(100_000, 400_000)) });
    return json({ ...valid(), pad: "p".repeat(OVER_LIMIT_BYTES) });
  }
  if (roll < 0.87) {
    const contentType = random.pick([
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/xml",
      "multipart/form-data; boundary=x",
      "application/json; charset=utf-16",
      "application/json; charset=latin1",
      "application/vnd.api+json",
      "*/*",
      "",
      "application/json, text/plain",
      "application/jsonx",
    ]);
    mutations.push(`content-type ${JSON.stringify(contentType)}`);
    const payload = random.pick([
      JSON.stringify(valid()),
      "login_id=a&password=b",
      "<?xml version='1.0'?><a><b>1</b></a>",
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
    ]);
    return { contentType: contentType === "" ? null : contentType, bytes: Buffer.from(payload) };
  }
  if (roll < 0.95) {
    mutations.push("invalid JSON");
    const text = JSON.stringify(valid());
    const broken = random.pick([
      text.slice(0, Math.max(1, Math.floor(text.length / 2))),
      `${text},`,
      text.replace(/"/g, "'"),
      "{a:1}",
      '{"a": NaN}',
      '{"a": 1e999}',
      `\ufeff${text}`,
      "[".repeat(20_000) + "]".repeat(20_000),
      '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000),
      '{"a":1,"a":2}',
      "\u0000",
      "null",
      '"\\ud800"',
      "undefined",
    ]);
    return { contentType: "application/json", bytes: Buffer.from(broken) };
  }
  mutations.push("empty JSON body");
  return { contentType: "application/json", bytes: Buffer.alloc(0) };
}
