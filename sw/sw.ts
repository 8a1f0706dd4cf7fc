// ShopRadar's service worker: only wiring; each concern lives in its own module.
/// <reference lib="webworker" />
import { installPrecache } from "./precache";
import { installNavigationFallback } from "./navigation";
import { installLocaleCache } from "./locales";
import { installLifecycle } from "./lifecycle";
import { installDataCaches } from "./data-cache";
import { installPush } from "./push";
import { installListSnapshots } from "./snapshot-cache";
import { installTrackingSync } from "./tracking-sync";
import { installDebugCaches } from "./debug-caches";

installLifecycle();
installPrecache();
installNavigationFallback();
installLocaleCache();
installTrackingSync();
installDataCaches();
installPush();
installListSnapshots();
installDebugCaches();
