// Personal and secret values in a request URL's query, replaced before the URL is logged (the
// access line, the request serializer): credentials (token, id_token, recaptcha_token, ..., the
// OAuth code and state, keys, tickets, passwords, verification codes) and whatever identifies a
// person (the login id as account, login_id, phone or e-mail; the outbox's `to`; names, id numbers).
const SECRET_QUERY =
  /([?&](?:[^=&#]*token|[^=&#]*key|code|valid_?code|password|state|ticket|account|login_?id|to|phone|mobile|e?mail|user_?name|nick_?name|name|id_?card)=)[^&#]*/gi;

/** The URL with every secret or personal query value replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  return url.indexOf("?") === -1 ? url : url.replace(SECRET_QUERY, "$1[REDACTED]");
}
