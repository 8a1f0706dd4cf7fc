// The site footer: its links, and the Contact Us form's checks ('Enter email', 'Error email',
// 'Enter message') and sending to POST /api/v1/portal/contact ('Sent successfully').
import { expect, test } from "vitest";
import { SiteFooter } from "../../../src/components/SiteFooter";
import { ToastHost } from "../../../src/components/Toast";
import { fail } from "../helpers/data-server";
import { setUpDataTests, type View } from "../helpers/data-tests";
import { click, toastTexts, typeInto, waitFor } from "../helpers/render-app";

const { server, mount } = await setUpDataTests();
let view: View;

test("links to About us, Resources, Features, Privacy Policy and Terms", async () => {
  view = await mount(<SiteFooter />);
  const links = ["footer-about", "footer-resources", "footer-features", "footer-privacy", "footer-terms"].map((id) => [
    view.byTestId(id)!.textContent,
    view.byTestId(id)!.getAttribute("href"),
  ]);
  expect(links).toEqual([
    ["About us", "/webview?page=about"],
    ["Resources", "/webview?page=resources"],
    ["Features", "/webview?page=features"],
    ["Privacy Policy", "/ys"],
    ["Terms", "/serve"],
  ]);
});

test("the contact form checks its fields, then sends and says so", async () => {
  view = await mount(
    <>
      <SiteFooter />
      <ToastHost />
    </>,
  );
  await click(view.byTestId("contact-send")!);
  expect(view.byTestId("contact-email-error")!.textContent).toBe("Enter email");
  expect(view.byTestId("contact-message-error")!.textContent).toBe("Enter message");
  await typeInto(view.byTestId("contact-email")!, "not-an-email");
  await click(view.byTestId("contact-send")!);
  expect(view.byTestId("contact-email-error")!.textContent).toBe("Error email");
  expect(server.calls("/api/v1/portal/contact")).toHaveLength(0);

  await typeInto(view.byTestId("contact-email")!, " ann@example.com ");
  const message = view.byTestId("contact-message") as HTMLTextAreaElement;
  await typeInto(message, "Please add Malaysia data");
  await click(view.byTestId("contact-send")!);
  await waitFor(() => toastTexts().includes("Sent successfully"));
  expect(JSON.parse(server.calls("/api/v1/portal/contact")[0].rawBody)).toEqual({
    email: "ann@example.com",
    message: "Please add Malaysia data",
  });
  expect(view.byTestId("contact-email-error")).toBeNull();
});

test("the server's refusals land on the field or in a toast", async () => {
  view = await mount(
    <>
      <SiteFooter />
      <ToastHost />
    </>,
  );
  await typeInto(view.byTestId("contact-email")!, "ann@example.com");
  await typeInto(view.byTestId("contact-message")!, "Hello");
  server.replies.set("/api/v1/portal/contact", fail(400, 60091, "Error email"));
  await click(view.byTestId("contact-send")!);
  await waitFor(() => view.byTestId("contact-email-error")?.textContent === "Error email");
  server.replies.set("/api/v1/portal/contact", fail(429, 60093, "Too many messages. Please try again later."));
  await click(view.byTestId("contact-send")!);
  await waitFor(() => toastTexts().includes("Too many messages. Please try again later."));
});
