// One tracking event in the wire format of the statistics endpoint: every field
// of the spec, snake_case as sent, built from what the caller saw and the environment at that
// moment. Pure, so tests can check each field; the outbox and the service worker store and send
// these objects unchanged.

export type TrackingEventName = "page_view" | "click" | "scroll" | (string & {});

export interface TrackingAction {
  id: string;
  event: string;
  scene: string;
  page_name: string;
  channel_id: number;
  page_url: string;
  language: string;
  device_id: string;
  device_info: string;
  browser_info: string;
  session_id: string;
  net_type: string;
  referer: string;
  marketing_id: string;
  user_id: string;
  /** JSON text: business_side "H5", app_lang, and the event's own details. */
  json_str: string;
  /** When it happened (ms since the epoch). */
  at: number;
}

/** Everything an event is made of, gathered by the tracker. */
export interface EventInput {
  id: string;
  event: TrackingEventName;
  at: number;
  /** The scene parameter of the link that opened this session ("" when none). */
  scene: string;
  pageName: string;
  pageUrl: string;
  referer: string;
  channelId: number;
  marketingId: string;
  userId: string | number | null;
  appLang: string;
  language: string;
  deviceId: string;
  sessionId: string;
  deviceInfo: string;
  browserInfo: string;
  netType: string;
  /** Extra details of this event (the clicked target, the scroll depth). */
  details?: Record<string, string | number>;
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export function buildAction(input: EventInput): TrackingAction {
  return {
    id: input.id,
    event: clip(input.event, 64),
    scene: clip(input.scene, 256),
    page_name: clip(input.pageName, 256),
    channel_id: input.channelId,
    page_url: clip(input.pageUrl, 2048),
    language: clip(input.language, 256),
    device_id: input.deviceId,
    device_info: clip(input.deviceInfo, 1024),
    browser_info: clip(input.browserInfo, 1024),
    session_id: input.sessionId,
    net_type: clip(input.netType, 256),
    referer: clip(input.referer, 2048),
    marketing_id: clip(input.marketingId, 256),
    user_id: input.userId === null ? "" : clip(String(input.userId), 256),
    json_str: JSON.stringify({ ...input.details, business_side: "H5", app_lang: input.appLang }),
    at: input.at,
  };
}
