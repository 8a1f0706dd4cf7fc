// Work done once when the app starts: keep a scene query's invite code
// and channel; off the home page, look up the visitor's IP region and load the discounts (the
// Chinese or the English variant, by language; spec §4); with a session, refresh
// the user's info and plan (a 401 there opens the login prompt through the error catalogue),
// and in the Chinese edition send a user who still has to add the support contact to
// /customerValid, coming back here afterwards. Failures never block the app.
import { currentUser } from "../api/user";
import { ipRegion } from "../api/portal";
import { supportContact } from "../api/support-contact";
import { refreshCurrentCombo } from "../state/activity";
import { systemState } from "../state/system";
import { applyCurrentUser, applySceneQuery, setIpInfo, userState } from "../state/user";
import { supportContactDetour, type Navigate } from "../routing/post-login";
import { LOGIN_GROUP_ROUTES } from "../routing/paths";
import { pageNameOf } from "../routing/resolve";

export async function startApp(pathname: string, search: string, navigate: Navigate): Promise<void> {
  applySceneQuery(search);
  const pageName = pageNameOf(pathname);
  const tasks: Promise<void>[] = [];
  if (pageName !== "index") {
    tasks.push(ipRegion(systemState.systemId).then(setIpInfo, () => undefined));
    // Loaded on demand: the home never needs the discount store.
    const zh = systemState.locale === "zh";
    tasks.push(
      import("../state/discount")
        .then((discount) => (zh ? discount.loadChineseDiscounts : discount.loadEnglishDiscounts)({ silent: true }))
        .then(
          () => undefined,
          () => undefined,
        ),
    );
  }
  if (userState.token) {
    tasks.push(currentUser().then(applyCurrentUser, () => undefined));
    tasks.push(refreshCurrentCombo(systemState.systemId));
    if (systemState.systemId === 13 && !LOGIN_GROUP_ROUTES.includes(pageName)) {
      const here = pathname + search;
      tasks.push(
        supportContact({ silent: true }).then(
          (contact) => {
            if (contact.status) navigate(supportContactDetour(here), { replace: true });
          },
          () => undefined,
        ),
      );
    }
  }
  await Promise.all(tasks);
}
