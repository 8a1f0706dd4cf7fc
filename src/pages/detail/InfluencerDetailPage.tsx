// Influencer detail: profile with bio, commission rate, price and counts; basic
// analysis of the last 30 days; sales analysis (7/15/30 days or custom); products; the video
// list with its filter; the influencer calendar.
import { Trans, useLingui } from "@lingui/react/macro";
import { influencerDetail, type InfluencerDetail } from "../../api/details";
import { MetricGrid } from "../../components/MetricGrid";
import { formatCount, formatMoney, formatRate } from "../../lib/format";
import { useLocale } from "../../state/system";
import { DetailHero } from "./DetailHero";
import { DetailLoader } from "./DetailLoader";
import { EntityList } from "./EntityList";
import { InfluencerCalendar } from "./InfluencerCalendar";
import { InfluencerVideos } from "./InfluencerVideos";
import { TrendSection } from "./TrendSection";

function InfluencerView({ detail, id }: { detail: InfluencerDetail; id: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { profile, basicAnalysis: analysis, products } = detail;
  const count = (value: number | null) => formatCount(value, locale);
  const money = (value: number | null) => formatMoney(value, profile.market, locale);
  const days = analysis.days;

  return (
    <>
      <DetailHero
        entity="influencers"
        id={id}
        image={profile.avatarLargerPrivatization}
        imageKind="avatar"
        title={profile.nickname}
        subtitle={`@${profile.handle}`}
      >
        {profile.bio && <p className="detail-bio">{profile.bio}</p>}
        <MetricGrid
          testId="influencer-profile"
          items={[
            { key: "followers", label: t`Followers`, value: count(profile.followers) },
            { key: "commission-rate", label: t`Commission rate`, value: formatRate(profile.commissionRate, locale) },
            { key: "price", label: t`Price`, value: money(profile.price) },
            { key: "product-count", label: t`Products`, value: count(profile.productCount) },
            { key: "posted-count", label: t`Posts`, value: count(profile.postedCount) },
            { key: "video-count", label: t`Videos`, value: count(profile.videoCount) },
            { key: "play-count", label: t`Views`, value: count(profile.playCount) },
            { key: "total-sales", label: t`Total sales`, value: count(profile.totalSales) },
            { key: "total-revenue", label: t`Revenue`, value: money(profile.totalRevenue) },
          ]}
        />
      </DetailHero>
      <section className="card" data-testid="basic-analysis">
        <h2 className="card__title">
          <Trans>Basic analysis (last {days} days)</Trans>
        </h2>
        <MetricGrid
          items={[
            { key: "gained", label: t`New followers`, value: count(analysis.followersGained) },
            { key: "views", label: t`Views`, value: count(analysis.views) },
            { key: "average-views", label: t`Average views`, value: count(analysis.averageViews) },
            { key: "videos-posted", label: t`Videos posted`, value: count(analysis.videosPosted) },
            { key: "sales", label: t`Sales`, value: count(analysis.salesVolume) },
            { key: "revenue", label: t`Revenue`, value: money(analysis.revenue) },
            { key: "engagement-rate", label: t`Engagement rate`, value: formatRate(analysis.engagementRate, locale) },
          ]}
        />
      </section>
      <TrendSection entity="influencers" id={id} currency={profile.market} />
      <EntityList
        testId="influencer-products"
        title={<Trans>Products</Trans>}
        entity="goods"
        items={products}
        empty={<Trans>No products promoted yet.</Trans>}
      />
      <InfluencerVideos id={id} />
      <InfluencerCalendar id={id} />
    </>
  );
}

export default function InfluencerDetailPage() {
  return (
    <DetailLoader load={influencerDetail}>{(detail, id) => <InfluencerView detail={detail} id={id} />}</DetailLoader>
  );
}
