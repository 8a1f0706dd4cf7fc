// The id a detail component shows when it is not the page itself: the desktop list + detail
// pane (pages/tab/rank/RankDetailPane.tsx) provides it; without it DetailLoader reads ?id=.
import { createContext } from "react";

export const DetailIdContext = createContext<string | null>(null);
