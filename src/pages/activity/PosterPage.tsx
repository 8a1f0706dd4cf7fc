// Invitation poster (/poster) (helper H3 builds it).
import type { PageProps } from "../../routing/route-types";

export default function PosterPage(_props: PageProps) {
  return <div data-testid="page-poster" />;
}
