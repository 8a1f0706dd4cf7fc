// The compare tool's page (issue 15): being built; see src/features/compare*.
export default function ComparePage() {
  return null;
}
