// Video detail: views, likes, comments, the author's followers, shares, duration,
// post time (with its age as of when the video is shown) and engagement rate; the linked
// product with the video's sales; the daily trend.
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { videoDetail, type VideoDetail } from "../../api/details";
import { detailHref } from "../../routing/detail-links";
import { EntityRow } from "../../components/EntityRow";
import { MetricGrid } from "../../components/MetricGrid";
import {
  formatBusinessTime,
  formatCount,
  formatDuration,
  formatMoney,
  formatRate,
  formatRelativeTime,
} from "../../lib/format";
import type { Locale } from "../../i18n/locales";
import { useLocale } from "../../state/system";
import { DetailHero } from "./DetailHero";
import { DetailLoader } from "./DetailLoader";
import { EntityList } from "./EntityList";
import { TrendSection } from "./TrendSection";

/** The post time and its age, told as of when this post time was first shown. */
function PostedTime({ postedAt, locale }: { postedAt: string; locale: Locale }) {
  const [shownAt] = useState(() => Date.now());
  return `${formatBusinessTime(postedAt, locale)} (${formatRelativeTime(postedAt, shownAt, locale)})`;
}

function VideoView({ detail, id }: { detail: VideoDetail; id: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { metrics: video, author, product, sales } = detail;
  const currency = product?.currency ?? video.market;
  const count = (value: number | null) => formatCount(value, locale);

  return (
    <>
      <DetailHero
        entity="videos"
        id={id}
        image={video.coverLargePrivatization}
        imageKind="content"
        title={video.title}
        subtitle={
          <Link href={detailHref("influencers", video.influencerId)} data-testid="video-author">
            @{video.authorHandle}
          </Link>
        }
      >
        <MetricGrid
          testId="video-metrics"
          items={[
            { key: "views", label: t`Views`, value: count(video.views) },
            { key: "likes", label: t`Likes`, value: count(video.likes) },
            { key: "comments", label: t`Comments`, value: count(video.comments) },
            { key: "followers", label: t`Followers`, value: count(video.followers) },
            { key: "shares", label: t`Shares`, value: count(video.shares) },
            { key: "duration", label: t`Duration`, value: formatDuration(video.durationSeconds) },
            {
              key: "posted",
              label: t`Posted`,
              value: <PostedTime key={video.postedAt} postedAt={video.postedAt} locale={locale} />,
            },
            { key: "engagement-rate", label: t`Engagement rate`, value: formatRate(video.engagementRate, locale) },
          ]}
        />
      </DetailHero>
      <section className="card" data-testid="video-sales">
        <h2 className="card__title">
          <Trans>Linked product and sales</Trans>
        </h2>
        {product ? (
          <div className="detail-list">
            <EntityRow entity="goods" item={product} />
          </div>
        ) : (
          <p className="card__note">
            <Trans>This video links no product.</Trans>
          </p>
        )}
        <MetricGrid
          items={[
            { key: "sales-volume", label: t`Sales`, value: count(sales.salesVolume) },
            { key: "revenue", label: t`Revenue`, value: formatMoney(sales.revenue, currency, locale) },
            { key: "sales-growth", label: t`Sales growth`, value: formatRate(sales.salesGrowthRate, locale) },
            { key: "commission-rate", label: t`Commission rate`, value: formatRate(video.commissionRate, locale) },
            { key: "estimated-price", label: t`Price`, value: formatMoney(video.estimatedPrice, currency, locale) },
          ]}
        />
      </section>
      <TrendSection entity="videos" id={id} currency={currency} />
      <EntityList
        testId="video-author-card"
        title={<Trans>Author</Trans>}
        entity="influencers"
        items={author ? [author] : []}
        empty={<Trans>Unknown author.</Trans>}
      />
    </>
  );
}

export default function VideoDetailPage() {
  return <DetailLoader load={videoDetail}>{(detail, id) => <VideoView detail={detail} id={id} />}</DetailLoader>;
}
