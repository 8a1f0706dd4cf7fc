// Config parsing: defaults, accepted forms, and one-line errors that name the variable.
import { generateKeyPairSync } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, configTable, loadConfig } from "../../../server/config";
import { DEFAULT_PLAN_MATRIX } from "../../../server/modules/catalog/engine";
import { DEFAULT_PAYMENT_METHODS } from "../../../server/modules/commerce/offer/payment-methods";
import { DEFAULT_PLAN_PRICES } from "../../../server/modules/commerce/offer/plan-prices";

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
      requestTimeoutMs: 30_000,
      dataDir: path.resolve("./data"),
      databaseUrl: null,
      dbStatementTimeoutMs: 30_000,
      dbLockTimeoutMs: 10_000,
      dbIdleTransactionTimeoutMs: 60_000,
      dbPoolSize: 4,
      demoMode: true,
      logLevel: "info",
      staticDir: path.resolve("./dist"),
      sessionTtlMs: 604_800_000,
      cookieDomain: null,
      returnOrigins: [],
      communityWhatsapp: null,
      communityZalo: null,
      communityWechat: null,
      trustProxy: false,
      metricsToken: null,
      messagesTransport: "outbox",
      smtpUrl: null,
      smtpFrom: "ShopRadar <no-reply@shopradar.local>",
      smsProvider: null,
      smsApiUrl: "https://api.twilio.com/",
      smsAccountId: null,
      smsAuthToken: null,
      smsFrom: null,
      zhEdition: true,
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
      wechatAppId: null,
      wechatAppSecret: null,
      wechatWebAppId: null,
      wechatWebAppSecret: null,
      wechatApiBase: "https://api.weixin.qq.com/",
      wechatAuthorizeUrl: "https://open.weixin.qq.com/connect/oauth2/authorize",
      demoDataOnStart: "auto",
      demoDataScale: 1,
      demoDataSeed: "shopradar",
      planMatrix: DEFAULT_PLAN_MATRIX,
      rankRefresh: true,
      rankFillConnections: 2,
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
      monitorAlertRetentionDays: 90,
      inviteRewardPlan: "basic",
      inviteRewardDays: 7,
      inviteRewardCap: 20,
      inviteeAwardPlan: "basic",
      inviteeAwardDays: 3,
      purgeIntervalMs: 3_600_000,
      bodyCacheMb: 64,
      listCacheMb: 128,
      listsWaitMs: 55_000,
      catalogCacheMb: 64,
      planPrices: DEFAULT_PLAN_PRICES,
      paymentMethods: DEFAULT_PAYMENT_METHODS,
      fxSourceUrl: null,
      fxRefreshMs: 21_600_000,
      paymentsAdapter: "sandbox",
      paymentsWebhookSecret: null,
      sandboxWebhookUrl: null,
      publicUrl: null,
      stripeSecretKey: null,
      stripeWebhookSecret: null,
      stripeApiUrl: null,
      renewalIntervalMs: 300_000,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it("PAYMENTS_ADAPTER: the sandbox in demo mode, none without it, and sandbox outside demo mode refused naming the setting", () => {
    expect(loadConfig({}).paymentsAdapter).toBe("sandbox");
    const postgres = { DATABASE_URL: "postgres://localhost/shopradar" };
    expect(loadConfig(postgres).paymentsAdapter).toBe("none");
    expect(loadConfig({ ...postgres, DEMO_MODE: "true" }).paymentsAdapter).toBe("sandbox");
    expect(() => loadConfig({ ...postgres, PAYMENTS_ADAPTER: "sandbox" })).toThrow(
      expect.objectContaining({ variable: "PAYMENTS_ADAPTER", message: expect.stringContaining("demo mode only") }),
    );
  });

  it("PAYMENTS_ADAPTER=stripe: needs both Stripe secrets, refuses half of them, and auto picks it outside demo mode", () => {
    const postgres = { DATABASE_URL: "postgres://localhost/shopradar" };
    const stripe = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    const site = { PUBLIC_URL: "https://app.example.com" };
    expect(loadConfig({ ...postgres, ...stripe, ...site }).paymentsAdapter).toBe("stripe");
    expect(() => loadConfig({ ...postgres, ...stripe })).toThrow(
      expect.objectContaining({ variable: "PUBLIC_URL", message: expect.stringContaining("PAYMENTS_ADAPTER=stripe") }),
    );
    expect(loadConfig({ ...stripe }).paymentsAdapter).toBe("sandbox");
    expect(() => loadConfig({ PUBLIC_URL: "https://a.example.com,https://b.example.com" })).toThrow(
      expect.objectContaining({ variable: "PUBLIC_URL" }),
    );
    expect(loadConfig({ ...postgres, ...stripe, ...site, PAYMENTS_ADAPTER: "stripe" }).stripeSecretKey).toBe(
      "sk_test_x",
    );
    expect(() => loadConfig({ ...postgres, PAYMENTS_ADAPTER: "stripe" })).toThrow(
      expect.objectContaining({ variable: "PAYMENTS_ADAPTER", message: expect.stringContaining("STRIPE_SECRET_KEY") }),
    );
    expect(() => loadConfig({ ...postgres, STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(
      expect.objectContaining({ variable: "STRIPE_WEBHOOK_SECRET", message: expect.stringContaining("go together") }),
    );
    expect(() => loadConfig({ ...postgres, STRIPE_WEBHOOK_SECRET: "whsec_x", PAYMENTS_ADAPTER: "stripe" })).toThrow(
      expect.objectContaining({ variable: "STRIPE_SECRET_KEY" }),
    );
  });

  it("STRIPE_API_URL: unset is Stripe's API; an http(s) URL (the tests' stand-in) is taken; anything else refused", () => {
    const stripe = {
      DATABASE_URL: "postgres://localhost/shopradar",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      PUBLIC_URL: "https://app.example.com",
    };
    expect(loadConfig(stripe).stripeApiUrl).toBeNull();
    expect(loadConfig({ ...stripe, STRIPE_API_URL: "http://127.0.0.1:12111" }).stripeApiUrl).toBe(
      "http://127.0.0.1:12111/",
    );
    expect(() => loadConfig({ ...stripe, STRIPE_API_URL: "api.stripe.com" })).toThrow(
      expect.objectContaining({ variable: "STRIPE_API_URL" }),
    );
  });

  it("reads PLAN_PRICES and PAYMENT_METHODS overrides and rejects bad ones", () => {
    const config = loadConfig({
      PLAN_PRICES: '{"basic": {"1": 21.9}}',
      PAYMENT_METHODS: '{"momo": {"min_usd": 2, "max_usd": 300}, "grabpay_sg": {"enabled": false}}',
    });
    expect(config.planPrices.basic).toEqual({ 1: 2190, 12: 19800 });
    expect(config.planPrices.pro).toEqual(DEFAULT_PLAN_PRICES.pro);
    expect(config.paymentMethods.find((method) => method.id === "momo")).toMatchObject({
      minUsdCents: 200,
      maxUsdCents: 30000,
    });
    expect(config.paymentMethods.some((method) => method.id === "grabpay_sg")).toBe(false);
    expect(config.paymentMethods).toHaveLength(DEFAULT_PAYMENT_METHODS.length - 1);
    for (const [name, value] of [
      ["PLAN_PRICES", '{"gold": {"1": 5}}'],
      ["PLAN_PRICES", '{"basic": {"3": 5}}'],
      ["PLAN_PRICES", '{"basic": {"1": 19.999}}'],
      ["PAYMENT_METHODS", '{"bitcoin": {"min_usd": 1}}'],
      ["PAYMENT_METHODS", '{"momo": {"min_usd": 500, "max_usd": 10}}'],
    ])
      expect(() => loadConfig({ [name]: value }), value).toThrow(expect.objectContaining({ variable: name }));
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
      REQUEST_TIMEOUT_MS: "0",
      DB_STATEMENT_TIMEOUT_MS: "5000",
      DB_LOCK_TIMEOUT_MS: "0",
      DB_IDLE_TRANSACTION_TIMEOUT_MS: "120000",
      DB_POOL_SIZE: "6",
      RANK_FILL_CONNECTIONS: "4",
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
      requestTimeoutMs: 0,
      dbStatementTimeoutMs: 5_000,
      dbLockTimeoutMs: 0,
      dbIdleTransactionTimeoutMs: 120_000,
      dbPoolSize: 6,
      rankFillConnections: 4,
    });
    // A fill shares its lists out to 1-8 connections.
    for (const connections of ["0", "9", "two"])
      expect(() => loadConfig({ RANK_FILL_CONNECTIONS: connections })).toThrow(/RANK_FILL_CONNECTIONS/);
    for (const size of ["1", "101", "ten"]) expect(() => loadConfig({ DB_POOL_SIZE: size })).toThrow(/DB_POOL_SIZE/);
  });

  it("keeps a pooled connection for requests during a fill shared by several connections", () => {
    const postgres = { DATABASE_URL: "postgresql://u:p@db:5432/shop" };
    expect(loadConfig(postgres)).toMatchObject({ dbPoolSize: 4, rankFillConnections: 2 });
    // The default leaves a smaller pool one connection for requests; a value set is not lowered.
    expect(loadConfig({ ...postgres, DB_POOL_SIZE: "2" })).toMatchObject({ dbPoolSize: 2, rankFillConnections: 1 });
    expect(loadConfig({ ...postgres, DB_POOL_SIZE: "2", RANK_FILL_CONNECTIONS: "" }).rankFillConnections).toBe(1);
    expect(errorOf({ ...postgres, DB_POOL_SIZE: "2", RANK_FILL_CONNECTIONS: "2" }).message).toBe(
      "RANK_FILL_CONNECTIONS (2) must be below DB_POOL_SIZE (2): a fill takes its connections from the pool, and requests need one left",
    );
    expect(loadConfig({ ...postgres, RANK_FILL_CONNECTIONS: "3" }).rankFillConnections).toBe(3);
    const error = errorOf({ ...postgres, RANK_FILL_CONNECTIONS: "4" });
    expect(error.variable).toBe("RANK_FILL_CONNECTIONS");
    expect(error.message).toBe(
      "RANK_FILL_CONNECTIONS (4) must be below DB_POOL_SIZE (4): a fill takes its connections from the pool, and requests need one left",
    );
    expect(loadConfig({ ...postgres, RANK_FILL_CONNECTIONS: "8", DB_POOL_SIZE: "12" }).dbPoolSize).toBe(12);
    // The embedded database has no pool (and one connection fills).
    expect(loadConfig({ RANK_FILL_CONNECTIONS: "8" }).rankFillConnections).toBe(8);
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
    [{ DB_STATEMENT_TIMEOUT_MS: "-1" }, 'Invalid DB_STATEMENT_TIMEOUT_MS: "-1" (expected an integer 0-86400000)'],
    [{ REQUEST_TIMEOUT_MS: "30s" }, 'Invalid REQUEST_TIMEOUT_MS: "30s" (expected an integer 0-3600000)'],
  ])("rejects %o with a one-line message", (env, message) => {
    const error = errorOf(env);
    expect(error.message).toBe(message);
    expect(error.message).not.toContain("\n");
  });

  it("requires SMTP_URL for the smtp transport and checks its scheme", () => {
    expect(errorOf({ MESSAGES_TRANSPORT: "smtp" }).message).toBe("SMTP_URL is required when MESSAGES_TRANSPORT=smtp");
    expect(errorOf({ MESSAGES_TRANSPORT: "pigeon" }).message).toBe(
      'Invalid MESSAGES_TRANSPORT: "pigeon" (expected auto or one of outbox, smtp, none)',
    );
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

  it("takes a METRICS_TOKEN of 16 characters or more and refuses a guessable one without echoing it", () => {
    expect(loadConfig({ METRICS_TOKEN: "scrape-0123456789abcdef" }).metricsToken).toBe("scrape-0123456789abcdef");
    expect(errorOf({ METRICS_TOKEN: "hunter2" }).message).toBe(
      "Invalid METRICS_TOKEN (expected at least 16 characters without spaces)",
    );
    expect(errorOf({ METRICS_TOKEN: "sixteen chars or more" }).variable).toBe("METRICS_TOKEN");
  });
});

describe("configTable", () => {
  it("documents every variable with a description", () => {
    expect(configTable.map((row) => row.name)).toEqual([
      "PORT",
      "HOST",
      "REQUEST_TIMEOUT_MS",
      "DATA_DIR",
      "DATABASE_URL",
      "DB_STATEMENT_TIMEOUT_MS",
      "DB_LOCK_TIMEOUT_MS",
      "DB_IDLE_TRANSACTION_TIMEOUT_MS",
      "DB_POOL_SIZE",
      "DEMO_MODE",
      "LOG_LEVEL",
      "STATIC_DIR",
      "SESSION_TTL_MS",
      "COOKIE_DOMAIN",
      "COMMUNITY_WHATSAPP_URL",
      "COMMUNITY_ZALO_URL",
      "COMMUNITY_WECHAT_URL",
      "RETURN_ORIGINS",
      "TRUST_PROXY",
      "METRICS_TOKEN",
      "MESSAGES_TRANSPORT",
      "SMTP_URL",
      "SMTP_FROM",
      "SMS_PROVIDER",
      "SMS_API_URL",
      "SMS_ACCOUNT_ID",
      "SMS_AUTH_TOKEN",
      "SMS_FROM",
      "ZH_EDITION",
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
      "WECHAT_APP_ID",
      "WECHAT_APP_SECRET",
      "WECHAT_WEB_APP_ID",
      "WECHAT_WEB_APP_SECRET",
      "WECHAT_API_BASE",
      "WECHAT_AUTHORIZE_URL",
      "DEMO_DATA_ON_START",
      "DEMO_DATA_SCALE",
      "DEMO_DATA_SEED",
      "PLAN_MATRIX",
      "RANK_REFRESH",
      "RANK_FILL_CONNECTIONS",
      "DATA_POLL_MS",
      "VAPID_PUBLIC_KEY",
      "VAPID_PRIVATE_KEY",
      "VAPID_SUBJECT",
      "PUSH_SERVICE_HOSTS",
      "REDIS_URL",
      "RATE_LIMIT_PREFIX",
      "RATE_LIMIT_SCALE",
      "TRACKING_RETENTION_DAYS",
      "MONITOR_ALERT_RETENTION_DAYS",
      "INVITE_REWARD_PLAN",
      "INVITE_REWARD_DAYS",
      "INVITE_REWARD_CAP",
      "INVITEE_AWARD_PLAN",
      "INVITEE_AWARD_DAYS",
      "PURGE_INTERVAL_MS",
      "BODY_CACHE_MB",
      "LIST_CACHE_MB",
      "LISTS_WAIT_MS",
      "CATALOG_CACHE_MB",
      "PLAN_PRICES",
      "PAYMENT_METHODS",
      "FX_SOURCE_URL",
      "FX_REFRESH_MS",
      "PAYMENTS_ADAPTER",
      "PAYMENTS_WEBHOOK_SECRET",
      "SANDBOX_WEBHOOK_URL",
      "PUBLIC_URL",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "STRIPE_API_URL",
      "RENEWAL_INTERVAL_MS",
    ]);
    for (const row of configTable) expect(row.description.length).toBeGreaterThan(10);
    expect(configTable.find((row) => row.name === "PORT")?.default).toBe("8080");
    expect(configTable.find((row) => row.name === "DATABASE_URL")?.default).toBeUndefined();
  });
});

describe("demo mode and what it switches", () => {
  const POSTGRES = "postgres://shop@db:5432/shop";
  const TWILIO = {
    SMS_PROVIDER: "twilio",
    SMS_ACCOUNT_ID: "AC123",
    SMS_AUTH_TOKEN: "secret",
    SMS_FROM: "+15005550006",
  };

  it("is on for the embedded database, off with DATABASE_URL, and on with DATABASE_URL when asked", () => {
    expect(loadConfig({}).demoMode).toBe(true);
    expect(loadConfig({ DATABASE_URL: POSTGRES }).demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: POSTGRES, DEMO_MODE: "true" })).toMatchObject({
      demoMode: true,
      messagesTransport: "outbox",
      zhEdition: true,
    });
    expect(loadConfig({ DEMO_MODE: "false" }).demoMode).toBe(false);
    expect(errorOf({ DEMO_MODE: "sometimes" }).message).toBe(
      'Invalid DEMO_MODE: "sometimes" (expected auto or true or false)',
    );
  });

  it("starts with DATABASE_URL alone: no outbox, no e-mail, no Chinese edition", () => {
    expect(loadConfig({ DATABASE_URL: POSTGRES })).toMatchObject({
      demoMode: false,
      messagesTransport: "none",
      smsProvider: null,
      zhEdition: false,
    });
    expect(loadConfig({ DATABASE_URL: POSTGRES, SMTP_URL: "smtps://u:p@mail:465" }).messagesTransport).toBe("smtp");
  });

  it("refuses the outbox transport outside demo mode, naming MESSAGES_TRANSPORT in one line", () => {
    const error = errorOf({ DATABASE_URL: POSTGRES, MESSAGES_TRANSPORT: "outbox" });
    expect(error.variable).toBe("MESSAGES_TRANSPORT");
    expect(error.message).toMatch(/^MESSAGES_TRANSPORT=outbox is for demo mode only/);
    expect(error.message).not.toContain("\n");
    expect(errorOf({ DEMO_MODE: "false", MESSAGES_TRANSPORT: "outbox" }).variable).toBe("MESSAGES_TRANSPORT");
    expect(
      loadConfig({ DATABASE_URL: POSTGRES, DEMO_MODE: "true", MESSAGES_TRANSPORT: "outbox" }).messagesTransport,
    ).toBe("outbox");
  });

  it("refuses ZH_EDITION=true outside demo mode without an SMS provider, naming ZH_EDITION", () => {
    const error = errorOf({ DATABASE_URL: POSTGRES, ZH_EDITION: "true" });
    expect(error.variable).toBe("ZH_EDITION");
    expect(error.message).toMatch(/^ZH_EDITION=true needs SMS_PROVIDER outside demo mode/);
    expect(error.message).not.toContain("\n");
    expect(loadConfig({ DATABASE_URL: POSTGRES, ZH_EDITION: "true", ...TWILIO }).zhEdition).toBe(true);
    expect(loadConfig({ ZH_EDITION: "false" }).zhEdition).toBe(false);
  });

  it("turns the Chinese edition on with an SMS provider, whose settings are all required", () => {
    expect(loadConfig({ DATABASE_URL: POSTGRES, ...TWILIO })).toMatchObject({
      zhEdition: true,
      smsProvider: "twilio",
      smsAccountId: "AC123",
      smsAuthToken: "secret",
      smsFrom: "+15005550006",
    });
    const error = errorOf({ ...TWILIO, SMS_AUTH_TOKEN: "" });
    expect(error.variable).toBe("SMS_AUTH_TOKEN");
    expect(error.message).toBe("SMS_AUTH_TOKEN is required when SMS_PROVIDER is set");
    expect(errorOf({ SMS_PROVIDER: "carrier-pigeon" }).variable).toBe("SMS_PROVIDER");
  });

  it("reads COOKIE_DOMAIN and RETURN_ORIGINS for the app's meta tag", () => {
    expect(
      loadConfig({
        COOKIE_DOMAIN: ".ShopRadar.com",
        RETURN_ORIGINS: "https://www.shopradar.com, http://localhost:5173/",
      }),
    ).toMatchObject({
      cookieDomain: "shopradar.com",
      returnOrigins: ["https://www.shopradar.com", "http://localhost:5173"],
    });
    expect(errorOf({ COOKIE_DOMAIN: "https://shopradar.com" }).variable).toBe("COOKIE_DOMAIN");
    expect(errorOf({ RETURN_ORIGINS: "https://www.shopradar.com/login" }).message).toBe(
      'Invalid RETURN_ORIGINS: "https://www.shopradar.com/login" (expected comma-separated origins such as https://www.example.com (scheme, host and port only; not "https://www.shopradar.com/login"))',
    );
    expect(errorOf({ RETURN_ORIGINS: "javascript:alert(1)" }).variable).toBe("RETURN_ORIGINS");
  });

  it("reads the community groups' links (https only)", () => {
    expect(
      loadConfig({ COMMUNITY_ZALO_URL: "https://zalo.me/g/ours", COMMUNITY_WECHAT_URL: "https://u.wechat.com/ours" }),
    ).toMatchObject({
      communityWhatsapp: null,
      communityZalo: "https://zalo.me/g/ours",
      communityWechat: "https://u.wechat.com/ours",
    });
    expect(errorOf({ COMMUNITY_WHATSAPP_URL: "javascript:alert(1)" }).variable).toBe("COMMUNITY_WHATSAPP_URL");
    expect(errorOf({ COMMUNITY_ZALO_URL: "http://zalo.me/g/ours" }).message).toBe(
      'Invalid COMMUNITY_ZALO_URL: "http://zalo.me/g/ours" (expected an https:// URL)',
    );
  });
});
