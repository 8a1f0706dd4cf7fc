// The get-code button of the sign-in screens: asks `onSend` to send a code and, when it
// reports success, turns into a 60 s countdown before it can be pressed again.
import { useEffect, useRef, useState } from "react";
import { Trans } from "@lingui/react/macro";
import { CODE_RESEND_SECONDS, startCountdown, type Countdown } from "../lib/countdown";
import { useBusy } from "../hooks/use-busy";

export interface SendCodeButtonProps {
  testId: string;
  /** Sends the code; resolves true when it was sent. */
  onSend: () => Promise<boolean>;
}

export function SendCodeButton({ testId, onSend }: SendCodeButtonProps) {
  const [busy, run] = useBusy();
  const [remaining, setRemaining] = useState(0);
  const countdown = useRef<Countdown | null>(null);
  useEffect(() => () => countdown.current?.stop(), []);

  const send = () =>
    run(async () => {
      if (!(await onSend())) return;
      countdown.current = startCountdown(CODE_RESEND_SECONDS, setRemaining, () => setRemaining(0));
    });

  return (
    <button
      type="button"
      className="field__action"
      data-testid={testId}
      disabled={busy || remaining > 0}
      onClick={() => void send()}
    >
      {remaining > 0 ? <Trans>{remaining} s</Trans> : <Trans>Get code</Trans>}
    </button>
  );
}
