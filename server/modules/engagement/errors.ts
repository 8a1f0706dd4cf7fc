// The engagement module's error catalogue: every business code its routes can answer (contact
// form, questionnaire, tracking batches, push subscriptions), with HTTP status and message, as
// documented in docs/api.md.
import type { ErrorEntry } from "../../lib/domain-error";
import { TRACKING_MAX_ACTIONS, TRACKING_MAX_BODY_BYTES } from "./services/tracking-limits";

export const CONTACT_ERRORS = {
  EMAIL_REQUIRED: { status: 400, code: 60090, msg: "Enter email" },
  EMAIL_INVALID: { status: 400, code: 60091, msg: "Error email" },
  MESSAGE_REQUIRED: { status: 400, code: 60092, msg: "Enter message" },
  TOO_MANY: { status: 429, code: 60093, msg: "Too many messages. Please try again later." },
} as const satisfies Record<string, ErrorEntry>;

export const QUESTIONNAIRE_ERRORS = {
  NOT_FOUND: { status: 404, code: 60094, msg: "Questionnaire not found or no longer active" },
  INVALID: { status: 400, code: 60095, msg: "Invalid answers" },
  ALREADY_ANSWERED: { status: 409, code: 60096, msg: "You have already answered this questionnaire" },
} as const satisfies Record<string, ErrorEntry>;

export const TRACKING_ERRORS = {
  TOO_MANY_ACTIONS: { status: 400, code: 60110, msg: `A batch holds at most ${TRACKING_MAX_ACTIONS} actions` },
  BODY_TOO_LARGE: { status: 413, code: 60111, msg: `A batch body is at most ${TRACKING_MAX_BODY_BYTES / 1024} KB` },
  MALFORMED: { status: 400, code: 60112, msg: "Malformed tracking batch" },
} as const satisfies Record<string, ErrorEntry>;

export const PUSH_ERRORS = {
  BAD_ENDPOINT: {
    status: 400,
    code: 60120,
    msg: "The push endpoint must be an https:// URL of a browser push service",
  },
  BAD_KEYS: {
    status: 400,
    code: 60121,
    msg: "The subscription keys are not a P-256 public key (p256dh, 65 bytes) and an auth secret (16 bytes) in base64url",
  },
  NOT_YOURS: {
    status: 403,
    code: 60122,
    msg: "This push subscription belongs to someone else: only its owner may change or remove it",
  },
} as const satisfies Record<string, ErrorEntry>;
