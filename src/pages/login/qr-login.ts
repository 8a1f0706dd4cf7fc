// The QR-code login screen's state ("a QR-code login is polled through a
// check call"): gets a ticket, then checks it every 2 s while the page is visible — no timer
// runs while it is hidden, it checks at once when shown again, and everything stops on
// unmount. Pending keeps polling; confirmed hands the login to `onLogin`; expired waits for
// refresh(), which asks for a new ticket. Checks never overlap, and a failed check (network)
// is retried at the next tick.
import { useEffect, useState } from "react";
import { useLatest } from "../../hooks/use-latest";
import type { LoginData } from "../../api/auth";
import { checkQrTicket, createQrTicket } from "../../api/qr-login";
import { hrefFor } from "../../routing/paths";
import { reportLoginError } from "./login-flow";

export const QR_POLL_MS = 2_000;

/** creating: asking for a ticket; waiting: shown and polled; signingIn: confirmed, finishing the login. */
export type QrPhase = "creating" | "waiting" | "signingIn" | "expired" | "failed";

export interface QrLogin {
  phase: QrPhase;
  /** What the QR code encodes: the confirm page for the ticket, on this site. */
  link: string | null;
  /** A new ticket (after expiry or a failure). */
  refresh: () => void;
}

/** The confirm page a phone opens when it scans the code. */
export const qrConfirmLink = (ticket: string): string => `${location.origin}${hrefFor("auth", { qr: ticket })}`;

const pageVisible = () => document.visibilityState !== "hidden";

interface TicketState {
  /** The ticket request (refresh() starts the next) this state belongs to. */
  generation: number;
  phase: QrPhase;
  ticket: string | null;
}

export function useQrLogin(onLogin: (login: LoginData) => Promise<void>): QrLogin {
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<TicketState>({ generation, phase: "creating", ticket: null });
  const onLoginRef = useLatest(onLogin);

  useEffect(() => {
    let live = true;
    createQrTicket().then(
      ({ ticket }) => live && setState({ generation, phase: "waiting", ticket }),
      () => live && setState({ generation, phase: "failed", ticket: null }),
    );
    return () => {
      live = false;
    };
  }, [generation]);

  // Creating until the current request's ticket (or failure) has come.
  const current = state.generation === generation;
  const phase = current ? state.phase : "creating";
  const ticket = current ? state.ticket : null;
  useEffect(() => {
    if (phase !== "waiting" || !ticket) return;
    let live = true;
    let checking = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const schedule = () => {
      clearTimeout(timer);
      if (live && pageVisible()) timer = setTimeout(() => void check(), QR_POLL_MS);
    };
    const finish = (next: QrPhase) => {
      live = false;
      clearTimeout(timer);
      setState({ generation, phase: next, ticket });
    };
    async function check(): Promise<void> {
      if (checking || !live) return;
      checking = true;
      try {
        const result = await checkQrTicket(ticket!);
        if (!live) return;
        if (result.status === "confirmed" && result.login) {
          finish("signingIn");
          await onLoginRef.current(result.login).catch((error: unknown) => {
            reportLoginError(error);
            setState({ generation, phase: "failed", ticket: null });
          });
          return;
        }
        // A confirmed answer without the login was already taken by another check: start over.
        if (result.status !== "pending") return finish("expired");
      } catch {
        // Retried at the next tick.
      } finally {
        checking = false;
      }
      schedule();
    }
    const onVisibility = () => {
      if (pageVisible()) void check();
      else clearTimeout(timer);
    };

    document.addEventListener("visibilitychange", onVisibility);
    schedule();
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [onLoginRef, generation, phase, ticket]);

  return {
    phase,
    link: ticket ? qrConfirmLink(ticket) : null,
    refresh: () => setGeneration((value) => value + 1),
  };
}
