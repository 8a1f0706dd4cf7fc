// Argument parsing shared by the CLIs (data:seed, data:import, data:refresh, push:send): `--name
// value` options and positional words, with one-line errors a person can act on.
export class UsageError extends Error {
  override name = "UsageError";
}

export interface ParsedArgs {
  options: Map<string, string>;
  positional: string[];
}

export function parseArgs(argv: readonly string[], known: readonly string[]): ParsedArgs {
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split("=", 2) as [string, string | undefined];
    if (!known.includes(name))
      throw new UsageError(`Unknown option --${name}; options: ${known.map((k) => `--${k}`).join(", ") || "none"}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    options.set(name, value);
  }
  return { options, positional };
}

export function numberOption(args: ParsedArgs, name: string, fallback: number, min: number, max: number): number {
  const raw = args.options.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!(value >= min && value <= max)) throw new UsageError(`--${name} must be a number from ${min} to ${max}`);
  return value;
}

/** An ISO date option (2026-12-01 or 2026-12-01T00:00:00Z); null when absent. */
export function dateOption(args: ParsedArgs, name: string): Date | null {
  const raw = args.options.get(name);
  if (raw === undefined) return null;
  const date = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(date.getTime()))
    throw new UsageError(`--${name} must be an ISO date such as 2026-12-01 or 2026-12-01T00:00:00Z`);
  return date;
}
