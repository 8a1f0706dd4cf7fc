// New user offer (/newUserActivity) (helper H5 builds it).
import type { PageProps } from "../../routing/route-types";

export default function NewUserActivityPage(_props: PageProps) {
  return <div data-testid="page-new-user-activity" />;
}
