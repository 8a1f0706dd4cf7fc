// Vietnamese word lists (market VN), with diacritics as people type them.
import type { LanguageWords } from "./types";

export const vi: LanguageWords = {
  qualifiers: ["chính hãng", "cao cấp", "siêu mềm", "giá rẻ", "hot trend", "Hàn Quốc", "chống nước", "nhỏ gọn", "bán chạy", "mẫu mới"],
  titleTags: ["[CHÍNH HÃNG]", "[FREESHIP]", "[HÀNG MỚI VỀ]", "[MUA 1 TẶNG 1]", "[SẴN HÀNG]"],
  titlePatterns: ["{tag} {product} {brand} {qualifier}", "{product} {brand} {qualifier} {spec}", "{brand} {product} {qualifier}", "{product} {qualifier} {tag}"],
  shopSuffixes: ["Official Store", "Shop", "Store Việt Nam", "Chính Hãng", "Mall"],
  givenNames: ["Linh", "Trang", "Hương", "Ngọc", "Minh Anh", "Thảo", "Vy", "Hà", "Quân", "Tuấn", "Hùng", "Đức", "Phương", "Nhung", "Yến", "Khánh", "Duy", "Mai", "Hiếu", "Thư"],
  familyNames: ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Huỳnh", "Phan", "Vũ", "Võ", "Đặng", "Bùi", "Đỗ"],
  nicknameSuffixes: ["Review", "Mê Làm Đẹp", "Ăn Gì", "Official", "Xinh Đẹp", "Săn Sale", "Mẹ Bỉm", "Nghiện Mua Sắm"],
  bios: [
    "Chia sẻ mẹo {topic} mỗi ngày ✨",
    "Review thật, không quảng cáo lố 💯 | Hợp tác: {email}",
    "Mẹ bỉm sữa thích săn sale 🛒 | {topic}",
    "Ăn gì, mặc gì, mua gì - hỏi mình nha 😉",
    "Đam mê {topic} 💕 Liên hệ công việc: {email}",
  ],
  productCaptions: [
    "Mua thử {product} và cái kết 😱",
    "{product} {qualifier} giá hạt dẻ, quá đỉnh luôn!",
    "Review {product} sau 7 ngày sử dụng",
    "Đừng mua {product} khi chưa xem video này",
    "Săn được {product} {qualifier} 🔥",
    "Mở hộp {product} mới về, có đáng tiền không?",
  ],
  lifestyleCaptions: ["Một ngày của mình 🌿", "Thử thách 30 ngày", "Góc chill cuối tuần", "Nấu ăn cùng mình nè", "Outfit đi làm hôm nay"],
  hashtagWords: ["xuhuong", "review", "lamdep", "reviewmypham", "ancungtiktok", "muataitiktok", "sansale", "thoitrang", "meovat", "giadinh", "fyp", "viral"],
  hashtagSuffixes: ["vietnam", "vn", "hanoi", "saigon"],
  songWords: ["Mùa Hè", "Nắng", "Em Ơi", "Phố Đêm", "Hẹn Hò", "Tình Yêu", "Gió", "Mưa Rơi", "Ngày Mai", "Thanh Xuân", "Hà Nội", "Sài Gòn"],
  originalSound: "âm thanh gốc",
};
