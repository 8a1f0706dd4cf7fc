// Background work started after the first render (main.tsx imports this module lazily, so none
// of it weighs on the first chunk): tracking with its automatic events and the error reports, the outbox and offline
// favourites sent now and whenever the network comes back, and persistent storage once
// installed.
import { syncFavourites } from "../state/favourites";
import { requestPersistentStorage } from "../features/install/persistent-storage";
import { flushTracking } from "../features/tracking/flush";
import { installTrackingListeners } from "../features/tracking/listeners";
import { initTracking, trackAnonymous } from "../features/tracking/tracker";
import { setClientErrorSender } from "../features/errors/reporter";

let started = false;

/**
 * Starts it in steps, each in an idle period of its own (`whenIdle`), so the whole start is
 * never one long task on a slow phone: tracking (device and session ids), its listeners, the
 * waiting queues, persistent storage.
 */
export function startBackgroundWork(whenIdle: (work: () => void) => void = (work) => work()): void {
  if (started) return;
  started = true;
  const sendWaiting = () => {
    void flushTracking();
    void syncFavourites();
  };
  const steps = [
    initTracking,
    () => setClientErrorSender((event, report) => void trackAnonymous(event, { ...report })),
    installTrackingListeners,
    () => {
      sendWaiting();
      addEventListener("online", sendWaiting);
    },
    () => void requestPersistentStorage(),
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) whenIdle(next);
  };
  next();
}
