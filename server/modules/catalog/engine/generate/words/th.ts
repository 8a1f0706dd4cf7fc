// Thai word lists (market TH). Names carry a latin transliteration for handles.
import type { LanguageWords } from "./types";

export const th: LanguageWords = {
  qualifiers: ["ของแท้", "พรีเมียม", "ราคาถูก", "ขายดี", "กันน้ำ", "นุ่มพิเศษ", "สไตล์เกาหลี", "พกพาง่าย", "มาแรง", "คุณภาพดี"],
  titleTags: ["【ส่งฟรี】", "[พร้อมส่ง]", "(ของแท้ 100%)", "[ลดราคา]", "[ซื้อ 1 แถม 1]"],
  titlePatterns: ["{tag} {brand} {product} {qualifier}", "{product} {brand} {qualifier} {spec}", "{brand} {product}{qualifier}", "{product} {qualifier} {tag}"],
  shopSuffixes: ["Official Store", "Shop", "Thailand", "ช็อป", "ร้านค้า"],
  givenNames: [["ปิ่น", "pin"], ["ฟ้า", "fah"], ["มิ้นท์", "mint"], ["แพรว", "praew"], ["น้ำฝน", "namfon"], ["ต้น", "ton"], ["บอส", "boss"], ["เฟิร์น", "fern"], ["ใบเตย", "baitoey"], ["จ๋า", "ja"], ["กิ๊ฟ", "gift"], ["นุ่น", "nun"], ["แบม", "bam"], ["อ้อม", "aom"], ["ปาล์ม", "palm"], ["เบล", "bell"]],
  familyNames: [["สุขใจ", "sukjai"], ["ศรีสวัสดิ์", "srisawat"], ["ทองดี", "thongdee"], ["แสงทอง", "saengthong"], ["บุญมา", "boonma"], ["ใจดี", "jaidee"]],
  nicknameSuffixes: [["รีวิว", "review"], ["พาช้อป", "pashop"], ["ป้ายยา", "paiya"], ["แต่งหน้า", "makeup"], ["กินเที่ยว", "kintiew"], ["ของดี", "khongdee"], ["แม่บ้าน", "maeban"]],
  bios: [
    "รีวิวของดีบอกต่อทุกวัน ✨",
    "ป้ายยา{topic}แบบจริงใจ 💯 | ติดต่องาน: {email}",
    "แม่บ้านสายช้อป 🛒 | {topic}",
    "ของกิน ของใช้ ของดี ราคาถูก 🔥",
    "คนรัก{topic} 💕 ติดต่อ: {email}",
  ],
  productCaptions: [
    "ลองใช้{product}แล้วบอกเลยว่า 😱",
    "{product}{qualifier} ราคาดีมาก!",
    "รีวิว{product}หลังใช้ 7 วัน",
    "อย่าเพิ่งซื้อ{product}ถ้ายังไม่ดูคลิปนี้",
    "ได้{product}{qualifier}มาแล้ว 🔥",
    "แกะกล่อง{product} คุ้มไหม?",
  ],
  lifestyleCaptions: ["หนึ่งวันของฉัน 🌿", "ชาเลนจ์ 30 วัน", "เที่ยวชิลวันหยุด", "ทำอาหารกันเถอะ", "ชุดไปทำงานวันนี้"],
  hashtagWords: ["รีวิว", "ของดีบอกต่อ", "ป้ายยา", "สกินแคร์", "แต่งหน้า", "ของกิน", "แฟชั่น", "ลดราคา", "fyp", "review", "viral", "ของมันต้องมี"],
  hashtagSuffixes: ["thailand", "th", "bkk", "ไทย"],
  songWords: ["รัก", "คิดถึง", "ฝน", "ดาว", "ทะเล", "หัวใจ", "เธอ", "คืนนี้", "ฤดูร้อน", "ตลอดไป", "กรุงเทพ", "ยิ้ม"],
  originalSound: "เสียงต้นฉบับ",
};
