// The /auth page serves three returns: /auth?qr=<ticket>, opened by a phone that scanned a login
// QR code, asks the signed-in user to confirm the other device's login; /auth?via=wechat is
// WeChat's web OAuth coming back; otherwise it is Google's way back (?code&state).
import { useSearch } from "wouter";
import { GoogleReturn } from "./GoogleReturn";
import { QrConfirm } from "./QrConfirm";
import { WechatReturn } from "./WechatReturn";
import "./login.css";

export default function AuthPage() {
  const query = new URLSearchParams(useSearch());
  const ticket = query.get("qr");
  if (ticket !== null) return <QrConfirm ticket={ticket} />;
  return query.get("via") === "wechat" ? <WechatReturn /> : <GoogleReturn />;
}
