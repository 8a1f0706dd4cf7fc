// The Me page's "Saved data" section (features/pwa/SavedData) as a user meets it: Clear saved data
// asks first; Clear in that confirmation empties the app's IndexedDB databases and says "Saved
// data cleared" in a toast, Cancel clears nothing and says nothing. Elements are found by role
// and accessible name; fake-indexeddb stands in for the browser's IndexedDB.
import { afterEach, beforeAll, beforeEach, expect, test } from "vitest";
import { act } from "react";
import { IDBFactory } from "fake-indexeddb";
import { ToastHost } from "../../../../src/components/Toast";
import { SavedData } from "../../../../src/features/pwa/SavedData";
import { applyLocale } from "../../../../src/i18n/switch-locale";
import { systemState } from "../../../../src/state/system";
import { allByRole, click, renderUi, waitFor } from "../../helpers/render-app";

const DATABASE = "shopradar-drafts";

let view: Awaited<ReturnType<typeof renderUi>>;

/** Creates an (empty) IndexedDB database, as the app's drafts and offline queues do. */
const createDatabase = (name: string) =>
  new Promise<void>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(new Error(`could not open ${name}`));
  });

const databaseNames = () => act(async () => (await indexedDB.databases()).map((database) => database.name));
const clearedToast = () => view.byRole("status", { name: "Saved data cleared" });

/** Presses Clear saved data and waits for its confirmation. */
async function askToClear(): Promise<HTMLElement> {
  await click(view.byRole("button", { name: "Clear saved data" }));
  return waitFor(() => view.byRole("alertdialog", { name: "Clear saved data?" }));
}

const answer = (dialog: HTMLElement, name: string) => click(allByRole(dialog, "button", { name })[0]);

beforeAll(() => applyLocale("en"));

beforeEach(async () => {
  systemState.toasts.splice(0);
  globalThis.indexedDB = new IDBFactory();
  await createDatabase(DATABASE);
  view = await renderUi(
    <>
      <SavedData />
      <ToastHost />
    </>,
  );
});

afterEach(() => view.unmount());

test("Clear in the confirmation empties the saved data and shows the Saved data cleared toast", async () => {
  expect(await databaseNames()).toEqual([DATABASE]);
  await answer(await askToClear(), "Clear");
  await waitFor(() => clearedToast());
  expect(await databaseNames()).toEqual([]);
});

test("Cancel in the confirmation clears nothing and shows no toast", async () => {
  const dialog = await askToClear();
  await answer(dialog, "Cancel");
  await waitFor(() => !view.byRole("alertdialog", { name: "Clear saved data?" }));
  expect(await databaseNames()).toEqual([DATABASE]);
  expect(clearedToast()).toBeNull();
  expect(systemState.toasts).toEqual([]);
});
