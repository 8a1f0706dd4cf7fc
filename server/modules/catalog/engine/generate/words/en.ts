// English word lists (market SG).
import type { LanguageWords } from "./types";

export const en: LanguageWords = {
  qualifiers: ["Authentic", "Premium", "Bestseller", "Waterproof", "Ultra Soft", "Korean Style", "Portable", "Lightweight", "Local Stock", "New Arrival"],
  titleTags: ["[SG Stock]", "[Ready Stock]", "[Free Delivery]", "[Bundle Deal]", "[Official]"],
  titlePatterns: ["{tag} {brand} {product} {qualifier}", "{brand} {product} {spec}", "{brand} {qualifier} {product}", "{product} {qualifier} {tag}"],
  shopSuffixes: ["Official Store", "SG", "Singapore", "Store", "Co."],
  givenNames: ["Chloe", "Ethan", "Rachel", "Marcus", "Hui Min", "Jun Wei", "Priya", "Aaron", "Sarah", "Darren", "Nurul", "Kai"],
  familyNames: ["Tan", "Lim", "Lee", "Ng", "Ong", "Wong", "Goh", "Chua"],
  nicknameSuffixes: ["Eats", "Finds", "Reviews", "Beauty", "Daily", "SG", "Home"],
  bios: [
    "Daily finds & honest reviews ✨",
    "{topic} reviews, no gatekeeping 💯 | Collabs: {email}",
    "SG mummy who loves a good deal 🛒 | {topic}",
    "Budget finds around the island 🔥",
    "{topic} enthusiast 💕 Work: {email}",
  ],
  productCaptions: [
    "Tried the {product} so you don't have to 😱",
    "{product}, {qualifier} and so affordable!",
    "Honest review: {product} after 7 days",
    "Don't buy a {product} before watching this",
    "Finally got the {product} 🔥",
    "Unboxing the {product}, worth it?",
  ],
  lifestyleCaptions: ["A day in my life 🌿", "30-day challenge", "Lazy weekend vibes", "Cook with me", "Work outfit today"],
  hashtagWords: ["sgfood", "sgfinds", "review", "fyp", "sgdeals", "skincare", "ootd", "homedecor", "foodie", "singapore", "tiktokmademebuyit", "sgmums"],
  hashtagSuffixes: ["sg", "singapore", "lah", "daily"],
  songWords: ["Summer", "Sunshine", "Midnight", "Rain", "Stars", "Heart", "You", "Tonight", "Ocean", "Forever", "City Lights", "Smile"],
  originalSound: "original sound",
};
