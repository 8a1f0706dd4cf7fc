// "Compare" on goods and influencer cards and details (issue 15): being built.
import type { CompareKind } from "./compare-kinds";

export function CompareButton(_props: { kind: CompareKind; id: string }) {
  return null;
}
