// Campaign web push, the handlers' logic: a push's JSON payload ({title, body, url,
// campaign}, sent by `npm run push:send`) becomes a notification; a click closes it and opens
// the campaign's page, in an open window of the app when there is one. Only pages of this
// origin are opened: any other URL in a payload becomes the app's home. Plain functions over
// the registration and clients, so tests call them directly (sw/push.ts wires them).

export const PUSH_ICON = "/icons/icon-192.png";
/** Single-colour (white on transparent) for the status bar: Android masks it by its alpha. */
export const PUSH_BADGE = "/icons/badge-96.png";
const DEFAULT_TITLE = "ShopRadar";

export interface CampaignNotification {
  title: string;
  options: NotificationOptions;
}

/** The URL to open: same-origin paths and URLs as they are, anything else the app's home. */
export function safeTarget(url: unknown, origin: string): string {
  if (typeof url !== "string" || url.trim() === "") return `${origin}/`;
  try {
    const target = new URL(url, `${origin}/`);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

const text = (value: unknown, max: number): string => (typeof value === "string" ? value.trim().slice(0, max) : "");

/** The notification a payload asks for; a payload that is not JSON is shown as its body text. */
export function campaignNotification(payload: string | null, origin: string): CampaignNotification {
  let data: Record<string, unknown> = {};
  if (payload) {
    try {
      const parsed: unknown = JSON.parse(payload);
      data = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : { body: String(parsed) };
    } catch {
      data = { body: payload };
    }
  }
  const campaign = text(data.campaign, 100);
  return {
    title: text(data.title, 200) || DEFAULT_TITLE,
    options: {
      body: text(data.body, 1000),
      icon: PUSH_ICON,
      badge: PUSH_BADGE,
      // One notification per campaign: a repeated send replaces the earlier one.
      tag: campaign ? `campaign-${campaign}` : undefined,
      data: { url: safeTarget(data.url, origin), campaign },
    },
  };
}

export async function showCampaign(
  registration: Pick<ServiceWorkerRegistration, "showNotification">,
  payload: string | null,
  origin: string,
): Promise<void> {
  const { title, options } = campaignNotification(payload, origin);
  await registration.showNotification(title, options);
}

/** What the click handler uses of a window client and of `self.clients` (WebWorker types,
 *  spelled out so this module also type-checks in the DOM program of the tests). */
export interface WindowLike {
  url: string;
  focus: () => Promise<WindowLike>;
  navigate: (url: string) => Promise<unknown>;
}
export interface ClientsLike {
  matchAll: (options: { type: "window"; includeUncontrolled: boolean }) => Promise<readonly unknown[]>;
  openWindow: (url: string) => Promise<unknown>;
}

/** Focuses an open window of the app on the notification's page, or opens a new one. */
export async function openCampaign(
  clients: ClientsLike,
  notification: Pick<Notification, "close" | "data">,
  origin: string,
): Promise<void> {
  notification.close();
  const url = safeTarget((notification.data as { url?: unknown } | null)?.url, origin);
  const windows = (await clients.matchAll({ type: "window", includeUncontrolled: true })) as WindowLike[];
  const open = windows.find((client) => new URL(client.url).origin === origin);
  if (open) {
    const focused = await open.focus();
    await focused.navigate(url).catch(() => clients.openWindow(url));
    return;
  }
  await clients.openWindow(url);
}
