// The Popup as a modal <dialog>: it opens with showModal() (the browser's focus trap and inert
// page), Escape asks the same onClose as its buttons and focus goes back to the element that
// opened it; without onClose a close request is refused; Dialog counts Escape as Cancel and
// starts on its confirm button. (Tab staying inside is checked in Chromium: e2e dialogs.test.ts.)
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { Dialog } from "../../../src/components/Dialog";
import { Popup } from "../../../src/components/Popup";
import { applyLocale } from "../../../src/i18n/switch-locale";
import { click, pressKey, renderUi } from "../helpers/render-app";

let view: Awaited<ReturnType<typeof renderUi>> | undefined;

beforeAll(() => applyLocale("en"));
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  vi.restoreAllMocks();
});

function Opener({ closable = true }: { closable?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Popup open={open} onClose={closable ? () => setOpen(false) : undefined} testId="popup" label="Settings">
        <button type="button">Inside</button>
        <button type="button" onClick={() => setOpen(false)}>
          Done
        </button>
      </Popup>
    </>
  );
}

async function openFromButton(closable?: boolean) {
  view = await renderUi(<Opener closable={closable} />);
  const opener = view.byRole("button", { name: "Open" });
  opener.focus();
  await click(opener);
  const dialog = view.byRole("dialog", { name: "Settings" }) as HTMLDialogElement;
  view.byRole("button", { name: "Inside" }).focus();
  return { opener, dialog };
}

describe("Popup on the native dialog", () => {
  test("opens modal: showModal() on the <dialog>, which carries the name", async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, "showModal");
    const { dialog } = await openFromButton();
    expect(dialog.tagName).toBe("DIALOG");
    expect(dialog.open).toBe(true);
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(showModal.mock.contexts[0]).toBe(dialog);
    expect(dialog.contains(view!.byTestId("popup"))).toBe(true);
  });

  test("Escape closes it and gives focus back to the opener", async () => {
    const { opener, dialog } = await openFromButton();
    await pressKey(document.activeElement as HTMLElement, "Escape");
    expect(dialog.open).toBe(false); // out of the modal state at once, while the panel animates out
    expect(view!.byTestId("popup-mask")!.classList.contains("popup--shown")).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  test("its own close button returns focus the same way", async () => {
    const { opener, dialog } = await openFromButton();
    await click(view!.byRole("button", { name: "Done" }));
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  test("without onClose, Escape is refused and it stays open", async () => {
    const { dialog } = await openFromButton(false);
    await pressKey(document.activeElement as HTMLElement, "Escape");
    expect(dialog.open).toBe(true);
    expect(view!.byTestId("popup-mask")!.classList.contains("popup--shown")).toBe(true);
  });
});

describe("Dialog", () => {
  test("starts on its confirm button; Escape is Cancel and focus goes back", async () => {
    const events: string[] = [];
    function Asking() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete
          </button>
          <Dialog
            testId="d"
            open={open}
            title="Delete it?"
            message="This cannot be undone."
            confirmLabel="OK"
            cancelLabel="Cancel"
            onConfirm={() => events.push("ok")}
            onCancel={() => {
              events.push("cancel");
              setOpen(false);
            }}
          />
        </>
      );
    }
    view = await renderUi(<Asking />);
    const opener = view.byRole("button", { name: "Delete" });
    opener.focus();
    await click(opener);
    const dialog = view.byRole("alertdialog", { name: "Delete it?" }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(view.byRole("button", { name: "OK" }));
    await pressKey(document.activeElement as HTMLElement, "Escape");
    expect(events).toEqual(["cancel"]);
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});
