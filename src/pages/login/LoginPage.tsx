// The login page (/login): the Chinese or the overseas layout by edition (system id 13 or 14).
// Arriving here also keeps a scene query's invite code and channel for the sign-up.
import { useEffect } from "react";
import { useSearch } from "wouter";
import { useSystemId } from "../../state/system";
import { applySceneQuery } from "../../state/user";
import { OverseasLoginForm } from "./OverseasLoginForm";
import { ZhLoginForm } from "./ZhLoginForm";
import "./login.css";

export default function LoginPage() {
  const systemId = useSystemId();
  const search = useSearch();
  useEffect(() => applySceneQuery(search), [search]);
  return systemId === 13 ? <ZhLoginForm /> : <OverseasLoginForm />;
}
