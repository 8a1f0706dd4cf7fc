// Lighthouse's own verdict on a page, measured the way the field measures it: its default mobile
// config (Moto G Power emulation, simulated throttling: 150 ms RTT, 1.6 Mbps, 4x CPU), the
// performance category only, a fresh headless Debian Chromium per run (chrome-launcher, no
// background connections: nothing is fetched beyond the page's own origin), median of the runs
// of each figure over the runs. bench/home-perf.ts prints it next to its own figures.
import lighthouse from "lighthouse";
import { launch } from "chrome-launcher";
import { CHROMIUM_PATH } from "../tests/e2e/browser";
import { median } from "./phone";

export interface LighthouseFigures {
  score: number;
  tbt: number;
  lcp: number;
  fcp: number;
  cls: number;
  speedIndex: number;
}

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

async function lighthouseRun(url: string): Promise<LighthouseFigures> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: "error", onlyCategories: ["performance"] });
    if (!result) throw new Error("Lighthouse returned no result");
    const { audits, categories, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((categories.performance?.score ?? 0) * 100),
      tbt: value("total-blocking-time"),
      lcp: value("largest-contentful-paint"),
      fcp: value("first-contentful-paint"),
      cls: value("cumulative-layout-shift"),
      speedIndex: value("speed-index"),
    };
  } finally {
    chrome.kill();
  }
}

/** Each figure's median over `runs` Lighthouse runs, and every run's figures. */
export async function lighthouseMedian(
  url: string,
  runs: number,
): Promise<{ median: LighthouseFigures; all: LighthouseFigures[] }> {
  const all: LighthouseFigures[] = [];
  for (let run = 0; run < runs; run++) all.push(await lighthouseRun(url));
  const of = (key: keyof LighthouseFigures) => median(all.map((figures) => figures[key]));
  return {
    median: {
      score: of("score"),
      tbt: of("tbt"),
      lcp: of("lcp"),
      fcp: of("fcp"),
      cls: of("cls"),
      speedIndex: of("speedIndex"),
    },
    all,
  };
}

export function formatLighthouse(figures: LighthouseFigures): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  return (
    `score ${figures.score} (target 100)  TBT ${ms(figures.tbt)} (target <= 60 ms)  LCP ${ms(figures.lcp)} ` +
    `(target <= 1500 ms)  FCP ${ms(figures.fcp)}  CLS ${figures.cls.toFixed(3)} (target <= 0.04)  ` +
    `Speed Index ${ms(figures.speedIndex)}`
  );
}
