// The required-value helper of spec §5: undefined, null and "" are empty; a single check gives
// its message when the value is empty, the list variant the first empty item's message, or
// 'parameter invalid' when what it was given is not a list. Messages are descriptors, so the
// form shows them (toast or field error) in the current language.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export const PARAMETER_INVALID: MessageDescriptor = msg`parameter invalid`;

export interface RequiredItem {
  value: unknown;
  message: MessageDescriptor;
}

export const isEmptyValue = (value: unknown): boolean => value === undefined || value === null || value === "";

/** The message when `value` is empty, else null. */
export function checkRequired(value: unknown, message: MessageDescriptor): MessageDescriptor | null {
  return isEmptyValue(value) ? message : null;
}

/** The first empty item's message, null when all are filled, PARAMETER_INVALID for a non-list. */
export function checkAllRequired(items: unknown): MessageDescriptor | null {
  if (!Array.isArray(items)) return PARAMETER_INVALID;
  for (const item of items as unknown[]) {
    if (typeof item !== "object" || item === null || !("message" in item)) return PARAMETER_INVALID;
    const { value, message } = item as RequiredItem;
    if (isEmptyValue(value)) return message;
  }
  return null;
}
