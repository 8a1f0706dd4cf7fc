// The invite poster as an object URL for an <img> and a download link: drawn again when its
// content changes (another language), the previous URL released, and released on unmount.
import { useEffect, useState } from "react";
import { renderPoster, type PosterContent } from "./poster";

export interface PosterImage {
  url: string | null;
  failed: boolean;
}

export function usePosterImage(content: PosterContent | null): PosterImage {
  const [image, setImage] = useState<PosterImage>({ url: null, failed: false });
  // One key for the content, so an equal content drawn again (a new object) draws nothing.
  const key = content ? JSON.stringify(content) : "";
  useEffect(() => {
    if (!key) return;
    let url: string | null = null;
    let current = true;
    renderPoster(JSON.parse(key) as PosterContent).then(
      (blob) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setImage({ url, failed: false });
      },
      () => current && setImage({ url: null, failed: true }),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [key]);
  return image;
}
