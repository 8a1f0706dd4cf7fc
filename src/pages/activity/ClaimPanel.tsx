// The claim panel of /campaign and /GetVip (one component for both): the activity of a campaign
// slug or an activity code (queryActivity), its title and description, what a claim gives
// ("7 days of Basic"), the time left (ActivityCountdown on the server's clock), "Starts on" before
// the start and "This activity has ended" after the end (button disabled), and "Claim VIP":
// signed out it opens the login prompt; signed in it claims (receive/{code}) and shows
// "Claimed! Basic until …" (the plan stores refreshed). A refusal shows the server's code in the
// user's language (api/server-messages.ts); 71012 turns the panel to "ended", 71013 to "claimed".
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { MARKETING_CODES } from "../../../contract/marketing";
import {
  queryActivity,
  receiveActivity,
  type Activity,
  type ActivityGrant,
  type ActivityQuery,
} from "../../api/activities";
import { ApiError } from "../../api/errors";
import { localizedServerMessage } from "../../api/server-messages";
import { LoadFailed } from "../../components/LoadFailed";
import { refreshAfterPurchase } from "../../features/commerce/payment";
import { planName } from "../../features/commerce/labels";
import { planDays } from "../../features/invites/labels";
import { useAsync } from "../../hooks/use-async";
import { useBusy } from "../../hooks/use-busy";
import { formatDate } from "../../lib/format";
import { hrefFor } from "../../routing/paths";
import { showToast, useLocale } from "../../state/system";
import { openLoginDialog, useToken } from "../../state/user";
import { ActivityCountdown } from "./ActivityCountdown";
import "../checkout/checkout.css";
import "./activity.css";

interface Loaded {
  activity: Activity;
  /** Server time − device time when the answer arrived. */
  clockOffsetMs: number;
}

const load = (query: ActivityQuery): Promise<Loaded> =>
  queryActivity(query).then((activity) => ({
    activity,
    clockOffsetMs: Number.isNaN(Date.parse(activity.serverTime)) ? 0 : Date.parse(activity.serverTime) - Date.now(),
  }));

function Claimed({ plan, endTime }: { plan: string; endTime: string }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const name = planName(plan, i18n);
  const date = formatDate(endTime, locale);
  return (
    <div className="result" data-testid="activity-claimed" data-end-time={endTime}>
      <p className="result__title">
        <Trans>
          Claimed! {name} until {date}
        </Trans>
      </p>
      <Link href={hrefFor("subscription")} className="button button--block">
        <Trans>My Plan</Trans>
      </Link>
    </div>
  );
}

function StatusLine({ loaded, ended, onEnd }: { loaded: Loaded; ended: boolean; onEnd: () => void }) {
  const locale = useLocale();
  const { activity, clockOffsetMs } = loaded;
  if (ended || activity.status === "ended") {
    return (
      <p className="activity__status" role="status" data-testid="activity-status" data-status="ended">
        <Trans>This activity has ended</Trans>
      </p>
    );
  }
  if (activity.status === "not_started") {
    const date = formatDate(activity.startsAt, locale);
    return (
      <p className="activity__status" data-testid="activity-status" data-status="not_started">
        <Trans>Starts on {date}</Trans>
      </p>
    );
  }
  return (
    <p className="activity__status" data-testid="activity-status" data-status="running">
      <ActivityCountdown endsAt={activity.endsAt} clockOffsetMs={clockOffsetMs} onEnd={onEnd} />
    </p>
  );
}

function Panel({ loaded, reload }: { loaded: Loaded; reload: () => void }) {
  const { i18n, t } = useLingui();
  const token = useToken();
  const { activity } = loaded;
  const [ended, setEnded] = useState(false);
  const [grant, setGrant] = useState<ActivityGrant | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, run] = useBusy();
  const running = activity.status === "running" && !ended;
  const code = activity.code;

  const claim = () =>
    run(async () => {
      if (!code) return;
      setRefusal(null);
      try {
        setGrant(await receiveActivity(code));
        void refreshAfterPurchase();
      } catch (failure) {
        if (!(failure instanceof ApiError)) {
          showToast(t`The VIP could not be claimed. Please try again.`, "error");
          return;
        }
        if (failure.handled) return;
        if (failure.code === MARKETING_CODES.ACTIVITY_ENDED) setEnded(true);
        else setRefusal(localizedServerMessage(failure));
        if (
          failure.code === MARKETING_CODES.ACTIVITY_ALREADY_CLAIMED ||
          failure.code === MARKETING_CODES.ACTIVITY_NOT_STARTED
        ) {
          reload();
        }
      }
    });

  const claimed =
    grant ?? (activity.claimed && activity.endTime ? { plan: activity.plan, endTime: activity.endTime } : null);
  const gives = activity.plan && activity.days > 0 ? planDays(activity.days, activity.plan, i18n) : null;
  return (
    <section
      className="card activity"
      data-testid="claim-panel"
      data-campaign={activity.campaign}
      data-status={ended ? "ended" : activity.status}
      data-claimed={claimed ? "true" : String(activity.claimed)}
    >
      <h2 className="card__title" data-testid="activity-title">
        {activity.title}
      </h2>
      {activity.description && <p className="card__note">{activity.description}</p>}
      {gives && (
        <p className="activity__gives" data-testid="activity-gives">
          <Trans>Claim {gives} free, once per account.</Trans>
        </p>
      )}
      <StatusLine loaded={loaded} ended={ended} onEnd={() => setEnded(true)} />
      {refusal && (
        <p className="field__error" role="alert" data-testid="activity-refusal">
          {refusal}
        </p>
      )}
      {claimed?.plan ? (
        <Claimed plan={claimed.plan} endTime={claimed.endTime} />
      ) : (
        code && (
          <button
            type="button"
            className="button button--primary button--block"
            disabled={busy || !running}
            aria-busy={busy}
            data-testid="activity-claim"
            onClick={token ? () => void claim() : openLoginDialog}
          >
            <Trans>Claim VIP</Trans>
          </button>
        )
      )}
    </section>
  );
}

/** The panel for `query`; reloaded when the session changes (a sign-in tells whether this user claimed). */
export function ClaimPanel({ query }: { query: ActivityQuery }) {
  const token = useToken();
  const state = useAsync(() => load(query), [query.code, query.campaign, token]);
  if (state.error instanceof ApiError && state.error.code === MARKETING_CODES.ACTIVITY_NOT_FOUND) {
    return (
      <p className="checkout__notice" role="status" data-testid="activity-not-found">
        <Trans>This activity does not exist or is no longer available.</Trans>
      </p>
    );
  }
  if (state.error !== undefined && !state.data) {
    return (
      <LoadFailed onRetry={state.reload}>
        <Trans>The activity could not be loaded.</Trans>
      </LoadFailed>
    );
  }
  if (!state.data) return <span className="spinner" aria-hidden="true" />;
  return <Panel key={`${state.data.activity.campaign}:${token}`} loaded={state.data} reload={state.reload} />;
}
