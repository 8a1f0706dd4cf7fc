// Connects the API client to the stores at boot: headers read the live locale, edition and
// token; the error catalogue's effects become store actions (toast, login prompt, checks).
import { configureApi } from "../api/client";
import { raiseUpgradeCheck } from "../state/price";
import { showToast, systemState } from "../state/system";
import { openLoginDialog, raiseGoogleCheck, removeToken, userState } from "../state/user";

export function bindApiToStores(): void {
  configureApi({
    context: {
      locale: () => systemState.locale,
      systemId: () => systemState.systemId,
      token: () => userState.token || undefined,
    },
    uiEffects: {
      removeToken,
      openLoginDialog,
      toast: (message) => showToast(message, "error"),
      raiseUpgradeCheck,
      raiseGoogleCheck,
    },
  });
}
