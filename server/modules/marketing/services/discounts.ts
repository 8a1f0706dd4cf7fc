// Discounts (helper H2 fills).
import type { Db } from "../../../db/client";

export async function ensureDemoDiscounts(_db: Db, _now: Date): Promise<void> {}
