// Hashtag detail: the tag and its market over the usage body shared with music (UsageDetailView).
import { useLingui } from "@lingui/react/macro";
import { hashtagDetail } from "../../api/details";
import { marketName } from "../../components/MarketSelect";
import { DetailLoader } from "./DetailLoader";
import { UsageDetailView } from "./UsageDetailView";

export default function HashtagDetailPage() {
  const { i18n } = useLingui();
  return (
    <DetailLoader load={hashtagDetail}>
      {(detail, id) => (
        <UsageDetailView
          entity="hashtags"
          id={id}
          detail={detail}
          title={`#${detail.overview.name}`}
          subtitle={marketName(detail.overview.market, i18n)}
          image={null}
        />
      )}
    </DetailLoader>
  );
}
