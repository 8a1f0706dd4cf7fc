// The one HTTP client of the app: common headers, camelCase <-> snake_case keys,
// the 60 s time-out, unwrapping {code, msg, data} and the error catalogue; every call is noted
// in the debug panel's ring buffer (call-log.ts). API group modules (user.ts, portal.ts, ...)
// call `api`; components never fetch directly.
import { ofetch } from "ofetch";
import { CLIENT_VERSION_HEADER, LANGUAGE_HEADER, SYSTEM_ID_HEADER, TOKEN_HEADER } from "../../contract/http-headers";
import { camelKeys, snakeKeys } from "../lib/case";
import { APP_VERSION } from "../lib/version";
import type { SystemId } from "../i18n/edition";
import { apiLanguage, SOURCE_LOCALE, type Locale } from "../i18n/locales";
import { ApiError, applyErrorCatalogue, INVALID_RESPONSE, NO_RESPONSE, type UiEffects } from "./errors";
import { recordSavedCopy } from "../lib/saved-copy";
import { recordApiCall, redactedPath } from "./call-log";

export { ApiError, type UiEffects } from "./errors";

export const API_TIMEOUT_MS = 60_000; // request time-out 60 s

/** What the client reads from the app at request time. */
export interface ApiContext {
  locale: () => Locale;
  systemId: () => SystemId;
  token: () => string | undefined;
}

export interface ApiClientConfig {
  baseURL: string;
  timeout: number;
  context: ApiContext;
  uiEffects: UiEffects;
}

export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, unknown>;
  body?: unknown;
  /** Non-zero codes and failures produce no UI effect (questionnaire, captcha, background calls). */
  silent?: boolean;
  /** Code 60078 does not raise the Google check (e-mail login and register). */
  silentGoogleCheck?: boolean;
  /** Extra headers for this call (the sms valid-code path adds one). */
  headers?: Record<string, string>;
}

export type ApiRequest = <T>(path: string, options?: ApiRequestOptions) => Promise<T>;

interface Envelope {
  code: number;
  msg?: string;
  data?: unknown;
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === "object" && value !== null && typeof (value as Envelope).code === "number";

/** The headers every API call carries (language, system id, client version, token when signed in). */
export function requestHeaders(context: ApiContext): Record<string, string> {
  const headers: Record<string, string> = {
    [LANGUAGE_HEADER]: apiLanguage(context.locale()),
    [SYSTEM_ID_HEADER]: String(context.systemId()),
    [CLIENT_VERSION_HEADER]: APP_VERSION,
  };
  const token = context.token();
  if (token) headers[TOKEN_HEADER] = token;
  return headers;
}

/** Builds a client; `config` is read at every request, so it may be reconfigured later. */
export function createApiClient(config: ApiClientConfig): ApiRequest {
  const fetcher = ofetch.create({ retry: 0, ignoreResponseError: true });

  return async <T>(path: string, options: ApiRequestOptions = {}): Promise<T> => {
    const { method = "GET", query, body, silent = false, silentGoogleCheck, headers } = options;
    const started = performance.now();
    const note = (status: number, code: number) =>
      recordApiCall({
        method,
        path: redactedPath(path, query),
        status,
        code,
        durationMs: Math.round(performance.now() - started),
        at: Date.now(),
      });
    const fail = (error: ApiError): never => {
      note(error.status, error.code);
      if (!silent) {
        error.handled = applyErrorCatalogue(
          error,
          { loggedIn: Boolean(config.context.token()), silentGoogleCheck },
          config.uiEffects,
        );
      }
      throw error;
    };

    let response;
    try {
      response = await fetcher.raw(path, {
        baseURL: config.baseURL,
        timeout: config.timeout,
        method,
        headers: { ...headers, ...requestHeaders(config.context) },
        query: query && snakeKeys<Record<string, unknown>>(query),
        body: snakeKeys<BodyInit | Record<string, unknown>>(body),
      });
    } catch (cause) {
      return fail(new ApiError(NO_RESPONSE, cause instanceof Error ? cause.message : String(cause), 0));
    }

    const payload: unknown = response._data;
    if (isEnvelope(payload) && payload.code === 0 && response.ok) {
      note(response.status, 0);
      const data = camelKeys<T>(payload.data);
      // Answers the service worker took from its data caches are marked (savedCopyOf).
      recordSavedCopy(data, response.headers);
      return data;
    }
    const code = isEnvelope(payload) ? payload.code : response.ok ? INVALID_RESPONSE : response.status;
    const msg = isEnvelope(payload) ? (payload.msg ?? "") : response.statusText;
    const data = isEnvelope(payload) && payload.data != null ? camelKeys<unknown>(payload.data) : undefined;
    return fail(new ApiError(code, msg, response.status, data));
  };
}

const noUiEffects: UiEffects = {
  removeToken() {},
  openLoginDialog() {},
  toast() {},
  raiseUpgradeCheck() {},
  raiseGoogleCheck() {},
};

/** The app's client configuration; boot binds context and effects to the stores. */
export const apiConfig: ApiClientConfig = {
  baseURL: import.meta.env.VITE_API_BASE ?? "",
  timeout: API_TIMEOUT_MS,
  context: { locale: () => SOURCE_LOCALE, systemId: () => 14, token: () => undefined },
  uiEffects: noUiEffects,
};

export function configureApi(changes: Partial<ApiClientConfig>): void {
  Object.assign(apiConfig, changes);
}

export const api: ApiRequest = createApiClient(apiConfig);
