// Scene query decoding: ic, cid, mid directly or packed into `scene`.
import { expect, test } from "vitest";
import { decodeScene } from "../../../src/lib/scene";

test("direct query keys", () => {
  expect(decodeScene("?ic=INV42&cid=7&mid=99")).toEqual({ inviteCode: "INV42", channelId: "7", marketingId: "99" });
});

test("packed into scene, encoded once or twice", () => {
  expect(decodeScene(`scene=${encodeURIComponent("ic=AB12&cid=3")}`)).toEqual({
    inviteCode: "AB12",
    channelId: "3",
    marketingId: "",
  });
  expect(decodeScene(`scene=${encodeURIComponent(encodeURIComponent("ic=AB12&mid=5"))}`)).toEqual({
    inviteCode: "AB12",
    channelId: "",
    marketingId: "5",
  });
});

test("direct keys win over the packed scene; nothing gives empty strings", () => {
  expect(decodeScene(new URLSearchParams({ ic: "DIRECT", scene: "ic=PACKED&cid=4" }))).toEqual({
    inviteCode: "DIRECT",
    channelId: "4",
    marketingId: "",
  });
  expect(decodeScene("")).toEqual({ inviteCode: "", channelId: "", marketingId: "" });
  expect(decodeScene("scene=%E0%A4%A")).toEqual({ inviteCode: "", channelId: "", marketingId: "" });
});
