// QR-code login calls (docs/auth.md): a screen asks for a ticket and shows
// it as a QR code, then polls the check call; a signed-in device that scanned it confirms the
// ticket, and the screen's next check carries the login. Creating and checking are silent (the
// screen says what went wrong; a failed poll is simply retried), confirming is not.
import type { LoginData } from "./auth";
import { api } from "./client";

export interface QrTicket {
  ticket: string;
  /** ISO 8601; the server's tickets live 2 minutes. */
  expiresAt: string;
}

export type QrTicketStatus = "pending" | "confirmed" | "expired";

export interface QrCheck {
  status: QrTicketStatus;
  /** Present once, on the first check after the ticket was confirmed. */
  login?: LoginData;
}

/** docs/auth.md: confirming an unknown, expired or already confirmed ticket. */
export const QR_TICKET_EXPIRED = 60060;

export const createQrTicket = (): Promise<QrTicket> =>
  api<QrTicket>("/v1/user/third-login/app/qrcode", { method: "POST", silent: true });

export const checkQrTicket = (ticket: string): Promise<QrCheck> =>
  api<QrCheck>("/v1/user/third-login/app/qrcode/check", { method: "POST", body: { ticket }, silent: true });

/** Signed in: lets the screen showing `ticket` log in as this user. */
export const confirmQrTicket = (ticket: string): Promise<unknown> =>
  api("/v1/user/third-login/app/qrcode/confirm", { method: "POST", body: { ticket } });
