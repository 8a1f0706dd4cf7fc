// Malay word lists (market MY); names reflect Malaysia's Malay, Chinese and Indian communities.
import type { LanguageWords } from "./types";

export const ms: LanguageWords = {
  qualifiers: ["Original", "Premium", "Murah", "Terlaris", "Viral", "Kalis Air", "Lembut", "Mudah Alih", "Berkualiti", "Halal"],
  titleTags: ["[READY STOCK]", "[COD]", "[HALAL]", "[PROMOSI]", "[PENGHANTARAN PERCUMA]"],
  titlePatterns: ["{tag} {brand} {product} {qualifier}", "{product} {brand} {qualifier} {spec}", "{brand} {product} {qualifier}", "{product} {qualifier} {tag}"],
  shopSuffixes: ["Official Store", "Shop", "Malaysia", "Enterprise", "Kedai"],
  givenNames: ["Nur Aisyah", "Amirul", "Farah", "Syafiq", "Aina", "Hakim", "Izzati", "Danial", "Siti Hajar", "Haziq", "Mei Ling", "Kavitha", "Wei Jie", "Balqis"],
  familyNames: ["Ahmad", "Ismail", "Abdullah", "Tan", "Lim", "Rahman", "Kumar", "Yusof"],
  nicknameSuffixes: ["Review", "Official", "Shop", "Beauty", "Daily", "Kedai", "Dapur"],
  bios: [
    "Kongsi barang best setiap hari ✨",
    "Review jujur {topic} 💯 | Urusan: {email}",
    "Suri rumah suka shopping 🛒 | {topic}",
    "Produk viral & murah di sini 🔥",
    "Peminat {topic} 💕 Hubungi: {email}",
  ],
  productCaptions: [
    "Cuba {product} dan hasilnya... 😱",
    "{product} {qualifier} harga murah gila!",
    "Review {product} selepas 7 hari guna",
    "Jangan beli {product} sebelum tengok video ni",
    "Akhirnya dapat {product} {qualifier} 🔥",
    "Unboxing {product}, berbaloi ke?",
  ],
  lifestyleCaptions: ["Rutin pagi saya 🌿", "Cabaran 30 hari", "Hujung minggu santai", "Jom masak dengan saya", "Outfit kerja hari ini"],
  hashtagWords: ["fyp", "viral", "review", "jualan", "murah", "skincare", "resepi", "ootd", "raya", "promosi", "barangbest", "fypmalaysia"],
  hashtagSuffixes: ["malaysia", "my", "kl", "murah"],
  songWords: ["Cinta", "Rindu", "Senja", "Hujan", "Bintang", "Hati", "Kau", "Malam", "Pelangi", "Selamanya", "Bahagia", "Kenangan"],
  originalSound: "bunyi asal",
};
