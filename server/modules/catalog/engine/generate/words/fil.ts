// Filipino word lists (market PH): shop titles are mostly English, captions are Taglish.
import type { LanguageWords } from "./types";

export const fil: LanguageWords = {
  qualifiers: ["Original", "Premium", "Sulit", "Best Seller", "Viral", "Waterproof", "Murang", "Legit", "High Quality", "Korean Style"],
  titleTags: ["[COD]", "[ON HAND]", "[SALE]", "[FREE SHIPPING]", "[BUY 1 TAKE 1]"],
  titlePatterns: ["{tag} {brand} {product} {qualifier}", "{product} {brand} {qualifier} {spec}", "{brand} {product} {qualifier}", "{product} {qualifier} {tag}"],
  shopSuffixes: ["Official Store", "Shop", "PH", "Store", "Trading"],
  givenNames: ["Maria", "Angel", "Joshua", "Kristine", "Mark", "Jasmine", "Paolo", "Bea", "Carlo", "Nicole", "Miguel", "Andrea", "Jericho", "Liza"],
  familyNames: ["Santos", "Reyes", "Cruz", "Bautista", "Garcia", "Mendoza", "Dela Cruz", "Ramos"],
  nicknameSuffixes: ["Vlogs", "Finds", "Reviews", "Shop", "PH", "Daily", "Kusina"],
  bios: [
    "Sulit finds araw-araw ✨",
    "Honest reviews ng {topic} 💯 | Collab: {email}",
    "Mommy na mahilig mag-shopping 🛒 | {topic}",
    "Legit budget finds dito 🔥",
    "{topic} lover 💕 For collabs: {email}",
  ],
  productCaptions: [
    "Sinubukan ko ang {product} at ito ang nangyari 😱",
    "{product} na {qualifier}, sobrang mura!",
    "Review ng {product} after 7 days",
    "Wag munang bumili ng {product} hangga't di mo napapanood 'to",
    "Nakabili ako ng {product} {qualifier} 🔥",
    "Unboxing ng {product}, sulit ba?",
  ],
  lifestyleCaptions: ["Isang araw sa buhay ko 🌿", "30-day challenge", "Chill weekend lang", "Luto tayo!", "OOTD pang-opisina"],
  hashtagWords: ["fyp", "sulitfinds", "review", "budol", "ootd", "skincareph", "foodph", "legit", "trending", "mommy", "tiktokfinds", "pinoy"],
  hashtagSuffixes: ["ph", "pinoy", "manila", "philippines"],
  songWords: ["Mahal", "Tadhana", "Ulan", "Bituin", "Puso", "Ikaw", "Gabi", "Araw", "Pangarap", "Kailanman", "Manila", "Saya"],
  originalSound: "original sound",
};
