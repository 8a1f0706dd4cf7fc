// The title bar of a page: its translated title, with a back button on non-tab pages.
import { useLingui } from "@lingui/react/macro";
import { useLocation } from "wouter";
import { hrefFor } from "../routing/paths";
import type { AppRoute } from "../routing/route-types";

export function PageHeader({ route }: { route: AppRoute }) {
  const { i18n, t } = useLingui();
  const [, navigate] = useLocation();
  // Opened from outside (a shared link), there is no page to go back to: go home instead.
  const goBack = () => (history.length > 1 ? history.back() : navigate(hrefFor("index"), { replace: true }));

  return (
    <header className="page-header">
      {!route.tab && (
        <button
          type="button"
          className="page-header__back"
          aria-label={t`Back`}
          data-testid="page-back"
          onClick={goBack}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      )}
      <h1 className="page-header__title" data-testid="page-title">
        {i18n._(route.title)}
      </h1>
    </header>
  );
}
