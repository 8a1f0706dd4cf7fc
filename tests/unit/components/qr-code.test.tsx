// The QR code component (src/components/QrCode.tsx): an inline SVG that encodes its text
// exactly as qrcode-generator does (error correction M), in a box of fixed size whatever the
// text's length, labelled for screen readers; UTF-8 for non-ASCII text; an empty box when the
// text cannot fit in any QR code.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import qrcode from "qrcode-generator";
import { afterEach, describe, expect, test } from "vitest";
import { QrCode, qrMatrix } from "../../../src/components/QrCode";
import { expectQrOf, renderedModules } from "../helpers/qr";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement;

async function render(element: React.ReactElement): Promise<SVGElement> {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(element));
  return container.querySelector("svg")!;
}

afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
});

describe("QrCode", () => {
  test("encodes the text module for module as qrcode-generator does, labelled, with the test id", async () => {
    const text = "https://shopradar.example/auth?qr=qr-ticket-1";
    const svg = await render(<QrCode text={text} label="Scan me" testId="the-qr" />);
    expectQrOf(svg, text);
    expect(svg.getAttribute("data-testid")).toBe("the-qr");
    expect(svg.getAttribute("role")).toBe("img");
    expect(svg.getAttribute("aria-label")).toBe("Scan me");
  });

  test("the box keeps its size whatever the text's length", async () => {
    const short = await render(<QrCode text="hi" label="a" size={180} />);
    expect([short.getAttribute("width"), short.getAttribute("height")]).toEqual(["180", "180"]);
    const shortModules = Number(short.getAttribute("data-modules"));
    await act(async () => root!.render(<QrCode text={"x".repeat(300)} label="a" size={180} />));
    const long = container.querySelector("svg")!;
    expect(Number(long.getAttribute("data-modules"))).toBeGreaterThan(shortModules);
    expect([long.getAttribute("width"), long.getAttribute("height")]).toEqual(["180", "180"]);
  });

  test("non-ASCII text is encoded as UTF-8 bytes", async () => {
    const text = "客服 ShopRadar";
    const svg = await render(<QrCode text={text} label="a" />);
    const utf8 = Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join("");
    const qr = qrcode(0, "M");
    qr.addData(utf8, "Byte");
    qr.make();
    expect(Number(svg.getAttribute("data-modules"))).toBe(qr.getModuleCount());
    const dark = new Set<string>();
    for (let row = 0; row < qr.getModuleCount(); row += 1)
      for (let col = 0; col < qr.getModuleCount(); col += 1) if (qr.isDark(row, col)) dark.add(`${row},${col}`);
    expect(renderedModules(svg)).toEqual(dark);
  });

  test("a text too long for any QR code leaves an empty box of the same size", async () => {
    expect(qrMatrix("x".repeat(5000))).toBeNull();
    const svg = await render(<QrCode text={"x".repeat(5000)} label="a" testId="too-long" />);
    expect(svg.getAttribute("data-modules")).toBe("0");
    expect(svg.getAttribute("width")).toBe("200");
    expect(svg.querySelector("path")).toBeNull();
  });
});
