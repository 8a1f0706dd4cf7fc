// The default questionnaire: four questions for sellers and creators in
// the five app languages, stored at boot when no questionnaire exists yet. Each question's LAST
// option is the free-text "Other" the popup pairs with its text box.
import { count, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { questionnaireQuestions, questionnaires } from "../../../db/schema";

type Texts = { en: string; zh: string; vi: string; id: string; th: string };

interface SeedQuestion {
  description: Texts;
  options: Texts[];
}

const OTHER: Texts = { en: "Other", zh: "其他", vi: "Khác", id: "Lainnya", th: "อื่นๆ" };

export const DEFAULT_QUESTIONS: readonly SeedQuestion[] = [
  {
    description: {
      en: "What best describes you?",
      zh: "以下哪项最符合您的身份？",
      vi: "Điều nào mô tả đúng nhất về bạn?",
      id: "Mana yang paling menggambarkan Anda?",
      th: "ข้อใดตรงกับคุณมากที่สุด?",
    },
    options: [
      {
        en: "Seller or shop owner",
        zh: "卖家/店铺经营者",
        vi: "Người bán / chủ cửa hàng",
        id: "Penjual / pemilik toko",
        th: "ผู้ขาย / เจ้าของร้านค้า",
      },
      {
        en: "Creator or influencer",
        zh: "内容创作者/达人",
        vi: "Nhà sáng tạo nội dung / KOL",
        id: "Kreator / influencer",
        th: "ครีเอเตอร์ / อินฟลูเอนเซอร์",
      },
      {
        en: "Brand or agency marketer",
        zh: "品牌方或代理商营销人员",
        vi: "Marketer của thương hiệu hoặc agency",
        id: "Pemasar brand atau agensi",
        th: "นักการตลาดของแบรนด์หรือเอเจนซี",
      },
      OTHER,
    ],
  },
  {
    description: {
      en: "Which market do you mainly sell or create in?",
      zh: "您主要在哪个市场销售或创作？",
      vi: "Bạn chủ yếu bán hàng hoặc sáng tạo ở thị trường nào?",
      id: "Di pasar mana Anda terutama berjualan atau membuat konten?",
      th: "คุณขายสินค้าหรือสร้างคอนเทนต์ในตลาดใดเป็นหลัก?",
    },
    options: [
      { en: "Vietnam", zh: "越南", vi: "Việt Nam", id: "Vietnam", th: "เวียดนาม" },
      { en: "Indonesia", zh: "印度尼西亚", vi: "Indonesia", id: "Indonesia", th: "อินโดนีเซีย" },
      { en: "Thailand", zh: "泰国", vi: "Thái Lan", id: "Thailand", th: "ไทย" },
      {
        en: "Malaysia, Philippines or Singapore",
        zh: "马来西亚/菲律宾/新加坡",
        vi: "Malaysia / Philippines / Singapore",
        id: "Malaysia / Filipina / Singapura",
        th: "มาเลเซีย / ฟิลิปปินส์ / สิงคโปร์",
      },
      OTHER,
    ],
  },
  {
    description: {
      en: "What do you most want to find on ShopRadar?",
      zh: "您最想在 ShopRadar 上找到什么？",
      vi: "Bạn muốn tìm gì nhất trên ShopRadar?",
      id: "Apa yang paling ingin Anda temukan di ShopRadar?",
      th: "คุณอยากค้นหาอะไรบน ShopRadar มากที่สุด?",
    },
    options: [
      {
        en: "Trending products to sell",
        zh: "适合销售的热门商品",
        vi: "Sản phẩm đang hot để bán",
        id: "Produk yang sedang tren untuk dijual",
        th: "สินค้าที่กำลังมาแรงเพื่อนำไปขาย",
      },
      {
        en: "Influencers to work with",
        zh: "可合作的达人",
        vi: "KOL để hợp tác",
        id: "Influencer untuk diajak bekerja sama",
        th: "อินฟลูเอนเซอร์ที่จะร่วมงานด้วย",
      },
      {
        en: "Viral videos and content ideas",
        zh: "爆款视频和内容灵感",
        vi: "Video viral và ý tưởng nội dung",
        id: "Video viral dan ide konten",
        th: "วิดีโอไวรัลและไอเดียคอนเทนต์",
      },
      {
        en: "Competitor shops and sales data",
        zh: "竞争店铺和销售数据",
        vi: "Cửa hàng đối thủ và dữ liệu doanh số",
        id: "Toko pesaing dan data penjualan",
        th: "ร้านค้าคู่แข่งและข้อมูลยอดขาย",
      },
      OTHER,
    ],
  },
  {
    description: {
      en: "How did you hear about us?",
      zh: "您是通过什么渠道了解到我们的？",
      vi: "Bạn biết đến chúng tôi qua kênh nào?",
      id: "Dari mana Anda mengetahui kami?",
      th: "คุณรู้จักเราจากช่องทางใด?",
    },
    options: [
      { en: "Search engine", zh: "搜索引擎", vi: "Công cụ tìm kiếm", id: "Mesin pencari", th: "เครื่องมือค้นหา" },
      { en: "Social media", zh: "社交媒体", vi: "Mạng xã hội", id: "Media sosial", th: "โซเชียลมีเดีย" },
      {
        en: "A friend or colleague",
        zh: "朋友或同事推荐",
        vi: "Bạn bè hoặc đồng nghiệp",
        id: "Teman atau rekan kerja",
        th: "เพื่อนหรือเพื่อนร่วมงาน",
      },
      OTHER,
    ],
  },
];

/** Option keys as the original app shows them: A, B, C ... */
const optionKey = (index: number) => String.fromCharCode(65 + index);

/**
 * Stores the default questionnaire (for both editions) when there is none. An advisory lock
 * makes instances booting together agree on one.
 */
export async function ensureDefaultQuestionnaire(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('shopradar:questionnaire-seed'))`);
    const [existing] = await tx.select({ n: count() }).from(questionnaires);
    if (existing.n > 0) return;
    const [created] = await tx
      .insert(questionnaires)
      .values({ systemId: null, active: true })
      .returning({ id: questionnaires.id });
    await tx.insert(questionnaireQuestions).values(
      DEFAULT_QUESTIONS.map((question, position) => ({
        questionnaireId: created.id,
        position,
        description: { ...question.description },
        options: question.options.map((desc, index) => ({ option: optionKey(index), desc: { ...desc } })),
      })),
    );
  });
}
