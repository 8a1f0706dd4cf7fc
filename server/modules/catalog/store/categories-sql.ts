// The category tree's rows (a few hundred: read whole, by id), for GET /api/v1/product/categories.
import { asc } from "drizzle-orm";
import { categories } from "../../../db/schema";
import type { Category } from "../engine";
import type { Queryable } from "./meta";
import { fromRow } from "./rows";

/** Every stored category, by id (the order the dataset holds them in). */
export async function readCategories(db: Queryable): Promise<Category[]> {
  return (await db.select().from(categories).orderBy(asc(categories.id))).map(fromRow.category);
}
