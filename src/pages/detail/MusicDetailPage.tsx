// Music detail: the sound's cover, title, author and duration over the usage body shared with
// hashtags (UsageDetailView).
import { musicDetail } from "../../api/details";
import { formatDuration } from "../../lib/format";
import { DetailLoader } from "./DetailLoader";
import { UsageDetailView } from "./UsageDetailView";

export default function MusicDetailPage() {
  return (
    <DetailLoader load={musicDetail}>
      {(detail, id) => (
        <UsageDetailView
          entity="music"
          id={id}
          detail={detail}
          title={detail.overview.title}
          subtitle={`${detail.overview.author} · ${formatDuration(detail.overview.durationSeconds)}`}
          image={detail.overview.coverLargePrivatization}
        />
      )}
    </DetailLoader>
  );
}
