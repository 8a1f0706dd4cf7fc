// Config parsing: defaults, accepted forms, and one-line errors that name the variable.
import { generateKeyPairSync } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, configTable, loadConfig } from "../../../server/config";
import { DEFAULT_PLAN_MATRIX } from "../../../server/modules/catalog/engine";

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 8080,
      host: "0.0.0.0",
      dataDir: path.resolve("./data"),
      databaseUrl: null,
      logLevel: "info",
      staticDir: path.resolve("./dist"),
      sessionTtlMs: 604_800_000,
      trustProxy: false,
      messagesTransport: "outbox",
      smtpUrl: null,
      smtpFrom: "ShopRadar <no-reply@shopradar.local>",
      serverSecret: null,
      rsaPrivateKey: null,
      codeIpHourlyLimit: 20,
      captchaMaxCounter: 3000,
      supportContactName: "ShopRadar Support",
      supportContactId: "shopradar_support",
      supportContactQr: null,
      googleClientId: null,
      googleClientSecret: null,
      googleJwksUrl: "https://www.googleapis.com/oauth2/v3/certs",
      googleAuthUrl: "https://accounts.google.com/o/oauth2/v2/auth",
      googleTokenUrl: "https://oauth2.googleapis.com/token",
      demoDataOnStart: "auto",
      demoDataScale: 1,
      demoDataSeed: "shopradar",
      planMatrix: DEFAULT_PLAN_MATRIX,
      rankRefresh: true,
      dataPollMs: 60_000,
      vapidPublicKey: null,
      vapidPrivateKey: null,
      vapidSubject: "mailto:admin@shopradar.local",
      pushServiceHosts: [
        "fcm.googleapis.com",
        "updates.push.services.mozilla.com",
        "*.push.apple.com",
        "*.notify.windows.com",
        "wns2-*.notify.windows.com",
      ],
      redisUrl: null,
      rateLimitPrefix: "shopradar:rate-limit:",
      rateLimitScale: 1,
      trackingRetentionDays: 90,
      purgeIntervalMs: 3_600_000,
      bodyCacheMb: 64,
      listCacheMb: 128,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it("reads PLAN_MATRIX overrides and rejects bad ones naming the path", () => {
    const config = loadConfig({ PLAN_MATRIX: '{"free":{"dailySearches":10}}' });
    expect(config.planMatrix.free.dailySearches).toBe(10);
    expect(config.planMatrix.free.dailyDetailViews).toBe(DEFAULT_PLAN_MATRIX.free.dailyDetailViews);
    expect(errorOf({ PLAN_MATRIX: '{"free":{"dailySearches":-1}}' }).message).toBe(
      'Invalid PLAN_MATRIX: "{\\"free\\":{\\"dailySearches\\":-1}}" (expected JSON overriding the plan matrix; plans.free.dailySearches must be a whole number >= 0 or null (unlimited))',
    );
    expect(errorOf({ DEMO_DATA_SCALE: "0" }).variable).toBe("DEMO_DATA_SCALE");
  });

  it("parses given values", () => {
    const config = loadConfig({
      PORT: "3000",
      HOST: "127.0.0.1",
      DATA_DIR: "memory://",
      DATABASE_URL: "postgresql://u:p@db:5432/shop",
      LOG_LEVEL: "DEBUG",
      STATIC_DIR: "/srv/www",
      SESSION_TTL_MS: "60000",
      TRUST_PROXY: "2",
    });
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      dataDir: "memory://",
      databaseUrl: "postgresql://u:p@db:5432/shop",
      logLevel: "debug",
      staticDir: "/srv/www",
      sessionTtlMs: 60_000,
      trustProxy: 2,
    });
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({ port: 8080, databaseUrl: null });
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid PORT: "abc" (expected an integer 1-65535)'],
    [{ PORT: "70000" }, 'Invalid PORT: "70000" (expected an integer 1-65535)'],
    [{ PORT: "80.5" }, 'Invalid PORT: "80.5" (expected an integer 1-65535)'],
    [
      { LOG_LEVEL: "verbose" },
      'Invalid LOG_LEVEL: "verbose" (expected one of fatal, error, warn, info, debug, trace, silent)',
    ],
    [
      { TRUST_PROXY: "maybe" },
      'Invalid TRUST_PROXY: "maybe" (expected a hop count or a comma-separated list of IP addresses/CIDRs (not "maybe"))',
    ],
    [{ SESSION_TTL_MS: "0" }, 'Invalid SESSION_TTL_MS: "0" (expected an integer 1-9007199254740991)'],
    [{ HOST: "   " }, 'Invalid HOST: "   " (expected a host name or IP address)'],
  ])("rejects %o with a one-line message", (env, message) => {
    const error = errorOf(env);
    expect(error.message).toBe(message);
    expect(error.message).not.toContain("\n");
  });

  it("requires SMTP_URL for the smtp transport and checks its scheme", () => {
    expect(errorOf({ MESSAGES_TRANSPORT: "smtp" }).message).toBe("SMTP_URL is required when MESSAGES_TRANSPORT=smtp");
    expect(errorOf({ MESSAGES_TRANSPORT: "smtp", SMTP_URL: "http://mail" }).message).toBe(
      "Invalid SMTP_URL (expected an smtp:// or smtps:// URL)",
    );
    expect(loadConfig({ MESSAGES_TRANSPORT: "SMTP", SMTP_URL: "smtp://mail:25" })).toMatchObject({
      messagesTransport: "smtp",
      smtpUrl: "smtp://mail:25",
    });
  });

  it("accepts an RSA key with escaped newlines and refuses a bad one without echoing it", () => {
    const pem = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ type: "pkcs8", format: "pem" })
      .toString();
    expect(loadConfig({ RSA_PRIVATE_KEY: pem.replace(/\n/g, "\\n") }).rsaPrivateKey).toBe(pem);
    const error = errorOf({ RSA_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\nsecret-junk" });
    expect(error.message).toBe("Invalid RSA_PRIVATE_KEY (expected a PEM-encoded RSA private key)");
  });

  it("names DATABASE_URL without echoing a value that may hold a password", () => {
    const error = errorOf({ DATABASE_URL: "mysql://root:hunter2@db/shop" });
    expect(error.variable).toBe("DATABASE_URL");
    expect(error.message).toBe("Invalid DATABASE_URL (expected a postgres:// or postgresql:// URL)");
  });
});

describe("configTable", () => {
  it("documents every variable with a description", () => {
    expect(configTable.map((row) => row.name)).toEqual([
      "PORT",
      "HOST",
      "DATA_DIR",
      "DATABASE_URL",
      "LOG_LEVEL",
      "STATIC_DIR",
      "SESSION_TTL_MS",
      "TRUST_PROXY",
      "MESSAGES_TRANSPORT",
      "SMTP_URL",
      "SMTP_FROM",
      "SERVER_SECRET",
      "RSA_PRIVATE_KEY",
      "CODE_IP_HOURLY_LIMIT",
      "CAPTCHA_MAX_COUNTER",
      "SUPPORT_CONTACT_NAME",
      "SUPPORT_CONTACT_ID",
      "SUPPORT_CONTACT_QR",
      "GOOGLE_CLIENT_ID",
      "GOOGLE_CLIENT_SECRET",
      "GOOGLE_JWKS_URL",
      "GOOGLE_AUTH_URL",
      "GOOGLE_TOKEN_URL",
      "DEMO_DATA_ON_START",
      "DEMO_DATA_SCALE",
      "DEMO_DATA_SEED",
      "PLAN_MATRIX",
      "RANK_REFRESH",
      "DATA_POLL_MS",
      "VAPID_PUBLIC_KEY",
      "VAPID_PRIVATE_KEY",
      "VAPID_SUBJECT",
      "PUSH_SERVICE_HOSTS",
      "REDIS_URL",
      "RATE_LIMIT_PREFIX",
      "RATE_LIMIT_SCALE",
      "TRACKING_RETENTION_DAYS",
      "PURGE_INTERVAL_MS",
      "BODY_CACHE_MB",
      "LIST_CACHE_MB",
    ]);
    for (const row of configTable) expect(row.description.length).toBeGreaterThan(10);
    expect(configTable.find((row) => row.name === "PORT")?.default).toBe("8080");
    expect(configTable.find((row) => row.name === "DATABASE_URL")?.default).toBeUndefined();
  });
});
