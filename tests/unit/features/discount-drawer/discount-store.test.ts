// The discount store's loaders against a real local HTTP server: the English loader (type 5)
// rejects 'not en' in Chinese, the Chinese one (type 6) 'not zh' otherwise; each asks the
// token list when signed in and the anonymous one otherwise; the receive discount is the first
// element of the type-7 list (unusable ones included) and rejects 'Not logged' without a token.
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { apiConfig, configureApi, type ApiClientConfig } from "../../../../src/api/client";
import {
  discountState,
  loadChineseDiscounts,
  loadEnglishDiscounts,
  loadReceiveDiscount,
  NOT_EN,
  NOT_LOGGED,
  NOT_ZH,
} from "../../../../src/state/discount";
import { setLocale, systemState } from "../../../../src/state/system";
import { userState } from "../../../../src/state/user";
import { sendJson, startTestServer, type TestServer } from "../../helpers/test-server";

const item = (marketingId: number, usable: boolean) => ({
  marketing_id: marketingId,
  group_num: 1,
  code: `C${marketingId}`,
  marketing_type: 5,
  plan: "basic",
  months: 1,
  cycle_unit: "m",
  actual_amount: 9.9,
  original_amount: 19.9,
  percent_off: 50,
  rule_desc: "50% off",
  usable,
  usable_end_time: null,
  received: false,
});

let server: TestServer;
let original: ApiClientConfig;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const type = Number(request.query.get("marketing_type"));
    sendJson(response, 200, {
      code: 0,
      msg: "success",
      data: [item(1000 + type, type !== 7), item(2000 + type, true)],
    });
  });
  original = { ...apiConfig };
  configureApi({
    baseURL: server.url,
    context: {
      locale: () => systemState.locale,
      systemId: () => systemState.systemId,
      token: () => userState.token || undefined,
    },
  });
});
afterAll(async () => {
  configureApi(original);
  await server.close();
});
beforeEach(() => {
  server.requests.splice(0);
  userState.token = "";
  setLocale("en");
  discountState.payDiscounts = [];
  discountState.receiveDiscount = null;
});

test("English loader: type 5, the token list when signed in, else the anonymous one", async () => {
  const anonymous = await loadEnglishDiscounts();
  expect(anonymous.map((entry) => entry.marketingId)).toEqual([1005, 2005]);
  expect(server.requests[0].path).toBe("/v1/user/charge/marketing/list/anonymous/pay-discounts");
  expect(server.requests[0].query.get("marketing_type")).toBe("5");
  expect(server.requests[0].query.get("include_not_usable")).toBe("false");
  expect(server.requests[0].headers.authorization).toBeUndefined();

  userState.token = "tok-1";
  await loadEnglishDiscounts();
  expect(server.requests[1].path).toBe("/v1/user/charge/marketing/list/pay-discounts");
  expect(server.requests[1].headers.authorization).toBe("tok-1");
  expect(discountState.payDiscounts[0]).toMatchObject({ marketingId: 1005, actualAmount: 9.9, cycleUnit: "m" });
});

test("English loader rejects 'not en' in Chinese; Chinese loader rejects 'not zh' otherwise, asks type 6 in Chinese", async () => {
  await expect(loadChineseDiscounts()).rejects.toThrow(new Error(NOT_ZH));
  setLocale("zh");
  await expect(loadEnglishDiscounts()).rejects.toThrow(new Error(NOT_EN));
  expect(server.requests).toHaveLength(0);
  const list = await loadChineseDiscounts();
  expect(list[0].marketingId).toBe(1006);
  expect(server.requests[0].query.get("marketing_type")).toBe("6");
  expect(server.requests[0].headers["system-id"]).toBe("13");
});

test("receive discount: 'Not logged' without a token; else the first element of the type-7 list, usable or not", async () => {
  await expect(loadReceiveDiscount()).rejects.toThrow(new Error(NOT_LOGGED));
  expect(server.requests).toHaveLength(0);
  userState.token = "tok-1";
  const first = await loadReceiveDiscount();
  expect(first).toMatchObject({ marketingId: 1007, usable: false });
  expect(discountState.receiveDiscount?.marketingId).toBe(1007);
  expect(server.requests[0].path).toBe("/v1/user/charge/marketing/list/pay-discounts");
  expect(server.requests[0].query.get("marketing_type")).toBe("7");
  expect(server.requests[0].query.get("include_not_usable")).toBe("true");
});
