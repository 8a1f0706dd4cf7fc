// Two kinds of input no route can use, refused at the door with a 400 that names the field
// (both found by the fuzzer, bench/fuzz.ts, as 500s):
// - the NUL character in any text (query, path, body): PostgreSQL cannot store it in text or
//   jsonb, so the first query touching it failed;
// - a non-finite number in the query or path: Ajv's type coercion turns "1e999" or "Infinity"
//   into Infinity and then skips the minimum/maximum checks for it, so it reached handlers
//   (SQL bigint parameters, serializers). JSON bodies cannot produce one that passes a schema.
// A route that cleans text itself declares config.acceptsNul (the tracking batch strips NUL, as
// clients' analytics text is kept rather than refused); its non-finite numbers are still refused.
// One preHandler hook, so validation's own 400s come first. A cheap check runs on every request
// (recursion bounded by MAX_DEPTH, so a deeply nested body cannot overflow the stack); only a
// request with something to refuse is walked again to name the field.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { DomainError } from "../lib/domain-error";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route cleans NUL characters out of its body itself: the guard lets them through. */
    acceptsNul?: boolean;
  }
}

const NUL = "\u0000";
/** Deeper parts of a body are not searched (schemas refuse such bodies anyway). */
const MAX_DEPTH = 64;

type Finding = "nul" | "non-finite";

/**
 * Whether anything under `value` offends: the per-request check, without building paths or a
 * work list (most requests have nothing to find; findIn names the field when one does).
 */
function offends(value: unknown, numbers: boolean, depth: number): boolean {
  if (typeof value === "string") return value.includes(NUL);
  if (typeof value === "number") return numbers && !Number.isFinite(value);
  if (value === null || typeof value !== "object" || depth >= MAX_DEPTH) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes(NUL) || offends((value as Record<string, unknown>)[key], numbers, depth + 1)) return true;
  }
  return false;
}

/** The first offending value's path ("body/items/2/name"), or null. */
function findIn(root: unknown, rootName: string, numbers: boolean): { path: string; finding: Finding } | null {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value: root, path: rootName, depth: 0 }];
  while (pending.length > 0) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === "string") {
      if (value.includes(NUL)) return { path, finding: "nul" };
    } else if (typeof value === "number") {
      if (numbers && !Number.isFinite(value)) return { path, finding: "non-finite" };
    } else if (value !== null && typeof value === "object" && depth < MAX_DEPTH) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes(NUL)) return { path: `${path}/${key.replaceAll(NUL, "\\0")}`, finding: "nul" };
        pending.push({ value: item, path: `${path}/${key}`, depth: depth + 1 });
      }
    }
  }
  return null;
}

function refusal(where: { path: string; finding: Finding }): DomainError {
  return new DomainError(
    400,
    where.finding === "nul"
      ? `${where.path} must not contain the NUL character`
      : `${where.path} must be a finite number`,
  );
}

export function applyInputGuard(app: FastifyInstance): void {
  // After validation (whose errors come first), before any handler: the values coercion produced.
  app.addHook("preHandler", (request: FastifyRequest, _reply, done) => {
    const checkBody = request.routeOptions.config.acceptsNul !== true;
    if (
      !offends(request.params, true, 0) &&
      !offends(request.query, true, 0) &&
      !(checkBody && offends(request.body, false, 0))
    ) {
      done();
      return;
    }
    const found =
      findIn(request.params, "params", true) ??
      findIn(request.query, "querystring", true) ??
      (checkBody ? findIn(request.body, "body", false) : null);
    done(found ? refusal(found) : undefined);
  });
}
