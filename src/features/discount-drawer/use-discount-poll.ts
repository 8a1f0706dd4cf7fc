// The drawer's polling (spec §4, §9): asks the first-month list (GET pay-discounts, token,
// marketing type 5) at once and then every 8 s (DISCOUNT_POLL_MS after each answer) while
// `active`; stops for good on an error or a non-zero code (silently). Each answer reports the
// first usable discount of the list, or null when there is none.
import { useEffect } from "react";
import { DISCOUNT_POLL_MS } from "../../../contract/marketing";
import type { DiscountItem } from "../../api/discounts";
import { useLatest } from "../../hooks/use-latest";
import { loadEnglishDiscounts } from "../../state/discount";

export function useDiscountPoll(active: boolean, onAnswer: (discount: DiscountItem | null) => void): void {
  const onAnswerRef = useLatest(onAnswer);
  useEffect(() => {
    if (!active) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const list = await loadEnglishDiscounts({ silent: true });
        if (stopped) return;
        onAnswerRef.current(list.find((item) => item.usable) ?? null);
        timer = setTimeout(() => void poll(), DISCOUNT_POLL_MS);
      } catch {
        stopped = true;
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, onAnswerRef]);
}
