// The scene query of invitation and campaign links: ic (invite code), cid (channel
// id) and mid (marketing id), given directly in the query or packed into one `scene` parameter
// ("ic=..&cid=.." URL-encoded, as mini-program QR codes carry it). Direct keys win.

export interface Scene {
  inviteCode: string;
  channelId: string;
  marketingId: string;
}

const KEYS = { inviteCode: "ic", channelId: "cid", marketingId: "mid" } as const satisfies Record<keyof Scene, string>;

function packedScene(query: URLSearchParams): URLSearchParams {
  const packed = query.get("scene");
  if (!packed) return new URLSearchParams();
  try {
    // Links may encode the packed query once more ("ic%3Dab%26cid%3D3" inside the value).
    return new URLSearchParams(decodeURIComponent(packed));
  } catch {
    return new URLSearchParams(packed);
  }
}

export function decodeScene(search: string | URLSearchParams): Scene {
  const query = new URLSearchParams(search);
  const packed = packedScene(query);
  const read = (key: string) => (query.get(key) ?? packed.get(key) ?? "").trim();
  return {
    inviteCode: read(KEYS.inviteCode),
    channelId: read(KEYS.channelId),
    marketingId: read(KEYS.marketingId),
  };
}
