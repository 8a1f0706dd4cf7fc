// The new-user overlays (features/new-user): the new-registration dialog opens for a signed-in
// user whose sign-up left the localStorage flag, clears the flag when it mounts, waits while the
// user is on the login page, and once closed (Close, Escape or "See new user offers") stays away
// for the session; the phone-collection dialog checks the number as the server does (empty or
// invalid: 'Please enter a valid phone number', also for the server's 71020), sends the country
// code and digits, and thanks with a toast.
import { act } from "react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  isNewRegistrationDismissed,
  NEW_REGISTRATION_DISMISSED_KEY,
} from "../../../../src/features/new-user/dismissal";
import { NewUserLauncher } from "../../../../src/features/new-user/NewUserLauncher";
import { phoneDigits } from "../../../../src/features/new-user/phone";
import { closePhoneCollection, openPhoneCollection } from "../../../../src/features/new-user/phone-collection-flag";
import { ToastHost } from "../../../../src/components/Toast";
import { NEW_REGISTRATION_KEY } from "../../../../src/state/activity";
import { userState } from "../../../../src/state/user";
import { fail, ok } from "../../helpers/data-server";
import { setUpDataTests, type View } from "../../helpers/data-tests";
import { click, toastTexts, typeInto, waitFor } from "../../helpers/render-app";

const { server, mount } = await setUpDataTests();
let view: View;
const PHONE = "/v1/user/charge/marketing/phone-collection";

const welcome = () => view.byRole("alertdialog", { name: "Welcome to ShopRadar" });

beforeEach(() => {
  userState.token = "tok";
  server.replies.set(PHONE, (request) => (request.method === "POST" ? ok({ saved: true }) : ok(null)));
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  closePhoneCollection();
});

async function mountLauncher(path = "/rank") {
  view = await mount(
    <>
      <NewUserLauncher />
      <ToastHost />
    </>,
    path,
  );
}

describe("the new-registration dialog", () => {
  test("a sign-up's flag opens it and is cleared at once; Close keeps it away for the session", async () => {
    localStorage.setItem(NEW_REGISTRATION_KEY, "1");
    await mountLauncher();
    const dialog = await waitFor(welcome);
    expect(dialog.textContent).toContain("Your free 1-day Basic trial has started");
    expect(localStorage.getItem(NEW_REGISTRATION_KEY)).toBeNull();
    await click(view.byRole("button", { name: "Close" }));
    expect(welcome()).toBeNull();
    expect(isNewRegistrationDismissed()).toBe(true);
  });

  test("See new user offers goes to /newUserActivity", async () => {
    localStorage.setItem(NEW_REGISTRATION_KEY, "1");
    await mountLauncher();
    await waitFor(welcome);
    await click(view.byRole("button", { name: "See new user offers" }));
    expect(view.location()).toBe("/newUserActivity");
    expect(welcome()).toBeNull();
    expect(sessionStorage.getItem(NEW_REGISTRATION_DISMISSED_KEY)).toBe("1");
  });

  test("Escape closes it", async () => {
    localStorage.setItem(NEW_REGISTRATION_KEY, "1");
    await mountLauncher();
    const dialog = await waitFor(welcome);
    await act(async () => {
      dialog.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(welcome()).toBeNull();
  });

  test("not without the flag, not signed out, not when dismissed this session", async () => {
    await mountLauncher();
    expect(welcome()).toBeNull();
    await view.unmount();

    localStorage.setItem(NEW_REGISTRATION_KEY, "1");
    sessionStorage.setItem(NEW_REGISTRATION_DISMISSED_KEY, "1");
    await mountLauncher();
    expect(welcome()).toBeNull();
    await view.unmount();

    sessionStorage.clear();
    userState.token = "";
    await mountLauncher();
    expect(welcome()).toBeNull();
    expect(localStorage.getItem(NEW_REGISTRATION_KEY)).toBe("1");
  });

  test("waits while the user is on the login page", async () => {
    localStorage.setItem(NEW_REGISTRATION_KEY, "1");
    await mountLauncher("/login");
    expect(welcome()).toBeNull();
    expect(localStorage.getItem(NEW_REGISTRATION_KEY)).toBe("1");
    act(() => view.memory.navigate("/rank"));
    await waitFor(welcome);
  });
});

describe("the phone-collection dialog", () => {
  async function openDialog() {
    await mountLauncher();
    act(() => openPhoneCollection());
    await waitFor(() => view.byRole("dialog", { name: "Get tips on WhatsApp/Zalo" }));
    return waitFor(() => view.byLabel("Phone number") as HTMLInputElement | null);
  }
  const submit = () => click(view.byRole("button", { name: "Submit" }));
  const posts = () => server.calls(PHONE).filter((request) => request.method === "POST");

  test("the number rule: 6 to 14 digits once spaces and dashes are gone", () => {
    expect(phoneDigits("912 345-678")).toBe("912345678");
    expect(phoneDigits("")).toBeNull();
    expect(phoneDigits("12345")).toBeNull();
    expect(phoneDigits("123456789012345")).toBeNull();
    expect(phoneDigits("91234567a")).toBeNull();
  });

  test("empty or invalid is refused before sending; a valid number is sent with its country code", async () => {
    const phone = await openDialog();
    expect(view.byLabel("Country code")).not.toBeNull();
    await submit();
    expect(view.byRole("alert").textContent).toBe("Please enter a valid phone number");
    await typeInto(phone, "12ab");
    await submit();
    expect(view.byRole("alert").textContent).toBe("Please enter a valid phone number");
    expect(posts()).toHaveLength(0);

    const select = view.byLabel("Country code") as HTMLSelectElement;
    await act(async () => {
      select.value = "+66";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await typeInto(phone, "81 234-5678");
    await submit();
    await waitFor(() => toastTexts().includes("Thanks! We will send you tips."));
    expect(JSON.parse(posts()[0].rawBody)).toEqual({ country_code: "+66", phone: "812345678" });
    expect(view.byRole("dialog", { name: "Get tips on WhatsApp/Zalo" })).toBeNull();
  });

  test("the server's 71020 shows the same message", async () => {
    server.replies.set(PHONE, (request) =>
      request.method === "POST" ? fail(400, 71020, "Please enter a valid phone number") : ok(null),
    );
    const phone = await openDialog();
    await typeInto(phone, "912345678");
    await submit();
    const alert = await waitFor(() => view.byRole("alert"));
    expect(alert.textContent).toBe("Please enter a valid phone number");
  });

  test("the number kept before is filled in", async () => {
    server.replies.set(PHONE, () => ok({ country_code: "+62", phone: "8123456789" }));
    const phone = await openDialog();
    expect(phone.value).toBe("8123456789");
    expect((view.byLabel("Country code") as HTMLSelectElement).value).toBe("+62");
  });
});
