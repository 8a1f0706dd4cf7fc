// Indonesian word lists (market ID).
import type { LanguageWords } from "./types";

export const id: LanguageWords = {
  qualifiers: ["Original", "Premium", "Murah", "Terlaris", "Viral", "Anti Air", "Import", "Lembut", "Kekinian", "Best Seller"],
  titleTags: ["[COD]", "[READY STOCK]", "[BPOM]", "[PROMO]", "[GRATIS ONGKIR]"],
  titlePatterns: ["{tag} {brand} {product} {qualifier}", "{product} {brand} {qualifier} {spec}", "{brand} {product} {qualifier}", "{product} {qualifier} {tag}"],
  shopSuffixes: ["Official Store", "Shop", "Indonesia", "Store", "Grosir"],
  givenNames: ["Putri", "Siti", "Dewi", "Ayu", "Rizky", "Fajar", "Nadia", "Intan", "Rina", "Bayu", "Sari", "Andi", "Wulan", "Dimas", "Citra", "Indah"],
  familyNames: ["Pratama", "Saputra", "Lestari", "Wijaya", "Kusuma", "Hidayat", "Santoso", "Permata"],
  nicknameSuffixes: ["Racun Belanja", "Review Jujur", "Official", "Beauty", "Daily", "Store", "Masak"],
  bios: [
    "Racun belanja setiap hari 🛍️",
    "Review jujur {topic} ✨ | Kerjasama: {email}",
    "Ibu rumah tangga suka diskon 💕 | {topic}",
    "Info produk viral & murah 🔥",
    "Pecinta {topic} 💕 Endorse: {email}",
  ],
  productCaptions: [
    "Nyobain {product} ternyata... 😱",
    "{product} {qualifier} harga murah banget!",
    "Review {product} setelah 7 hari pemakaian",
    "Jangan beli {product} sebelum nonton ini",
    "Akhirnya dapet {product} {qualifier} 🔥",
    "Unboxing {product}, worth it gak sih?",
  ],
  lifestyleCaptions: ["Rutinitas pagi aku 🌿", "Tantangan 30 hari", "Weekend santai", "Masak bareng aku yuk", "Outfit kerja hari ini"],
  hashtagWords: ["racunbelanja", "fyp", "review", "skincare", "ootd", "diskon", "masakan", "viral", "belanja", "promo", "racun", "jualan"],
  hashtagSuffixes: ["indonesia", "id", "jakarta", "murah"],
  songWords: ["Cinta", "Rindu", "Senja", "Hujan", "Bintang", "Hati", "Kamu", "Malam", "Pelangi", "Selamanya", "Jakarta", "Bahagia"],
  originalSound: "suara asli",
};
