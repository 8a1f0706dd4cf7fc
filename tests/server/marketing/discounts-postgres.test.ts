// receive-discount on PostgreSQL (TEST_DATABASE_URL), where requests really run side by side:
// twenty concurrent receives of one type 7 discount by one user write one receipt and answer one
// success and nineteen 71004; other users receiving at the same time each get their own.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountReceipts } from "../../../server/db/schema";
import { createDiscount } from "../../../server/modules/marketing/services/discounts";
import { useThrowawayPostgres } from "../helpers/app";
import { buildCommerceApp, buyer, CommerceClient } from "../commerce/harness";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("receive-discount on PostgreSQL (TEST_DATABASE_URL)", () => {
  const postgres = useThrowawayPostgres(adminUrl!);
  let app: Awaited<ReturnType<typeof buildCommerceApp>>;
  let client: CommerceClient;

  beforeAll(async () => {
    app = await buildCommerceApp(postgres.database);
    client = new CommerceClient(app);
    await createDiscount(postgres.database.db, {
      code: "Race-Receive",
      marketingId: 3001,
      marketingType: 7,
      systemId: 14,
      plan: "basic",
      months: 12,
      priceUsdCents: 1_990,
      eligibility: "anyone",
      receiveDays: 7,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const receive = (token: string) =>
    client.call("POST", "/v1/user/charge/marketing/receive-discount", {
      token,
      body: { marketing_id: 3001, group_num: 1 },
    });

  it("writes one receipt per user however many receives race", async () => {
    const me = await buyer(postgres.database);
    const others = await Promise.all([buyer(postgres.database), buyer(postgres.database)]);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => receive(me.token)),
      ...others.map((other) => receive(other.token)),
    ]);
    const mine = answers.slice(0, 20);
    expect(mine.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(mine.filter((answer) => answer.code === 71004)).toHaveLength(19);
    expect(answers.slice(20).map((answer) => answer.code)).toEqual([0, 0]);
    for (const user of [me, ...others]) {
      const rows = await postgres.database.db
        .select()
        .from(discountReceipts)
        .where(eq(discountReceipts.userId, user.userId));
      expect(rows).toHaveLength(1);
    }
  });
});
