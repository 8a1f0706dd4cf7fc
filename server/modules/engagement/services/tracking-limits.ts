// The size limits of one tracking batch, shared by the service, the route and the error
// messages that quote them.

/** Most events in one batch, and most bytes of one request body (both documented in docs/api.md). */
export const TRACKING_MAX_ACTIONS = 100;
export const TRACKING_MAX_BODY_BYTES = 256 * 1024;
