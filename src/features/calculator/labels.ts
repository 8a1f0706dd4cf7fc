// The fee groups' names, as messages (the calculator's Category field and comparisons).
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { FeeGroup } from "./market-fees";

export const FEE_GROUP_NAMES: Readonly<Record<FeeGroup, MessageDescriptor>> = {
  beauty: msg`Beauty & personal care`,
  fashion: msg`Fashion & shoes`,
  electronics: msg`Phones & electronics`,
  home: msg`Home & living`,
  food: msg`Food & beverages`,
  "mother-baby": msg`Mother & baby`,
  "health-sports": msg`Health & sports`,
  other: msg`Other categories`,
};
