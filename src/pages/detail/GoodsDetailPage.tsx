// Goods detail: overview with price, commission and sales figures,
// sales analysis (7/15/30 days or custom), related videos and influencers, specifications
// (variants and category), the shop, copy link, and the scan-code notice (a QR code of this
// page for a phone's camera or a social app).
import { Trans, useLingui } from "@lingui/react/macro";
import { goodsDetail, type GoodsDetail } from "../../api/details";
import { MetricGrid } from "../../components/MetricGrid";
import { QrCode } from "../../components/QrCode";
import { formatBusinessDate, formatCount, formatMoney, formatRate, NO_VALUE } from "../../lib/format";
import { detailHref } from "../../routing/detail-links";
import { useLocale } from "../../state/system";
import { DetailHero } from "./DetailHero";
import { DetailLoader } from "./DetailLoader";
import { EntityList } from "./EntityList";
import { TrendSection } from "./TrendSection";

function GoodsView({ detail, id }: { detail: GoodsDetail; id: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { overview: goods, shop, specifications } = detail;
  const money = (value: number | null) => formatMoney(value, goods.currency, locale);
  const count = (value: number | null) => formatCount(value, locale);

  return (
    <>
      <DetailHero
        entity="goods"
        id={id}
        image={goods.coverLargePrivatization}
        imageKind="content"
        title={goods.title}
        subtitle={`${money(goods.price)} · ${goods.shopName}`}
        calculator={{
          price: goods.price,
          commissionRate: goods.commissionRate,
          market: goods.market,
          categoryId: goods.categoryId,
        }}
      >
        <MetricGrid
          testId="goods-overview"
          items={[
            { key: "price", label: t`Price`, value: money(goods.price) },
            { key: "commission", label: t`Commission`, value: money(goods.commission) },
            { key: "commission-rate", label: t`Commission rate`, value: formatRate(goods.commissionRate, locale) },
            { key: "total-sales", label: t`Total sales`, value: count(goods.totalSales) },
            { key: "estimated-volume", label: t`Est. sales (30 days)`, value: count(goods.estimatedSalesVolume) },
            { key: "estimated-amount", label: t`Est. revenue (30 days)`, value: money(goods.estimatedSalesAmount) },
            { key: "views", label: t`Views`, value: count(goods.views) },
            { key: "likes", label: t`Likes`, value: count(goods.likes) },
            { key: "comments", label: t`Comments`, value: count(goods.comments) },
            { key: "sales-growth", label: t`Sales growth`, value: formatRate(goods.salesGrowth, locale) },
            { key: "conversion-rate", label: t`Conversion rate`, value: formatRate(goods.conversionRate, locale) },
            {
              key: "first-seen",
              label: t`First seen`,
              value: goods.firstSeenDate ? formatBusinessDate(goods.firstSeenDate, locale) : NO_VALUE,
            },
          ]}
        />
      </DetailHero>
      <TrendSection entity="goods" id={id} currency={goods.currency} />
      <EntityList
        testId="related-videos"
        title={<Trans>Related videos</Trans>}
        entity="videos"
        items={detail.relatedVideos}
        empty={<Trans>No related videos yet.</Trans>}
      />
      <EntityList
        testId="related-influencers"
        title={<Trans>Related influencers</Trans>}
        entity="influencers"
        items={detail.relatedInfluencers}
        empty={<Trans>No related influencers yet.</Trans>}
      />
      <section className="card" data-testid="specifications">
        <h2 className="card__title">
          <Trans>Specifications</Trans>
        </h2>
        <p className="muted">{specifications.categoryPath.map((category) => category.name).join(" › ")}</p>
        <table className="spec-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Variant</Trans>
              </th>
              <th scope="col">
                <Trans>SKU</Trans>
              </th>
              <th scope="col">
                <Trans>Price</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {specifications.variants.map((variant) => (
              <tr key={variant.sku}>
                <td>{variant.name}</td>
                <td>{variant.sku}</td>
                <td>{money(variant.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {shop && (
        <section className="card" data-testid="shop">
          <h2 className="card__title">{shop.name}</h2>
          <MetricGrid
            items={[
              { key: "shop-goods", label: t`Products`, value: count(shop.goodsCount) },
              { key: "shop-sales", label: t`Total sales`, value: count(shop.totalSales) },
              { key: "shop-revenue", label: t`Revenue`, value: money(shop.totalRevenue) },
            ]}
          />
        </section>
      )}
      <section className="card detail-note" data-testid="scan-code-notice">
        <QrCode
          text={`${location.origin}${detailHref("goods", id)}`}
          label={t`QR code of this product page`}
          size={96}
        />
        <p>
          <Trans>Scan this code with your phone's camera or a social app to open this product there.</Trans>
        </p>
      </section>
    </>
  );
}

export default function GoodsDetailPage() {
  return <DetailLoader load={goodsDetail}>{(detail, id) => <GoodsView detail={detail} id={id} />}</DetailLoader>;
}
