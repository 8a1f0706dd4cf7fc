// A seconds countdown (the send-code button: 60 s, then the button returns).
// Reports `seconds` at once, then each second down to 1, then the end; stop() cancels it.

export const CODE_RESEND_SECONDS = 60;

export interface Countdown {
  stop: () => void;
}

export function startCountdown(seconds: number, onTick: (remaining: number) => void, onEnd: () => void): Countdown {
  let remaining = seconds;
  onTick(remaining);
  const timer = setInterval(() => {
    remaining -= 1;
    if (remaining > 0) {
      onTick(remaining);
      return;
    }
    clearInterval(timer);
    onEnd();
  }, 1000);
  return { stop: () => clearInterval(timer) };
}
