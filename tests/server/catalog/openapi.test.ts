// The OpenAPI document: served without headers, built from the routes' TypeBox schemas, and
// naming every data route with its query parameters and response schema.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDataApp, type DataTestApp } from "../helpers/data";

let t: DataTestApp;
beforeAll(async () => {
  t = await openDataApp();
});
afterAll(() => t?.close());

describe("GET /api/v1/openapi.json", () => {
  it("documents every data route with parameters and responses", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe("3.1.0");
    const paths = Object.keys(doc.paths);
    for (const path of [
      "/api/v1/home",
      "/api/v1/rank/goods",
      "/api/v1/rank/influencers",
      "/api/v1/rank/videos",
      "/api/v1/rank/music",
      "/api/v1/rank/hashtags",
      "/api/v1/rank/versions",
      "/api/v1/product/categories",
      "/api/v1/goods/{id}",
      "/api/v1/goods/{id}/trend",
      "/api/v1/influencers/{id}",
      "/api/v1/influencers/{id}/videos",
      "/api/v1/influencers/{id}/calendar",
      "/api/v1/influencers/{id}/trend",
      "/api/v1/videos/{id}",
      "/api/v1/videos/{id}/trend",
      "/api/v1/search/videos",
      "/api/v1/search/influencers",
      "/api/v1/search/goods",
      "/api/v1/export/rank/goods",
      "/api/v1/export/favourites",
      "/api/v1/export/trend/goods/{id}",
      "/api/v1/tikmeta/portal/like",
      "/api/v1/images/{kind}/{file}",
    ]) {
      expect(paths, path).toContain(path);
    }
    const rank = doc.paths["/api/v1/rank/goods"].get;
    expect(rank.parameters.map((p: { name: string }) => p.name)).toEqual([
      "rank_type",
      "window",
      "country",
      "category_id",
      "page",
      "size",
      "sort",
      "order",
      "min_price",
      "max_price",
      "min_sales",
      "max_sales",
      "min_growth",
      "max_growth",
    ]);
    const row = rank.responses["200"].content["application/json"].schema.properties.data.properties.list.items;
    expect(Object.keys(row.properties)).toEqual(
      expect.arrayContaining(["id", "rank", "rank_change", "sales_volume", "cover_large"]),
    );
    expect(Object.keys(doc.paths["/api/v1/tikmeta/portal/like"])).toEqual(
      expect.arrayContaining(["get", "put", "delete"]),
    );
    expect(paths).not.toContain("/api/v1/rank/{entity}");
  });
});
