// Shared demo datasets for the engine tests, generated once per test file (vitest isolates
// files). A small scale keeps most tests fast; generate.test.ts checks scale 1 itself.
import type { Dataset } from "../../../../server/modules/catalog/engine/dataset/dataset";
import { generateDataset } from "../../../../server/modules/catalog/engine/generate/generate-dataset";

export const TODAY = "2025-03-15";

let small: Dataset | null = null;

/** Scale 0.2: 2,000 goods, 600 influencers, 4,000 videos, 100 music, 200 hashtags. */
export function smallDataset(): Dataset {
  small ??= generateDataset({ seed: "tests", scale: 0.2, today: TODAY });
  return small;
}
