// The calculator tool's page (issue 15): being built; see src/features/calculator*.
export default function CalculatorPage() {
  return null;
}
