// The share target's page (/share-target, see the manifest's share_target): replaces itself with
// the page the shared link or text leads to (share-target.ts).
import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { shareDestination } from "./share-target";

export default function ShareTargetPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  useEffect(() => {
    const query = new URLSearchParams(search);
    const shared = {
      title: query.get("title") ?? "",
      text: query.get("text") ?? "",
      url: query.get("url") ?? "",
    };
    navigate(shareDestination(shared), { replace: true });
  }, [search, navigate]);
  return null;
}
