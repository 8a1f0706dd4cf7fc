// Key-case conversion between the app and the API.
import { describe, expect, test } from "vitest";
import { camelKeys, snakeKeys, toCamelCase, toSnakeCase } from "../../../src/lib/case";

describe("key names", () => {
  test.each([
    ["userId", "user_id"],
    ["nickName", "nick_name"],
    ["systemId", "system_id"],
    ["avatarLargerPrivatization", "avatar_larger_privatization"],
    ["userID", "user_id"],
    ["already_snake", "already_snake"],
    ["plain", "plain"],
  ])("%s -> %s", (camel, snake) => {
    expect(toSnakeCase(camel)).toBe(snake);
  });

  test.each([
    ["user_id", "userId"],
    ["nick_name", "nickName"],
    ["code2_session_resp", "code2SessionResp"],
    ["alreadyCamel", "alreadyCamel"],
    ["_private", "_private"],
  ])("%s -> %s", (snake, camel) => {
    expect(toCamelCase(snake)).toBe(camel);
  });
});

describe("deep conversion", () => {
  test("converts nested objects and arrays both ways", () => {
    const app = { userId: 1, comboList: [{ daysToEndTime: 3, ruleDesc: { cycleUnit: "m" } }], tags: ["aB", "cD"] };
    const wire = {
      user_id: 1,
      combo_list: [{ days_to_end_time: 3, rule_desc: { cycle_unit: "m" } }],
      tags: ["aB", "cD"],
    };
    expect(snakeKeys(app)).toEqual(wire);
    expect(camelKeys(wire)).toEqual(app);
  });

  test("leaves values that are not plain objects alone", () => {
    const form = new FormData();
    form.append("camelField", "x");
    const blob = new Blob(["x"]);
    const date = new Date(0);
    expect(snakeKeys(form)).toBe(form);
    expect(snakeKeys(blob)).toBe(blob);
    expect(snakeKeys<{ created_at: Date }>({ createdAt: date }).created_at).toBe(date);
    expect(snakeKeys(null)).toBeNull();
    expect(camelKeys("text")).toBe("text");
    expect(camelKeys([1, 2])).toEqual([1, 2]);
  });
});
