// "Monitor" on goods and influencer details (issue 15): being built.
import type { MonitorKind } from "../../../contract/monitoring";

export function MonitorButton(_props: { kind: MonitorKind; id: string }) {
  return null;
}
