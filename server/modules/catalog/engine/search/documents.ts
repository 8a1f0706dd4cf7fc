// What is searchable: videos by caption (hashtags included), ranked by views; influencers by
// nickname and @handle (also as one word, so "linhreview" finds @linh.review), ranked by
// followers. Build both once per dataset.
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

export interface SearchIndexes {
  videos: SearchIndex;
  influencers: SearchIndex;
}

export function buildSearchIndexes(dataset: Dataset): SearchIndexes {
  return {
    videos: new SearchIndex(videoDocuments(dataset)),
    influencers: new SearchIndex(influencerDocuments(dataset)),
  };
}
