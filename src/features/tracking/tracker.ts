// The tracker: `initTracking()` once at app start, then `track()` turns what
// happened into a full event (event.ts), writes it to the IndexedDB outbox and lets the
// debounced flusher send it. A call before init logs 'need init first!' and is dropped, as the
// spec's tracker does. The session's scene and marketing id come from the link that opened it
// (kept in sessionStorage, as later pages have no query); the user and channel from the stores.
// Anonymous events (`trackAnonymous`: error reports) leave out the user, the URL and the referer.
import { pageNameOf } from "../../routing/resolve";
import { decodeScene } from "../../lib/scene";
import { addToOutbox } from "./outbox";
import { systemState } from "../../state/system";
import { currentReferral, userState } from "../../state/user";
import { browserInfo, browserLanguage, deviceInfo, netType } from "./context";
import { buildAction, type TrackingAction, type TrackingEventName } from "./event";
import { scheduleFlush } from "./flush";
import { deviceId, randomId, sessionId } from "./ids";

export const NEED_INIT_MESSAGE = "need init first!";
const LANDING_KEY = "tracking-landing";

interface Landing {
  scene: string;
  marketingId: string;
}

let initialised = false;
let landing: Landing = { scene: "", marketingId: "" };
/** The page the previous page view was on: the referer of the next one. */
let lastPageUrl = "";
let lastAt = 0;

/** Now in ms, strictly increasing within the page, so the outbox keeps the events' order. */
function eventTime(): number {
  lastAt = Math.max(Date.now(), lastAt + 1);
  return lastAt;
}

function readLanding(): Landing {
  try {
    const saved = JSON.parse(sessionStorage.getItem(LANDING_KEY) ?? "null") as Landing | null;
    if (saved && typeof saved.scene === "string" && typeof saved.marketingId === "string") return saved;
  } catch {
    // none saved or storage refused
  }
  return { scene: "", marketingId: "" };
}

/** A link with a scene or marketing id starts the session's attribution; others keep it. */
function noteLanding(search: string): void {
  const query = new URLSearchParams(search);
  const marketingId = decodeScene(query).marketingId;
  const scene = query.get("scene") ?? "";
  if (!marketingId && !scene) return;
  landing = { scene: scene || landing.scene, marketingId: marketingId || landing.marketingId };
  try {
    sessionStorage.setItem(LANDING_KEY, JSON.stringify(landing));
  } catch {
    // kept in memory for this page
  }
}

export function initTracking(): void {
  if (initialised) return;
  initialised = true;
  landing = readLanding();
  noteLanding(location.search);
  lastPageUrl = document.referrer;
  deviceId(); // the cookie exists from the first visit on
}

export const isTrackingReady = (): boolean => initialised;

const pageName = (pathname: string): string => pageNameOf(pathname);

/** The event as it would be stored now (exported for tests). */
export function createAction(event: TrackingEventName, details?: Record<string, string | number>): TrackingAction {
  return buildAction({
    id: randomId(),
    event,
    at: eventTime(),
    scene: landing.scene,
    pageName: pageName(location.pathname),
    pageUrl: location.href,
    referer: event === "page_view" ? lastPageUrl : document.referrer,
    channelId: currentReferral().channelId,
    marketingId: landing.marketingId,
    userId: userState.userId,
    appLang: systemState.locale,
    language: browserLanguage(),
    deviceId: deviceId(),
    sessionId: sessionId(),
    deviceInfo: deviceInfo(),
    browserInfo: browserInfo(),
    netType: netType(),
    details,
  });
}

/** Records an event; resolves once it is in the outbox (false before init). */
export async function track(event: TrackingEventName, details?: Record<string, string | number>): Promise<boolean> {
  if (!initialised) {
    console.log(NEED_INIT_MESSAGE);
    return false;
  }
  await record(createAction(event, details));
  return true;
}

async function record(action: TrackingAction): Promise<void> {
  await addToOutbox({ action, systemId: systemState.systemId });
  scheduleFlush();
}

/** Records an event without user id, page URL or referer (error reports name their route). */
export async function trackAnonymous(
  event: TrackingEventName,
  details: Record<string, string | number>,
): Promise<boolean> {
  if (!initialised) return false;
  await record({ ...createAction(event, details), user_id: "", page_url: "", referer: "" });
  return true;
}

/** A page view of the current location (the router changed it, or the app opened). */
export function trackPageView(): Promise<boolean> {
  if (initialised) noteLanding(location.search);
  const sent = track("page_view");
  if (initialised) lastPageUrl = location.href;
  return sent;
}

/** Tests start from a clean tracker. */
export function resetTracking(): void {
  initialised = false;
  landing = { scene: "", marketingId: "" };
  lastPageUrl = "";
}
