// What is searchable: videos by caption (hashtags included), ranked by views; influencers by
// nickname and @handle (also as one word, so "linhreview" finds @linh.review), ranked by
// followers; goods by title and, weighing less, their shop's name, ranked by units sold. Build
// them once per dataset.
import type { Dataset } from "../dataset/dataset";
import { SearchIndex, type SearchDocument } from "./search-index";

export function* videoDocuments(dataset: Dataset): Generator<SearchDocument> {
  for (const video of dataset.videos) {
    yield { id: video.id, market: video.market, fields: [{ text: video.title }], popularity: video.stats.views };
  }
}

export function* influencerDocuments(dataset: Dataset): Generator<SearchDocument> {
  for (const influencer of dataset.influencers) {
    yield {
      id: influencer.id,
      market: influencer.market,
      fields: [
        { text: influencer.nickname },
        { text: influencer.handle },
        { text: influencer.handle.replace(/[^a-z0-9]+/gi, "") },
      ],
      popularity: influencer.stats.followers,
    };
  }
}

/** A shop-name match counts less than a title match, so a product named for the word comes first. */
const SHOP_NAME_WEIGHT = 0.6;

export function* goodsDocuments(dataset: Dataset): Generator<SearchDocument> {
  const shopNames = new Map(dataset.shops.map((shop) => [shop.id, shop.name]));
  for (const goods of dataset.goods) {
    const shopName = shopNames.get(goods.shopId);
    yield {
      id: goods.id,
      market: goods.market,
      fields: shopName
        ? [{ text: goods.title }, { text: shopName, weight: SHOP_NAME_WEIGHT }]
        : [{ text: goods.title }],
      popularity: goods.stats.totalSales,
    };
  }
}

export interface SearchIndexes {
  videos: SearchIndex;
  influencers: SearchIndex;
  goods: SearchIndex;
}

export function buildSearchIndexes(dataset: Dataset): SearchIndexes {
  return {
    videos: new SearchIndex(videoDocuments(dataset)),
    influencers: new SearchIndex(influencerDocuments(dataset)),
    goods: new SearchIndex(goodsDocuments(dataset)),
  };
}
