// Background work started after the first render (main.tsx imports this module lazily, so none
// of it weighs on the first chunk): tracking with its automatic events, the outbox and offline
// favourites sent now and whenever the network comes back, and persistent storage once
// installed.
import { syncFavourites } from "../state/favourites";
import { requestPersistentStorage } from "../storage/persist";
import { flushTracking } from "./flush";
import { installTrackingListeners } from "./listeners";
import { initTracking } from "./tracker";

let started = false;

export function startBackgroundWork(): void {
  if (started) return;
  started = true;
  initTracking();
  installTrackingListeners();
  const sendWaiting = () => {
    void flushTracking();
    void syncFavourites();
  };
  sendWaiting();
  addEventListener("online", sendWaiting);
  void requestPersistentStorage();
}
