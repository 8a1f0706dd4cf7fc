// The install offer: caught when the browser fires it, used once by the Me page's entry, and
// not shown again in the same visit when Chromium offers again right after a dismissal.
import { expect, test } from "vitest";
import { installOffer, promptInstall } from "../../src/lib/installPrompt";

function offerInstall(outcome: "accepted" | "dismissed"): Event & { prompted: boolean } {
  const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
    prompted: false,
    userChoice: Promise.resolve({ outcome }),
    prompt() {
      event.prompted = true;
      return Promise.resolve();
    },
  });
  window.dispatchEvent(event);
  return event;
}

test("an offer is kept (and the browser's own bar suppressed) until used; none comes back in the visit", async () => {
  expect(installOffer()).toBeNull();
  const first = offerInstall("dismissed");
  expect(first.defaultPrevented).toBe(true);
  expect(installOffer()).toBe(first);
  expect(await promptInstall()).toBe(false);
  expect(first.prompted).toBe(true);
  expect(installOffer()).toBeNull();
  const again = offerInstall("accepted");
  expect(again.defaultPrevented).toBe(true);
  expect(installOffer()).toBeNull();
  expect(await promptInstall()).toBe(false);
  expect(again.prompted).toBe(false);
});
