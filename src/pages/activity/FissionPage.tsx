// Invite friends (/fission, signed in): how it works with the real reward terms, the user's
// invite code and link with Copy link, Share and Make a poster, and "My invites" (who signed up
// through the link and what each earned). Loading the page makes sure this browser has its
// device id first, so the server's same-device rule sees the device the inviter shares from.
import { Trans } from "@lingui/react/macro";
import { inviteCode } from "../../api/invites";
import { LoadFailed } from "../../components/LoadFailed";
import { InviteLinkCard } from "../../features/invites/InviteLinkCard";
import { InviteRecords } from "../../features/invites/InviteRecords";
import { InviteSteps } from "../../features/invites/InviteSteps";
import { deviceId } from "../../features/tracking/ids";
import { useAsync } from "../../hooks/use-async";
import type { PageProps } from "../../routing/route-types";
import "./invites.css";

const loadInvite = () => {
  deviceId();
  return inviteCode();
};

export default function FissionPage(_props: PageProps) {
  const invite = useAsync(loadInvite, []);
  if (!invite.data) {
    return (
      <div className="invites" data-testid="fission-content" data-state={invite.error ? "failed" : "loading"}>
        {invite.error !== undefined ? (
          <LoadFailed onRetry={invite.reload}>
            <Trans>Your invite could not be loaded.</Trans>
          </LoadFailed>
        ) : (
          <span className="spinner" aria-hidden="true" />
        )}
      </div>
    );
  }
  const data = invite.data;
  return (
    <div className="invites" data-testid="fission-content" data-state="ready">
      <InviteSteps offer={data} />
      <InviteLinkCard invite={data} />
      <InviteRecords invited={data.invited} rewarded={data.rewarded} />
    </div>
  );
}
