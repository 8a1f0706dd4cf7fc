// The compare tray: up to 4 items of one kind; a 5th is "full", the other kind raises the
// clear question (yes starts the tray with that item, no keeps it); removing the last item
// empties the kind; the tray survives a reload through IndexedDB.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import {
  addToCompare,
  answerSwitchQuestion,
  clearCompare,
  compareTrayState,
  loadCompareTray,
  removeFromCompare,
  resetCompareTray,
  trayDecision,
} from "../../../src/features/compare/compare-tray";

/** A fresh page on the same IndexedDB: the store and the in-memory tray are forgotten. */
async function reload(): Promise<void> {
  resetCompareTray();
  await loadCompareTray();
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetCompareTray();
});

describe("trayDecision", () => {
  it("adds, finds duplicates, refuses a fifth and another kind", () => {
    expect(trayDecision({ kind: null, ids: [] }, "goods", "G1")).toBe("added");
    expect(trayDecision({ kind: "goods", ids: ["G1"] }, "goods", "G1")).toBe("present");
    expect(trayDecision({ kind: "goods", ids: ["G1", "G2", "G3", "G4"] }, "goods", "G5")).toBe("full");
    expect(trayDecision({ kind: "goods", ids: ["G1"] }, "influencers", "I1")).toBe("other-kind");
    // An empty tray takes either kind, whatever it held before.
    expect(trayDecision({ kind: "goods", ids: [] }, "influencers", "I1")).toBe("added");
  });
});

describe("the tray", () => {
  it("keeps up to four goods across a reload and refuses a fifth", async () => {
    for (const id of ["G1", "G2", "G3", "G4"]) expect(await addToCompare("goods", id)).toBe("added");
    expect(await addToCompare("goods", "G5")).toBe("full");
    await reload();
    expect(compareTrayState.tray).toEqual({ kind: "goods", ids: ["G1", "G2", "G3", "G4"] });
  });

  it("asks before switching kinds: no keeps the tray, yes starts over with the item", async () => {
    await addToCompare("goods", "G1");
    expect(await addToCompare("influencers", "I1")).toBe("other-kind");
    expect(compareTrayState.switchQuestion).toEqual({ kind: "influencers", id: "I1" });
    await answerSwitchQuestion(false);
    expect(compareTrayState.switchQuestion).toBeNull();
    expect(compareTrayState.tray).toEqual({ kind: "goods", ids: ["G1"] });

    await addToCompare("influencers", "I1");
    await answerSwitchQuestion(true);
    await reload();
    expect(compareTrayState.tray).toEqual({ kind: "influencers", ids: ["I1"] });
  });

  it("removes items, forgets the kind with the last one, and clears", async () => {
    await addToCompare("goods", "G1");
    await addToCompare("goods", "G2");
    await removeFromCompare("G1");
    expect(compareTrayState.tray).toEqual({ kind: "goods", ids: ["G2"] });
    await removeFromCompare("G2");
    expect(compareTrayState.tray).toEqual({ kind: null, ids: [] });
    await addToCompare("influencers", "I1");
    await clearCompare();
    await reload();
    expect(compareTrayState.tray).toEqual({ kind: null, ids: [] });
  });
});
