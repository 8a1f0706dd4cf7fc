// A stand-in for a canvas 2D context that records what the invite poster draws: each text with
// the font it was drawn in, and each filled rectangle. Widths are measured as 10 px per character
// (20 px for a CJK one), which is enough to test line breaking.
import type { PosterContext } from "../../../../src/features/invites/poster";

export interface DrawnText {
  text: string;
  font: string;
  x: number;
  y: number;
}

export function recordingContext() {
  const texts: DrawnText[] = [];
  const rects: { x: number; y: number; width: number; height: number; fill: string }[] = [];
  const context: PosterContext = {
    fillStyle: "#000",
    font: "10px sans-serif",
    textAlign: "start",
    textBaseline: "alphabetic",
    fillRect(x, y, width, height) {
      rects.push({ x, y, width, height, fill: this.fillStyle as string });
    },
    fillText(text, x, y) {
      texts.push({ text, font: this.font, x, y });
    },
    measureText: (text) =>
      ({ width: [...text].reduce((sum, char) => sum + (/[\u3000-\u9fff]/.test(char) ? 20 : 10), 0) }) as TextMetrics,
    beginPath() {},
    fill() {},
    roundRect() {},
  };
  return { context, drawn: texts, rects, texts: () => texts.map((entry) => entry.text) };
}
