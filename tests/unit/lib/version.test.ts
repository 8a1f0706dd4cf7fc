// The client-ver header and the Me page show APP_VERSION; it must match package.json.
import { expect, test } from "vitest";
import packageJson from "../../../package.json";
import { APP_VERSION } from "../../../src/lib/version";

test("APP_VERSION matches package.json", () => {
  expect(APP_VERSION).toBe(packageJson.version);
});
