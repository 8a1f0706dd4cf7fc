// Payment method logos, drawn here as small SVG lettermark badges (shipped with the app: no CDN,
// no downloaded artwork). Decorative: the method's name beside it is its accessible name.
const BADGES: Readonly<Record<string, { letters: string; color: string }>> = {
  card_vn: { letters: "card", color: "#1f2329" },
  card_id: { letters: "card", color: "#1f2329" },
  card_th: { letters: "card", color: "#1f2329" },
  card_my: { letters: "card", color: "#1f2329" },
  momo: { letters: "MoMo", color: "#a50064" },
  zalopay: { letters: "Zalo", color: "#0068ff" },
  vnpay_qr: { letters: "VNPay", color: "#005baa" },
  shopeepay_vn: { letters: "SPay", color: "#ee4d2d" },
  vietqr: { letters: "VQR", color: "#00a651" },
  qris: { letters: "QRIS", color: "#c4161c" },
  ovo: { letters: "OVO", color: "#4c3494" },
  dana: { letters: "DANA", color: "#118eea" },
  virtual_account: { letters: "VA", color: "#0f5f8c" },
  promptpay: { letters: "PP", color: "#1a3a6b" },
  truemoney: { letters: "TM", color: "#f47b20" },
  fpx: { letters: "FPX", color: "#2d2a6e" },
  touch_n_go: { letters: "TnG", color: "#0054a6" },
  gcash: { letters: "G", color: "#007cff" },
  maya: { letters: "maya", color: "#00a862" },
  paynow: { letters: "PayNow", color: "#7b2a8f" },
  grabpay_sg: { letters: "Grab", color: "#00b14f" },
};

const WIDTH = 48;
const HEIGHT = 30;

export function MethodLogo({ method }: { method: string }) {
  const badge = BADGES[method] ?? { letters: method.slice(0, 3).toUpperCase(), color: "#86909c" };
  const fontSize = badge.letters.length > 4 ? 10 : 12;
  return (
    <svg
      className="method-logo"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-hidden="true"
      focusable="false"
      data-method={method}
    >
      <rect width={WIDTH} height={HEIGHT} rx="6" fill={badge.color} />
      {badge.letters === "card" ? (
        <>
          <rect x="12" y="8" width="24" height="15" rx="2" fill="none" stroke="#fff" strokeWidth="1.6" />
          <rect x="12" y="11.5" width="24" height="3" fill="#fff" />
        </>
      ) : (
        <text
          x={WIDTH / 2}
          y={HEIGHT / 2}
          dominantBaseline="central"
          textAnchor="middle"
          fill="#fff"
          fontSize={fontSize}
          fontWeight="700"
          fontFamily="system-ui, sans-serif"
        >
          {badge.letters}
        </text>
      )}
    </svg>
  );
}
