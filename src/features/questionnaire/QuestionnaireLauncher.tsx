// Mounted once in the overlay host: about 1 s after a sign-in is detected (a token at boot or a
// new login) it loads the questionnaire popup's lazy chunk, which asks the
// server and opens only if there are questions. It waits while the user is on a screen a survey
// must not cover (signing in, adding the support contact, paying) and starts its 1 s when they
// leave it. This file is all the boot bundle carries.
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { isOverlayFreePath } from "../../routing/overlay-free";
import { useToken } from "../../state/user";
import { isQuestionnaireDismissed } from "./dismissal";

/** The questionnaire loads 1000 ms after sign-in is detected. */
export const QUESTIONNAIRE_DELAY_MS = 1000;

const QuestionnairePopup = lazy(() => import("./QuestionnairePopup"));

function useOnScreenNotToCover(): boolean {
  const [path] = useLocation();
  return isOverlayFreePath(path);
}

export function QuestionnaireLauncher() {
  const token = useToken();
  const waiting = useOnScreenNotToCover();
  // The token the popup was loaded for; a sign-out or another account unmounts it.
  const [loadedFor, setLoadedFor] = useState("");

  useEffect(() => {
    if (!token || waiting || isQuestionnaireDismissed()) return;
    const timer = setTimeout(() => setLoadedFor(token), QUESTIONNAIRE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [token, waiting]);

  if (!token || loadedFor !== token) return null;
  return (
    <Suspense fallback={null}>
      <QuestionnairePopup key={token} />
    </Suspense>
  );
}
