// Work done once when the app starts (spec §4 "App start"): off the home page, look up the
// visitor's IP region; with a session, refresh the user's info (a 401 there opens the login
// prompt through the error catalogue). Failures never block the app.
import { currentUser } from "../api/user";
import { ipRegion } from "../api/portal";
import { systemState } from "../state/system";
import { applyCurrentUser, setIpInfo, userState } from "../state/user";
import { resolvePath } from "./resolve";

export async function startApp(pathname: string): Promise<void> {
  const resolution = resolvePath(pathname);
  const pageName = resolution.kind === "page" ? resolution.route.name : resolution.rule.to;
  const tasks: Promise<void>[] = [];
  if (pageName !== "index") tasks.push(ipRegion(systemState.systemId).then(setIpInfo, () => undefined));
  if (userState.token) tasks.push(currentUser().then(applyCurrentUser, () => undefined));
  await Promise.all(tasks);
}
