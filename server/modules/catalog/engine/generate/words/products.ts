// Product nouns per leaf category, aligned across the six content languages so a product keeps
// its identity when a caption in another market mentions it. Written for this project; brand
// names are invented (brands.ts).
import type { ContentLanguage } from "../../model/markets";

type Row = [categoryId: number, en: string, vi: string, id: string, th: string, ms: string, fil: string];

const ROWS: readonly Row[] = [
  [1001, "Vitamin C Serum", "Serum Vitamin C", "Serum Vitamin C", "เซรั่มวิตามินซี", "Serum Vitamin C", "Vitamin C Serum"],
  [1001, "Sunscreen SPF50", "Kem chống nắng SPF50", "Sunscreen SPF50", "ครีมกันแดด SPF50", "Krim Pelindung Matahari SPF50", "Sunscreen SPF50"],
  [1001, "Moisturizer", "Kem dưỡng ẩm", "Pelembab Wajah", "ครีมบำรุงผิว", "Pelembap Muka", "Moisturizer"],
  [1001, "Facial Cleanser", "Sữa rửa mặt", "Sabun Cuci Muka", "โฟมล้างหน้า", "Pencuci Muka", "Facial Wash"],
  [1002, "Matte Lipstick", "Son kem lì", "Lipstik Matte", "ลิปสติกเนื้อแมตต์", "Gincu Matte", "Matte Lipstick"],
  [1002, "Cushion Foundation", "Phấn nước cushion", "Cushion Foundation", "คุชชั่นรองพื้น", "Cushion Foundation", "Cushion Foundation"],
  [1002, "Waterproof Mascara", "Mascara chống nước", "Maskara Waterproof", "มาสคาร่ากันน้ำ", "Maskara Kalis Air", "Waterproof Mascara"],
  [1003, "Shampoo", "Dầu gội", "Sampo", "แชมพู", "Syampu", "Shampoo"],
  [1003, "Hair Oil", "Tinh dầu dưỡng tóc", "Minyak Rambut", "ออยล์บำรุงผม", "Minyak Rambut", "Hair Oil"],
  [2001, "Floral Maxi Dress", "Váy hoa maxi", "Dress Maxi Motif Bunga", "เดรสยาวลายดอก", "Dress Maxi Bunga", "Floral Maxi Dress"],
  [2001, "Bodycon Dress", "Đầm body", "Dress Bodycon", "เดรสรัดรูป", "Dress Bodycon", "Bodycon Dress"],
  [2002, "Oversized Blouse", "Áo sơ mi nữ", "Blouse Wanita", "เสื้อเชิ้ตผู้หญิง", "Blaus Wanita", "Blouse for Women"],
  [2002, "Crop Top", "Áo croptop", "Crop Top", "เสื้อครอป", "Crop Top", "Crop Top"],
  [2003, "Hijab Scarf", "Khăn trùm đầu", "Hijab Pashmina", "ผ้าคลุมฮิญาบ", "Tudung Bawal", "Hijab Scarf"],
  [2003, "Abaya Dress", "Đầm abaya", "Gamis Syari", "ชุดอาบายา", "Baju Kurung", "Abaya Dress"],
  [3001, "Cotton T-Shirt", "Áo thun cotton", "Kaos Katun", "เสื้อยืดคอตตอน", "Baju T Kapas", "Cotton T-Shirt"],
  [3001, "Polo Shirt", "Áo polo nam", "Kaos Polo Pria", "เสื้อโปโล", "Baju Polo Lelaki", "Polo Shirt"],
  [3002, "Cargo Pants", "Quần túi hộp", "Celana Kargo", "กางเกงคาร์โก้", "Seluar Kargo", "Cargo Pants"],
  [3002, "Slim Fit Jeans", "Quần jean ôm", "Celana Jeans Slim Fit", "กางเกงยีนส์ทรงสลิม", "Seluar Jeans Slim Fit", "Slim Fit Jeans"],
  [3003, "Running Shoes", "Giày chạy bộ", "Sepatu Lari", "รองเท้าวิ่ง", "Kasut Larian", "Running Shoes"],
  [3003, "Slip-on Sandals", "Dép quai ngang", "Sandal Slop", "รองเท้าแตะ", "Selipar", "Tsinelas"],
  [4001, "Phone Case", "Ốp lưng điện thoại", "Casing HP", "เคสโทรศัพท์", "Sarung Telefon", "Phone Case"],
  [4001, "Fast Charger 20W", "Củ sạc nhanh 20W", "Charger Fast Charging 20W", "หัวชาร์จเร็ว 20W", "Pengecas Pantas 20W", "Fast Charger 20W"],
  [4001, "Power Bank 10000mAh", "Sạc dự phòng 10000mAh", "Power Bank 10000mAh", "พาวเวอร์แบงค์ 10000mAh", "Power Bank 10000mAh", "Power Bank 10000mAh"],
  [4002, "Wireless Earbuds", "Tai nghe bluetooth", "Earphone Bluetooth", "หูฟังไร้สาย", "Fon Telinga Tanpa Wayar", "Wireless Earbuds"],
  [4002, "Bluetooth Speaker", "Loa bluetooth", "Speaker Bluetooth", "ลำโพงบลูทูธ", "Pembesar Suara Bluetooth", "Bluetooth Speaker"],
  [4003, "Smart Watch", "Đồng hồ thông minh", "Jam Tangan Pintar", "สมาร์ทวอทช์", "Jam Tangan Pintar", "Smart Watch"],
  [4003, "Fitness Band", "Vòng đeo tay thông minh", "Smart Band", "สายรัดข้อมืออัจฉริยะ", "Gelang Pintar", "Fitness Band"],
  [5001, "Air Fryer 5L", "Nồi chiên không dầu 5L", "Air Fryer 5L", "หม้อทอดไร้น้ำมัน 5L", "Penggoreng Udara 5L", "Air Fryer 5L"],
  [5001, "Non-stick Pan", "Chảo chống dính", "Wajan Anti Lengket", "กระทะเคลือบกันติด", "Kuali Tidak Melekat", "Non-stick Pan"],
  [5002, "LED Strip Light", "Đèn LED dây", "Lampu LED Strip", "ไฟเส้น LED", "Lampu Jalur LED", "LED Strip Light"],
  [5002, "Wall Sticker", "Giấy dán tường", "Wallpaper Dinding", "วอลเปเปอร์ติดผนัง", "Pelekat Dinding", "Wall Sticker"],
  [5003, "Spin Mop", "Cây lau nhà 360 độ", "Alat Pel Putar", "ไม้ถูพื้นหมุนได้", "Mop Berputar", "Spin Mop"],
  [5003, "Laundry Detergent", "Nước giặt", "Deterjen Cair", "น้ำยาซักผ้า", "Detergen Cecair", "Laundry Detergent"],
  [6001, "Spicy Seaweed Snack", "Rong biển sấy cay", "Keripik Rumput Laut Pedas", "สาหร่ายทอดรสเผ็ด", "Snek Rumpai Laut Pedas", "Spicy Seaweed Snack"],
  [6001, "Chocolate Cookies", "Bánh quy socola", "Kue Coklat", "คุกกี้ช็อกโกแลต", "Biskut Coklat", "Chocolate Cookies"],
  [6002, "Milk Tea Powder", "Bột trà sữa", "Bubuk Milk Tea", "ผงชานม", "Serbuk Teh Susu", "Milk Tea Powder"],
  [6002, "Instant Coffee 3in1", "Cà phê hòa tan 3in1", "Kopi Instan 3in1", "กาแฟปรุงสำเร็จ 3in1", "Kopi Segera 3in1", "3in1 Coffee"],
  [6003, "Spicy Instant Noodles", "Mì cay ăn liền", "Mie Instan Pedas", "บะหมี่กึ่งสำเร็จรูปรสเผ็ด", "Mi Segera Pedas", "Spicy Instant Noodles"],
  [6003, "Self-heating Hotpot", "Lẩu tự sôi", "Hotpot Instan", "หม้อไฟสำเร็จรูป", "Hotpot Segera", "Self-heating Hotpot"],
  [7001, "Baby Diapers", "Tã dán em bé", "Popok Bayi", "ผ้าอ้อมเด็ก", "Lampin Bayi", "Baby Diapers"],
  [7001, "Baby Wipes", "Khăn ướt em bé", "Tisu Basah Bayi", "ทิชชู่เปียกเด็ก", "Tisu Basah Bayi", "Baby Wipes"],
  [7002, "Building Blocks", "Đồ chơi lắp ráp", "Mainan Balok Susun", "ของเล่นตัวต่อ", "Mainan Blok Binaan", "Building Blocks"],
  [7002, "Plush Toy", "Gấu bông", "Boneka", "ตุ๊กตา", "Anak Patung", "Stuffed Toy"],
  [7003, "Kids Pajama Set", "Bộ đồ ngủ trẻ em", "Piyama Anak", "ชุดนอนเด็ก", "Pijama Kanak-kanak", "Kids Pajama Set"],
  [7003, "Baby Romper", "Bộ body cho bé", "Jumper Bayi", "ชุดบอดี้สูทเด็ก", "Romper Bayi", "Baby Romper"],
  [8001, "Collagen Drink", "Nước uống collagen", "Minuman Kolagen", "คอลลาเจนชนิดน้ำ", "Minuman Kolagen", "Collagen Drink"],
  [8001, "Vitamin C 1000mg", "Viên uống vitamin C 1000mg", "Vitamin C 1000mg", "วิตามินซี 1000mg", "Vitamin C 1000mg", "Vitamin C 1000mg"],
  [8002, "Yoga Mat", "Thảm tập yoga", "Matras Yoga", "เสื่อโยคะ", "Tikar Yoga", "Yoga Mat"],
  [8002, "Adjustable Dumbbell", "Tạ tay điều chỉnh", "Dumbbell Adjustable", "ดัมเบลปรับน้ำหนัก", "Dumbel Boleh Laras", "Adjustable Dumbbell"],
  [8003, "Camping Tent", "Lều cắm trại", "Tenda Camping", "เต็นท์แคมป์ปิ้ง", "Khemah Perkhemahan", "Camping Tent"],
  [8003, "Insulated Water Bottle", "Bình giữ nhiệt", "Botol Minum Termos", "กระบอกน้ำเก็บอุณหภูมิ", "Botol Air Penebat", "Tumbler"],
];

const COLUMN: Record<ContentLanguage, number> = { en: 1, vi: 2, id: 3, th: 4, ms: 5, fil: 6 };

/** Typical price in US dollars per leaf category (the median of a log-normal). */
export const CATEGORY_PRICE_USD: Readonly<Record<number, number>> = {
  1001: 12, 1002: 9, 1003: 7, 2001: 15, 2002: 10, 2003: 13, 3001: 8, 3002: 14, 3003: 22,
  4001: 6, 4002: 18, 4003: 30, 5001: 25, 5002: 9, 5003: 8, 6001: 3, 6002: 5, 6003: 3,
  7001: 11, 7002: 12, 7003: 9, 8001: 16, 8002: 20, 8003: 24,
};

/** Nouns for the products of a leaf category in a language. */
export function productNouns(categoryId: number, language: ContentLanguage): string[] {
  return ROWS.filter((row) => row[0] === categoryId).map((row) => row[COLUMN[language]] as string);
}

/** A short latin word for a category, for hashtags such as #skincarevietnam. */
export const CATEGORY_TAG_WORDS: Readonly<Record<number, string>> = {
  1001: "skincare", 1002: "makeup", 1003: "haircare", 2001: "dress", 2002: "ootd", 2003: "hijab",
  3001: "tshirt", 3002: "jeans", 3003: "sneakers", 4001: "phonecase", 4002: "earbuds", 4003: "smartwatch",
  5001: "kitchen", 5002: "homedecor", 5003: "cleaning", 6001: "snack", 6002: "drinks", 6003: "noodles",
  7001: "baby", 7002: "toys", 7003: "kidsfashion", 8001: "vitamins", 8002: "fitness", 8003: "camping",
};
