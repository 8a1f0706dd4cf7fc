// The body shared by the music and hashtag detail pages: the hero with the usage figures (uses,
// views, growth, videos using it), the usage trend (uses and views over 7/15/30 days or a
// custom range), the most viewed videos using it, the goods those videos link and their
// authors, and the daily rank history.
import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { UsageDetail } from "../../api/details";
import { MetricGrid } from "../../components/MetricGrid";
import { formatCount, formatRate } from "../../lib/format";
import { useLocale } from "../../state/system";
import { DetailHero } from "./DetailHero";
import { EntityList } from "./EntityList";
import { RankHistory } from "./RankHistory";
import { TrendSection } from "./TrendSection";

export interface UsageDetailViewProps {
  entity: "music" | "hashtags";
  id: string;
  detail: UsageDetail<{ market: string }>;
  title: string;
  subtitle: ReactNode;
  image: string | null;
}

export function UsageDetailView({ entity, id, detail, title, subtitle, image }: UsageDetailViewProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const { overview } = detail;
  return (
    <>
      <DetailHero entity={entity} id={id} image={image} imageKind="content" title={title} subtitle={subtitle}>
        <MetricGrid
          testId="usage-metrics"
          items={[
            { key: "uses", label: t`Uses`, value: formatCount(overview.uses, locale) },
            { key: "views", label: t`Views`, value: formatCount(overview.views, locale) },
            { key: "growth", label: t`Weekly growth`, value: formatRate(overview.growth, locale) },
            { key: "related-videos", label: t`Videos`, value: formatCount(overview.relatedVideos, locale) },
          ]}
        />
      </DetailHero>
      <TrendSection entity={entity} id={id} currency={overview.market} />
      <EntityList
        testId="usage-top-videos"
        title={<Trans>Top videos</Trans>}
        entity="videos"
        items={detail.topVideos}
        empty={<Trans>No videos use it yet.</Trans>}
      />
      <EntityList
        testId="usage-related-goods"
        title={<Trans>Related products</Trans>}
        entity="goods"
        items={detail.relatedGoods}
        empty={<Trans>No related products.</Trans>}
      />
      <EntityList
        testId="usage-related-influencers"
        title={<Trans>Related influencers</Trans>}
        entity="influencers"
        items={detail.relatedInfluencers}
        empty={<Trans>No related influencers.</Trans>}
      />
      <RankHistory history={detail.rankHistory} />
    </>
  );
}
