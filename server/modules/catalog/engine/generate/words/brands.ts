// Invented brand names, shared by every market (shops and titles). Any likeness to a real
// brand is unintended.

export const BRANDS: readonly string[] = [
  "Lumiere", "Aurora", "Kiyomi", "Velvetta", "Mochi", "Sora", "Nuvola", "Zenko", "Ombak", "Bintang",
  "Lotus Bay", "Suka", "Hana", "Coco Leaf", "Tropika", "Urban Mate", "Pixel One", "Novara", "Kaya", "Mekar",
  "Sen Xanh", "Sao Mai", "Baan Suay", "Mali", "Narawan", "Kasa", "Pelangi", "Awan", "Mayumi", "Selah",
  "Tala", "Ligaya", "Merlion Lab", "Orchid & Co", "Jade Home", "Tiger Fit", "Komodo Gear", "Sambal Queen", "Pho House", "Glowlab",
];

export const ARTIST_WORDS: readonly string[] = [
  "Lunar", "Wave", "Echo", "Neon", "Velvet", "Kai", "Mira", "Sol", "Atlas", "Juno", "Noir", "Pulse",
];
