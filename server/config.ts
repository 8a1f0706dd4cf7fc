// Every environment variable the server reads, parsed and documented in one place.
// Nothing else in server/ touches process.env: a typo or a bad value fails at boot with one
// line naming the variable, and `configTable` keeps the README's table honest.
import path from "node:path";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** DATA_DIR value that keeps the embedded database in memory (tests, throwaway demos). */
export const IN_MEMORY_DATA_DIR = "memory://";

export interface Config {
  port: number;
  host: string;
  /** Absolute path, or IN_MEMORY_DATA_DIR. */
  dataDir: string;
  /** null means the embedded PGlite database in dataDir. */
  databaseUrl: string | null;
  logLevel: LogLevel;
  /** Absolute path of the built PWA (vite build output). */
  staticDir: string;
  sessionTtlMs: number;
  trustProxy: boolean;
}

/** Thrown for a bad environment value; the message is one line naming the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
  }
}

/** What a parser throws; `read` turns it into a ConfigError naming the variable. */
class Expected extends Error {}

interface Variable<T> {
  name: string;
  /** Raw default, as it would be written in the environment; undefined = optional, no default. */
  default: string | undefined;
  description: string;
  /** Hide the value in error messages (it may carry a password). */
  secret?: boolean;
  parse(raw: string): T;
}

const integer =
  (min: number, max: number) =>
  (raw: string): number => {
    const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      throw new Expected(`an integer ${min}-${max}`);
    }
    return value;
  };

const oneOf =
  <T extends string>(choices: readonly T[]) =>
  (raw: string): T => {
    const value = raw.toLowerCase() as T;
    if (!choices.includes(value)) throw new Expected(`one of ${choices.join(", ")}`);
    return value;
  };

const TRUE_WORDS = ["true", "1", "yes", "on"];
const FALSE_WORDS = ["false", "0", "no", "off"];
const boolean = (raw: string): boolean => {
  const value = raw.toLowerCase();
  if (TRUE_WORDS.includes(value)) return true;
  if (FALSE_WORDS.includes(value)) return false;
  throw new Expected("true or false");
};

const hostName = (raw: string): string => {
  if (raw === "") throw new Expected("a host name or IP address");
  return raw;
};

const directory = (raw: string): string => (raw === IN_MEMORY_DATA_DIR ? raw : path.resolve(raw));

const postgresUrl = (raw: string): string => {
  if (!/^postgres(ql)?:\/\/./.test(raw)) throw new Expected("a postgres:// or postgresql:// URL");
  return raw;
};

/** Seven days: the spec's default token expiry (604800000 ms). */
export const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const variables = {
  port: {
    name: "PORT",
    default: "8080",
    description: "TCP port the HTTP server listens on.",
    parse: integer(1, 65535),
  },
  host: {
    name: "HOST",
    default: "0.0.0.0",
    description: "Interface to bind; 127.0.0.1 keeps the server local to this machine.",
    parse: hostName,
  },
  dataDir: {
    name: "DATA_DIR",
    default: "./data",
    description: `Folder for the embedded database (DATA_DIR/pglite); "${IN_MEMORY_DATA_DIR}" keeps it in memory.`,
    parse: directory,
  },
  databaseUrl: {
    name: "DATABASE_URL",
    default: undefined,
    description: "PostgreSQL connection URL; when unset the embedded PGlite database in DATA_DIR is used.",
    secret: true,
    parse: postgresUrl,
  },
  logLevel: {
    name: "LOG_LEVEL",
    default: "info",
    description: `Log level: ${LOG_LEVELS.join(", ")}.`,
    parse: oneOf(LOG_LEVELS),
  },
  staticDir: {
    name: "STATIC_DIR",
    default: "./dist",
    description: "Built PWA served at /; skipped (with a warning) when the folder does not exist.",
    parse: directory,
  },
  sessionTtlMs: {
    name: "SESSION_TTL_MS",
    default: String(DEFAULT_SESSION_TTL_MS),
    description: "Lifetime of a login session in milliseconds (default 7 days).",
    parse: integer(1, Number.MAX_SAFE_INTEGER),
  },
  trustProxy: {
    name: "TRUST_PROXY",
    default: "false",
    description: "Trust X-Forwarded-* headers (set true behind a reverse proxy or load balancer).",
    parse: boolean,
  },
} satisfies { [K in keyof Config]: Variable<Exclude<Config[K], null>> };

/** Name, default and description of every variable, in documentation order. */
export const configTable: ReadonlyArray<{ name: string; default: string | undefined; description: string }> =
  Object.values(variables).map(({ name, default: def, description }) => ({ name, default: def, description }));

function read<T>(variable: Variable<T> & { default: string }, env: NodeJS.ProcessEnv): T;
function read<T>(variable: Variable<T>, env: NodeJS.ProcessEnv): T | null;
function read<T>(variable: Variable<T>, env: NodeJS.ProcessEnv): T | null {
  const given = env[variable.name];
  // An empty value counts as unset, as in most shells' `VAR= command`.
  const raw = given === undefined || given === "" ? variable.default : given;
  if (raw === undefined) return null;
  try {
    return variable.parse(raw.trim());
  } catch (error) {
    if (!(error instanceof Expected)) throw error;
    const shown = variable.secret ? "" : `: ${JSON.stringify(raw)}`;
    throw new ConfigError(variable.name, `Invalid ${variable.name}${shown} (expected ${error.message})`);
  }
}

/** Parses the environment; throws ConfigError on the first bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const config: Config = {
    port: read(variables.port, env),
    host: read(variables.host, env),
    dataDir: read(variables.dataDir, env),
    databaseUrl: read(variables.databaseUrl, env),
    logLevel: read(variables.logLevel, env),
    staticDir: read(variables.staticDir, env),
    sessionTtlMs: read(variables.sessionTtlMs, env),
    trustProxy: read(variables.trustProxy, env),
  };
  return Object.freeze(config);
}
