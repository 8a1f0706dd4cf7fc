// Every environment variable the server reads, parsed and documented in one place.
// Nothing else in server/ touches process.env: a typo or a bad value fails at boot with one
// line naming the variable, and `configTable` keeps the README's table honest.
import { createPrivateKey } from "node:crypto";
import { isIP } from "node:net";
import path from "node:path";
import { PAID_PLANS, type PaidPlan } from "../contract/commerce";
import { DEFAULT_PLAN_MATRIX, parsePlanMatrix, PlanMatrixError, type PlanMatrix } from "./modules/catalog/engine/plans";
import {
  DEFAULT_PAYMENT_METHODS,
  parsePaymentMethods,
  type PaymentMethod,
} from "./modules/commerce/offer/payment-methods";
import {
  DEFAULT_PLAN_PRICES,
  parsePlanPrices,
  PlanPricesError,
  type PlanPrices,
} from "./modules/commerce/offer/plan-prices";

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
  /** PostgreSQL pool bounds (ms, 0 = none): one statement, one lock wait, an idle open transaction. */
  dbStatementTimeoutMs: number;
  dbLockTimeoutMs: number;
  dbIdleTransactionTimeoutMs: number;
  /** The most PostgreSQL connections this process's pool opens. */
  dbPoolSize: number;
  /** Most time (ms) a client may take to send a whole request; 0 = no limit. */
  requestTimeoutMs: number;
  /** Demo conveniences (outbox, demo accounts, demo dataset, the app's badge); on for the embedded default. */
  demoMode: boolean;
  logLevel: LogLevel;
  /** Absolute path of the built PWA (vite build output). */
  staticDir: string;
  sessionTtlMs: number;
  /** Parent domain the session cookie is shared on; null = host-only cookies. */
  cookieDomain: string | null;
  /** Origins besides the site's own that a post-login redirect may lead to. */
  returnOrigins: readonly string[];
  /** Community group links shown in the footer, on Me and after the questionnaire (null: the built-in one). */
  communityWhatsapp: string | null;
  communityZalo: string | null;
  communityWechat: string | null;
  /** Which proxies' X-Forwarded-For to believe: none (false), a hop count, or their addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** Bearer token that lets a non-loopback client read /metrics; null = loopback clients only. */
  metricsToken: string | null;
  /** How e-mail codes leave the server: the outbox table (demo mode only), SMTP, or not at all. */
  messagesTransport: MessagesTransport;
  smtpUrl: string | null;
  smtpFrom: string;
  /** Where text messages go outside the outbox; null = no SMS provider. */
  smsProvider: SmsProvider | null;
  smsApiUrl: string;
  smsAccountId: string | null;
  smsAuthToken: string | null;
  /** Sender: a phone number, an alphanumeric sender id or a Messaging Service SID. */
  smsFrom: string | null;
  /** Whether requests with system-id 13 (the Chinese edition, phone sign-in) are served. */
  zhEdition: boolean;
  /** Master secret for code hashes, captcha signatures and OAuth state; null = generated and stored. */
  serverSecret: string | null;
  /** PEM private key for password transport encryption; null = generated and stored. */
  rsaPrivateKey: string | null;
  /** Most verification codes one IP address may request per hour. */
  codeIpHourlyLimit: number;
  /** Upper bound of the ALTCHA proof-of-work counter (the client's expected work). */
  captchaMaxCounter: number;
  supportContactName: string;
  supportContactId: string;
  /** A data: URL of the contact's QR image, or text the client renders as a QR code. */
  supportContactQr: string | null;
  /** null = Google sign-in disabled. */
  googleClientId: string | null;
  googleClientSecret: string | null;
  googleJwksUrl: string;
  googleAuthUrl: string;
  googleTokenUrl: string;
  /** null = WeChat sign-in disabled (WECHAT_APP_ID and WECHAT_APP_SECRET go together). */
  wechatAppId: string | null;
  wechatAppSecret: string | null;
  /** The official account of the web OAuth in WeChat's browser; null = WECHAT_APP_ID's pair. */
  wechatWebAppId: string | null;
  wechatWebAppSecret: string | null;
  /** Origin of WeChat's server APIs (api.weixin.qq.com); tests point it at a local stand-in. */
  wechatApiBase: string;
  wechatAuthorizeUrl: string;
  /** Whether the demo dataset is generated when the dataset tables are empty at boot. */
  demoDataOnStart: DemoDataOnStart;
  demoDataScale: number;
  demoDataSeed: string;
  /** The plan matrix: engine defaults with PLAN_MATRIX's overrides. */
  planMatrix: Readonly<PlanMatrix>;
  /** Whether this process runs the rank refresh scheduler. */
  rankRefresh: boolean;
  /** PostgreSQL: how many connections share a rank refresh's fill. */
  rankFillConnections: number;
  /** How often an instance checks the database for a newer snapshot version. */
  dataPollMs: number;
  /** Web-push VAPID key pair (base64url); null = generated and stored (both or neither). */
  vapidPublicKey: string | null;
  vapidPrivateKey: string | null;
  /** Contact the push services may use about our pushes: a mailto: or https: URL. */
  vapidSubject: string;
  /** Host patterns a push endpoint may name ("http://" prefix: plain http allowed for that host). */
  pushServiceHosts: readonly string[];
  /** Redis shared by instances for the rate-limit counters; null = counters in this process. */
  redisUrl: string | null;
  /** Prefix of this deployment's rate-limit keys in Redis. */
  rateLimitPrefix: string;
  /** Multiplies every rate-limit budget; 0 switches rate limiting off. */
  rateLimitScale: number;
  /** Days tracking events are kept before the purge job deletes them. */
  trackingRetentionDays: number;
  /** Days monitor alerts are kept before the purge job deletes them. */
  monitorAlertRetentionDays: number;
  /** The inviter's reward per invitee: plan and days, and how many invitees are rewarded at most. */
  inviteRewardPlan: PaidPlan;
  inviteRewardDays: number;
  inviteRewardCap: number;
  /** The invitee's award VIP (0 days: none). */
  inviteeAwardPlan: PaidPlan;
  inviteeAwardDays: number;
  /** How often the purge job deletes expired rows. */
  purgeIntervalMs: number;
  /** Memory budget of the serialized response bodies (list pages, details, searches), in MB. */
  bodyCacheMb: number;
  /** Memory budget of the computed rank lists, in MB. */
  listCacheMb: number;
  listsWaitMs: number;
  /** Memory budget of the detail answers read from the database (details, trends), in MB. */
  catalogCacheMb: number;
  /** Price of each plan per billing cycle, in US cents. */
  planPrices: PlanPrices;
  /** Checkout's payment methods per country with their bounds. */
  paymentMethods: readonly PaymentMethod[];
  /** Where the exchange-rate job fetches rates; null = the bundled dated snapshot only. */
  fxSourceUrl: string | null;
  /** How often the exchange-rate job runs. */
  fxRefreshMs: number;
  /** The payment service provider: the sandbox gateway (demo mode only) or none (checkout closed). */
  paymentsAdapter: PaymentsAdapterName;
  /** Secret of the payment webhooks' signatures; null = derived from the server secret (sandbox). */
  paymentsWebhookSecret: string | null;
  /** Where the sandbox gateway delivers its webhooks; null = this server on 127.0.0.1:PORT. */
  sandboxWebhookUrl: string | null;
  /** The site's public origin (https://app.example.com): absolute links the server hands out. */
  publicUrl: string | null;
  /** Stripe's secret API key (PAYMENTS_ADAPTER=stripe). */
  stripeSecretKey: string | null;
  /** Stripe's webhook signing secret (whsec_...), checked on every Stripe webhook. */
  stripeWebhookSecret: string | null;
  /** Where the Stripe SDK sends its calls; null = Stripe's own API (tests: a local stand-in). */
  stripeApiUrl: string | null;
  /** How often the renewal job looks for due subscriptions. */
  renewalIntervalMs: number;
}

export const PAYMENTS_ADAPTERS = ["sandbox", "stripe", "none"] as const;
export type PaymentsAdapterName = (typeof PAYMENTS_ADAPTERS)[number];

/** Fastify's trustProxy: false, a hop count or a list of proxy addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

export const DEMO_DATA_ON_START = ["auto", "always", "never"] as const;
export type DemoDataOnStart = (typeof DEMO_DATA_ON_START)[number];

export const MESSAGES_TRANSPORTS = ["outbox", "smtp", "none"] as const;
export type MessagesTransport = (typeof MESSAGES_TRANSPORTS)[number];

export const SMS_PROVIDERS = ["twilio"] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/** The value of a setting whose default is worked out from other settings in loadConfig. */
const AUTO = "auto";
type Auto = typeof AUTO;

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
  parse: (raw: string) => T;
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

const autoOr =
  <T>(parse: (raw: string) => T) =>
  (raw: string): T | Auto => {
    if (raw.toLowerCase() === AUTO) return AUTO;
    try {
      return parse(raw);
    } catch (error) {
      if (error instanceof Expected) throw new Expected(`auto or ${error.message}`);
      throw error;
    }
  };

const TRUE_WORDS = ["true", "1", "yes", "on"];
const FALSE_WORDS = ["false", "0", "no", "off"];
const boolean = (raw: string): boolean => {
  const value = raw.toLowerCase();
  if (TRUE_WORDS.includes(value)) return true;
  if (FALSE_WORDS.includes(value)) return false;
  throw new Expected("true or false");
};

// proxy-addr's names for common ranges, accepted like addresses.
const PROXY_RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];

const isAddressOrCidr = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, bits, extra] = entry.split("/");
  const kind = isIP(address);
  if (kind === 0 || extra !== undefined) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128));
};

const trustProxy = (raw: string): TrustProxy => {
  const value = raw.toLowerCase();
  // A number is a hop count ("1" is not "true" here); 0 hops is no proxy.
  if (/^\d+$/.test(value)) return value === "0" ? false : integer(1, 32)(value);
  if (FALSE_WORDS.includes(value)) return false;
  if (TRUE_WORDS.includes(value))
    throw new Expected(
      "a hop count or proxy addresses, not true: trusting every X-Forwarded-For lets any client pick its address; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)",
    );
  const entries = value.split(",").map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined)
    throw new Expected(`a hop count or a comma-separated list of IP addresses/CIDRs (not ${JSON.stringify(bad)})`);
  return entries;
};

/** Default push services: Chrome/Edge (FCM), Firefox, Safari, Windows. */
export const DEFAULT_PUSH_SERVICE_HOSTS =
  "fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com,wns2-*.notify.windows.com";

const hostPatterns = (raw: string): string[] => {
  const entries = raw.split(",").map((entry) => entry.trim().toLowerCase());
  const bad = entries.find(
    (entry) => !/^(http:\/\/)?[a-z0-9*]([a-z0-9*-]*[a-z0-9*])?(\.[a-z0-9*]([a-z0-9*-]*[a-z0-9*])?)*$/.test(entry),
  );
  if (bad !== undefined)
    throw new Expected(`comma-separated host names, * for part of one label (not ${JSON.stringify(bad)})`);
  return entries;
};

const redisUrl = (raw: string): string => {
  if (!/^rediss?:\/\/./.test(raw)) throw new Expected("a redis:// or rediss:// URL");
  return raw;
};

const hostName = (raw: string): string => {
  if (raw === "") throw new Expected("a host name or IP address");
  return raw;
};

const cookieDomain = (raw: string): string => {
  const value = raw.toLowerCase().replace(/^\./, "");
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(value)) {
    throw new Expected("a domain name such as example.com");
  }
  return value;
};

/** One origin (scheme, host and port), e.g. https://app.example.com. */
const origin = (raw: string): string => {
  if (raw.includes(",")) throw new Expected("one origin such as https://app.example.com");
  return origins(raw)[0];
};

const origins = (raw: string): string[] =>
  raw.split(",").map((entry) => {
    const value = entry.trim().toLowerCase().replace(/\/$/, "");
    let origin: string | null = null;
    try {
      const url = new URL(value);
      if (url.protocol === "https:" || url.protocol === "http:") origin = url.origin;
    } catch {
      // reported below
    }
    if (origin !== value) {
      throw new Expected(
        `comma-separated origins such as https://www.example.com (scheme, host and port only; not ${JSON.stringify(entry.trim())})`,
      );
    }
    return origin;
  });

const directory = (raw: string): string => (raw === IN_MEMORY_DATA_DIR ? raw : path.resolve(raw));

const postgresUrl = (raw: string): string => {
  if (!/^postgres(ql)?:\/\/./.test(raw)) throw new Expected("a postgres:// or postgresql:// URL");
  return raw;
};

const smtpUrl = (raw: string): string => {
  if (!/^smtps?:\/\/./.test(raw)) throw new Expected("an smtp:// or smtps:// URL");
  return raw;
};

const httpsUrl = (raw: string): string => {
  try {
    const url = new URL(raw);
    if (url.protocol === "https:") return url.toString();
  } catch {
    // fall through
  }
  throw new Expected("an https:// URL");
};

const httpUrl = (raw: string): string => {
  try {
    const url = new URL(raw);
    if (url.protocol === "https:" || url.protocol === "http:") return url.toString();
  } catch {
    // fall through
  }
  throw new Expected("an http:// or https:// URL");
};

const text = (raw: string): string => {
  if (raw === "") throw new Expected("a non-empty value");
  return raw;
};

// A bearer token anyone may try against the endpoint: long enough not to be guessed.
const MIN_TOKEN_LENGTH = 16;
const bearerToken = (raw: string): string => {
  if (raw.length < MIN_TOKEN_LENGTH || /\s/.test(raw)) {
    throw new Expected(`at least ${MIN_TOKEN_LENGTH} characters without spaces`);
  }
  return raw;
};

// Environment files often carry a PEM on one line with literal "\n" separators.
const privateKeyPem = (raw: string): string => {
  const pem = raw.replace(/\\n/g, "\n");
  try {
    createPrivateKey(pem);
    return pem;
  } catch {
    throw new Expected("a PEM-encoded RSA private key");
  }
};

/** A base64url key of `bytes` bytes (VAPID keys: a 65-byte P-256 point, a 32-byte scalar). */
const base64urlKey =
  (bytes: number, what: string) =>
  (raw: string): string => {
    if (!/^[A-Za-z0-9_-]+={0,2}$/.test(raw) || Buffer.from(raw, "base64url").length !== bytes) {
      throw new Expected(`${what}: ${bytes} bytes in base64url`);
    }
    return raw.replace(/=+$/, "");
  };

const vapidSubject = (raw: string): string => {
  if (/^mailto:[^@\s]+@[^@\s]+$/.test(raw)) return raw;
  try {
    if (new URL(raw).protocol === "https:") return raw;
  } catch {
    // fall through
  }
  throw new Expected("a mailto: address or an https:// URL");
};

const decimal =
  (min: number, max: number) =>
  (raw: string): number => {
    const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
    if (!(value >= min && value <= max)) throw new Expected(`a number ${min}-${max}`);
    return value;
  };

const planMatrix = (raw: string): PlanMatrix => {
  try {
    return parsePlanMatrix(raw);
  } catch (error) {
    if (error instanceof PlanMatrixError) throw new Expected(`JSON overriding the plan matrix; ${error.message}`);
    throw error;
  }
};

/** Seven days: the spec's default token expiry (604800000 ms). */
const planPrices = (raw: string): PlanPrices => {
  try {
    return parsePlanPrices(raw);
  } catch (error) {
    if (error instanceof PlanPricesError) throw new Expected(error.message);
    throw error;
  }
};

const paymentMethods = (raw: string): PaymentMethod[] => {
  try {
    return parsePaymentMethods(raw);
  } catch (error) {
    if (error instanceof PlanPricesError) throw new Expected(error.message);
    throw error;
  }
};

export const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The PostgreSQL pool's bounds unless DB_*_TIMEOUT_MS and DB_POOL_SIZE say otherwise (also for
 * tools opening the database without a Config). Four connections: on the 2-CPU machine of the
 * benches, ten (node-postgres's default) in flight cost PostgreSQL 1.4-2x the CPU per search,
 * detail or rank page of four, and served about a quarter fewer of them at c20 with a longer
 * p99 (docs/scaling.md, "A pool of four connections").
 */
export const DEFAULT_DB_POOL = {
  dbStatementTimeoutMs: 30_000,
  dbLockTimeoutMs: 10_000,
  dbIdleTransactionTimeoutMs: 60_000,
  dbPoolSize: 4,
} as const;

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
  requestTimeoutMs: {
    name: "REQUEST_TIMEOUT_MS",
    default: "30000",
    description:
      "Most time (ms) a client may take to send a whole request (headers and body) before the server answers 408 and closes the connection; 0 = no limit.",
    parse: integer(0, 3_600_000),
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
  dbStatementTimeoutMs: {
    name: "DB_STATEMENT_TIMEOUT_MS",
    default: String(DEFAULT_DB_POOL.dbStatementTimeoutMs),
    description:
      "PostgreSQL statement_timeout of the server's connections (ms; 0 = none): a longer statement is cancelled and its request answers 503. Seeds and imports lift it for their own transaction.",
    parse: integer(0, 86_400_000),
  },
  dbLockTimeoutMs: {
    name: "DB_LOCK_TIMEOUT_MS",
    default: String(DEFAULT_DB_POOL.dbLockTimeoutMs),
    description:
      "PostgreSQL lock_timeout of the server's connections (ms; 0 = none): the longest wait for a row, table or advisory lock before the statement fails (503).",
    parse: integer(0, 86_400_000),
  },
  dbIdleTransactionTimeoutMs: {
    name: "DB_IDLE_TRANSACTION_TIMEOUT_MS",
    default: String(DEFAULT_DB_POOL.dbIdleTransactionTimeoutMs),
    description:
      "PostgreSQL idle_in_transaction_session_timeout (ms; 0 = none): a connection left idle inside an open transaction this long is closed, releasing its locks.",
    parse: integer(0, 86_400_000),
  },
  dbPoolSize: {
    name: "DB_POOL_SIZE",
    default: String(DEFAULT_DB_POOL.dbPoolSize),
    description:
      "PostgreSQL: the most connections this process opens (requests, jobs and a rank refresh's fill share them; above RANK_FILL_CONNECTIONS). Busy connections beyond about twice the database's CPUs cost each query more CPU: size the sum over all instances to the database.",
    parse: integer(2, 100),
  },
  demoMode: {
    name: "DEMO_MODE",
    default: AUTO,
    description:
      "Demo conveniences: the outbox transport and /__dev/outbox (loopback clients only), the demo accounts with their published password, the generated demo dataset and the app's Demo badge; the server warns at start while it is on. auto = on with the embedded database (no DATABASE_URL), off with DATABASE_URL; true also works with PostgreSQL (fill the dataset with `npm run data:seed`). Never on a public deployment.",
    parse: autoOr(boolean),
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
  cookieDomain: {
    name: "COOKIE_DOMAIN",
    default: undefined,
    description:
      "Parent domain the session cookie is shared on (e.g. shopradar.com, so sibling sites see the sign-in); unset = host-only cookies.",
    parse: cookieDomain,
  },
  communityWhatsapp: {
    name: "COMMUNITY_WHATSAPP_URL",
    default: undefined,
    description: "The WhatsApp community group's invite link (footer, Me, questionnaire); unset = the built-in one.",
    parse: httpsUrl,
  },
  communityZalo: {
    name: "COMMUNITY_ZALO_URL",
    default: undefined,
    description: "The Zalo community group's link; unset = the built-in one.",
    parse: httpsUrl,
  },
  communityWechat: {
    name: "COMMUNITY_WECHAT_URL",
    default: undefined,
    description: "The WeChat group's link for the Chinese edition (its QR code encodes it); unset = the built-in one.",
    parse: httpsUrl,
  },
  returnOrigins: {
    name: "RETURN_ORIGINS",
    default: undefined,
    description:
      "Comma-separated origins (e.g. https://www.shopradar.com) a post-login fromWebsite address may lead to, besides the site's own.",
    parse: origins,
  },
  trustProxy: {
    name: "TRUST_PROXY",
    default: "false",
    description:
      "Behind a reverse proxy or load balancer: the number of proxies in front (e.g. 1) or their addresses and CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1), whose X-Forwarded-For is believed for the client address; false = no proxy. true is refused (any client could pick its address).",
    parse: trustProxy,
  },
  metricsToken: {
    name: "METRICS_TOKEN",
    default: undefined,
    description:
      "Secret a Prometheus scraper sends as `Authorization: Bearer <token>` to read /metrics from another machine; unset = /metrics answers loopback clients only (a request a proxy forwarded for a remote client is not one).",
    secret: true,
    parse: bearerToken,
  },
  messagesTransport: {
    name: "MESSAGES_TRANSPORT",
    default: AUTO,
    description:
      "How verification codes are delivered: outbox (every message stored in the database and readable at /__dev/outbox; demo mode only, refused otherwise), smtp (e-mail via SMTP_URL; text messages via SMS_PROVIDER) or none (no e-mail; code requests by e-mail are refused). auto = outbox in demo mode, else smtp when SMTP_URL is set, else none.",
    parse: autoOr(oneOf(MESSAGES_TRANSPORTS)),
  },
  smtpUrl: {
    name: "SMTP_URL",
    default: undefined,
    description: "SMTP server for e-mailed codes, e.g. smtps://user:pass@smtp.example.com:465.",
    secret: true,
    parse: smtpUrl,
  },
  smtpFrom: {
    name: "SMTP_FROM",
    default: "ShopRadar <no-reply@shopradar.local>",
    description: "Sender address of e-mails sent through SMTP.",
    parse: text,
  },
  smsProvider: {
    name: "SMS_PROVIDER",
    default: undefined,
    description: `Provider of text messages (phone codes) outside the outbox: ${SMS_PROVIDERS.join(", ")} (its Messages REST API); needs SMS_ACCOUNT_ID, SMS_AUTH_TOKEN and SMS_FROM. Unset = no text messages (the Chinese edition is then off outside demo mode).`,
    parse: oneOf(SMS_PROVIDERS),
  },
  smsApiUrl: {
    name: "SMS_API_URL",
    default: "https://api.twilio.com",
    description: "Base URL of the SMS provider's API (a local stand-in in tests).",
    parse: httpUrl,
  },
  smsAccountId: {
    name: "SMS_ACCOUNT_ID",
    default: undefined,
    description: "SMS provider account (Twilio: the Account SID, AC...).",
    parse: text,
  },
  smsAuthToken: {
    name: "SMS_AUTH_TOKEN",
    default: undefined,
    description: "SMS provider secret (Twilio: the Auth Token, or an API key secret).",
    secret: true,
    parse: text,
  },
  smsFrom: {
    name: "SMS_FROM",
    default: undefined,
    description:
      "Sender of text messages: a phone number in E.164 (+15005550006), an alphanumeric sender id, or a Twilio Messaging Service SID (MG...).",
    parse: text,
  },
  zhEdition: {
    name: "ZH_EDITION",
    default: AUTO,
    description:
      "Serve the Chinese edition (system-id 13, sign-in by phone code); when off its requests get a 400. auto = on in demo mode or when SMS_PROVIDER is set; true outside demo mode needs SMS_PROVIDER.",
    parse: autoOr(boolean),
  },
  serverSecret: {
    name: "SERVER_SECRET",
    default: undefined,
    description:
      "Master secret for verification-code hashes, captcha signatures and sign-in state; generated and stored in the database when unset. Set the same value on every instance, or leave unset everywhere.",
    secret: true,
    parse: text,
  },
  rsaPrivateKey: {
    name: "RSA_PRIVATE_KEY",
    default: undefined,
    description:
      "PEM RSA private key (2048 bits or more) used to decrypt passwords sent by the browser; generated and stored in the database when unset.",
    secret: true,
    parse: privateKeyPem,
  },
  codeIpHourlyLimit: {
    name: "CODE_IP_HOURLY_LIMIT",
    default: "20",
    description: "Most verification codes one IP address may request per hour.",
    parse: integer(1, 1_000_000),
  },
  captchaMaxCounter: {
    name: "CAPTCHA_MAX_COUNTER",
    default: "3000",
    description:
      "Difficulty of the proof-of-work captcha: the largest counter a browser may have to reach (about 1 s per 2000 on a laptop).",
    parse: integer(10, 10_000_000),
  },
  supportContactName: {
    name: "SUPPORT_CONTACT_NAME",
    default: "ShopRadar Support",
    description: "Name of the support contact Chinese-edition users are asked to add (/customerValid).",
    parse: text,
  },
  supportContactId: {
    name: "SUPPORT_CONTACT_ID",
    default: "shopradar_support",
    description: "WeChat id of that support contact.",
    parse: text,
  },
  supportContactQr: {
    name: "SUPPORT_CONTACT_QR",
    default: undefined,
    description:
      "QR code of the support contact: a data: image URL, or text the app renders as a QR code (default: the contact id).",
    parse: text,
  },
  googleClientId: {
    name: "GOOGLE_CLIENT_ID",
    default: undefined,
    description:
      'OAuth client id for Google sign-in; when unset every Google route answers "Google sign-in is not configured".',
    parse: text,
  },
  googleClientSecret: {
    name: "GOOGLE_CLIENT_SECRET",
    default: undefined,
    description: "OAuth client secret, needed only by the redirect flow (code-auth).",
    secret: true,
    parse: text,
  },
  googleJwksUrl: {
    name: "GOOGLE_JWKS_URL",
    default: "https://www.googleapis.com/oauth2/v3/certs",
    description: "JSON Web Key Set that signs Google ID tokens.",
    parse: httpUrl,
  },
  googleAuthUrl: {
    name: "GOOGLE_AUTH_URL",
    default: "https://accounts.google.com/o/oauth2/v2/auth",
    description: "Google's authorization endpoint (redirect flow).",
    parse: httpUrl,
  },
  googleTokenUrl: {
    name: "GOOGLE_TOKEN_URL",
    default: "https://oauth2.googleapis.com/token",
    description: "Google's token endpoint (redirect flow code exchange).",
    parse: httpUrl,
  },
  wechatAppId: {
    name: "WECHAT_APP_ID",
    default: undefined,
    description:
      'WeChat app id (the mini program of the Chinese edition); with WECHAT_APP_SECRET. When unset every WeChat route answers "WeChat sign-in is not configured" and the login page shows no WeChat option.',
    parse: text,
  },
  wechatAppSecret: {
    name: "WECHAT_APP_SECRET",
    default: undefined,
    description: "The WeChat app's secret (AppSecret); required with WECHAT_APP_ID.",
    secret: true,
    parse: text,
  },
  wechatWebAppId: {
    name: "WECHAT_WEB_APP_ID",
    default: undefined,
    description:
      "App id of the official account whose web OAuth signs in the web app opened in WeChat's browser; unset = WECHAT_APP_ID.",
    parse: text,
  },
  wechatWebAppSecret: {
    name: "WECHAT_WEB_APP_SECRET",
    default: undefined,
    description: "Secret of WECHAT_WEB_APP_ID; required with it.",
    secret: true,
    parse: text,
  },
  wechatApiBase: {
    name: "WECHAT_API_BASE",
    default: "https://api.weixin.qq.com",
    description:
      "Origin of WeChat's server APIs (sns/jscode2session, cgi-bin/token, wxa/business/getuserphonenumber, sns/oauth2/access_token, sns/userinfo). Tests point it at a local stand-in.",
    parse: httpUrl,
  },
  wechatAuthorizeUrl: {
    name: "WECHAT_AUTHORIZE_URL",
    default: "https://open.weixin.qq.com/connect/oauth2/authorize",
    description: "WeChat's web authorization page (web OAuth in WeChat's browser).",
    parse: httpUrl,
  },
  demoDataOnStart: {
    name: "DEMO_DATA_ON_START",
    default: "auto",
    description:
      "When the dataset tables are empty at boot, generate the seeded demo dataset: auto (the embedded database in demo mode; with DATABASE_URL run `npm run data:seed` or `npm run data:import`), always, or never.",
    parse: oneOf(DEMO_DATA_ON_START),
  },
  demoDataScale: {
    name: "DEMO_DATA_SCALE",
    default: "1",
    description:
      "Size of the demo dataset generated at first start (1 = 10,000 goods, 3,000 influencers, 20,000 videos, 500 music, 1,000 hashtags).",
    parse: decimal(0.01, 20),
  },
  demoDataSeed: {
    name: "DEMO_DATA_SEED",
    default: "shopradar",
    description: "Seed of the demo dataset: the same seed, scale and day give the same data.",
    parse: text,
  },
  planMatrix: {
    name: "PLAN_MATRIX",
    default: undefined,
    description:
      'JSON overriding parts of the plan matrix (list rows, daily detail views and searches, monitor accounts, windows, trend days, features per tier), e.g. {"free":{"dailySearches":10}}; defaults in docs/api.md.',
    parse: planMatrix,
  },
  rankRefresh: {
    name: "RANK_REFRESH",
    default: "true",
    description:
      "Run the rank refresh scheduler in this process (home 6 h, weekly trend 12 h at 12:00, fresh lists 4 h; one instance at a time through a PostgreSQL advisory lock).",
    parse: boolean,
  },
  rankFillConnections: {
    name: "RANK_FILL_CONNECTIONS",
    default: "2",
    description:
      "PostgreSQL: how many database connections share a rank refresh's fill of every list (one snapshot; each computes whole lists; two take about 0.6x the time of one on a 2-CPU database, which the requests then share with the fill); below DB_POOL_SIZE (unset: at most DB_POOL_SIZE - 1); PGlite uses one.",
    parse: integer(1, 8),
  },
  dataPollMs: {
    name: "DATA_POLL_MS",
    default: "60000",
    description:
      "How often (ms) an instance checks for a newer rank snapshot (after an import, a seed or another instance's refresh) and moves to it.",
    parse: integer(1000, 86_400_000),
  },
  vapidPublicKey: {
    name: "VAPID_PUBLIC_KEY",
    default: undefined,
    description:
      "Web-push VAPID public key (base64url, uncompressed P-256 point, as `npx web-push generate-vapid-keys` prints); with VAPID_PRIVATE_KEY, or neither: then a pair is generated and stored in the database.",
    parse: base64urlKey(65, "a P-256 public key"),
  },
  vapidPrivateKey: {
    name: "VAPID_PRIVATE_KEY",
    default: undefined,
    description: "Web-push VAPID private key (base64url, 32 bytes) matching VAPID_PUBLIC_KEY.",
    secret: true,
    parse: base64urlKey(32, "a P-256 private key"),
  },
  vapidSubject: {
    name: "VAPID_SUBJECT",
    default: "mailto:admin@shopradar.local",
    description: "Contact sent to push services with every push (VAPID subject): a mailto: address or an https:// URL.",
    parse: vapidSubject,
  },
  pushServiceHosts: {
    name: "PUSH_SERVICE_HOSTS",
    default: DEFAULT_PUSH_SERVICE_HOSTS,
    description:
      'Hosts a web-push endpoint may point at (https only), comma-separated; * stands for part of one label. An entry written "http://host" also allows plain http to that host (a local push service in tests).',
    parse: hostPatterns,
  },
  redisUrl: {
    name: "REDIS_URL",
    default: undefined,
    description:
      "Redis (redis:// or rediss://) holding the rate-limit counters, shared by every instance; when unset each process counts in memory (fine for one instance).",
    secret: true,
    parse: redisUrl,
  },
  rateLimitPrefix: {
    name: "RATE_LIMIT_PREFIX",
    default: "shopradar:rate-limit:",
    description: "Prefix of the rate-limit keys in Redis (deployments sharing one Redis use different prefixes).",
    parse: text,
  },
  rateLimitScale: {
    name: "RATE_LIMIT_SCALE",
    default: "1",
    description:
      "Multiplies every rate-limit budget (the table in server/plugins/rate-limit.ts); 0 switches rate limiting off (load tests only).",
    parse: decimal(0, 10_000),
  },
  trackingRetentionDays: {
    name: "TRACKING_RETENTION_DAYS",
    default: "90",
    description: "Days tracking events are kept; older ones are deleted by the hourly purge.",
    parse: integer(1, 36_500),
  },
  monitorAlertRetentionDays: {
    name: "MONITOR_ALERT_RETENTION_DAYS",
    default: "90",
    description: "Days monitor alerts (the Alerts tab) are kept; older ones are deleted by the hourly purge.",
    parse: integer(1, 36_500),
  },
  inviteRewardPlan: {
    name: "INVITE_REWARD_PLAN",
    default: "basic",
    description: "The plan an inviter is given for each invitee who registers through their invite link.",
    parse: oneOf(PAID_PLANS),
  },
  inviteRewardDays: {
    name: "INVITE_REWARD_DAYS",
    default: "7",
    description:
      "Days of INVITE_REWARD_PLAN an inviter is given per rewarded invitee (added after the inviter's current membership).",
    parse: integer(1, 366),
  },
  inviteRewardCap: {
    name: "INVITE_REWARD_CAP",
    default: "20",
    description: "How many invitees earn their inviter a reward at most; later invitees are listed without one.",
    parse: integer(0, 100_000),
  },
  inviteeAwardPlan: {
    name: "INVITEE_AWARD_PLAN",
    default: "basic",
    description: "The award VIP plan a user who registers through an invite link is given.",
    parse: oneOf(PAID_PLANS),
  },
  inviteeAwardDays: {
    name: "INVITEE_AWARD_DAYS",
    default: "3",
    description: "Days of INVITEE_AWARD_PLAN an invitee is given (after the sign-up trial); 0 gives none.",
    parse: integer(0, 366),
  },
  purgeIntervalMs: {
    name: "PURGE_INTERVAL_MS",
    default: "3600000",
    description:
      "How often (ms) expired verification codes, QR tickets, captcha keys, sessions, login failures, outbox messages, old tracking events and old monitor alerts are deleted (one instance at a time).",
    parse: integer(10_000, 86_400_000),
  },
  bodyCacheMb: {
    name: "BODY_CACHE_MB",
    default: "64",
    description: "Memory budget (MB) of the serialized list, detail and search bodies kept per snapshot.",
    parse: integer(1, 65_536),
  },
  listCacheMb: {
    name: "LIST_CACHE_MB",
    default: "128",
    description: "Memory budget (MB) of the computed rank lists kept per snapshot.",
    parse: integer(1, 65_536),
  },
  listsWaitMs: {
    name: "LISTS_WAIT_MS",
    default: "55000",
    description:
      "How long (ms) a list request waits for the first rank lists of a dataset that has none yet (a first start fills them after the seed); after that it answers 503 with Retry-After. The default covers a first start on a slow 2-core machine and stays under the app's 60 s request time-out.",
    parse: integer(0, 120_000),
  },
  catalogCacheMb: {
    name: "CATALOG_CACHE_MB",
    default: "64",
    description:
      "Memory budget (MB) of the detail pages, trends, influencer video pages and calendars read from the database, kept per snapshot.",
    parse: integer(1, 65_536),
  },
  planPrices: {
    name: "PLAN_PRICES",
    default: undefined,
    description:
      'Plan prices in US dollars, overriding the defaults per plan and cycle (months 1 or 12), e.g. {"basic": {"1": 21.9}}. Defaults: Basic 19.90 / 198, Premium 39.90 / 398, Pro 79.90 / 798.',
    parse: planPrices,
  },
  paymentMethods: {
    name: "PAYMENT_METHODS",
    default: undefined,
    description:
      'Payment method overrides by id: bounds in US dollars or switched off, e.g. {"momo": {"min_usd": 1, "max_usd": 300}, "grabpay_sg": {"enabled": false}}. The 21 methods and their defaults are listed in docs/commerce.md.',
    parse: paymentMethods,
  },
  fxSourceUrl: {
    name: "FX_SOURCE_URL",
    default: undefined,
    description:
      'Where the exchange-rate job fetches rates (JSON {"date": "YYYY-MM-DD", "base": "USD", "rates": {"VND": ...}}); unset = the bundled, dated snapshot only.',
    parse: httpUrl,
  },
  fxRefreshMs: {
    name: "FX_REFRESH_MS",
    default: String(6 * 60 * 60_000),
    description: "How often (ms) the exchange-rate job fetches FX_SOURCE_URL (one instance at a time).",
    parse: integer(1_000, 7 * 24 * 60 * 60_000),
  },
  paymentsAdapter: {
    name: "PAYMENTS_ADAPTER",
    default: AUTO,
    description:
      "The payment service provider: sandbox (the local sandbox gateway, whose hosted page lets anyone approve their own payment: demo mode only, refused otherwise), stripe (needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) or none (checkout answers that payments are unavailable). auto = sandbox in demo mode, else stripe when STRIPE_SECRET_KEY is set, else none.",
    parse: autoOr(oneOf(PAYMENTS_ADAPTERS)),
  },
  paymentsWebhookSecret: {
    name: "PAYMENTS_WEBHOOK_SECRET",
    default: undefined,
    description: "Secret that signs and checks payment webhooks; unset = derived from the server secret (sandbox).",
    secret: true,
    parse: text,
  },
  sandboxWebhookUrl: {
    name: "SANDBOX_WEBHOOK_URL",
    default: undefined,
    description:
      "Where the sandbox gateway delivers its webhooks; unset = this server at http://127.0.0.1:PORT/v1/payments/webhooks/sandbox.",
    parse: httpUrl,
  },
  publicUrl: {
    name: "PUBLIC_URL",
    default: undefined,
    description:
      "The site's public origin, e.g. https://app.shopradar.com: where a payment provider's hosted pages send the browser back (Stripe needs absolute URLs). Required with PAYMENTS_ADAPTER=stripe outside demo mode; unset = http://localhost:PORT.",
    parse: origin,
  },
  stripeSecretKey: {
    name: "STRIPE_SECRET_KEY",
    default: undefined,
    description: "Stripe's secret API key (sk_live_... or sk_test_...) for PAYMENTS_ADAPTER=stripe.",
    secret: true,
    parse: text,
  },
  stripeWebhookSecret: {
    name: "STRIPE_WEBHOOK_SECRET",
    default: undefined,
    description:
      "The signing secret (whsec_...) of the Stripe webhook endpoint /v1/payments/webhooks/stripe; required with STRIPE_SECRET_KEY.",
    secret: true,
    parse: text,
  },
  stripeApiUrl: {
    name: "STRIPE_API_URL",
    default: undefined,
    description: "Where the Stripe SDK sends its API calls; unset = Stripe's API. Tests point it at a local stand-in.",
    parse: httpUrl,
  },
  renewalIntervalMs: {
    name: "RENEWAL_INTERVAL_MS",
    default: String(5 * 60_000),
    description:
      "How often (ms) the renewal job charges due subscriptions and retries failed renewals (one instance at a time).",
    parse: integer(1_000, 24 * 60 * 60_000),
  },
  // "auto" values are resolved by loadConfig, which must turn them into the Config type.
} satisfies { [K in keyof Config]: Variable<Exclude<Config[K], null> | Auto> };

/** Name, default and description of every variable, in documentation order. */
export const configTable: ReadonlyArray<{ name: string; default: string | undefined; description: string }> =
  Object.values(variables).map(({ name, default: def, description }) => ({ name, default: def, description }));

/** The variable's value in `env`; an empty value counts as unset, as in most shells' `VAR= command`. */
function given(variable: Variable<unknown>, env: NodeJS.ProcessEnv): string | undefined {
  const value = env[variable.name];
  return value === "" ? undefined : value;
}

function read<T>(variable: Variable<T> & { default: string }, env: NodeJS.ProcessEnv): T;
function read<T>(variable: Variable<T>, env: NodeJS.ProcessEnv): T | null;
function read<T>(variable: Variable<T>, env: NodeJS.ProcessEnv): T | null {
  const raw = given(variable, env) ?? variable.default;
  if (raw === undefined) return null;
  try {
    return variable.parse(raw.trim());
  } catch (error) {
    if (!(error instanceof Expected)) throw error;
    const shown = variable.secret ? "" : `: ${JSON.stringify(raw)}`;
    throw new ConfigError(variable.name, `Invalid ${variable.name}${shown} (expected ${error.message})`);
  }
}

/** MESSAGES_TRANSPORT: auto = the outbox in demo mode, else SMTP when SMTP_URL is set, else none. */
function messagesTransportOf(
  setting: MessagesTransport | Auto,
  demoMode: boolean,
  smtpUrl: string | null,
): MessagesTransport {
  if (setting === AUTO) return demoMode ? "outbox" : smtpUrl ? "smtp" : "none";
  if (setting === "outbox" && !demoMode) {
    throw new ConfigError(
      "MESSAGES_TRANSPORT",
      "MESSAGES_TRANSPORT=outbox is for demo mode only (it keeps every verification code in the outbox instead of sending it): set SMTP_URL with MESSAGES_TRANSPORT=auto or smtp, or DEMO_MODE=true for a demo",
    );
  }
  return setting;
}

/** ZH_EDITION: auto = on in demo mode or with an SMS provider; true outside demo mode needs one. */
function zhEditionOf(setting: boolean | Auto, demoMode: boolean, smsProvider: SmsProvider | null): boolean {
  if (setting === AUTO) return demoMode || smsProvider !== null;
  if (setting && !demoMode && smsProvider === null) {
    throw new ConfigError(
      "ZH_EDITION",
      "ZH_EDITION=true needs SMS_PROVIDER outside demo mode (the Chinese edition signs in with codes sent by text message)",
    );
  }
  return setting;
}

/**
 * PAYMENTS_ADAPTER: auto = the sandbox in demo mode, else stripe when its key is set, else none;
 * sandbox outside demo mode is refused, and so is half a Stripe configuration.
 */
function paymentsAdapterOf(
  setting: PaymentsAdapterName | Auto,
  demoMode: boolean,
  stripe: { secretKey: string | null; webhookSecret: string | null },
): PaymentsAdapterName {
  if ((stripe.secretKey === null) !== (stripe.webhookSecret === null)) {
    const missing = stripe.secretKey === null ? "STRIPE_SECRET_KEY" : "STRIPE_WEBHOOK_SECRET";
    throw new ConfigError(
      missing,
      "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both (PAYMENTS_ADAPTER=stripe) or neither",
    );
  }
  if (setting === AUTO) return demoMode ? "sandbox" : stripe.secretKey !== null ? "stripe" : "none";
  if (setting === "stripe" && stripe.secretKey === null) {
    throw new ConfigError(
      "PAYMENTS_ADAPTER",
      "PAYMENTS_ADAPTER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    );
  }
  if (setting === "sandbox" && !demoMode) {
    throw new ConfigError(
      "PAYMENTS_ADAPTER",
      "PAYMENTS_ADAPTER=sandbox is for demo mode only (its hosted page lets anyone approve their own payment): use PAYMENTS_ADAPTER=none, or DEMO_MODE=true for a demo",
    );
  }
  return setting;
}

/** Parses the environment; throws ConfigError on the first bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const databaseUrl = read(variables.databaseUrl, env);
  const demoModeSetting = read(variables.demoMode, env);
  const demoMode = demoModeSetting === AUTO ? databaseUrl === null : demoModeSetting;
  const smtpUrl = read(variables.smtpUrl, env);
  const smsProvider = read(variables.smsProvider, env);
  const config: Config = {
    port: read(variables.port, env),
    host: read(variables.host, env),
    requestTimeoutMs: read(variables.requestTimeoutMs, env),
    dataDir: read(variables.dataDir, env),
    databaseUrl,
    dbStatementTimeoutMs: read(variables.dbStatementTimeoutMs, env),
    dbLockTimeoutMs: read(variables.dbLockTimeoutMs, env),
    dbIdleTransactionTimeoutMs: read(variables.dbIdleTransactionTimeoutMs, env),
    dbPoolSize: read(variables.dbPoolSize, env),
    demoMode,
    logLevel: read(variables.logLevel, env),
    staticDir: read(variables.staticDir, env),
    sessionTtlMs: read(variables.sessionTtlMs, env),
    cookieDomain: read(variables.cookieDomain, env),
    returnOrigins: read(variables.returnOrigins, env) ?? [],
    communityWhatsapp: read(variables.communityWhatsapp, env),
    communityZalo: read(variables.communityZalo, env),
    communityWechat: read(variables.communityWechat, env),
    trustProxy: read(variables.trustProxy, env),
    metricsToken: read(variables.metricsToken, env),
    messagesTransport: messagesTransportOf(read(variables.messagesTransport, env), demoMode, smtpUrl),
    smtpUrl,
    smtpFrom: read(variables.smtpFrom, env),
    smsProvider,
    smsApiUrl: read(variables.smsApiUrl, env),
    smsAccountId: read(variables.smsAccountId, env),
    smsAuthToken: read(variables.smsAuthToken, env),
    smsFrom: read(variables.smsFrom, env),
    zhEdition: zhEditionOf(read(variables.zhEdition, env), demoMode, smsProvider),
    serverSecret: read(variables.serverSecret, env),
    rsaPrivateKey: read(variables.rsaPrivateKey, env),
    codeIpHourlyLimit: read(variables.codeIpHourlyLimit, env),
    captchaMaxCounter: read(variables.captchaMaxCounter, env),
    supportContactName: read(variables.supportContactName, env),
    supportContactId: read(variables.supportContactId, env),
    supportContactQr: read(variables.supportContactQr, env),
    googleClientId: read(variables.googleClientId, env),
    googleClientSecret: read(variables.googleClientSecret, env),
    googleJwksUrl: read(variables.googleJwksUrl, env),
    googleAuthUrl: read(variables.googleAuthUrl, env),
    googleTokenUrl: read(variables.googleTokenUrl, env),
    wechatAppId: read(variables.wechatAppId, env),
    wechatAppSecret: read(variables.wechatAppSecret, env),
    wechatWebAppId: read(variables.wechatWebAppId, env),
    wechatWebAppSecret: read(variables.wechatWebAppSecret, env),
    wechatApiBase: read(variables.wechatApiBase, env),
    wechatAuthorizeUrl: read(variables.wechatAuthorizeUrl, env),
    demoDataOnStart: read(variables.demoDataOnStart, env),
    demoDataScale: read(variables.demoDataScale, env),
    demoDataSeed: read(variables.demoDataSeed, env),
    planMatrix: read(variables.planMatrix, env) ?? DEFAULT_PLAN_MATRIX,
    rankRefresh: read(variables.rankRefresh, env),
    rankFillConnections: read(variables.rankFillConnections, env),
    dataPollMs: read(variables.dataPollMs, env),
    vapidPublicKey: read(variables.vapidPublicKey, env),
    vapidPrivateKey: read(variables.vapidPrivateKey, env),
    vapidSubject: read(variables.vapidSubject, env),
    pushServiceHosts: read(variables.pushServiceHosts, env),
    redisUrl: read(variables.redisUrl, env),
    rateLimitPrefix: read(variables.rateLimitPrefix, env),
    rateLimitScale: read(variables.rateLimitScale, env),
    trackingRetentionDays: read(variables.trackingRetentionDays, env),
    monitorAlertRetentionDays: read(variables.monitorAlertRetentionDays, env),
    inviteRewardPlan: read(variables.inviteRewardPlan, env),
    inviteRewardDays: read(variables.inviteRewardDays, env),
    inviteRewardCap: read(variables.inviteRewardCap, env),
    inviteeAwardPlan: read(variables.inviteeAwardPlan, env),
    inviteeAwardDays: read(variables.inviteeAwardDays, env),
    purgeIntervalMs: read(variables.purgeIntervalMs, env),
    bodyCacheMb: read(variables.bodyCacheMb, env),
    listCacheMb: read(variables.listCacheMb, env),
    listsWaitMs: read(variables.listsWaitMs, env),
    catalogCacheMb: read(variables.catalogCacheMb, env),
    planPrices: read(variables.planPrices, env) ?? DEFAULT_PLAN_PRICES,
    paymentMethods: read(variables.paymentMethods, env) ?? DEFAULT_PAYMENT_METHODS,
    fxSourceUrl: read(variables.fxSourceUrl, env),
    fxRefreshMs: read(variables.fxRefreshMs, env),
    paymentsAdapter: paymentsAdapterOf(read(variables.paymentsAdapter, env), demoMode, {
      secretKey: read(variables.stripeSecretKey, env),
      webhookSecret: read(variables.stripeWebhookSecret, env),
    }),
    paymentsWebhookSecret: read(variables.paymentsWebhookSecret, env),
    sandboxWebhookUrl: read(variables.sandboxWebhookUrl, env),
    publicUrl: read(variables.publicUrl, env),
    stripeSecretKey: read(variables.stripeSecretKey, env),
    stripeWebhookSecret: read(variables.stripeWebhookSecret, env),
    stripeApiUrl: read(variables.stripeApiUrl, env),
    renewalIntervalMs: read(variables.renewalIntervalMs, env),
  };
  if (config.paymentsAdapter === "stripe" && !config.demoMode && config.publicUrl === null) {
    throw new ConfigError(
      "PUBLIC_URL",
      "PAYMENTS_ADAPTER=stripe needs PUBLIC_URL (the site's public origin, where Stripe's pages send the browser back)",
    );
  }
  if (config.databaseUrl !== null && config.rankFillConnections >= config.dbPoolSize) {
    // The default yields to a smaller pool (DB_POOL_SIZE 2: one fill connection); a value set
    // explicitly is refused rather than lowered.
    if (given(variables.rankFillConnections, env) === undefined) config.rankFillConnections = config.dbPoolSize - 1;
    else
      throw new ConfigError(
        "RANK_FILL_CONNECTIONS",
        `RANK_FILL_CONNECTIONS (${config.rankFillConnections}) must be below DB_POOL_SIZE (${config.dbPoolSize}): a fill takes its connections from the pool, and requests need one left`,
      );
  }
  if (config.messagesTransport === "smtp" && !config.smtpUrl) {
    throw new ConfigError("SMTP_URL", "SMTP_URL is required when MESSAGES_TRANSPORT=smtp");
  }
  if (config.smsProvider) {
    const missing = (["smsAccountId", "smsAuthToken", "smsFrom"] as const).find((key) => config[key] === null);
    if (missing) {
      const { name } = variables[missing];
      throw new ConfigError(name, `${name} is required when SMS_PROVIDER is set`);
    }
  }
  const pairs = [
    ["WECHAT_APP_ID", config.wechatAppId, "WECHAT_APP_SECRET", config.wechatAppSecret],
    ["WECHAT_WEB_APP_ID", config.wechatWebAppId, "WECHAT_WEB_APP_SECRET", config.wechatWebAppSecret],
  ] as const;
  for (const [idName, id, secretName, secret] of pairs) {
    if ((id === null) !== (secret === null)) {
      throw new ConfigError(id === null ? idName : secretName, `Set both ${idName} and ${secretName}, or neither`);
    }
  }
  if ((config.vapidPublicKey === null) !== (config.vapidPrivateKey === null)) {
    const missing = config.vapidPublicKey === null ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY";
    throw new ConfigError(missing, "Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither");
  }
  return Object.freeze(config);
}
