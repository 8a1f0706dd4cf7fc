// The app version sent as the client-ver header and shown on the Me page. Keep in step with
// package.json "version".
export const APP_VERSION = "0.1.0";
