// Product categories: a two-level tree (8 top-level groups, 24 leaves) with names in every UI
// locale, served by GET /api/v1/product/categories and used as the list filter. Goods sit in
// leaves; filtering by a top-level id includes its leaves.

export const UI_LOCALES = ["zh", "en", "vi", "id", "th"] as const;
export type UiLocale = (typeof UI_LOCALES)[number];

export interface Category {
  id: number;
  parentId: number | null;
  names: Record<UiLocale, string>;
}

type Names = [zh: string, en: string, vi: string, id: string, th: string];

function category(id: number, parentId: number | null, [zh, en, vi, id_, th]: Names): Category {
  return { id, parentId, names: { zh, en, vi, id: id_, th } };
}

export const DEFAULT_CATEGORIES: readonly Category[] = [
  category(1000, null, [
    "美妆个护",
    "Beauty & Personal Care",
    "Làm đẹp & Chăm sóc cá nhân",
    "Kecantikan & Perawatan Diri",
    "ความงามและของใช้ส่วนตัว",
  ]),
  category(1001, 1000, ["护肤", "Skincare", "Chăm sóc da", "Perawatan Kulit", "ดูแลผิว"]),
  category(1002, 1000, ["彩妆", "Makeup", "Trang điểm", "Tata Rias", "เครื่องสำอาง"]),
  category(1003, 1000, ["美发护理", "Haircare", "Chăm sóc tóc", "Perawatan Rambut", "ดูแลเส้นผม"]),
  category(2000, null, ["女装", "Womenswear", "Thời trang nữ", "Pakaian Wanita", "เสื้อผ้าผู้หญิง"]),
  category(2001, 2000, ["连衣裙", "Dresses", "Váy đầm", "Gaun", "ชุดเดรส"]),
  category(2002, 2000, ["女士上衣", "Tops", "Áo nữ", "Atasan", "เสื้อผู้หญิง"]),
  category(2003, 2000, ["穆斯林服饰", "Muslim Fashion", "Thời trang Hồi giáo", "Fashion Muslim", "แฟชั่นมุสลิม"]),
  category(3000, null, [
    "男装鞋靴",
    "Menswear & Shoes",
    "Thời trang nam & Giày dép",
    "Pakaian Pria & Sepatu",
    "เสื้อผ้าผู้ชายและรองเท้า",
  ]),
  category(3001, 3000, ["T恤", "T-shirts", "Áo thun", "Kaos", "เสื้อยืด"]),
  category(3002, 3000, ["裤子", "Trousers", "Quần", "Celana", "กางเกง"]),
  category(3003, 3000, ["鞋靴", "Shoes", "Giày dép", "Sepatu", "รองเท้า"]),
  category(4000, null, [
    "手机数码",
    "Phones & Electronics",
    "Điện thoại & Điện tử",
    "Handphone & Elektronik",
    "มือถือและอิเล็กทรอนิกส์",
  ]),
  category(4001, 4000, ["手机配件", "Phone Accessories", "Phụ kiện điện thoại", "Aksesoris HP", "อุปกรณ์เสริมมือถือ"]),
  category(4002, 4000, ["音频设备", "Audio", "Thiết bị âm thanh", "Perangkat Audio", "เครื่องเสียง"]),
  category(4003, 4000, [
    "智能穿戴",
    "Smart Wearables",
    "Thiết bị đeo thông minh",
    "Perangkat Wearable",
    "อุปกรณ์สวมใส่อัจฉริยะ",
  ]),
  category(5000, null, ["家居生活", "Home & Living", "Nhà cửa & Đời sống", "Rumah & Gaya Hidup", "บ้านและการใช้ชีวิต"]),
  category(5001, 5000, ["厨房用品", "Kitchenware", "Đồ dùng nhà bếp", "Peralatan Dapur", "เครื่องครัว"]),
  category(5002, 5000, ["家居装饰", "Home Decor", "Trang trí nhà cửa", "Dekorasi Rumah", "ของตกแต่งบ้าน"]),
  category(5003, 5000, [
    "清洁用品",
    "Cleaning Supplies",
    "Đồ dùng vệ sinh",
    "Perlengkapan Kebersihan",
    "อุปกรณ์ทำความสะอาด",
  ]),
  category(6000, null, ["食品饮料", "Food & Beverages", "Thực phẩm & Đồ uống", "Makanan & Minuman", "อาหารและเครื่องดื่ม"]),
  category(6001, 6000, ["零食", "Snacks", "Đồ ăn vặt", "Camilan", "ขนมขบเคี้ยว"]),
  category(6002, 6000, ["饮品", "Drinks", "Đồ uống", "Minuman", "เครื่องดื่ม"]),
  category(6003, 6000, ["方便速食", "Instant Food", "Thực phẩm ăn liền", "Makanan Instan", "อาหารกึ่งสำเร็จรูป"]),
  category(7000, null, ["母婴", "Mother & Baby", "Mẹ & Bé", "Ibu & Bayi", "แม่และเด็ก"]),
  category(7001, 7000, ["婴儿护理", "Baby Care", "Chăm sóc em bé", "Perawatan Bayi", "ดูแลเด็กทารก"]),
  category(7002, 7000, ["玩具", "Toys", "Đồ chơi", "Mainan", "ของเล่น"]),
  category(7003, 7000, ["童装", "Kids' Clothing", "Quần áo trẻ em", "Pakaian Anak", "เสื้อผ้าเด็ก"]),
  category(8000, null, ["健康运动", "Health & Sports", "Sức khỏe & Thể thao", "Kesehatan & Olahraga", "สุขภาพและกีฬา"]),
  category(8001, 8000, ["保健品", "Supplements", "Thực phẩm chức năng", "Suplemen", "อาหารเสริม"]),
  category(8002, 8000, ["健身器材", "Fitness Equipment", "Dụng cụ thể hình", "Alat Fitness", "อุปกรณ์ฟิตเนส"]),
  category(8003, 8000, ["户外用品", "Outdoor", "Đồ dã ngoại", "Perlengkapan Outdoor", "อุปกรณ์กลางแจ้ง"]),
];

export function leafCategories(categories: readonly Category[]): Category[] {
  const parents = new Set(categories.map((c) => c.parentId).filter((id) => id !== null));
  return categories.filter((c) => !parents.has(c.id));
}

/** The id itself and every id below it, for list filters. */
export function categoryWithDescendants(categories: readonly Category[], id: number): Set<number> {
  const result = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of categories) {
      if (c.parentId !== null && result.has(c.parentId) && !result.has(c.id)) {
        result.add(c.id);
        grew = true;
      }
    }
  }
  return result;
}
