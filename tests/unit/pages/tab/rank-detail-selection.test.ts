// The list + detail selection helpers of /rank: ?selected= written and removed without touching
// the list's own query, and only a plain main-button click on a row's detail link picks a row.
import { describe, expect, test } from "vitest";
import type { MouseEvent } from "react";
import { clickedRowId, readSelected, withSelected } from "../../../../src/pages/tab/rank/detail-selection";

function rowLink(id: string): Element {
  document.body.innerHTML = `<div data-testid="entity-row" data-id="${id}"><a class="entity-row__main" href="/x"><span>Name</span></a><button>Heart</button></div>`;
  return document.querySelector("span")!;
}

const click = (target: Element, extra: Partial<MouseEvent> = {}) =>
  ({ target, button: 0, defaultPrevented: false, ...extra }) as unknown as MouseEvent;

describe("selection in the query", () => {
  test("set, read and removed, the rest kept", () => {
    const search = withSelected("type=goods&rankType=top-sale", "g-1");
    expect(search).toBe("type=goods&rankType=top-sale&selected=g-1");
    expect(readSelected(search)).toBe("g-1");
    expect(withSelected(search, null)).toBe("type=goods&rankType=top-sale");
    expect(readSelected("type=goods&selected=")).toBeNull();
  });
});

describe("clickedRowId", () => {
  test("a plain click inside a row's link gives the row's id", () => {
    expect(clickedRowId(click(rowLink("g-7")))).toBe("g-7");
  });
  test("modifier keys, other buttons and clicks outside the link give none", () => {
    expect(clickedRowId(click(rowLink("g-7"), { ctrlKey: true }))).toBeNull();
    expect(clickedRowId(click(rowLink("g-7"), { metaKey: true }))).toBeNull();
    expect(clickedRowId(click(rowLink("g-7"), { button: 1 }))).toBeNull();
    rowLink("g-7");
    expect(clickedRowId(click(document.querySelector("button")!))).toBeNull();
  });
});
