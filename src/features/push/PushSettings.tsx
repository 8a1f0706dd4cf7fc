// Me page: "Campaign notifications". Shown only where the browser has web push. Its
// state (on, off, blocked in the browser's settings) and a switch: turning it on first says
// plainly what will be sent and asks (the browser's own permission prompt comes only after
// the user agreed here); turning it off ends the subscription at once.
import { useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ApiError } from "../../api/client";
import { Dialog } from "../../components/Dialog";
import { useBusy } from "../../hooks/use-busy";
import { showToast } from "../../state/system";
import { pushSupported, readPushState, turnPushOff, turnPushOn, type PushState } from "./push-subscription";

function PushSwitch() {
  const { t } = useLingui();
  const [state, setState] = useState<PushState | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, run] = useBusy();

  useEffect(() => {
    let live = true;
    readPushState().then(
      (read) => live && setState(read),
      () => live && setState("off"),
    );
    return () => {
      live = false;
    };
  }, []);

  const change = (action: () => Promise<PushState>, failure: string) =>
    run(async () => {
      try {
        setState(await action());
      } catch (error) {
        // The error catalogue already told the user about a failed API call.
        if (!(error instanceof ApiError && error.handled)) showToast(failure, "error");
      }
    });

  const labels: Record<PushState, string> = { on: t`On`, off: t`Off`, blocked: t`Blocked in your browser settings` };
  return (
    <>
      <span className="push-settings__state" data-testid="push-state" data-state={state ?? "loading"}>
        {state && labels[state]}
      </span>
      {state === "off" && (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => setAsking(true)}
          data-testid="push-on"
        >
          <Trans>Turn on</Trans>
        </button>
      )}
      {state === "on" && (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => void change(turnPushOff, t`Could not turn off notifications. Please try again.`)}
          data-testid="push-off"
        >
          <Trans>Turn off</Trans>
        </button>
      )}
      <Dialog
        testId="push-confirm"
        open={asking}
        title={<Trans>Campaign notifications</Trans>}
        message={
          <Trans>
            We will send you a few notifications a month about campaigns: membership discounts, free trials and new-user
            activities. No messages from other people and no ads from other companies. You can turn them off here at any
            time.
          </Trans>
        }
        confirmLabel={<Trans>Allow notifications</Trans>}
        cancelLabel={<Trans>Not now</Trans>}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void change(turnPushOn, t`Could not turn on notifications. Please try again later.`);
        }}
      />
    </>
  );
}

export function PushSettings() {
  if (!pushSupported()) return null;
  return (
    <section className="card card--row" data-testid="push-settings">
      <span>
        <Trans>Campaign notifications</Trans>
      </span>
      <PushSwitch />
    </section>
  );
}
