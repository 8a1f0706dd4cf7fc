// The monitor tool's page (issue 15): being built; see src/features/monitor*.
export default function MonitorPage() {
  return null;
}
