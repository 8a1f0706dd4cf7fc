// Where the debug panel exists (spec §9: "only on hosts containing test or localhost"): the app
// shows its button and the service worker answers its messages only there.

export const isDebugHost = (hostname: string): boolean => /test|localhost/i.test(hostname);
