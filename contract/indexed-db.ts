// IndexedDB databases of the app (each one idb-keyval store: database + object store). The
// tracking outbox is also read by the service worker (Background Sync replay), so its names
// must be the same on both sides; the others are listed here so no two areas pick one name.

export const TRACKING_DB_NAME = "shopradar-tracking";
export const TRACKING_STORE_NAME = "outbox";

export const FAVOURITES_DB_NAME = "shopradar-favourites";
export const FAVOURITES_STORE_NAME = "pending";

export const QUESTIONNAIRE_DB_NAME = "shopradar-questionnaire";
export const QUESTIONNAIRE_STORE_NAME = "drafts";

export const SEARCH_HISTORY_DB_NAME = "shopradar-discover";
export const SEARCH_HISTORY_STORE_NAME = "keyval";

export const CALCULATOR_DB_NAME = "shopradar-calculator";
export const CALCULATOR_STORE_NAME = "scenarios";

export const COMPARE_DB_NAME = "shopradar-compare";
export const COMPARE_STORE_NAME = "tray";
