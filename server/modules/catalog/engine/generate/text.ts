// Local-language text for the demo dataset: product titles, shop names, creator names and
// handles, bios, captions, hashtags and song titles, combined from the word lists.
import type { ContentLanguage } from "../model/markets";
import { foldToAscii } from "../search/normalize";
import type { Rng } from "./prng";
import { ARTIST_WORDS, BRANDS } from "./words/brands";
import { WORDS, type Word } from "./words";

const SPECS = ["Combo 2", "Set 3", "Size S-XL", "100ml", "250g", "Free Size", "2 in 1", "Mini"];

function fill(pattern: string, values: Record<string, string>): string {
  return pattern
    .replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

function local(word: Word): string {
  return typeof word === "string" ? word : word[0];
}

function latin(word: Word): string {
  return foldToAscii(typeof word === "string" ? word : word[1]);
}

export function pickBrand(rng: Rng): string {
  return rng.pick(BRANDS);
}

export function goodsTitle(rng: Rng, language: ContentLanguage, brand: string, product: string): string {
  const words = WORDS[language];
  return fill(rng.pick(words.titlePatterns), {
    brand,
    product,
    qualifier: rng.pick(words.qualifiers),
    tag: rng.chance(0.6) ? rng.pick(words.titleTags) : "",
    spec: rng.chance(0.5) ? rng.pick(SPECS) : "",
  });
}

export function shopName(rng: Rng, language: ContentLanguage, brand: string): string {
  return `${brand} ${rng.pick(WORDS[language].shopSuffixes)}`;
}

export interface Person {
  nickname: string;
  /** ASCII handle before de-duplication. */
  handle: string;
}

export function person(rng: Rng, language: ContentLanguage): Person {
  const words = WORDS[language];
  const given = rng.pick(words.givenNames);
  const style = rng.int(0, 2);
  if (style === 0) {
    const suffix = rng.pick(words.nicknameSuffixes);
    return { nickname: `${local(given)} ${local(suffix)}`, handle: `${latin(given)}.${latin(suffix)}` };
  }
  const family = rng.pick(words.familyNames);
  const familyFirst = language === "vi";
  const nickname = familyFirst ? `${local(family)} ${local(given)}` : `${local(given)} ${local(family)}`;
  const separator = rng.pick(["", ".", "_"]);
  return {
    nickname,
    handle:
      style === 1 ? `${latin(given)}${separator}${latin(family)}` : `${latin(given)}${separator}${rng.int(1, 99)}`,
  };
}

/** Makes a handle unique within `taken` by appending digits. */
export function uniqueHandle(base: string, taken: Set<string>, rng: Rng): string {
  let handle = base;
  while (taken.has(handle)) handle = `${base}${rng.int(1, 9999)}`;
  taken.add(handle);
  return handle;
}

export function bio(rng: Rng, language: ContentLanguage, topic: string, handle: string): string {
  return fill(rng.pick(WORDS[language].bios), {
    topic: topic.toLowerCase(),
    email: `${handle.replace(/[._]/g, "")}@example.com`,
  });
}

export function productCaption(rng: Rng, language: ContentLanguage, product: string): string {
  const words = WORDS[language];
  return fill(rng.pick(words.productCaptions), { product, qualifier: rng.pick(words.qualifiers).toLowerCase() });
}

export function lifestyleCaption(rng: Rng, language: ContentLanguage): string {
  return rng.pick(WORDS[language].lifestyleCaptions);
}

const HASHTAG_TOPIC_SUFFIXES = ["tips", "haul", "deals", "hacks", "review", "love", "addict", "goals"];

/** Candidate hashtag names for a market, most generic first; callers de-duplicate. */
export function hashtagCandidates(language: ContentLanguage, categoryWords: readonly string[]): string[] {
  const words = WORDS[language];
  const names = [...words.hashtagWords];
  for (const category of categoryWords) {
    names.push(category);
    for (const suffix of words.hashtagSuffixes) names.push(`${category}${suffix}`);
    for (const base of words.hashtagWords.slice(0, 2)) names.push(`${base}${category}`);
  }
  for (const suffix of HASHTAG_TOPIC_SUFFIXES) for (const category of categoryWords) names.push(`${category}${suffix}`);
  return names;
}

export function songTitle(rng: Rng, language: ContentLanguage): string {
  const songWords = WORDS[language].songWords;
  const [first, second] = rng.sample(songWords, 2);
  const title = rng.chance(0.5) ? `${first} ${second}` : first;
  return rng.chance(0.25) ? `${title} (${rng.pick(["Remix", "Sped Up", "Acoustic", "Lofi"])})` : title;
}

export function artistName(rng: Rng): string {
  return rng.chance(0.5) ? `${rng.pick(ARTIST_WORDS)} ${rng.pick(ARTIST_WORDS)}` : `DJ ${rng.pick(ARTIST_WORDS)}`;
}

export function originalSoundTitle(language: ContentLanguage, nickname: string): string {
  return `${WORDS[language].originalSound} - ${nickname}`;
}

/** Variant names for a goods' options: sizes for clothes, colours for things, sets for food. */
export function variantNames(rng: Rng, categoryId: number, count: number): string[] {
  const group = Math.floor(categoryId / 1000);
  const options =
    group === 2 || group === 3
      ? ["S", "M", "L", "XL", "XXL"]
      : group === 1
        ? ["30ml", "50ml", "100ml", "Combo 2", "Set 3"]
        : group === 6
          ? ["1 pack", "3 packs", "6 packs", "Box 12"]
          : ["Black", "White", "Pink", "Blue", "Grey", "Green"];
  return rng.sample(options, count);
}
