// Contact API (data service, portal group): the footer's Contact Us form, POST
// /api/v1/portal/contact {email, message} (docs/api.md "Contact Us"). Visitors may write.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { api } from "./client";

export const sendContactMessage = (input: { email: string; message: string }): Promise<unknown> =>
  api("/api/v1/portal/contact", { method: "POST", body: input });

/** The server's limits (characters, trimmed). */
export const MAX_CONTACT_EMAIL = 140;
export const MAX_CONTACT_MESSAGE = 2000;

/** The server's refusals: which field each concerns and its message in the user's language. */
export const CONTACT_ERRORS: Readonly<
  Record<number, { field: "email" | "message" | null; message: MessageDescriptor }>
> = {
  60090: { field: "email", message: msg`Enter email` },
  60091: { field: "email", message: msg`Error email` },
  60092: { field: "message", message: msg`Enter message` },
  60093: { field: null, message: msg`Too many messages. Please try again later.` },
};
