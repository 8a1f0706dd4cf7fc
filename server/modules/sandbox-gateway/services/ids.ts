// The sandbox gateway's record ids, shaped as a PSP's: a prefix naming the kind of record and
// 12 random bytes in hex (pay_..., evt_..., cus_..., pm_..., seti_...). The hosted pages check an
// id's shape before looking it up, so a malformed one is a 404 without a query.
import { randomBytes } from "node:crypto";

export const ID_PREFIXES = {
  payment: "pay_",
  event: "evt_",
  customer: "cus_",
  method: "pm_",
  setup: "seti_",
} as const;
export type IdKind = keyof typeof ID_PREFIXES;

const ID_PATTERN = /^[a-z]+_[0-9a-f]{24}$/;

/** `prefix` and 12 random bytes in hex. */
export function randomId(prefix: string): string {
  return `${prefix}${randomBytes(12).toString("hex")}`;
}

/** A new id of a kind of record. */
export const newId = (kind: IdKind): string => randomId(ID_PREFIXES[kind]);

/** Whether `value` has the shape of an id of that kind. */
export const isIdOf = (kind: IdKind, value: string): boolean =>
  value.startsWith(ID_PREFIXES[kind]) && ID_PATTERN.test(value);
