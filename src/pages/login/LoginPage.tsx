// The login page (/login): the Chinese or the overseas layout by edition (system id 13 or 14),
// or, in either, the scan-to-log-in view (QR code confirmed from a signed-in phone).
// Arriving here also keeps a scene query's invite code and channel for the sign-up.
import { useEffect, useState } from "react";
import { useSearch } from "wouter";
import { useSystemId } from "../../state/system";
import { applySceneQuery } from "../../state/user";
import { OverseasLoginForm } from "./OverseasLoginForm";
import { QrLoginPanel } from "./QrLoginPanel";
import { ZhLoginForm } from "./ZhLoginForm";
import "./login.css";

export default function LoginPage() {
  const systemId = useSystemId();
  const search = useSearch();
  const [scanning, setScanning] = useState(false);
  useEffect(() => applySceneQuery(search), [search]);
  if (scanning) return <QrLoginPanel onBack={() => setScanning(false)} />;
  const showQr = () => setScanning(true);
  return systemId === 13 ? <ZhLoginForm onQrLogin={showQr} /> : <OverseasLoginForm onQrLogin={showQr} />;
}
