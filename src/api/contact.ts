// Contact API (data service, portal group): the footer's Contact Us form. The server route
// POST /api/v1/portal/contact {email, message} is expected (not in the server yet, see the
// browsing report); until it exists the form shows the network/404 failure.
import { api } from "./client";

export const sendContactMessage = (input: { email: string; message: string }): Promise<unknown> =>
  api("/api/v1/portal/contact", { method: "POST", body: input });

/** Longest message the form accepts. */
export const MAX_CONTACT_MESSAGE = 1000;
